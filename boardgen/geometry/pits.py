"""Mancala boards: rows of pits, with a store at each end (Kalah) or without (Oware).

Pits are named like squares, ``a1`` the south row's west pit, ``a2`` the north row's;
the stores, standing across all rows, are ``west`` and ``east``. Stores take
coordinates just past the rows' ends (``x = -1`` and ``x = pits``, row 0).
"""

from __future__ import annotations

__all__ = ["PitGrid"]

import math

from .base import Grid, Point, column_letters

_DIRECTIONS = {"e": (1, 0), "w": (-1, 0), "n": (0, 1), "s": (0, -1)}
#: Radius of a pit, in pit spacings.
PIT_RADIUS = 0.42
_SEGMENTS = 24


class PitGrid(Grid):
    """``rows`` rows of ``pits`` pits; ``stores`` adds the two end stores."""

    kind = "pits"
    drawn = "pits"
    directions = _DIRECTIONS
    labels_at_edges = True

    def __init__(self, pits: int, rows: int = 2, *, stores: bool = False) -> None:
        self.pits = pits
        self.rows = rows
        self.row_count = rows
        self.stores = stores
        coords = [(x, y) for y in range(rows) for x in range(pits)]
        if stores:
            coords += [(-1, 0), (pits, 0)]
        super().__init__(coords)

    def _name_of(self, xy: tuple[int, int]) -> str:
        x, y = xy
        if x < 0:
            return "west"
        if x >= self.pits:
            return "east"
        return f"{column_letters(x, self.letters)}{y + 1}"

    def describe(self) -> str:
        stores = " and two stores" if self.stores else ""
        return f"mancala board of {self.rows} rows of {self.pits} pits{stores}"

    def is_store(self, cell: int) -> bool:
        x = self._coords[cell][0]
        return x < 0 or x >= self.pits

    def centre(self, cell: int) -> Point:
        x, y = self._coords[cell]
        if self.is_store(cell):
            return (float(x), (self.rows - 1) / 2)
        return (float(x), float(y))

    def outline(self, cell: int) -> tuple[Point, ...]:
        """A pit's circle, or a store's long rounded outline (as polygons)."""
        cx, cy = self.centre(cell)
        r = PIT_RADIUS
        reach = (self.rows - 1) / 2 if self.is_store(cell) else 0.0
        points = []
        for k in range(_SEGMENTS):
            a = 2 * math.pi * k / _SEGMENTS
            dy = r * math.sin(a)
            dy += reach if dy > 0 else -reach if dy < 0 else 0.0
            points.append((cx + r * math.cos(a), cy + dy))
        return tuple(points)

    def areas(self) -> tuple[tuple[Point, ...], ...]:
        found = []
        for cell in self.cells():
            cx, cy = self.centre(cell)
            h = self.rows / 2 if self.is_store(cell) else 0.5
            found.append(((cx - 0.5, cy - h), (cx + 0.5, cy - h), (cx + 0.5, cy + h), (cx - 0.5, cy + h)))
        return tuple(found)
