"""The diagrams of a rule sheet: how wide each is, and the scenes themselves, remembered.

The starting position and every example are drawn once per variant and width, however
many languages and booklets set them (:func:`drawn`), and sized from the board so that
pieces and move marks stay readable on paper.
"""

from __future__ import annotations

__all__ = [
    "drawn",
    "drawn_already",
    "example_flowables",
    "lone_width",
    "shown_width",
    "start_diagram",
    "start_width",
    "too_tall_for",
]

import re
from collections.abc import Callable, Hashable
from typing import Any
from xml.sax.saxutils import escape

from ..backends.pdf import MM
from ..descriptor.model import Variant
from ..foundation.paper import Paper
from ..geometry import SquareGrid
from ..render.board import BoardOptions, board_scene, board_size, smallest_numbered_cell
from ..render.diagram import example_scene, fit_cell_size
from ..render.memo import known, remembered
from ..render.pictures import start_pieces
from ..scene.shapes import Scene
from ..texts.compose import RuleSheet, Shown
from .flow import MARGIN, SceneFlowable, SheetParagraph, glued, styles


def drawn(variant: Variant, key: Hashable, make: Callable[[], Any]) -> Any:
    """``make()``, or what it gave before for this ``variant`` and ``key``: the same
    variant's sheets in every language and in the booklets share diagrams and layouts."""
    return remembered(variant, ("rule sheet", key), make)


def drawn_already(variant: Variant, key: Hashable) -> bool:
    """Whether :func:`drawn` has a result for this ``variant`` and ``key``."""
    return known(variant, ("rule sheet", key))


def _cell_size(variant: Variant, width: float) -> float:
    """The cell size that makes the variant's diagrams ``width`` mm wide."""
    size: float = drawn(variant, ("cell size", width), lambda: fit_cell_size(variant, width))
    return size


def start_diagram(variant: Variant, width: float, *, coordinates: bool | None = None) -> Scene:
    """The starting position, about ``width`` mm wide, labelled as the descriptor's
    ``print.coordinates`` says unless ``coordinates`` is given."""
    if coordinates is None:
        coordinates = variant.print.coordinates

    def make() -> Scene:
        size = fit_cell_size(variant, width, coordinates=coordinates)
        options = BoardOptions(size, coordinates, variant.text(variant.title))
        return board_scene(variant, options, start_pieces(variant))

    scene: Scene = drawn(variant, ("start", width, coordinates), make)
    return scene


def too_tall_for(variant: Variant, paper: Paper) -> str | None:
    """Why the rule sheet's starting diagram cannot fit a page of ``paper`` (a board far
    longer than it is wide), or None: what ``validate`` checks, so that a build is
    refused before it writes anything rather than stopped by the layout half-way."""
    page = paper.oriented(False)
    frame_width, frame_height = page.width - 2 * MARGIN, page.height - 2 * MARGIN
    height = start_diagram(variant, start_width(variant, frame_width)).height
    room = frame_height - _CAPTION_ROOM
    if height <= room:
        return None
    return (
        f"the rule sheet's starting diagram would be {height:,.0f} mm tall, more than a page of "
        f"{paper.name} holds ({room:.0f} mm): a board this long for its width does not fit a rule sheet"
    )


#: Room (mm) kept under a diagram on its page for its caption and a heading.
_CAPTION_ROOM = 20.0


def _large(variant: Variant) -> bool:
    """Whether the variant's diagrams need more room: many cells, or a scoring track."""
    return variant.grid.size > 100 or variant.scoring_track is not None


def start_width(variant: Variant, width: float) -> float:
    """Width in mm of the starting diagram beside the list of components: large boards
    get more of the page, so that a board of 217 cells stays readable."""
    if variant.grid.size > 150:
        return min(112.0, width * 0.62)
    return min(max(80.0 if _large(variant) else 62.0, _example_width(variant)), width * 0.45)


def _example_width(variant: Variant) -> float:
    """Width of an example diagram in mm, from the cells across the board, so that the
    pieces and the marks of the move stay visible: 52 mm for 8 x 8, 77 for Kruzno's 11
    hexagons, 100 for the 17 of the 9x9x9 board (hexagons, with labels on three sides,
    need a little more)."""
    grid = variant.grid
    across = 1 + max(grid.coords(cell)[0] for cell in grid.cells())
    per_cell = 6.5 if isinstance(grid, SquareGrid) else 7.0
    return min(100.0, max(52.0, per_cell * across))


def lone_width(sheet: RuleSheet, width: float) -> float:
    """Most room (mm) for a diagram beside text: half the frame (times the sheet's
    diagram scale)."""
    return width / MM * 0.5 * sheet.diagram_scale


def _with_track(sheet: RuleSheet, shown: Shown) -> bool:
    """Every example of a game with a scoring track shows the track: the scores are part
    of the position (the first example's caption speaks of a score the pawns show)."""
    return sheet.variant.scoring_track is not None


def numbered_width(sheet: RuleSheet, shown: Shown) -> float:
    """The least width (mm) of an example's diagram whose caption names squares by
    number: the width at which the squares carry their numbers (0 for others). A row
    too narrow for it holds fewer examples, and smaller diagrams never go below it."""
    variant = sheet.variant
    if not variant.board.pdn or not re.search(r"\d", shown.caption):
        return 0.0
    cell = smallest_numbered_cell() + 0.1
    width, _ = board_size(variant, BoardOptions(cell, True))
    return float(width)


def shown_width(sheet: RuleSheet, shown: Shown, column: float) -> float:
    """Width in mm of an example's diagram in a column ``column`` mm wide (never below
    :func:`numbered_width`: a row that cannot give it that much does not take it)."""
    if _with_track(sheet, shown):
        return min(column, 84.0 * sheet.diagram_scale)
    usual = _example_width(sheet.variant) * sheet.diagram_scale
    return min(column, max(usual, numbered_width(sheet, shown)))


def _named(variant: Variant, caption: str) -> frozenset[int]:
    """The square numbers ``caption`` speaks of (numbers of the board's PDN numbering)."""
    numbers = set((variant.board.pdn or {}).values())
    return frozenset(
        n for n in (int(x) for x in re.findall(r"(?<![\d,.])\d{1,3}(?![\d,.])", caption)) if n in numbers
    )


def example_flowables(sheet: RuleSheet, shown: Shown, column: float) -> tuple[Any, Any]:
    """The example's diagram (drawn by the engine), about ``column`` mm wide at most,
    and its caption, as flowables."""
    variant = sheet.variant
    example = shown.example
    # never below the width at which the squares its caption names carry their numbers
    wanted = max(shown_width(sheet, shown, column), numbered_width(sheet, shown))

    named = _named(variant, shown.caption)

    def make() -> Scene:
        size = _cell_size(variant, wanted)
        scene = example_scene(variant, sheet.game, example, cell_size=size, named=named)
        if scene.width > wanted + 0.5:  # pawns beside the track widen the picture a little
            scene = example_scene(
                variant, sheet.game, example, cell_size=size * wanted / scene.width, named=named
            )
        return scene

    scene: Scene = drawn(variant, ("example", example.id, wanted, named), make)
    caption = SheetParagraph(
        f"<b>{escape(shown.label)}.</b> {escape(glued(shown.caption))}", styles().caption
    )
    return SceneFlowable(scene), caption
