"""A padded bit layout of the playable cells: the engine's internal square numbering.

Each grid cell ``(x, y)`` gets the bit index ``(y + pad) * width + (x + pad)`` of a
rectangle ``pad`` cells wider than the board on every side. Every grid direction is then
a constant shift of the whole bitboard (``stride * (dx + dy * width)``), so counting all
steps of all men in one direction is a shift, a mask and a popcount, and a step off the
board lands in the padding, which is never in the playable mask. Rays (the playable
cells met going one way from a cell) serve the capture search, which walks cell by cell.

A direction's ``stride`` is the number of grid steps to the next playable cell that way:
1, except on a board played on one colour, where a step along a row or column lands on
the other colour and the next playable cell is two squares on (Frisian draughts'
orthogonal captures jump a piece two squares away and land two squares beyond). The
padding is as wide as the longest stride, so no stride wraps round to the next row.
"""

from __future__ import annotations

__all__ = ["Layout"]

from ...geometry import Grid


class Layout:
    """Bit indices, direction shifts and rays for one grid and its playable cells."""

    def __init__(self, grid: Grid, playable: frozenset[int]) -> None:
        xs = [grid.coords(c)[0] for c in grid.cells()]
        ys = [grid.coords(c)[1] for c in grid.cells()]
        self._x0, self._y0 = min(xs), min(ys)
        #: Grid steps from a playable cell to the next playable one, per direction.
        self.stride: tuple[int, ...] = tuple(_stride(grid, playable, d) for d in grid.directions)
        self._pad = max(self.stride)
        self.width = max(xs) - self._x0 + 1 + 2 * self._pad
        self.grid = grid
        #: Internal index of each grid cell (playable or not).
        self.index: tuple[int, ...] = tuple(self._index_of(*grid.coords(c)) for c in grid.cells())
        #: Grid cell of each internal index of a playable cell.
        self.cell: dict[int, int] = {self.index[c]: c for c in playable}
        #: Mask of all playable cells.
        self.board = self.mask(playable)
        #: Direction names in grid order; direction numbers below index this tuple.
        self.names: tuple[str, ...] = tuple(grid.directions)
        #: Bit shift of each direction (positive: towards higher indices).
        steps = zip(self.stride, grid.directions.values(), strict=True)
        self.shift: tuple[int, ...] = tuple(k * (dx + dy * self.width) for k, (dx, dy) in steps)
        #: Number of the opposite direction of each direction.
        self.reverse: tuple[int, ...] = tuple(self.shift.index(-s) for s in self.shift)
        #: rays[d][i]: internal indices of the playable cells met going direction d from i.
        inside = frozenset(self.cell)
        self.rays: tuple[dict[int, tuple[int, ...]], ...] = tuple(
            {i: self._ray(i, shift, inside) for i in inside} for shift in self.shift
        )

    def _index_of(self, x: int, y: int) -> int:
        return (y - self._y0 + self._pad) * self.width + (x - self._x0 + self._pad)

    @staticmethod
    def _ray(start: int, shift: int, inside: frozenset[int]) -> tuple[int, ...]:
        """Playable indices from ``start`` on, one ``shift`` at a time, up to the first
        cell that is not playable (off the board, every step lands in the padding)."""
        found: list[int] = []
        nxt = start + shift
        while nxt in inside:
            found.append(nxt)
            nxt += shift
        return tuple(found)

    def direction(self, name: str) -> int:
        return self.names.index(name)

    def mask(self, cells: frozenset[int] | set[int]) -> int:
        """Bitboard of grid ``cells``."""
        bits = 0
        for c in cells:
            bits |= 1 << self.index[c]
        return bits

    def cells_of(self, bits: int) -> list[int]:
        """Grid cells of a bitboard, in grid order."""
        found: list[int] = []
        while bits:
            low = bits & -bits
            found.append(self.cell[low.bit_length() - 1])
            bits ^= low
        return sorted(found)


def _stride(grid: Grid, playable: frozenset[int], direction: str) -> int:
    """1 if some playable cell has a playable neighbour going ``direction``; else 2 if
    some has one two steps away (a row or column of a one-colour board); else 1."""
    dx, dy = grid.directions[direction]
    for k in (1, 2):
        for c in playable:
            x, y = grid.coords(c)
            other = grid.at(x + k * dx, y + k * dy)
            if other is not None and other in playable:
                return k
    return 1
