"""Compact SVG: small enough to inline, ids safe to inline twice, and the same picture.

The writer moves paint shared by a group's children up to the group; the property test
checks that every shape still gets exactly the paint its scene item asked for.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
import zlib
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from boardgen.backends.svg import FONT_FAMILY, num, render_fragment, render_svg, xml_text
from boardgen.descriptor import load_variant
from boardgen.foundation.fonts import FAMILY
from boardgen.foundation.paper import A4
from boardgen.outputs.files import render
from boardgen.render.board import BoardOptions, board_scene
from boardgen.render.diagram import diagram_scene, fit_cell_size
from boardgen.render.pages import board_pages
from boardgen.scene.shapes import Circle, Ellipse, Group, Item, Polygon, Rect, Scene, Style, Text

SVG = "{http://www.w3.org/2000/svg}"
_INHERITED = (
    *("fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-opacity"),
    *("font-size", "font-weight", "text-anchor"),
)
_INITIAL = {
    "fill": "#000000",
    "fill-opacity": "1",
    "stroke": "none",
    "stroke-dasharray": "none",
    "stroke-opacity": "1",
    "text-anchor": "start",
}


def ids(data: bytes) -> set[str]:
    return {e.get("id", "") for e in ET.fromstring(data).iter() if e.get("id")}


def test_8x8_start_diagram_is_under_10_kb() -> None:
    for variant_id in ("american-checkers", "pool-checkers", "variante-dames"):
        data = render(load_variant(variant_id), "start", "svg")
        print(f"{variant_id} start.svg: {len(data)} bytes")
        assert len(data) < 10_000


def test_hex9_start_diagram_size_is_measured() -> None:
    data = render(load_variant("hex9-checkers"), "start", "svg")
    print(f"hex9-checkers start.svg: {len(data)} bytes (217 hexagons, 110 men)")
    assert len(data) < 40_000  # 62 KB before the writer hoisted shared paint


def test_title_desc_true_scale_and_no_stylesheet() -> None:
    variant = load_variant("american-checkers")
    data = render(variant, "start", "svg")
    root = ET.fromstring(data)
    assert root.find(f"{SVG}title") is not None and root.find(f"{SVG}desc") is not None
    width, height = root.get("width", ""), root.get("height", "")
    assert re.fullmatch(r"[\d.]+mm", width) and re.fullmatch(r"[\d.]+mm", height)
    assert root.get("viewBox") == f"0 0 {width[:-2]} {height[:-2]}"
    assert b"<style" not in data and b"class=" not in data  # CSS would leak into a host page
    assert b" />" not in data


def test_two_different_diagrams_share_no_id() -> None:
    hex9, kruzno = load_variant("hex9-checkers"), load_variant("kruzno-checkers")
    tiled = [
        board_pages(board_scene(v, BoardOptions(v.print.cell_size)), A4, landscape=False, title=v.id)[1]
        for v in (hex9, kruzno)
    ]
    first, second = (render_svg(page) for page in tiled)
    assert ids(first) and ids(second)  # tile pages clip, so they do have ids
    assert not ids(first) & ids(second)
    for data in (first, second):
        refs = set(re.findall(rb"url\(#([^)]+)\)", data))
        assert {r.decode() for r in refs} <= ids(data)  # every reference stays inside its own picture
    size = fit_cell_size(hex9)
    a = render_svg(diagram_scene(hex9, {}, cell_size=size, highlights=(0,)))
    b = render_svg(diagram_scene(hex9, {}, cell_size=size, highlights=(1,)))
    assert not ids(a) & ids(b)


def test_same_picture_same_bytes() -> None:
    variant = load_variant("catchup")
    size = fit_cell_size(variant)
    assert render_svg(diagram_scene(variant, {}, cell_size=size, highlights=(3, 4))) == render_svg(
        diagram_scene(variant, {}, cell_size=size, highlights=(3, 4))
    )


# -- hoisting keeps every shape's paint ---------------------------------------------------------

_colours = st.sampled_from(["#000000", "#ffffff", "#b3262d", "#2b2b2b"])
_styles = st.builds(
    Style,
    fill=st.none() | _colours,
    stroke=st.none() | _colours,
    stroke_width=st.sampled_from([0.0, 0.25, 0.5]),
    dash=st.sampled_from([(), (1.0, 0.5)]),
    opacity=st.sampled_from([1.0, 0.5]),
)
_leaves = st.builds(Circle, cx=st.just(1.0), cy=st.just(2.0), r=st.just(1.0), style=_styles)
_texts = st.builds(
    Text,
    x=st.just(0.0),
    y=st.just(0.0),
    text=st.just("t"),
    size=st.sampled_from([2.5, 3.0]),
    fill=_colours,
    anchor=st.sampled_from(["start", "middle", "end"]),
    bold=st.booleans(),
)
_items = st.recursive(
    _leaves | _texts,
    lambda children: st.builds(Group, items=st.lists(children, min_size=1, max_size=4).map(tuple)),
    max_leaves=20,
)


def _expected(item: Circle | Text) -> dict[str, str]:
    """The paint a shape must end up with, written as the SVG writer writes values."""
    if isinstance(item, Text):
        return {
            "fill": item.fill,
            "stroke": "none",
            "font-size": f"{item.size:g}",
            "font-weight": "bold" if item.bold else "normal",
            "text-anchor": item.anchor,
        }
    s = item.style
    paint = {"fill": s.fill or "none", "stroke": "none"}
    if s.fill:
        paint["fill-opacity"] = f"{s.opacity:g}"
    if s.stroke and s.stroke_width > 0:
        paint.update(
            {
                "stroke": s.stroke,
                "stroke-width": f"{s.stroke_width:g}",
                "stroke-dasharray": " ".join(f"{d:g}" for d in s.dash) or "none",
                "stroke-opacity": f"{s.opacity:g}",
            }
        )
    return paint


def _leaves_of(items: tuple[Item, ...]) -> list[Circle | Text]:
    found: list[Circle | Text] = []
    for item in items:
        if isinstance(item, Group):
            found.extend(_leaves_of(item.items))
        elif isinstance(item, (Circle, Text)):
            found.append(item)
    return found


def _effective(root: ET.Element) -> list[dict[str, str]]:
    """Each shape's inherited paint, in document order."""
    result: list[dict[str, str]] = []

    def walk(element: ET.Element, inherited: dict[str, str]) -> None:
        own = {**inherited, **{k: v for k, v in element.attrib.items() if k in _INHERITED}}
        if element.tag in (f"{SVG}circle", f"{SVG}text"):
            result.append(own)
        for child in element:
            walk(child, own)

    walk(root, dict(_INITIAL))
    return result


@settings(max_examples=150, deadline=None)
@given(st.lists(_items, min_size=1, max_size=5))
def test_hoisting_keeps_the_paint_of_every_shape(items: list[Item]) -> None:
    scene = Scene(10, 10, tuple(items))
    found = _effective(ET.fromstring(render_svg(scene)))
    wanted = [_expected(leaf) for leaf in _leaves_of(scene.items)]
    assert len(found) == len(wanted)
    for paint, expected in zip(found, wanted, strict=True):
        assert {k: paint.get(k) for k in expected} == expected


# -- the writer's text is ElementTree's --------------------------------------------------------
#
# The backend was built on ElementTree; it now writes the text itself (boardgen.backends
# .svgtext). The reference below is that ElementTree writer, kept here to check the new
# one against: every shape with its paint, the shared paint hoisted up, values the
# element inherits anyway dropped, then ET.indent and ET.tostring.


def _et_paint(element: ET.Element, style: Style) -> None:
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


def _et_item(parent: ET.Element, item: Item, defs: ET.Element, clips: list[str], prefix: str) -> None:
    if isinstance(item, Group):
        e = ET.SubElement(parent, "g")
        if item.label:
            e.set("aria-label", item.label)
        moves = []
        if item.dx or item.dy:
            moves.append(f"translate({num(item.dx)} {num(item.dy)})")
        if item.scale != 1:
            moves.append(f"scale({num(item.scale)})")
        if moves:
            e.set("transform", " ".join(moves))
        target = e
        if item.clip is not None:
            clips.append(f"{prefix}-clip{len(clips) + 1}")
            path = ET.SubElement(defs, "clipPath", id=clips[-1])
            x, y, w, h = item.clip
            ET.SubElement(path, "rect", x=num(x), y=num(y), width=num(w), height=num(h))
            target = ET.SubElement(e, "g")
            target.set("clip-path", f"url(#{clips[-1]})")
        for child in item.items:
            _et_item(target, child, defs, clips, prefix)
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
        face = item.fonts.face_for(item.text, bold=item.bold, symbols=item.symbols)
        if face.family != FAMILY:  # the symbol face, or a fallback that has the characters
            e.set("font-family", face.family or "")
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
    else:
        assert isinstance(item, Ellipse)
        e = ET.SubElement(
            parent, "ellipse", cx=num(item.cx), cy=num(item.cy), rx=num(item.rx), ry=num(item.ry)
        )
        if item.angle:
            e.set("transform", f"rotate({num(item.angle)} {num(item.cx)} {num(item.cy)})")
    _et_paint(e, item.style)


def _et_hoist(element: ET.Element) -> None:
    children = [c for c in element if c.tag not in ("title", "desc", "defs")]
    for child in children:
        if child.tag in ("g", "svg"):
            _et_hoist(child)
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


def _et_prune(element: ET.Element, inherited: dict[str, str]) -> None:
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
        if child.tag not in ("title", "desc", "defs"):
            _et_prune(child, own)


def _et_svg(scene: Scene) -> bytes:
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
    prefix = f"bg{zlib.crc32(repr(scene).encode('utf-8')):08x}"
    clips: list[str] = []
    if scene.background is not None:
        ground = Rect(0.0, 0.0, scene.width, scene.height, Style(fill=scene.background))
        _et_item(root, Group((ground,), label="background"), defs, clips, prefix)
    for item in scene.items:
        _et_item(root, item, defs, clips, prefix)
    if len(defs) == 0:
        root.remove(defs)
    _et_hoist(root)
    _et_prune(root, _INITIAL)
    ET.indent(root, space="")
    body = ET.tostring(root, encoding="utf-8", xml_declaration=False).replace(b" />", b"/>")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + body + b"\n"


def _et_fragment(items: tuple[Item, ...], key: str) -> str:
    group = ET.Element("g")
    defs = ET.SubElement(group, "defs")
    clips: list[str] = []
    for item in items:
        _et_item(group, item, defs, clips, f"bg{zlib.crc32(key.encode('utf-8')):08x}")
    if len(defs) == 0:
        group.remove(defs)
    _et_hoist(group)
    context = dict(_INITIAL)
    context.update({name: value for name in _INHERITED if (value := group.get(name)) is not None})
    for name in _INHERITED:
        if name in context:
            group.set(name, context[name])
    for child in group:
        if child.tag not in ("title", "desc", "defs"):
            _et_prune(child, context)
    ET.indent(group, space="")
    return ET.tostring(group, encoding="unicode").replace(" />", "/>")


_hostile = st.text(st.sampled_from(list("ab &<>\"'\t\r\n é♚\x01")), max_size=5)
_numbers = st.sampled_from([0.0, -0.0, 1.0, 2.5, 0.0004, 12.3456, -3.0])
_looks = st.builds(
    Style,
    fill=st.none() | _colours | _hostile,
    stroke=st.none() | _colours,
    stroke_width=st.sampled_from([0.0, 0.25, 0.5]),
    dash=st.sampled_from([(), (1.0, 0.5)]),
    opacity=st.sampled_from([1.0, 0.5]),
)
_shapes = st.one_of(
    st.builds(Circle, cx=_numbers, cy=_numbers, r=_numbers, style=_looks),
    st.builds(Rect, x=_numbers, y=_numbers, width=_numbers, height=_numbers, style=_looks),
    st.builds(
        Polygon,
        points=st.lists(st.tuples(_numbers, _numbers), max_size=3).map(tuple),
        style=_looks,
        closed=st.booleans(),
    ),
    st.builds(Ellipse, cx=_numbers, cy=_numbers, rx=_numbers, ry=_numbers, style=_looks, angle=_numbers),
    st.builds(
        Text,
        x=_numbers,
        y=_numbers,
        text=_hostile,
        size=st.sampled_from([2.5, 3.0]),
        fill=_colours,
        anchor=st.sampled_from(["start", "middle"]),
        bold=st.booleans(),
        symbols=st.booleans(),
    ),
)
_trees = st.recursive(
    _shapes,
    lambda children: st.builds(
        Group,
        items=st.lists(children, max_size=4).map(tuple),
        label=st.none() | _hostile,
        dx=_numbers,
        dy=_numbers,
        scale=st.sampled_from([1.0, 2.0]),
        clip=st.none() | st.tuples(_numbers, _numbers, _numbers, _numbers),
    ),
    max_leaves=16,
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_trees, max_size=5).map(tuple),
    st.none() | _hostile,
    st.none() | _hostile,
    st.none() | _colours,
)
def test_the_writer_writes_what_the_elementtree_writer_wrote(
    items: tuple[Item, ...], title: str | None, description: str | None, background: str | None
) -> None:
    """The SVG writer against the ElementTree writer it replaced: byte for byte, for
    documents and for pasted layers (escapes, hoisting, clips, line breaks)."""
    scene = Scene(10, 10, items, title or "", description or "", background=background)
    assert render_svg(scene) == _et_svg(scene)
    assert render_fragment(items, "key") == _et_fragment(items, "key")
