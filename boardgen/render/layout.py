"""Cells to shapes in millimetres.

The geometry works in cell units with y up; a page works in millimetres with y down.
A :class:`Layout` is that conversion for one board at one cell size, plus the board's
bounding box, so every drawing layer (cells, labels, pieces, track, move marks) agrees
on where a cell is. A flipped layout turns the board 180 degrees about its centre (the
view from the north player's chair); since every layer asks the layout, they all turn.
"""

from __future__ import annotations

__all__ = ["Layout"]

import math
import weakref
from collections.abc import Collection

from ..geometry import Grid, Point

#: The extent of each board's surface (cell units: least and greatest x, then y), kept
#: per board: a diagram's size is searched for with a layout per try.
_EXTENTS: weakref.WeakKeyDictionary[Grid, tuple[float, float, float, float]] = weakref.WeakKeyDictionary()


def _extent(grid: Grid, cells: Collection[int] | None) -> tuple[float, float, float, float]:
    """Least and greatest x, then y, of the board's surface, or of ``cells`` alone."""
    if cells is None and grid in _EXTENTS:
        return _EXTENTS[grid]
    shapes = grid.areas() if cells is None else [grid.outline(c) for c in cells]
    outline = [p for shape in shapes for p in shape]
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    found = (min(xs), max(xs), min(ys), max(ys))
    if cells is None:
        _EXTENTS[grid] = found
    return found


class Layout:
    """Places ``grid`` at ``cell_size`` mm with ``padding`` mm around the cells' outline."""

    def __init__(
        self,
        grid: Grid,
        cell_size: float,
        padding: float,
        extent: float = 0.0,
        *,
        flip: bool = False,
        far: float | None = None,
        cells: Collection[int] | None = None,
    ) -> None:
        """``extent`` (cell units) widens the drawn area around the board's centre,
        for furniture such as a scoring track that lies outside the cells; ``flip``
        turns the board half round (north at the bottom). ``far`` is the padding at
        the top and right of the page when it differs from the left and bottom one
        (labels stand only at the left and bottom of a square board)."""
        self.grid = grid
        self.cell_size = cell_size
        self.flip = flip
        self._directions: dict[str, Point] = {}
        # Each cell's centre and outline on the page, as first asked for: the board, its
        # numbers, tints and pieces ask for the same cells again and again.
        self._centres: dict[int, Point] = {}
        self._polygons: dict[int, tuple[Point, ...]] = {}
        min_x, max_x, min_y, max_y = _extent(grid, cells)
        self.centre_units: Point = ((min_x + max_x) / 2, (min_y + max_y) / 2)
        half_w = max((max_x - min_x) / 2, extent)
        half_h = max((max_y - min_y) / 2, extent)
        far = padding if far is None else far
        self.board_box = (
            padding + (half_w - (max_x - min_x) / 2) * cell_size,
            far + (half_h - (max_y - min_y) / 2) * cell_size,
            (max_x - min_x) * cell_size,
            (max_y - min_y) * cell_size,
        )
        self._left = self.centre_units[0] - half_w
        self._top = self.centre_units[1] + half_h
        self.padding = padding
        self.padding_top = far
        self.width = 2 * half_w * cell_size + padding + far
        self.height = 2 * half_h * cell_size + padding + far

    def to_page(self, point: Point) -> Point:
        """A point in cell units (y up) to page millimetres (y down)."""
        x, y = point
        if self.flip:
            x, y = 2 * self.centre_units[0] - x, 2 * self.centre_units[1] - y
        return (
            self.padding + (x - self._left) * self.cell_size,
            self.padding_top + (self._top - y) * self.cell_size,
        )

    def centre(self, cell: int) -> Point:
        found = self._centres.get(cell)
        if found is None:
            found = self._centres[cell] = self.to_page(self.grid.centre(cell))
        return found

    def polygon(self, cell: int) -> tuple[Point, ...]:
        found = self._polygons.get(cell)
        if found is None:
            found = self._polygons[cell] = tuple(self.to_page(p) for p in self.grid.outline(cell))
        return found

    def board_centre(self) -> Point:
        return self.to_page(self.centre_units)

    def direction(self, name: str) -> Point:
        """Page vector (mm) of one step in a named grid direction (measured once per name)."""
        known = self._directions.get(name)
        if known is not None:
            return known
        grid = self.grid
        for cell in sorted(grid.cells(), key=lambda c: -grid.ring(c)):  # from the middle out
            other = grid.step(cell, name)
            if other is not None:
                (ax, ay), (bx, by) = self.centre(cell), self.centre(other)
                self._directions[name] = (bx - ax, by - ay)
                return self._directions[name]
        raise ValueError(f"direction {name!r} leads nowhere on this board")


def polar(centre: Point, radius: float, degrees: float) -> Point:
    """A page point at ``radius`` mm from ``centre``, ``degrees`` counter-clockwise from east."""
    a = math.radians(degrees)
    return (centre[0] + radius * math.cos(a), centre[1] - radius * math.sin(a))
