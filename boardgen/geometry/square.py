"""Rectangular boards of squares: chess and draughts boards of any size.

A square board is drawn as cells (chess, draughts) or as lines whose crossings the
pieces stand on (Go, Xiangqi: ``drawn="points"``); rows may lie farther apart than
columns (``aspect``: a Go board's 23.7 mm rows over its 22 mm columns), so a board
of points keeps its true proportions.

Names are algebraic (``a1`` is south-west, files are letters, ranks are numbers).
On boards whose play uses only the dark squares, the playable squares also carry the
PDN numbers draughts programs use: 1 is the north-west-most playable square of the
far (north) row, counting left to right, row by row towards the south.
"""

from __future__ import annotations

__all__ = ["Colour", "SquareGrid"]

from typing import Literal

from .base import COMPASS, Drawn, Grid, Point, column_letters

Colour = Literal["light", "dark"]

_DIRECTIONS = COMPASS


class SquareGrid(Grid):
    """A ``width`` x ``height`` board; ``near_right`` is the colour of the south-east square."""

    kind = "square"
    directions = _DIRECTIONS

    def __init__(
        self,
        width: int,
        height: int,
        near_right: Colour = "light",
        *,
        drawn: Drawn = "cells",
        aspect: float = 1.0,
    ) -> None:
        """``aspect`` is the distance between rows over that between columns."""
        self.width = width
        self.height = height
        self.row_count = height
        self.near_right: Colour = near_right
        self.drawn = drawn
        self.aspect = aspect
        self.line_directions = ("e", "n") if drawn == "points" else ()
        self.labels_at_edges = drawn == "points"
        super().__init__([(x, y) for y in range(height) for x in range(width)])

    def _name_of(self, xy: tuple[int, int]) -> str:
        return f"{column_letters(xy[0], self.letters)}{xy[1] + 1}"

    def describe(self) -> str:
        if self.drawn == "points":
            return f"{self.width}x{self.height} board of points"
        return f"{self.width}x{self.height} square board"

    def colour(self, cell: int) -> Colour:
        x, y = self._coords[cell]
        return self.near_right if (x + y) % 2 == (self.width - 1) % 2 else _other(self.near_right)

    def ring(self, cell: int) -> int:
        x, y = self._coords[cell]
        return 1 + min(x, y, self.width - 1 - x, self.height - 1 - y)

    def half_turn(self, cell: int) -> int | None:
        x, y = self._coords[cell]
        return self._index.get((self.width - 1 - x, self.height - 1 - y))

    def centre(self, cell: int) -> Point:
        x, y = self._coords[cell]
        return (float(x), float(y) * self.aspect if self.aspect != 1.0 else float(y))

    def outline(self, cell: int) -> tuple[Point, ...]:
        cx, cy = self.centre(cell)
        h = 0.5 * self.aspect
        return ((cx - 0.5, cy - h), (cx + 0.5, cy - h), (cx + 0.5, cy + h), (cx - 0.5, cy + h))

    def pdn_numbers(self, playable: frozenset[int], start: str = "north-west") -> dict[int, int]:
        """PDN number of each playable cell: north row first, west to east (square 1 in
        the north player's near right corner, as English and International number); or,
        from ``start="south-east"``, south row first, east to west (square 1 in the south
        player's near right corner, as Spanish records number)."""
        if start not in ("north-west", "south-east"):
            raise ValueError(f"unknown numbering start {start!r}")
        rows = range(self.height - 1, -1, -1) if start == "north-west" else range(self.height)
        columns = range(self.width) if start == "north-west" else range(self.width - 1, -1, -1)
        numbers: dict[int, int] = {}
        for y in rows:
            for x in columns:
                cell = self._index.get((x, y))
                if cell is not None and cell in playable:
                    numbers[cell] = len(numbers) + 1
        return numbers


def _other(colour: Colour) -> Colour:
    return "dark" if colour == "light" else "light"
