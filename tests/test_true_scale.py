"""True scale is a promise: cells in the printed PDF measure the cell size (pdfplumber)."""

from __future__ import annotations

import io
import math
from collections import Counter

import pdfplumber
import pytest

from boardgen.descriptor import load_variant
from boardgen.outputs import RenderOptions, render

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
