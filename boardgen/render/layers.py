"""A diagram in two layers: the board (cells, frame, labels, square numbers), which is the
same for every position of a game at a given size, and what lies on it (tints, pieces,
marks). The API keeps the board layer as finished SVG text and draws only the second
layer per diagram: most of a diagram's cost is its 64 squares and their labels.

The picture is the one :func:`~boardgen.render.board.board_scene` draws: every square
number is drawn in the board layer; the position layer draws again those on tinted
squares (over the tint), and covers with a patch of the square's colour those a piece
would partly hide (board_scene leaves them out), so nothing visible changes.
"""

from __future__ import annotations

__all__ = ["BoardLayer", "board_layer", "position_items"]

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..descriptor.model import Variant
from ..rules.base import PieceView
from ..scene.shapes import Group, Item
from .board import BoardOptions, NumberPlace, _number_erasers, _number_places, _pdn_numbers, board_scene
from .layout import Layout
from .pieces import piece_items
from .typefaces import in_its_fonts


class BoardLayer(NamedTuple):
    """The board of a diagram: its items, size, the layout marks are placed with, and
    where each square number stands (with whether a piece on its square would partly
    hide it), worked out once for every position. A named tuple: cheaper to define at
    start-up than a frozen dataclass."""

    items: tuple[Item, ...]
    width: float
    height: float
    layout: Layout
    numbers: tuple[NumberPlace, ...] = ()


@in_its_fonts
def board_layer(variant: Variant, options: BoardOptions) -> BoardLayer:
    """The board layer of a diagram of ``variant`` (games with a scoring track excluded:
    their track shows the position's scores)."""
    if variant.scoring_track is not None:
        raise ValueError("a board with a scoring track has no fixed layer")
    found: list[Layout] = []

    def capture(layout: Layout) -> tuple[list[Item], list[Item]]:
        found.append(layout)
        return [], []

    scene = board_scene(variant, options, {}, capture)
    layout = found[0]
    numbers = _number_places(variant, layout, frozenset(variant.board.pdn or ()))  # as if all were taken
    return BoardLayer(scene.items, scene.width, scene.height, layout, tuple(numbers))


@in_its_fonts
def position_items(
    variant: Variant,
    layer: BoardLayer,
    pieces: dict[int, PieceView],
    overlay: Callable[[Layout], tuple[Sequence[Item], Sequence[Item]]],
    *,
    coordinates: bool,
    tinted: Sequence[int] = (),
) -> list[Item]:
    """What goes over the board layer: the overlay's tints, the square numbers of
    tinted squares, patches over the numbers pieces would partly hide, the pieces, the
    overlay's marks."""
    layout = layer.layout
    under, over = overlay(layout)
    items: list[Item] = list(under)
    numbered = coordinates and variant.board.pdn
    colours = variant.print.colours
    occupied = frozenset(pieces)
    places = [(cell, number, at, hides and cell in occupied) for cell, number, at, hides in layer.numbers]
    if numbered and tinted:
        items.extend(_pdn_numbers(variant, layout, colours, occupied, frozenset(tinted), places))
    if pieces:
        if numbered:
            items.extend(_number_erasers(variant, layout, colours, occupied, places))
        items.append(Group(tuple(piece_items(variant, layout, pieces)), label="pieces"))
    items.extend(over)
    return items
