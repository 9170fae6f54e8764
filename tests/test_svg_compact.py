"""Compact SVG: small enough to inline, ids safe to inline twice, and the same picture.

The writer moves paint shared by a group's children up to the group; the property test
checks that every shape still gets exactly the paint its scene item asked for.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from boardgen.backends.svg import _markup, render_svg
from boardgen.descriptor import load_variant
from boardgen.outputs import render
from boardgen.paper import A4
from boardgen.render.board import BoardOptions, board_scene
from boardgen.render.diagram import diagram_scene, fit_cell_size
from boardgen.render.sheet import board_pages
from boardgen.scene import Circle, Group, Item, Scene, Style, Text

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

_words = st.text(st.sampled_from(list("ab &<>\"'\t\r\n é♚\ud800")), max_size=6)
_trees = st.recursive(
    st.tuples(
        st.sampled_from(["rect", "text", "title"]),
        st.dictionaries(st.sampled_from(["x", "fill", "aria-label"]), _words, max_size=3),
        st.none() | _words,
        st.just([]),
    ),
    lambda children: st.tuples(
        st.sampled_from(["g", "svg"]),
        st.dictionaries(st.sampled_from(["fill", "transform"]), _words, max_size=2),
        st.none() | st.sampled_from(["", " ", "\n", "t &"]),
        st.lists(children, max_size=4),
    ),
    max_leaves=12,
)


def _element(tree: tuple[str, dict[str, str], str | None, list[Any]]) -> ET.Element:
    tag, attributes, text, children = tree
    element = ET.Element(tag, attributes)
    element.text = text
    element.extend(_element(child) for child in children)
    return element


@settings(max_examples=300, deadline=None)
@given(_trees)
def test_the_writer_writes_what_elementtree_writes(
    tree: tuple[str, dict[str, str], str | None, list[Any]],
) -> None:
    """The SVG writer's own serialiser (fast, for plain trees) against ElementTree's
    ``indent`` and ``tostring``: the same text, escapes and line breaks, ``<x/>`` for ``<x />``."""
    ours: list[str] = []
    _markup(_element(tree), ours)
    theirs = _element(tree)
    ET.indent(theirs, space="")
    expected = ET.tostring(theirs, encoding="utf-8").replace(b" />", b"/>")
    assert "".join(ours).encode("utf-8", "xmlcharrefreplace") == expected
    assert "".join(ours) == ET.tostring(theirs, encoding="unicode").replace(" />", "/>")
