"""Hexagon-shaped boards of hexagons ("hexhex"), such as the 6x6x6 Kruzno board.

Coordinates: ``y`` counts the horizontal rows from the south edge (0-based) and ``x``
counts the straight lines of cells that lean north-west, from the west. A cell
``(x, y)`` is on a board of side ``n`` when both lie in ``0 .. 2n-2`` and
``|x - y| <= n - 1``.

Names: the line letter, then the row number, e.g. ``a1`` is the south-west corner,
``f1`` the south-east corner and ``k11`` the north-east corner of a side-6 board.
Moving east adds 1 to the letter, north-west adds 1 to the row, north-east adds 1 to both.

The abstract grid always has flat south and north edges (cells "pointy" on the
page). The ``flat`` orientation turns the drawing 30 degrees so cells have flat tops
and a corner of the board points at each player: the corner cell ``(side-1, 0)`` at
the bottom, ``(side-1, 2 side-2)`` at the top. Names are unchanged; rows, as a player
counts them, are then the chevrons around that player's corner (the corner cell is
row 1, the three cells in front of it row 2, ..., the two far edges the last row), so
"the nearest rows" and "the far row" mean what they say in a game played corner to
corner, such as Freeling's Hexdame.
"""

from __future__ import annotations

__all__ = ["HexHexGrid", "Orientation"]

import functools
import math
from typing import Literal

from .base import Drawn, Grid, Point, Side, column_letters

Orientation = Literal["pointy", "flat"]

_DIRECTIONS = {
    "e": (1, 0), "w": (-1, 0),
    "ne": (1, 1), "sw": (-1, -1),
    "nw": (0, 1), "se": (0, -1),
}  # fmt: skip

_ROOT3 = math.sqrt(3.0)


class HexHexGrid(Grid):
    """A hexagonal board of ``side`` cells per edge: ``3 side (side - 1) + 1`` cells."""

    kind = "hexhex"
    directions = _DIRECTIONS
    line_directions = ("e", "ne", "nw")
    label_directions = ("w", "se")

    def __init__(self, side: int, orientation: Orientation = "pointy", *, drawn: Drawn = "cells") -> None:
        self.side = side
        self.orientation: Orientation = orientation
        self.drawn = drawn
        span = 2 * side - 1
        self.row_count = span
        super().__init__([(x, y) for y in range(span) for x in range(span) if abs(x - y) <= side - 1])

    def _name_of(self, xy: tuple[int, int]) -> str:
        return f"{column_letters(xy[0], self.letters)}{xy[1] + 1}"

    def describe(self) -> str:
        return f"hexhex board of side {self.side}"

    def row_from(self, cell: int, side: Side) -> int:
        """1-based row of ``cell`` counted from ``side``: straight rows when the players
        face an edge (``pointy``), chevrons round their corner when they face a corner."""
        if self.orientation == "pointy":
            return super().row_from(cell, side)
        x, y = self._coords[cell]
        if side == "north":
            last = 2 * self.side - 2
            x, y = last - x, last - y
        return 1 + max(y, y - x + self.side - 1)

    def distance_from_centre(self, cell: int) -> int:
        x, y = self._coords[cell]
        q, r = x - (self.side - 1), y - (self.side - 1)
        return max(abs(q), abs(r), abs(q - r))

    def ring(self, cell: int) -> int:
        return self.side - self.distance_from_centre(cell)

    def half_turn(self, cell: int) -> int | None:
        x, y = self._coords[cell]
        last = 2 * self.side - 2
        return self._index.get((last - x, last - y))

    def centre(self, cell: int) -> Point:
        x, y = self._coords[cell]
        return self._turn(x - y / 2, y * _ROOT3 / 2)

    def outline(self, cell: int) -> tuple[Point, ...]:
        cx, cy = self.centre(cell)
        return tuple((cx + dx, cy + dy) for dx, dy in self._corners)

    @functools.cached_property
    def _corners(self) -> tuple[Point, ...]:
        """The six corners' offsets from a cell's centre, the same for every cell."""
        radius = 1 / _ROOT3
        start = 30.0 if self.orientation == "pointy" else 0.0
        angles = [math.radians(start + 60 * k) for k in range(6)]
        return tuple((radius * math.cos(a), radius * math.sin(a)) for a in angles)

    def _turn(self, px: float, py: float) -> Point:
        if self.orientation == "pointy":
            return (px, py)
        angle = math.radians(-30.0)
        c, s = math.cos(angle), math.sin(angle)
        return (px * c - py * s, px * s + py * c)
