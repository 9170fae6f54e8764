"""Boards of hexagons (or of points on a triangular lattice) in other shapes than a hexagon.

- :class:`RhombusGrid`: ``width`` x ``height`` hexagons in a rhombus, as Hex is played
  (11x11, 14x14, 19x19); its four sides belong to the two players;
- :class:`TriangleGrid`: a triangle of side ``side``, as the game of Y is played;
- :class:`StarGrid`: the six-pointed star of Chinese checkers (121 holes for the
  usual points of four), drawn as holes on lines.

All share one lattice. Coordinates: ``y`` counts the horizontal rows from the south
(0-based) and ``x`` the straight lines of cells that lean north-east, from the west;
a cell's north-east neighbour has the same ``x``. Names are the line's letter and the
row's number (``a1`` is the south-west corner). Pieces stand in the cells, or on the
points where lines meet (``drawn="points"``: the lines run east, north-east and
north-west).
"""

from __future__ import annotations

__all__ = ["RhombusGrid", "StarGrid", "TriangleGrid"]

import functools
import math
from collections.abc import Mapping, Sequence

from .base import Drawn, Grid, Point, column_letters

_DIRECTIONS = {
    "e": (1, 0), "w": (-1, 0),
    "ne": (0, 1), "sw": (0, -1),
    "nw": (-1, 1), "se": (1, -1),
}  # fmt: skip

_ROOT3 = math.sqrt(3.0)
#: The six corners' offsets from a cell's centre (a hexagon with a corner pointing north).
_CORNERS: tuple[Point, ...] = tuple(
    (math.cos(math.radians(30 + 60 * k)) / _ROOT3, math.sin(math.radians(30 + 60 * k)) / _ROOT3)
    for k in range(6)
)


class _LeaningLattice(Grid):
    """Cells on the lattice whose lines lean north-east (see the module's docstring)."""

    directions = _DIRECTIONS
    line_directions = ("e", "ne", "nw")
    label_directions = ("w", "sw")

    def __init__(self, coords: Sequence[tuple[int, int]], drawn: Drawn) -> None:
        self.drawn = drawn
        super().__init__(coords)

    def _name_of(self, xy: tuple[int, int]) -> str:
        return f"{column_letters(xy[0], self.letters)}{xy[1] + 1}"

    def centre(self, cell: int) -> Point:
        x, y = self._coords[cell]
        return (x + y / 2, y * _ROOT3 / 2)

    def outline(self, cell: int) -> tuple[Point, ...]:
        cx, cy = self.centre(cell)
        return tuple((cx + dx, cy + dy) for dx, dy in _CORNERS)


class RhombusGrid(_LeaningLattice):
    """``width`` x ``height`` hexagons leaning north-east; sides ``south``, ``north``
    (the rows ``1`` and ``height``) and ``west``, ``east`` (lines ``a`` and the last)."""

    kind = "rhombus"

    def __init__(self, width: int, height: int, *, drawn: Drawn = "cells") -> None:
        self.width = width
        self.height = height
        self.row_count = height
        super().__init__([(x, y) for y in range(height) for x in range(width)], drawn)

    def describe(self) -> str:
        return f"{self.width}x{self.height} rhombus board"

    def sides(self) -> Mapping[str, tuple[int, ...]]:
        return self._sides

    @functools.cached_property
    def _sides(self) -> dict[str, tuple[int, ...]]:
        w, h, at = self.width, self.height, self._index
        found = {
            "south": tuple(at[(x, 0)] for x in range(w) if (x, 0) in at),
            "north": tuple(at[(x, h - 1)] for x in range(w) if (x, h - 1) in at),
            "west": tuple(at[(0, y)] for y in range(h) if (0, y) in at),
            "east": tuple(at[(w - 1, y)] for y in range(h) if (w - 1, y) in at),
        }
        return found


class TriangleGrid(_LeaningLattice):
    """A triangle of ``side`` cells per side, pointing north: ``side (side + 1) / 2``
    cells; sides ``south``, ``west`` and ``east``."""

    kind = "triangle"

    def __init__(self, side: int, *, drawn: Drawn = "cells") -> None:
        self.side = side
        self.row_count = side
        super().__init__([(x, y) for y in range(side) for x in range(side - y)], drawn)

    def describe(self) -> str:
        return f"triangle board of side {self.side}"

    def ring(self, cell: int) -> int:
        x, y = self._coords[cell]
        return 1 + min(x, y, self.side - 1 - x - y)

    def sides(self) -> Mapping[str, tuple[int, ...]]:
        return self._sides

    @functools.cached_property
    def _sides(self) -> dict[str, tuple[int, ...]]:
        n, at = self.side, self._index
        return {
            "south": tuple(at[(x, 0)] for x in range(n) if (x, 0) in at),
            "west": tuple(at[(0, y)] for y in range(n) if (0, y) in at),
            "east": tuple(at[(n - 1 - y, y)] for y in range(n) if (n - 1 - y, y) in at),
        }


class StarGrid(_LeaningLattice):
    """The six-pointed star: a hexagon of ``side`` holes per edge with a triangle of
    ``side - 1`` rows on each edge (side 5: 61 + 6 x 10 = 121 holes, Chinese checkers).
    The points are named ``north``, ``north-east``, ... clockwise (:meth:`sides`)."""

    kind = "star"

    def __init__(self, side: int = 5, *, drawn: Drawn = "points") -> None:
        self.side = side
        m = side - 1
        reach = 2 * m  # the star's tips lie 2 (side - 1) from the middle
        coords = []
        for r in range(-reach, reach + 1):
            for q in range(-reach, reach + 1):
                s = -q - r
                if min(q, r, s) >= -m or max(q, r, s) <= m:
                    coords.append((q + reach, r + reach))
        self._reach = reach
        super().__init__(coords, drawn)

    def describe(self) -> str:
        return f"star board of {self.size} holes"

    def ring(self, cell: int) -> int:
        """Distance inwards from the star's middle hexagon edge (1 on its outer ring),
        the points counting as ring 1 too (their holes are the homes)."""
        q, r = (c - self._reach for c in self._coords[cell])
        return max(1, self.side - max(abs(q), abs(r), abs(q + r)))

    def sides(self) -> Mapping[str, tuple[int, ...]]:
        """The six points' holes, by compass name of where they point on the page."""
        return self._points

    @functools.cached_property
    def _points(self) -> dict[str, tuple[int, ...]]:
        m = self.side - 1
        names = {
            90: "north", 30: "north-east", 330: "south-east",
            270: "south", 210: "south-west", 150: "north-west",
        }  # fmt: skip
        mx, my = self._middle_point
        found: dict[str, list[int]] = {name: [] for name in names.values()}
        for cell in self.cells():
            q, r = (c - self._reach for c in self._coords[cell])
            if max(abs(q), abs(r), abs(q + r)) <= m:
                continue  # the middle hexagon
            x, y = self.centre(cell)
            angle = (round((math.degrees(math.atan2(y - my, x - mx)) - 30) / 60) * 60 + 30) % 360
            found[names[angle]].append(cell)
        return {name: tuple(cells) for name, cells in found.items()}
