"""Position and move diagrams: a board, its pieces and the marks that explain a move.

:func:`diagram_scene` draws any position with arrows, highlighted cells, crossed-out
captures and ringed new stones; :func:`example_scene` draws a descriptor's example by
*playing* it with the rules engine, so a rule sheet can never show a move the engine
(and hence the rules as implemented) would refuse: such an example fails the build.
Both reuse :func:`~boardgen.render.board.board_scene`, so diagrams and printed boards
look alike. The text alternative (``<desc>`` in SVG) says the position and the move.
"""

from __future__ import annotations

__all__ = ["DEFAULT_WIDTH", "diagram_scene", "example_scene", "fit_cell_size", "parse_cell", "parse_path"]

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..descriptor.model import Example, Variant
from ..errors import BoardgenError
from ..rules.base import Game, PieceView
from ..scene import Item, Scene
from .board import BoardOptions, board_scene
from .describe import describe_position
from .layout import Layout
from .marks import arrow_items, captured_items, highlight_items, placed_items
from .pieces import piece_radius

#: Width in mm a diagram gets when no cell size is asked for.
DEFAULT_WIDTH = 120.0

#: Splits a path of cell names: a separator always follows a digit (names end in digits).
_PATH_SPLIT = re.compile(r"(?<=\d)\s*[-x:]\s*")


def fit_cell_size(variant: Variant, width: float = DEFAULT_WIDTH, *, coordinates: bool = True) -> float:
    """The cell size (mm, to 0.01) at which the whole diagram is about ``width`` mm wide."""
    size = 20.0
    for _ in range(5):  # labels grow with the cells, so the width is not quite linear
        size *= width / board_scene(variant, BoardOptions(size, coordinates)).width
    return round(size, 2)


def parse_cell(variant: Variant, text: str) -> int:
    """A cell from its name (``a1``) or, on boards with PDN numbers, its number (``11``)."""
    text = text.strip().lower()
    pdn = variant.board.pdn
    if pdn and text.isdigit():
        for cell, number in pdn.items():
            if number == int(text):
                return cell
        raise BoardgenError(f"no square numbered {text} on this board (1..{len(pdn)})")
    try:
        return variant.grid.parse(text)
    except ValueError as error:
        raise BoardgenError(str(error)) from None


def parse_path(variant: Variant, text: str) -> tuple[int, ...]:
    """Cells joined by ``-`` (or ``x``): ``c3-d4``, ``11-15``, ``a3-c5-e7``."""
    parts = _PATH_SPLIT.split(text.strip().lower())
    if len(parts) < 2:
        raise BoardgenError(f"{text!r} is not an arrow: write two or more cells joined by '-', e.g. c3-d4")
    return tuple(parse_cell(variant, part) for part in parts)


def _names(variant: Variant, cells: Iterable[int]) -> str:
    return ", ".join(variant.grid.name(c) for c in cells)


def _marks_text(
    variant: Variant,
    arrows: Sequence[Sequence[int]],
    highlights: Sequence[int],
    captured: Sequence[int],
    placed: Sequence[int],
    flip: bool,
) -> list[str]:
    lines = []
    for path in arrows:
        lines.append("Arrow: " + " to ".join(variant.grid.name(c) for c in path) + ".")
    if captured:
        lines.append(f"Captured (crossed out): {_names(variant, captured)}.")
    if placed:
        lines.append(f"New stones (ringed): {_names(variant, placed)}.")
    if highlights:
        lines.append(f"Highlighted: {_names(variant, highlights)}.")
    if flip:
        north = [p.name["en"] for p in variant.players if p.side == "north"]
        lines.append(f"Drawn from {north[0]}'s side." if north else "Drawn turned half round.")
    return lines


def diagram_scene(
    variant: Variant,
    pieces: Mapping[int, PieceView],
    *,
    cell_size: float,
    coordinates: bool = True,
    flip: bool = False,
    arrows: Sequence[Sequence[int]] = (),
    highlights: Sequence[int] = (),
    captured: Sequence[int] = (),
    placed: Sequence[int] = (),
    title: str = "",
    description: str = "",
) -> Scene:
    """``pieces`` on the board of ``variant`` with the given marks.

    ``arrows`` are paths of cells; ``highlights`` are tinted under the pieces;
    ``captured`` pieces are crossed out and ``placed`` ones ringed. The description
    defaults to the position as text plus a line per kind of mark.
    """
    radius = piece_radius(variant, cell_size)
    fills = {c: variant.player(pieces[c].player).colour for c in captured if c in pieces}

    def overlay(layout: Layout) -> tuple[list[Item], list[Item]]:
        over = captured_items(layout, captured, radius, fills) + placed_items(layout, placed, radius)
        return highlight_items(layout, highlights), over + arrow_items(layout, arrows)

    options = BoardOptions(cell_size, coordinates, title or variant.title["en"], flip)
    scene = board_scene(variant, options, pieces, overlay)
    if not description:
        marks = _marks_text(variant, arrows, highlights, captured, placed, flip)
        description = "\n".join([scene.description, *(["", *marks] if marks else [])])
    return replace(scene, description=description)


def example_scene(variant: Variant, game: Game, example: Example, *, cell_size: float) -> Scene:
    """The example's position before its move, the move drawn on it.

    The engine parses the position and the move and plays it; anything it refuses is
    a :class:`BoardgenError` naming the example and the descriptor.
    """
    try:
        position: Any = game.parse_position(example.position) if example.position else game.initial()
        move = game.parse_move(position, example.move)
        game.play(position, move)
        text = game.move_text(position, move)
    except BoardgenError as error:
        raise BoardgenError(
            f"example '{example.id}': {error.message}", file=str(variant.file), key="examples"
        ) from None
    view = game.view(move)
    mover = game.to_move(position)
    before = dict(game.pieces(position))
    pieces = {**before, **{cell: PieceView(mover, "stone") for cell in view.placed}}
    landings = tuple(view.path[1:])
    name = variant.player(mover).name["en"]
    lines = [f"{name} to move plays {text}."]
    if view.captured:
        lines.append(f"Captured: {_names(variant, view.captured)}.")
    if landings:
        lines.append(f"Lands on: {_names(variant, landings)}.")
    if view.placed:
        lines.append(f"New stones: {_names(variant, view.placed)}.")
    caption = example.caption["en"]
    return diagram_scene(
        variant,
        pieces,
        cell_size=cell_size,
        arrows=(view.path,) if len(view.path) > 1 else (),
        highlights=landings + tuple(view.placed),
        captured=view.captured,
        placed=view.placed,
        title=f"{variant.title['en']}: {caption}" if caption else variant.title["en"],
        description="\n".join([describe_position(variant, before), "", *lines]),
    )
