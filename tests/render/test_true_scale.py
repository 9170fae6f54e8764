"""True scale is a promise: cells and points in the printed PDF stand at the cell size
(pdfplumber): squares, hexagons, the triangle's hexagons, a hexagon with a hole, Xiangqi's
points and river, whole and on tiles."""

from __future__ import annotations

import io
import itertools
import math
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

from boardgen.descriptor import load_variant
from boardgen.outputs.files import RenderOptions, render

MM = 72 / 25.4


def shapes(data: bytes, kind: str) -> list[Counter[tuple[float, float]]]:
    """Per page: how many filled shapes of each (width, height) in mm (a tile's glue
    strip, pale pink, and the white ground of its labels are not cells)."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [
            Counter(
                (round(s["width"] / MM, 2), round(s["height"] / MM, 2))
                for s in getattr(page, kind)
                if s["fill"] and not _marks(s.get("non_stroking_color"))
            )
            for page in pdf.pages
        ]


def _marks(colour: object) -> bool:
    """Whether a fill is a tile mark's: the glue strip's pink (#f4e6ef) or white."""
    glue = (0xF4 / 255, 0xE6 / 255, 0xEF / 255)
    return isinstance(colour, tuple) and len(colour) == 3 and (
        all(abs(a - b) < 0.01 for a, b in zip(colour, glue, strict=True)) or all(c > 0.99 for c in colour)
    )


@pytest.mark.parametrize("cell_size", [20.0, 40.0])
def test_square_cells_print_at_the_cell_size(cell_size: float) -> None:
    pages = shapes(
        render(load_variant("american-checkers"), "board", "pdf", RenderOptions(cell_size)), "rects"
    )
    tiles = pages if len(pages) == 1 else pages[1:]  # skip the (scaled) assembly map
    for counts in tiles:
        # each tile draws the squares it shows, whole, at exactly the cell size
        assert counts[(cell_size, cell_size)] > 0
    drawn = sum(counts[(cell_size, cell_size)] for counts in tiles)
    assert 64 <= drawn < 64 * len(tiles) or len(tiles) == 1  # every square somewhere, not everywhere
    if cell_size == 20.0:
        assert len(pages) == 1 and drawn == 64


@pytest.mark.parametrize("cell_size", [15.0, 30.0])
def test_hexagons_print_at_the_cell_size_across_flats(cell_size: float) -> None:
    data = render(load_variant("kruzno-checkers"), "board", "pdf", RenderOptions(cell_size))
    pages = shapes(data, "curves")
    tiles = pages if len(pages) == 1 else pages[1:]
    expected = (cell_size, round(cell_size * 2 / math.sqrt(3), 2))
    for counts in tiles:
        assert sum(n for size, n in counts.items() if size == expected) > 0
        assert all(size == expected for size in counts if size[0] > 5)


@pytest.mark.parametrize("variant_id", ["american-checkers", "kruzno-checkers", "catchup", "hex9-checkers"])
def test_every_board_page_carries_the_calibration_ruler(variant_id: str) -> None:
    for counts in shapes(render(load_variant(variant_id), "board", "pdf"), "rects"):
        assert counts[(50.0, 1.0)] == 1  # the 50 mm bar
        assert counts[(50.8, 1.0)] == 1  # the 2 in bar


def test_a_board_that_fits_is_one_centred_page() -> None:
    data = render(load_variant("variante-dames"), "board", "pdf", RenderOptions(cell_size=20))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        board = max(page.rects, key=lambda r: r["width"])
        left, right = board["x0"], page.width - board["x1"]
        assert left == pytest.approx(right, abs=0.1 * MM)
        assert round(board["width"] / MM, 2) == 160.0


# The 8x8 board at 40 mm is 345 mm square with its coordinates. Tiles hold the printable
# area less the title and ruler bands and a 6 mm crop-mark strip, overlapping by 10 mm:
# A4 portrait 178 x 239 mm -> 2 x 2 tiles; A3 portrait 265 x 362 -> 2 x 1;
# Letter landscape 247 x 158 -> 2 x 3. Each tiled board also has an assembly map page.
@pytest.mark.parametrize(
    ("paper", "landscape", "pages"), [("a4", False, 5), ("a3", False, 3), ("letter", True, 7)]
)
def test_tiling_page_counts(paper: str, landscape: bool, pages: int) -> None:
    data = render(
        load_variant("pool-checkers"), "board", "pdf", RenderOptions(paper=paper, landscape=landscape)
    )
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == pages
        wide = pdf.pages[0].width > pdf.pages[0].height
        assert wide == landscape


def _centres(page: pdfplumber.page.Page, size: tuple[float, float]) -> list[tuple[float, float]]:
    """Centres (mm) of the filled shapes of ``size`` (width, height, mm, either way round)."""
    sizes = {size, size[::-1]}
    return [
        ((c["x0"] + c["x1"]) / 2 / MM, (c["top"] + c["bottom"]) / 2 / MM)
        for c in page.curves
        if c["fill"] and (round(c["width"] / MM, 2), round(c["height"] / MM, 2)) in sizes
    ]


def _nearest(centres: list[tuple[float, float]]) -> Counter[float]:
    """How many shapes have their nearest neighbour at each distance (mm, to 0.01 mm)."""
    return Counter(
        round(min(math.dist(p, q) for j, q in enumerate(centres) if j != i), 2) for i, p in enumerate(centres)
    )


def _one_page(data: bytes) -> pdfplumber.page.Page:
    pdf = pdfplumber.open(io.BytesIO(data))
    assert len(pdf.pages) == 1, "the board should fit one page of this paper"
    return pdf.pages[0]


def test_triangle_cells_are_one_pitch_apart() -> None:
    """Game of Y's triangle of 120 hexagons: 18 mm across flats, centres 18 mm apart."""
    page = _one_page(render(load_variant("game-of-y"), "board", "pdf", RenderOptions(paper="a2")))
    hexagons = _centres(page, (18.0, round(18 * 2 / math.sqrt(3), 2)))
    assert len(hexagons) == 120
    assert _nearest(hexagons) == {18.0: 120}


_MASKED = """\
format: 1
id: holed-hexagon
title: {en: Holed hexagon, fr: Hexagone troué, de: Gelochtes Sechseck}
players:
  - {id: amber, name: {en: Amber, fr: Ambre, de: Bernstein}, colour: "#f2b134", letter: A}
  - {id: slate, name: {en: Slate, fr: Ardoise, de: Schiefer}, colour: "#2f3e4e", letter: S}
first: amber
board: {kind: hexhex, side: 4, remove: [d4]}
setup: {amber: {count: 0}, slate: {count: 0}}
rules: {family: none}
print: {cell_size: 24}
sheet:
  en: {intro: "A board with a hole.", notes: {play: ["Place one stone a turn."]}}
  fr: {intro: "Un plateau troué.", notes: {play: ["Posez une pierre par tour."]}}
  de: {intro: "Ein Brett mit Loch.", notes: {play: ["Setze einen Stein pro Zug."]}}
"""


def test_a_masked_hexagon_keeps_the_hole_s_neighbours_at_true_pitch(tmp_path: Path) -> None:
    """``remove: [d4]`` takes the middle cell of the side-4 hexagon away: the 36 cells
    left stand where they stood, 24 mm apart, six of them 24 mm from the hole's middle."""
    path = tmp_path / "holed-hexagon.yaml"
    path.write_text(_MASKED, "utf-8")
    page = _one_page(render(load_variant(str(path)), "board", "pdf", RenderOptions(paper="a3")))
    cells = _centres(page, (24.0, round(24 * 2 / math.sqrt(3), 2)))
    assert len(cells) == 36
    assert _nearest(cells) == {24.0: 36}
    # The hexagon is symmetric about its middle cell, so the cells' mean is the hole's middle.
    hole = (sum(x for x, _ in cells) / 36, sum(y for _, y in cells) / 36)
    around = Counter(round(math.dist(hole, cell), 2) for cell in cells)
    assert min(around) == 24.0 and around[24.0] == 6  # the hole's neighbours, at one pitch
    ring = [cell for cell in cells if round(math.dist(hole, cell), 2) == 24.0]
    assert sorted(round(math.dist(a, b), 2) for a in ring for b in ring if a < b).count(48.0) == 3


def _board_lines(page: pdfplumber.page.Page, width_mm: float) -> list[dict[str, float]]:
    return [ln for ln in page.lines if abs(ln["linewidth"] / MM - width_mm) < 0.01]


def test_xiangqi_points_are_36_mm_apart_and_the_river_is_one_pitch_wide() -> None:
    """Xiangqi's 9 x 10 points at 36 mm; between the fifth and sixth rows the river: its
    banks 36 mm apart, crossed by the two outer files alone."""
    page = _one_page(render(load_variant("xiangqi"), "board", "pdf", RenderOptions(paper="a2")))
    lines = _board_lines(page, 1.0)
    files = [ln for ln in lines if abs(ln["x0"] - ln["x1"]) < 0.01]
    rows = [ln for ln in lines if abs(ln["top"] - ln["bottom"]) < 0.01]
    xs = sorted({round(ln["x0"] / MM, 2) for ln in files})
    ys = sorted({round(ln["top"] / MM, 2) for ln in rows})
    assert _steps_mm(xs) == {36.0: 8}
    assert _steps_mm(ys) == {36.0: 9}
    bank, other = ys[4], ys[5]  # the fifth and sixth rows from the top: the river's banks
    crossing = {
        round(ln["x0"] / MM, 2) for ln in files if ln["top"] / MM < other - 1 and ln["bottom"] / MM > bank + 1
    }
    assert other - bank == 36.0 and crossing == {xs[0], xs[-1]}


def _steps_mm(values: list[float]) -> Counter[float]:
    return Counter(round(b - a, 2) for a, b in itertools.pairwise(values))


def test_xiangqi_tiles_keep_the_36_mm_pitch() -> None:
    """On A4 each tile's points stand 36 mm apart, as on the whole board: files a-d and
    e-i, rows 10-7 and 6-1 (the river's words stay on the tiles of the rows beside it)."""
    data = render(load_variant("xiangqi"), "board", "pdf", RenderOptions(paper="a4"))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        tiles = pdf.pages[1:]
        assert len(tiles) == 4
        counts = []
        for page in tiles:
            lines = _board_lines(page, 1.0)
            xs = sorted({round(ln["x0"] / MM, 2) for ln in lines if abs(ln["x0"] - ln["x1"]) < 0.01})
            ys = sorted({round(ln["top"] / MM, 2) for ln in lines if abs(ln["top"] - ln["bottom"]) < 0.01})
            assert set(_steps_mm(xs)) == {36.0} and set(_steps_mm(ys)) == {36.0}
            counts.append((len(xs), len(ys)))
        assert counts == [(4, 4), (5, 4), (4, 6), (5, 6)]
