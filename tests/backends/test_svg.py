"""SVG output: valid XML, millimetre units, true-scale cells, readable text alternative."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from boardgen.descriptor import load_variant
from boardgen.outputs.files import RenderOptions, render

NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(data: bytes) -> ET.Element:
    return ET.fromstring(data)


def effective(root: ET.Element, element: ET.Element, name: str) -> str | None:
    """An inherited attribute's value: the element's own, else its nearest ancestor's
    (the SVG writer moves paint shared by a group's children up to the group)."""
    parents = {child: parent for parent in root.iter() for child in parent}
    node: ET.Element | None = element
    while node is not None:
        if name in node.attrib:
            return node.get(name)
        node = parents.get(node)
    return None


def polygons(root: ET.Element) -> list[list[tuple[float, float]]]:
    """Each cell's corners: hexagons are polygons, squares are rects (in nested groups)."""
    cells = root.find(".//svg:g[@aria-label='cells']", NS)
    assert cells is not None
    result = []
    for poly in cells.iter(f"{{{NS['svg']}}}polygon"):
        pairs = [p.split(",") for p in poly.get("points", "").split()]
        result.append([(float(x), float(y)) for x, y in pairs])
    for rect in cells.iter(f"{{{NS['svg']}}}rect"):
        x, y = float(rect.get("x", "0")), float(rect.get("y", "0"))
        w, h = float(rect.get("width", "0")), float(rect.get("height", "0"))
        result.append([(x, y + h), (x + w, y + h), (x + w, y), (x, y)])
    return result


@pytest.mark.parametrize("variant_id", ["american-checkers", "kruzno-checkers", "catchup"])
def test_size_is_in_millimetres_with_matching_viewbox(variant_id: str) -> None:
    root = parse(render(load_variant(variant_id), "board", "svg"))
    width = re.fullmatch(r"([\d.]+)mm", root.get("width", ""))
    height = re.fullmatch(r"([\d.]+)mm", root.get("height", ""))
    assert width and height
    assert root.get("viewBox") == f"0 0 {width.group(1)} {height.group(1)}"


@pytest.mark.parametrize("cell_size", [30.0, 45.5])
def test_square_cells_measure_the_cell_size(cell_size: float) -> None:
    root = parse(render(load_variant("pool-checkers"), "board", "svg", RenderOptions(cell_size=cell_size)))
    squares = polygons(root)
    assert len(squares) == 64
    for points in squares:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        assert max(xs) - min(xs) == pytest.approx(cell_size, abs=0.002)
        assert max(ys) - min(ys) == pytest.approx(cell_size, abs=0.002)


@pytest.mark.parametrize("cell_size", [30.0, 22.0])
def test_hexagons_measure_the_cell_size_across_flats(cell_size: float) -> None:
    root = parse(render(load_variant("kruzno-checkers"), "board", "svg", RenderOptions(cell_size=cell_size)))
    hexagons = polygons(root)
    assert len(hexagons) == 91
    for points in hexagons:
        xs = [p[0] for p in points]
        assert max(xs) - min(xs) == pytest.approx(cell_size, abs=0.002)  # pointy: width is across flats
        corner = math.dist(points[0], points[1])
        assert corner == pytest.approx(cell_size / math.sqrt(3), abs=0.002)


def test_restricted_ring_is_shaded() -> None:
    variant = load_variant("kruzno-checkers")
    root = parse(render(variant, "board", "svg"))
    cells = root.find(".//svg:g[@aria-label='cells']", NS)
    assert cells is not None
    fills = [effective(root, p, "fill") for p in cells.findall("svg:polygon", NS)]
    assert fills.count(variant.print.colours["restricted"]) == 30
    assert fills.count(variant.print.colours["cell"]) == 61


def test_start_diagram_has_title_desc_and_pieces() -> None:
    variant = load_variant("american-checkers")
    root = parse(render(variant, "start", "svg"))
    title, desc = root.find("svg:title", NS), root.find("svg:desc", NS)
    assert title is not None and "American Checkers" in (title.text or "")
    assert desc is not None and desc.text is not None
    north = ["b8", "d8", "f8", "h8", "a7", "c7", "e7", "g7", "b6", "d6", "f6", "h6"]
    south = ["a3", "c3", "e3", "g3", "b2", "d2", "f2", "h2", "a1", "c1", "e1", "g1"]
    black = ", ".join(f"{n} ({c})" for n, c in zip(range(1, 13), north, strict=True))
    white = ", ".join(f"{n} ({c})" for n, c in zip(range(21, 33), south, strict=True))
    assert f"Black (12): {black}" in desc.text and f"White (12): {white}" in desc.text
    assert "named by their draughts number (1 to 32)" in desc.text
    rows = [line for line in desc.text.splitlines() if line[:2].strip().isdigit()]
    assert rows[0] == " 8   b   b   b   b" and rows[-1] == " 1 w   w   w   w  "
    pieces = root.find(".//svg:g[@aria-label='pieces']", NS)
    assert pieces is not None
    discs = [c for c in pieces.iter(f"{{{NS['svg']}}}circle") if effective(root, c, "fill") != "none"]
    assert len(discs) == 24


def test_catchup_track_has_numbered_ovals_and_two_start_pawns() -> None:
    variant = load_variant("catchup")
    assert variant.scoring_track is not None
    root = parse(render(variant, "start", "svg"))
    track = root.find(".//svg:g[@aria-label='scoring track']", NS)
    assert track is not None
    assert len(track.findall("svg:ellipse", NS)) == variant.scoring_track.maximum
    numbers = [t.text for t in track.findall("svg:text", NS)]
    assert numbers == [str(n) for n in range(1, variant.scoring_track.maximum + 1)]
    pawns = [effective(root, c, "fill") for c in track.findall("svg:circle", NS)]
    assert sorted(pawns) == sorted(p.colour for p in variant.players)


def test_svg_is_deterministic() -> None:
    variant = load_variant("hex9-checkers")
    assert render(variant, "start", "svg") == render(variant, "start", "svg")


def test_catchup_start_description_mentions_the_track_and_both_pawns() -> None:
    variant = load_variant("catchup")
    desc = parse(render(variant, "start", "svg")).find("svg:desc", NS)
    assert desc is not None and desc.text is not None
    assert "Scoring track: ovals 1 to 45 around the board. Score pawns: White on 1, Black on 1." in desc.text
    board = parse(render(variant, "board", "svg")).find("svg:desc", NS)
    assert board is not None and "The two score pawns start on 1." in (board.text or "")


@pytest.mark.parametrize("variant_id", ["american-checkers", "catchup", "hex9-checkers"])
def test_example_svgs_have_an_opaque_background(variant_id: str) -> None:
    """Labels stay readable on a dark viewer: the first thing drawn is an opaque
    rectangle of the background colour covering the whole picture."""
    from boardgen.outputs.files import render_file, variant_files

    variant = load_variant(variant_id)
    examples = [name for name in variant_files(variant) if name.startswith("example-")]
    assert examples
    for name in examples:
        root = parse(render_file(variant, name))
        first = next(e for e in root.iter() if e.tag in (f"{{{NS['svg']}}}rect", f"{{{NS['svg']}}}path"))
        assert first.tag.endswith("rect"), name
        assert (first.get("x", "0"), first.get("y", "0")) == ("0", "0")
        assert first.get("width") + "mm" == root.get("width") and first.get("height") + "mm" == root.get(
            "height"
        )
        fill = first.get("fill") or next(g.get("fill") for g in root.iter() if first in list(g))
        assert fill == variant.print.colours["background"] and first.get("opacity") is None
