"""SVG backend: a scene as a standalone SVG document with millimetre units.

Written by hand rather than with svgwrite: the format needs only a dozen elements, and
svgwrite is marked inactive by its own authors: a dependency nobody maintains for
something this small. The text is ElementTree's (the backend was built on it; see
:mod:`.svgtext`): the same escapes, attribute order and line breaks, so the output is
deterministic and unchanged.

The root has ``width``/``height`` in mm and a matching ``viewBox``, so one user unit is
one millimetre and a viewer printing at 100 % prints at true scale. Clip-path ids are
derived from a digest of the picture, so two diagrams inlined in one HTML page never
share an id unless they are the same picture.

Compactness (a diagram is inlined in web pages and rule sheets many times): every
shape carries all the paint it needs, :func:`_hoist` gives a ``<g>`` each value most of
its children share, and the writer leaves out the values a shape inherits anyway. Only
inherited properties move, and a child keeps any value that differs from its group's,
so the picture is unchanged. Opacity is written as ``fill-opacity``/``stroke-opacity``
(inherited, and what the PDF backend's alpha does).
"""

from __future__ import annotations

__all__ = ["FONT_FAMILY", "render_fragment", "render_svg", "xml_text"]

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..foundation import fonts
from ..scene.shapes import Circle, Ellipse, Group, Item, Polygon, Rect, Scene, Style, Text
from .outlines import outline_path
from .svgtext import INHERITED, Element, Shape, attribute, cdata, write

_INHERITED = frozenset(INHERITED)

#: Fonts the SVG asks for: the same family the PDF embeds (DejaVu grew out of Vera).
FONT_FAMILY = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif"

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


# Characters XML 1.0 cannot carry at all: the SVG would not parse. Descriptor texts with
# them are refused when read; this is the backstop for any other text that reaches here.
# Written as the few characters XML 1.0 forbids rather than the complement of those it
# allows: the same set, and a small class compiles in microseconds where the negated
# ranges over all of Unicode took some 20 ms of every process's start-up. Its range of
# surrogates still takes most of a millisecond to compile, so it is compiled when a text
# beyond ASCII first comes (re keeps it); ASCII text, nearly all, has a class of its own.
_NOT_XML = "[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]"
_NOT_XML_ASCII = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")


def xml_text(text: str) -> str:
    """``text`` with each character XML cannot carry replaced by U+FFFD."""
    if text.isascii():
        return _NOT_XML_ASCII.sub("\ufffd", text)
    return re.sub(_NOT_XML, "\ufffd", text)


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


def _paint(style: Style) -> tuple[dict[str, str], tuple[tuple[str, str, str], ...]]:
    """Every paint attribute a shape of ``style`` depends on, explicitly (hoisting needs
    that), in the order they are written, also as markup; worked out once per style (a
    diagram's pieces share a few)."""
    known = _PAINTS.get(style)
    if known is None:
        paint = {"fill": style.fill or "none"}
        if style.fill:
            paint["fill-opacity"] = num(style.opacity)
        if style.stroke and style.stroke_width > 0:
            paint["stroke"] = style.stroke
            paint["stroke-width"] = num(style.stroke_width)
            paint["stroke-dasharray"] = " ".join(num(d) for d in style.dash) or "none"
            paint["stroke-opacity"] = num(style.opacity)
        else:
            paint["stroke"] = "none"
        known = paint, _markup_of(paint)
        if len(_PAINTS) < _PAINTS_KEPT:
            _PAINTS[style] = known
    return known


def _markup_of(paint: dict[str, str]) -> tuple[tuple[str, str, str], ...]:
    return tuple((name, value, f' {name}="{attribute(value)}"') for name, value in paint.items())


#: The paint of the styles, and of the texts' looks, met so far (bounded, as :data:`_NUMBERS`).
_PAINTS: dict[Style, tuple[dict[str, str], tuple[tuple[str, str, str], ...]]] = {}
_TEXT_PAINTS: dict[tuple[str, float, bool, str], tuple[dict[str, str], tuple[tuple[str, str, str], ...]]] = {}
_PAINTS_KEPT = 10_000


def _text_paint(item: Text) -> tuple[dict[str, str], tuple[tuple[str, str, str], ...]]:
    """The paint a text writes, all of it inherited (one mapping per look)."""
    key = (item.fill, item.size, item.bold, item.anchor)
    known = _TEXT_PAINTS.get(key)
    if known is None:
        paint = {
            "fill": item.fill,
            "fill-opacity": "1",
            "stroke": "none",
            "font-size": num(item.size),
            "font-weight": "bold" if item.bold else "normal",
            "text-anchor": item.anchor,
        }
        known = paint, _markup_of(paint)
        if len(_TEXT_PAINTS) < _PAINTS_KEPT:
            _TEXT_PAINTS[key] = known
    return known


def _shape(item: Item, remember: bool = True) -> tuple[Shape, Mapping[str, str]]:
    """A shape or a text (not a group) as markup, and its paint; kept per scene object
    (unless ``remember`` is false), since the pieces of a game's diagrams are the same
    objects (see :func:`boardgen.render.pieces._layers`): :meth:`_Writer.items` finds it
    there the next time (the object itself, not one at a reused address: the entry
    holds it)."""
    if isinstance(item, Text):
        face = item.fonts.face_for(item.text, bold=item.bold, symbols=item.symbols)
        if face.family is None:  # a face viewers may lack: its outlines (see .outlines)
            shape, paint = _outlines(item, face)
        else:
            paint, markup = _text_paint(item)
            head = f'<text x="{num(item.x)}" y="{num(item.y)}"'
            family = f' font-family="{attribute(face.family)}"' if face.family != fonts.FAMILY else ""
            text = xml_text(item.text)
            shape = Shape(head, markup, family + (f">{cdata(text)}</text>" if text else "/>"))
    else:
        if isinstance(item, Circle):
            head = f'<circle cx="{num(item.cx)}" cy="{num(item.cy)}" r="{num(item.r)}"'
        elif isinstance(item, Rect):
            head = (
                f'<rect x="{num(item.x)}" y="{num(item.y)}" width="{num(item.width)}"'
                f' height="{num(item.height)}"'
            )
        elif isinstance(item, Polygon):
            points = " ".join(f"{num(x)},{num(y)}" for x, y in item.points)
            head = f'<{"polygon" if item.closed else "polyline"} points="{points}"'
        elif isinstance(item, Ellipse):
            head = f'<ellipse cx="{num(item.cx)}" cy="{num(item.cy)}" rx="{num(item.rx)}" ry="{num(item.ry)}"'
            if item.angle:
                head += f' transform="rotate({num(item.angle)} {num(item.cx)} {num(item.cy)})"'
        else:  # pragma: no cover - Item is a closed union
            raise TypeError(f"unknown scene item {item!r}")
        paint, markup = _paint(item.style)
        shape = Shape(head, markup, "/>")
    if remember and len(_SHAPES) < _SHAPES_KEPT:
        _SHAPES[id(item)] = (item, shape, paint)  # holds the item, so its id stays its own
    return shape, paint


def _outlines(item: Text, face: fonts.Face) -> tuple[Shape, Mapping[str, str]]:
    """``item`` as the outlines of its glyphs, the text kept for readers in ``aria-label``."""
    x = item.x
    if item.anchor != "start":
        width = fonts.text_width(item.text, item.size, item.bold, symbols=item.symbols, fonts=item.fonts)
        x -= width if item.anchor == "end" else width / 2
    d = outline_path(face, item.text, item.size, x, item.y, num)
    paint, markup = _paint(Style(fill=item.fill))
    head = f'<path d="{attribute(d)}" aria-label="{attribute(xml_text(item.text))}"'
    return Shape(head, markup, "/>"), paint


#: Shapes and texts written so far, by object (bounded, as :data:`_NUMBERS`).
_SHAPES: dict[int, tuple[Item, Shape, Mapping[str, str]]] = {}
_SHAPES_KEPT = 20_000


class _Writer:
    """Builds the elements of scene items, and hoists shared paint as it goes (see the
    module's text): each item's method returns the inherited paint its element carries,
    which its group counts."""

    def __init__(self, prefix: Callable[[], str], defs: Element, *, remember: bool = True) -> None:
        self.prefix = prefix  # called only when a clip needs an id (a digest costs time)
        self.clips = 0
        self.defs = defs
        self.remember = remember  # keep each shape's markup for the next picture (see _shape)

    def items(self, parent: Element, items: Sequence[Item]) -> Mapping[str, str]:
        """Write ``items`` into ``parent`` and hoist their shared paint onto it. A shape
        written before (see :func:`_shape`) is looked up here, without a call: most of a
        game's diagrams' shapes are (the same pieces on the same squares)."""
        children = parent.children
        paints: list[Mapping[str, str]] = []
        for item in items:
            known = _SHAPES.get(id(item))
            if known is not None and known[0] is item:
                children.append(known[1])
                paints.append(known[2])
            elif isinstance(item, Group):
                paints.append(self.group(parent, item))
            else:
                shape, paint = _shape(item, self.remember)
                children.append(shape)
                paints.append(paint)
        return _hoist(parent, paints)

    def group(self, parent: Element, group: Group) -> Mapping[str, str]:
        e = Element("g")
        parent.children.append(e)
        if group.label:
            e.attributes["aria-label"] = group.label
        moves = []
        if group.dx or group.dy:
            moves.append(f"translate({num(group.dx)} {num(group.dy)})")
        if group.scale != 1:
            moves.append(f"scale({num(group.scale)})")
        if moves:
            e.attributes["transform"] = " ".join(moves)
        if group.clip is None:
            return self.items(e, group.items)
        self.clips += 1
        clip_id = f"{self.prefix()}-clip{self.clips}"
        path = Element("clipPath", {"id": clip_id})
        self.defs.children.append(path)
        x, y, w, h = group.clip
        path.children.append(Element("rect", {"x": num(x), "y": num(y), "width": num(w), "height": num(h)}))
        target = Element("g", {"clip-path": f"url(#{clip_id})"})
        e.children.append(target)
        self.items(target, group.items)
        return _NO_PAINT  # the group's one child keeps its paint: nothing is shared


_NO_PAINT: Mapping[str, str] = {}


def _hoist(element: Element, paints: Sequence[Mapping[str, str]]) -> dict[str, str]:
    """Give ``element`` each inherited value most of its children share (``paints``:
    the inherited paint of each, in order; the first of the most shared values when
    several tie), and return what it was given. The children keep their equal values
    here; :func:`.svgtext.write` leaves them out.

    Sound because every shape starts with all its paint explicit, so a child without
    an attribute either does not use it or is a group whose own children all set it.
    Children that share a paint mapping (shapes of one style) are counted together.
    """
    hoisted: dict[str, str] = {}
    if len(set(map(id, paints))) == 1:  # children of one style (a player's discs): all of it is shared
        paint = paints[0]
        if len(paints) >= 2:
            for name in INHERITED:
                value = paint.get(name)
                if value is not None:
                    element.attributes[name] = hoisted[name] = value
        return hoisted
    distinct: dict[int, list[Any]] = {}  # one entry per mapping, in order of first use
    for paint in paints:
        seen = distinct.get(id(paint))
        if seen is None:
            distinct[id(paint)] = [paint, 1]
        else:
            seen[1] += 1
    # How many children have each value of each property, values in order of first use.
    counts: dict[str, dict[str, int]] = {}
    for paint, times in distinct.values():
        for name, value in paint.items():
            if name in _INHERITED:
                by_value = counts.get(name)
                if by_value is None:
                    counts[name] = {value: times}
                else:
                    by_value[value] = by_value.get(value, 0) + times
    for name in INHERITED:
        by_value = counts.get(name)
        if by_value:
            shared, count = max(by_value.items(), key=_second)  # max keeps the first of equals
            if count >= 2:
                element.attributes[name] = shared
                hoisted[name] = shared
    return hoisted


def _second(pair: tuple[str, int]) -> int:
    return pair[1]


def _prefix(text: str) -> str:
    """The prefix of the clip-path ids of the picture ``text`` stands for (its repr, or a
    layer's key): a digest, so two pictures in one page share an id only if they are the
    same picture."""
    # Lazy for start-up speed: zlib is loaded only for a picture with clips.
    import zlib

    return f"bg{zlib.crc32(text.encode('utf-8')):08x}"


def render_svg(scene: Scene) -> bytes:
    """The scene as UTF-8 SVG bytes, true to scale in millimetres."""
    root = Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "version": "1.1",
            "width": f"{num(scene.width)}mm",
            "height": f"{num(scene.height)}mm",
            "viewBox": f"0 0 {num(scene.width)} {num(scene.height)}",
            "role": "img",
            "font-family": FONT_FAMILY,
        },
    )
    if scene.title:
        root.children.append(Element("title", text=xml_text(scene.title)))
    if scene.description:
        root.children.append(Element("desc", text=xml_text(scene.description)))
    defs = Element("defs")
    root.children.append(defs)
    writer = _Writer(lambda: _prefix(repr(scene)), defs)
    items = scene.items
    if scene.background is not None:
        ground = Rect(0.0, 0.0, scene.width, scene.height, Style(fill=scene.background))
        items = (Group((ground,), label="background"), *items)
    writer.items(root, items)
    if not defs.children:
        root.children.remove(defs)
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n']
    write(root, out, _INITIAL)
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
    group = Element("g")
    defs = Element("defs")
    group.children.append(defs)
    writer = _Writer(lambda: _prefix(key), defs, remember=False)  # the text is what is kept
    hoisted = writer.items(group, items)
    if not defs.children:
        group.children.remove(defs)
    context = {**_INITIAL, **hoisted}
    for name in INHERITED:
        if name in context:
            group.attributes[name] = context[name]
    out: list[str] = []
    write(group, out, context, own=False)  # the group says all its paint itself
    return "".join(out)
