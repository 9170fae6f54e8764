"""SVG backend: a scene as a standalone SVG document with millimetre units.

Built with :mod:`xml.etree` from the standard library rather than svgwrite: the
format needs only a dozen elements, ElementTree escapes text correctly and keeps
attribute order (so output is deterministic), and svgwrite is marked inactive by its
own authors: a dependency nobody maintains for something the standard library does.

The root has ``width``/``height`` in mm and a matching ``viewBox``, so one user unit is
one millimetre and a viewer printing at 100 % prints at true scale. Clip-path ids are
derived from a digest of the picture, so two diagrams inlined in one HTML page never
share an id unless they are the same picture.

Compactness (a diagram is inlined in web pages and rule sheets many times): every
shape is first written with all the paint it needs, then :func:`_hoist` moves the value
most children of a ``<g>`` share up to the ``<g>``, and :func:`_prune` drops values a
shape inherits anyway. Only inherited properties move, and a child keeps any value that
differs from its group's, so the picture is unchanged. Opacity is written as
``fill-opacity``/``stroke-opacity`` (inherited, and what the PDF backend's alpha does).
"""

from __future__ import annotations

__all__ = ["FONT_FAMILY", "render_fragment", "render_svg", "xml_text"]

import re
import xml.etree.ElementTree as ET
import zlib
from collections import Counter
from collections.abc import Callable, Sequence

from .. import fonts
from ..scene import Circle, Ellipse, Group, Item, Polygon, Rect, Scene, Style, Text
from .outlines import outline_path

#: Fonts the SVG asks for: the same family the PDF embeds (DejaVu grew out of Vera).
FONT_FAMILY = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif"

#: Inherited presentation attributes the writer may move from shapes to their group.
_INHERITED = (
    "fill",
    "fill-opacity",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "stroke-opacity",
    "font-size",
    "font-weight",
    "text-anchor",
)
#: What the root inherits when nothing says otherwise. ``font-weight`` is left out on
#: purpose: an SVG inlined in bold HTML text would inherit bold, so it stays explicit.
_INITIAL = {
    "fill": "#000000",
    "fill-opacity": "1",
    "stroke": "none",
    "stroke-dasharray": "none",
    "stroke-opacity": "1",
    "text-anchor": "start",
}
_CONTAINERS = ("g", "svg")
_HIDDEN = ("title", "desc", "defs")


# Characters XML 1.0 cannot carry at all: the SVG would not parse. Descriptor texts with
# them are refused when read; this is the backstop for any other text that reaches here.
# Written as the few characters XML 1.0 forbids rather than the complement of those it
# allows: the same set, and a small class compiles in microseconds where the negated
# ranges over all of Unicode took some 20 ms of every process's start-up.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    """``text`` with each character XML cannot carry replaced by U+FFFD."""
    return _NOT_XML.sub("\ufffd", text)


def num(value: float) -> str:
    """Shortest exact-enough text for a length: 3 decimals (a micrometre), no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint(element: ET.Element, style: Style) -> None:
    """Every paint attribute the shape depends on, explicitly (hoisting needs that)."""
    element.set("fill", style.fill or "none")
    if style.fill:
        element.set("fill-opacity", num(style.opacity))
    if style.stroke and style.stroke_width > 0:
        element.set("stroke", style.stroke)
        element.set("stroke-width", num(style.stroke_width))
        element.set("stroke-dasharray", " ".join(num(d) for d in style.dash) or "none")
        element.set("stroke-opacity", num(style.opacity))
    else:
        element.set("stroke", "none")


class _Writer:
    def __init__(self, prefix: Callable[[], str], defs: ET.Element) -> None:
        self.prefix = prefix  # called only when a clip needs an id (a digest costs time)
        self.clips = 0
        self.defs = defs

    def item(self, parent: ET.Element, item: Item) -> None:
        if isinstance(item, Group):
            self.group(parent, item)
            return
        if isinstance(item, Text):
            face = item.fonts.face_for(item.text, bold=item.bold, symbols=item.symbols)
            if face.family is None:  # a face viewers may lack: its outlines (see .outlines)
                self.outlines(parent, item, face)
                return
            e = ET.SubElement(parent, "text", x=num(item.x), y=num(item.y))
            e.text = xml_text(item.text)
            for name, value in (
                ("fill", item.fill),
                ("fill-opacity", "1"),
                ("stroke", "none"),
                ("font-size", num(item.size)),
                ("font-weight", "bold" if item.bold else "normal"),
                ("text-anchor", item.anchor),
            ):
                e.set(name, value)
            if face.family != fonts.FAMILY:
                e.set("font-family", face.family)
            return
        if isinstance(item, Polygon):
            tag = "polygon" if item.closed else "polyline"
            e = ET.SubElement(parent, tag, points=" ".join(f"{num(x)},{num(y)}" for x, y in item.points))
        elif isinstance(item, Rect):
            e = ET.SubElement(
                parent, "rect", x=num(item.x), y=num(item.y), width=num(item.width), height=num(item.height)
            )
        elif isinstance(item, Circle):
            e = ET.SubElement(parent, "circle", cx=num(item.cx), cy=num(item.cy), r=num(item.r))
        elif isinstance(item, Ellipse):
            e = ET.SubElement(
                parent, "ellipse", cx=num(item.cx), cy=num(item.cy), rx=num(item.rx), ry=num(item.ry)
            )
            if item.angle:
                e.set("transform", f"rotate({num(item.angle)} {num(item.cx)} {num(item.cy)})")
        else:  # pragma: no cover - Item is a closed union
            raise TypeError(f"unknown scene item {item!r}")
        _paint(e, item.style)

    def outlines(self, parent: ET.Element, item: Text, face: fonts.Face) -> None:
        """``item`` as the outlines of its glyphs, the text kept for readers."""
        x = item.x
        if item.anchor != "start":
            width = fonts.text_width(item.text, item.size, item.bold, symbols=item.symbols, fonts=item.fonts)
            x -= width if item.anchor == "end" else width / 2
        e = ET.SubElement(parent, "path", d=outline_path(face, item.text, item.size, x, item.y, num))
        e.set("aria-label", xml_text(item.text))
        _paint(e, Style(fill=item.fill))

    def group(self, parent: ET.Element, group: Group) -> None:
        e = ET.SubElement(parent, "g")
        if group.label:
            e.set("aria-label", group.label)
        moves = []
        if group.dx or group.dy:
            moves.append(f"translate({num(group.dx)} {num(group.dy)})")
        if group.scale != 1:
            moves.append(f"scale({num(group.scale)})")
        if moves:
            e.set("transform", " ".join(moves))
        target = e
        if group.clip is not None:
            self.clips += 1
            clip_id = f"{self.prefix()}-clip{self.clips}"
            path = ET.SubElement(self.defs, "clipPath", id=clip_id)
            x, y, w, h = group.clip
            ET.SubElement(path, "rect", x=num(x), y=num(y), width=num(w), height=num(h))
            target = ET.SubElement(e, "g")
            target.set("clip-path", f"url(#{clip_id})")
        for child in group.items:
            self.item(target, child)


def _hoist(element: ET.Element) -> None:
    """Bottom-up: give each container the value most of its children share.

    Sound because every shape starts with all its paint explicit, so a child without
    an attribute either does not use it or is a group whose own children all set it.
    """
    children = [c for c in element if c.tag not in _HIDDEN]
    for child in children:
        if child.tag in _CONTAINERS:
            _hoist(child)
    for name in _INHERITED:
        values = Counter(c.get(name) for c in children if name in c.attrib)
        if not values:
            continue
        value, count = values.most_common(1)[0]
        if count < 2 or value is None:
            continue
        element.set(name, value)
        for child in children:
            if child.get(name) == value:
                del child.attrib[name]


def _prune(element: ET.Element, inherited: dict[str, str]) -> None:
    """Top-down: drop attributes equal to what the element inherits anyway."""
    own = dict(inherited)
    for name in _INHERITED:
        value = element.get(name)
        if value is None:
            continue
        if inherited.get(name) == value:
            del element.attrib[name]
        else:
            own[name] = value
    for child in element:
        if child.tag not in _HIDDEN:
            _prune(child, own)


def render_svg(scene: Scene) -> bytes:
    """The scene as UTF-8 SVG bytes, true to scale in millimetres."""
    root = ET.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        version="1.1",
        width=f"{num(scene.width)}mm",
        height=f"{num(scene.height)}mm",
        viewBox=f"0 0 {num(scene.width)} {num(scene.height)}",
        role="img",
    )
    root.set("font-family", FONT_FAMILY)
    if scene.title:
        ET.SubElement(root, "title").text = xml_text(scene.title)
    if scene.description:
        ET.SubElement(root, "desc").text = xml_text(scene.description)
    defs = ET.SubElement(root, "defs")
    writer = _Writer(lambda: f"bg{zlib.crc32(repr(scene).encode('utf-8')):08x}", defs)
    if scene.background is not None:
        ground = Rect(0.0, 0.0, scene.width, scene.height, Style(fill=scene.background))
        writer.item(root, Group((ground,), label="background"))
    for item in scene.items:
        writer.item(root, item)
    if len(defs) == 0:
        root.remove(defs)
    _hoist(root)
    _prune(root, _INITIAL)
    ET.indent(root, space="")
    body: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=False)
    # ElementTree writes "<x />"; the space is legal but useless. Text and attribute
    # values cannot contain " />" (ElementTree escapes ">" in both).
    body = body.replace(b" />", b"/>")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + body + b"\n"


def render_fragment(items: Sequence[Item], key: str) -> str:
    """``items`` as one ``<g>`` that can be pasted into any SVG of this backend.

    The group sets every inherited paint property itself (the values its children
    share, else the initial ones), so whatever the host document's root hoisted, the
    pasted items look as they would alone: a picture can keep its unchanging layers
    (a board's squares and labels) as text and write only what changes. ``key`` names
    the layer in clip-path ids.
    """
    group = ET.Element("g")
    defs = ET.SubElement(group, "defs")
    writer = _Writer(lambda: f"bg{zlib.crc32(key.encode('utf-8')):08x}", defs)
    for item in items:
        writer.item(group, item)
    if len(defs) == 0:
        group.remove(defs)
    _hoist(group)
    context = dict(_INITIAL)
    context.update({name: value for name in _INHERITED if (value := group.get(name)) is not None})
    for name in _INHERITED:
        if name in context:
            group.set(name, context[name])
    for child in group:
        if child.tag not in _HIDDEN:
            _prune(child, context)
    ET.indent(group, space="")
    return ET.tostring(group, encoding="unicode").replace(" />", "/>")
