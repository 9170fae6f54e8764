"""The nearest cell size that prints a tiled board on fewer sheets.

A board is tiled by whole cells, so a cell a millimetre too large for the paper can cost
a whole row or column of tiles: Hexdame's 40 mm hexagons take six A4 tiles, 39.5 mm
ones four. :func:`sheet_saving_size` looks just below the chosen cell size (in 0.5 mm
steps, at most :data:`MOST_SMALLER` smaller) for the largest size that needs fewer
pages; ``render`` offers it in a note, and ``--fit-sheets`` takes it.
"""

from __future__ import annotations

__all__ = ["MOST_SMALLER", "STEP", "SheetSaving", "board_sheets", "sheet_saving_size"]

import dataclasses
import math

from ..descriptor.model import Variant
from ..errors import BoardgenError
from ..foundation.values import frozen
from .pages import tile_plan
from .pictures import RenderOptions, check_page_limit, paper_for, scene_for
from .typefaces import in_its_fonts

#: Largest shrink offered, as a fraction of the cell size: past it the pieces change feel.
MOST_SMALLER = 0.1
#: Steps between the sizes tried, in mm.
STEP = 0.5


@frozen
class SheetSaving:
    """``cell_size`` mm cells print the board on ``sheets`` pages instead of ``before``."""

    cell_size: float
    sheets: int
    before: int


@in_its_fonts
def board_sheets(variant: Variant, options: RenderOptions) -> int:
    """How many pages the board takes (its map included), without drawing them; with no
    orientation asked for, the fewer of the two (of those whose tiles can hold the board)."""
    paper, landscape = paper_for(variant, options)
    artwork = scene_for(variant, "board", options)
    counts = []
    refused: BoardgenError | None = None
    for turn in (False, True) if landscape is None else (landscape,):
        try:
            plan = tile_plan(artwork, paper, landscape=turn)
        except BoardgenError as error:
            refused = refused or error
            continue
        counts.append(1 if plan is None else len(plan.tiles) + 1)
    if not counts and refused is not None:
        raise refused
    return min(counts)


@in_its_fonts
def sheet_saving_size(variant: Variant, options: RenderOptions) -> SheetSaving | None:
    """The largest cell size just below the chosen one that needs fewer pages, if any
    within :data:`MOST_SMALLER`; None for a board on one page or when none saves a page.

    A board beyond the page limit is refused first, from the cheap page estimate: cutting
    the tiles of thousands of pages, twenty sizes over, would take many minutes.
    """
    check_page_limit(variant, options)
    size = options.cell_size or variant.print.cell_size
    before = board_sheets(variant, options)
    if before == 1:
        return None
    # Round sizes on the STEP grid below the chosen one: 39.9 tries 39.5, 39, ...
    first = math.floor(size / STEP + 1e-9) * STEP
    first = first - STEP if first >= size - 1e-9 else first
    k = 0
    while (smaller := round(first - k * STEP, 2)) >= size * (1 - MOST_SMALLER) - 1e-9 and smaller >= 5.0:
        k += 1
        sheets = board_sheets(variant, dataclasses.replace(options, cell_size=smaller))
        if sheets < before:
            return SheetSaving(smaller, sheets, before)
    return None
