"""Boards of points joined by lines, described as data: Morris, Alquerque, Fox and Geese.

The points lie on a lattice of ``width`` x ``height`` places and are named like
squares (``a1`` is the south-west place, letters count columns, numbers rows); the
lines are drawn between neighbouring points and are the only ways a piece moves, so
two points are neighbours when a line joins them, however far apart they lie (``a1``
and ``d1`` on a Nine Men's Morris board). A line's direction is the compass direction
from one point to the other (``e``, ``ne``, ...).
"""

from __future__ import annotations

__all__ = ["PointGrid"]

import functools
from collections.abc import Collection, Mapping, Sequence

from .base import COMPASS, Grid, Point, column_letters, compass_name


class PointGrid(Grid):
    """``points`` (lattice coordinates) of a ``width`` x ``height`` lattice, joined by
    ``lines`` (pairs of coordinates; each pair is one drawn segment)."""

    kind = "points"
    drawn = "points"
    directions = COMPASS
    labels_at_edges = True

    def __init__(
        self,
        width: int,
        height: int,
        points: Collection[tuple[int, int]],
        lines: Sequence[tuple[tuple[int, int], tuple[int, int]]],
        *,
        aspect: float = 1.0,
    ) -> None:
        self.width = width
        self.height = height
        self.row_count = height
        self.aspect = aspect
        self._segments = tuple(lines)
        super().__init__(sorted(points, key=lambda xy: (xy[1], xy[0])))

    def _name_of(self, xy: tuple[int, int]) -> str:
        return f"{column_letters(xy[0], self.letters)}{xy[1] + 1}"

    def describe(self) -> str:
        return f"board of {self.size} points"

    @functools.cached_property
    def _neighbour_map(self) -> tuple[dict[str, int], ...]:
        found: list[dict[str, int]] = [{} for _ in self.cells()]
        for a, b in self.lines():
            (ax, ay), (bx, by) = self._coords[a], self._coords[b]
            found[a][compass_name(bx - ax, by - ay)] = b
            found[b][compass_name(ax - bx, ay - by)] = a
        return tuple(found)

    def neighbours(self, cell: int) -> Mapping[str, int]:
        return self._neighbour_map[cell]

    def step(self, cell: int, direction: str, distance: int = 1) -> int | None:
        """The point ``distance`` lines away in ``direction``, following the lines."""
        current: int | None = cell
        for _ in range(distance):
            if current is None:
                return None
            current = self._neighbour_map[current].get(direction)
        return current

    def lines(self) -> tuple[tuple[int, int], ...]:
        at = self._index
        return tuple((at[a], at[b]) for a, b in self._segments if a in at and b in at)

    def centre(self, cell: int) -> Point:
        x, y = self._coords[cell]
        return (float(x), float(y) * self.aspect)

    def outline(self, cell: int) -> tuple[Point, ...]:
        return _place(*self.centre(cell), self.aspect)

    def areas(self) -> tuple[tuple[Point, ...], ...]:
        """Every place of the lattice between the outermost points, so the board is
        one surface even where the lattice has no point (the middle of a Morris board)."""
        xs = [xy[0] for xy in self._coords]
        ys = [xy[1] for xy in self._coords]
        return tuple(
            _place(float(x), float(y) * self.aspect, self.aspect)
            for y in range(min(ys), max(ys) + 1)
            for x in range(min(xs), max(xs) + 1)
        )


def _place(cx: float, cy: float, aspect: float) -> tuple[Point, ...]:
    h = 0.5 * aspect
    return ((cx - 0.5, cy - h), (cx + 0.5, cy - h), (cx + 0.5, cy + h), (cx - 0.5, cy + h))
