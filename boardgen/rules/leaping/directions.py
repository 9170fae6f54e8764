"""Relative direction words ("forward-diagonal", "sideways", ...) turned into grid directions.

Descriptors describe how men move from their owner's point of view, so one word serves
both players and every tiling. A grid direction is classified by the shape of the step
on the page, with the board turned so rows run left to right: straight up is
``forward``, up and to a side is ``forward-diagonal``, along the row is ``sideways``,
and so on; for the north player "up" is the other way. Classifying by drawn shape (not
by grid coordinates) matters on hex boards, whose north-west step is ``(0, 1)`` in
coordinates but leans left on the page: there both upward steps are forward-diagonal
and no direction is straight ``forward``.
"""

from __future__ import annotations

__all__ = ["BASIC_WORDS", "DIRECTION_WORDS", "classify", "resolve"]

from ...errors import BoardgenError
from ...geometry import Grid, Side

#: Words naming one kind of step.
BASIC_WORDS = ("forward", "forward-diagonal", "sideways", "backward-diagonal", "backward")
#: Every word a descriptor may use, with the basic words each one stands for.
DIRECTION_WORDS: dict[str, tuple[str, ...]] = {
    **{word: (word,) for word in BASIC_WORDS},
    "diagonal": ("forward-diagonal", "backward-diagonal"),
    "orthogonal": ("forward", "sideways", "backward"),
    "all": BASIC_WORDS,
}

_EPS = 1e-9


def _inner_cell(grid: Grid) -> int:
    """A cell with a neighbour in every direction, to measure steps on."""
    for cell in grid.cells():
        if all(grid.step(cell, d) is not None for d in grid.directions):
            return cell
    raise BoardgenError(f"the {grid.describe()} is too small for leaping games", key="grid")


def classify(grid: Grid, side: Side) -> dict[str, str]:
    """The basic word for each grid direction, as seen by the player at ``side``."""
    cell = _inner_cell(grid)
    cx, cy = grid.centre(cell)

    def vector(direction: str) -> tuple[float, float]:
        other = grid.step(cell, direction)
        assert other is not None
        ox, oy = grid.centre(other)
        return ox - cx, oy - cy

    # Classified as drawn: square boards and edge-facing hex boards draw rows
    # horizontally; a hex board drawn "flat" has a corner at each player, and straight
    # ahead is towards the far corner.
    sign = 1.0 if side == "south" else -1.0
    words: dict[str, str] = {}
    for direction in grid.directions:
        vx, vy = vector(direction)
        x, y = vx, vy * sign
        if abs(y) < _EPS:
            words[direction] = "sideways"
        elif abs(x) < _EPS:
            words[direction] = "forward" if y > 0 else "backward"
        else:
            words[direction] = "forward-diagonal" if y > 0 else "backward-diagonal"
    return words


def resolve(grid: Grid, side: Side, words: tuple[str, ...], key: str) -> tuple[str, ...]:
    """Grid direction names for ``words`` seen from ``side``, in the grid's own order.

    Raises BoardgenError at ``key`` when a word names no direction on this grid (for
    example ``forward`` on a hex board), since such a switch would silently do nothing.
    """
    kinds = classify(grid, side)
    chosen: list[str] = []
    for word in words:
        basics = DIRECTION_WORDS[word]
        found = [d for d in grid.directions if kinds[d] in basics]
        if not found:
            raise BoardgenError(
                f"direction word {word!r} names no step on a {grid.describe()}"
                f" (it has: {', '.join(sorted(set(kinds.values())))})",
                key=key,
            )
        chosen.extend(found)
    return tuple(d for d in grid.directions if d in chosen)
