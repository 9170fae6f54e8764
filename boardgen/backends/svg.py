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
from collections.abc import Callable, Sequence

from .. import fonts
from ..scene import Circle, Ellipse, Group, Item, Polygon, Rect, Scene, Style, Text

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
    text = _NUMBERS.get(value)
    if text is None:
        text = f"{value:.3f}".rstrip("0").rstrip(".")
        if text in ("-0", ""):
            text = "0"
        if len(_NUMBERS) < _NUMBERS_KEPT:
            _NUMBERS[value] = text
    return text


#: Lengths already written: a diagram writes the same few radii, widths and grid
#: coordinates many times. Bounded, so a long build does not grow it without end.
_NUMBERS: dict[float, str] = {}
_NUMBERS_KEPT = 50_000


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
            if item.symbols:
                e.set("font-family", fonts.SYMBOLS_FAMILY)
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
    """Bottom-up: give each container the value most of its children share (the first
    of the most shared values, in the children's order, when several tie).

    Sound because every shape starts with all its paint explicit, so a child without
    an attribute either does not use it or is a group whose own children all set it.
    """
    attributes = []
    for child in element:
        if child.tag not in _HIDDEN:
            if child.tag in _CONTAINERS:
                _hoist(child)
            attributes.append(child.attrib)
    for name in _INHERITED:
        counts: dict[str, int] = {}
        for own in attributes:
            value = own.get(name)
            if value is not None:
                counts[value] = counts.get(value, 0) + 1
        if not counts:
            continue
        shared, count = max(counts.items(), key=_second)  # max keeps the first of equals
        if count < 2:
            continue
        element.set(name, shared)
        for own in attributes:
            if own.get(name) == shared:
                del own[name]


def _second(pair: tuple[str, int]) -> int:
    return pair[1]


def _prune(element: ET.Element, inherited: dict[str, str]) -> None:
    """Top-down: drop attributes equal to what the element inherits anyway."""
    attributes = element.attrib
    own = None if len(element) == 0 else dict(inherited)
    for name in _INHERITED:
        value = attributes.get(name)
        if value is None:
            continue
        if inherited.get(name) == value:
            del attributes[name]
        elif own is not None:
            own[name] = value
    if own is not None:
        for child in element:
            if child.tag not in _HIDDEN:
                _prune(child, own)


def _cdata(text: str) -> str:
    """Text escaped as ElementTree escapes character data."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def _attribute(text: str) -> str:
    """An attribute value escaped as ElementTree escapes it."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    if '"' in text:
        text = text.replace('"', "&quot;")
    if "\r" in text:
        text = text.replace("\r", "&#13;")
    if "\n" in text:
        text = text.replace("\n", "&#10;")
    if "\t" in text:
        text = text.replace("\t", "&#09;")
    return text


def _markup(element: ET.Element, out: list[str]) -> None:
    """Append ``element`` to ``out`` as text, exactly as ``ET.indent(element, space="")``
    then ``ET.tostring`` write it, and with ``<x/>`` for ``<x />``.

    ElementTree's writer is general (namespaces, qualified names, comments, a stream
    with its encoder) and took most of a diagram's time; the trees here are plain: tags
    and attribute names without namespaces, and no tails (the indentation gives every
    child one line break after it, and a container's text is a line break).
    """
    tag = element.tag
    out.append("<" + tag)
    for name, value in element.items():
        out.append(f' {name}="{_attribute(value)}"')
    text = element.text
    if len(element):
        out.append(">\n" if not text or not text.strip() else ">" + _cdata(text))
        for child in element:
            _markup(child, out)
            out.append("\n")
        out.append("</" + tag + ">")
    elif text:
        out.append(">" + _cdata(text) + "</" + tag + ">")
    else:
        out.append("/>")


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
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n']
    _markup(root, out)
    out.append("\n")
    # As ElementTree's UTF-8 writer: a character UTF-8 cannot carry (a lone surrogate
    # in a label) becomes a character reference.
    return "".join(out).encode("utf-8", "xmlcharrefreplace")


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
    out: list[str] = []
    _markup(group, out)
    return "".join(out)
