"""Cells as bits of one Python integer, with a shift for every direction of the grid.

The stone-placing and piece-moving families (reversi, go, connection, race, lines of
action, hop) only ever ask three things of a board: which cells there are, which cell
lies one step in a named direction, and which cells form a set. A :class:`Lattice`
answers all three for any :class:`~boardgen.geometry.Grid` whose directions are
coordinate steps (square, hexhex and the other tilings), by laying the cells out
row by row in a padded rectangle: a step in direction ``(dx, dy)`` is then a shift by
``dy * stride + dx`` followed by a mask, as in chess bitboards. The padding column
keeps a step off the east edge from wrapping onto the next row; the mask drops
everything off the board, so the same code works on a rhombus, a triangle or a star.

Bits are lattice positions, not cell numbers: :meth:`Lattice.bit` and
:meth:`Lattice.cell` convert at the edges of an engine.
"""

from __future__ import annotations

__all__ = ["Lattice", "bits_of", "nearest_directions"]

from collections.abc import Iterable, Iterator, Sequence

from ..geometry import Grid, SquareGrid


def bits_of(mask: int) -> Iterator[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def nearest_directions(grid: Grid) -> tuple[str, ...]:
    """The grid's directions whose step is shortest: the four orthogonal ones on a
    square board (where Go stones touch), all six on a hex board. A square board's
    rows printed further apart than its columns (Go's 23.7 by 22 mm) are still one
    step apart: the row pitch is taken out, or only the east-west steps would touch."""
    stretch = grid.aspect if isinstance(grid, SquareGrid) else 1.0
    lengths: dict[str, float] = {}
    for name, (dx, dy) in grid.directions.items():
        for cell in grid.cells():
            x, y = grid.coords(cell)
            other = grid.at(x + dx, y + dy)
            if other is not None:
                (ax, ay), (bx, by) = grid.centre(cell), grid.centre(other)
                lengths[name] = round(((ax - bx) ** 2 + ((ay - by) / stretch) ** 2) ** 0.5, 6)
                break
    shortest = min(lengths.values())
    return tuple(name for name, length in lengths.items() if length == shortest)


class Lattice:
    """The cells of ``grid`` (those in ``cells``) as bits, and one shift per direction."""

    def __init__(self, grid: Grid, cells: Iterable[int], directions: Sequence[str] | None = None) -> None:
        self.grid = grid
        self.cells: tuple[int, ...] = tuple(sorted(cells))
        xs = [grid.coords(c)[0] for c in self.cells]
        ys = [grid.coords(c)[1] for c in self.cells]
        self.x0, self.y0 = min(xs), min(ys)
        self.width = max(xs) - self.x0 + 1
        self.height = max(ys) - self.y0 + 1
        #: Row length in bits, one more than the widest row: the padding column.
        self.stride = self.width + 1
        self._bit = {c: self._place(*grid.coords(c)) for c in self.cells}
        self._cell = {b: c for c, b in self._bit.items()}
        #: Mask of every cell of the board.
        self.full = sum(1 << b for b in self._bit.values())
        self.direction_names: tuple[str, ...] = tuple(directions or grid.directions)
        #: Per direction: (left shift, right shift), one of them 0.
        self.shifts: dict[str, tuple[int, int]] = {}
        for name in self.direction_names:
            dx, dy = grid.directions[name]
            offset = dy * self.stride + dx
            self.shifts[name] = (offset, 0) if offset >= 0 else (0, -offset)
        #: Neighbours of each bit (as bits), in direction order.
        self.neighbours: dict[int, tuple[int, ...]] = {
            b: tuple(n for d in self.direction_names if (n := self.step_bit(b, d)) is not None)
            for b in self._cell
        }
        #: Mask of the neighbours of each bit.
        self.around: dict[int, int] = {b: sum(1 << n for n in ns) for b, ns in self.neighbours.items()}

    def _place(self, x: int, y: int) -> int:
        return (y - self.y0) * self.stride + (x - self.x0)

    # -- conversions -------------------------------------------------------------------

    def bit(self, cell: int) -> int:
        """The bit position of ``cell``."""
        return self._bit[cell]

    def cell(self, bit: int) -> int:
        """The cell at bit position ``bit``."""
        return self._cell[bit]

    def has_cell(self, cell: int) -> bool:
        return cell in self._bit

    def mask(self, cells: Iterable[int]) -> int:
        """The mask of a set of cells."""
        return sum(1 << self._bit[c] for c in set(cells))

    def cells_of(self, mask: int) -> list[int]:
        """The cells of ``mask``, in cell order."""
        return sorted(self._cell[b] for b in bits_of(mask))

    # -- steps -------------------------------------------------------------------------

    def shift(self, mask: int, direction: str) -> int:
        """Every cell of ``mask`` moved one step in ``direction``; steps off the board vanish."""
        left, right = self.shifts[direction]
        return ((mask << left) >> right) & self.full

    def step_bit(self, bit: int, direction: str) -> int | None:
        """The bit one step from ``bit`` in ``direction``, or None off the board."""
        moved = self.shift(1 << bit, direction)
        return moved.bit_length() - 1 if moved else None

    def ray(self, bit: int, direction: str) -> tuple[int, ...]:
        """The bits met walking from ``bit`` (excluded) in ``direction`` to the edge."""
        out: list[int] = []
        here = self.step_bit(bit, direction)
        while here is not None:
            out.append(here)
            here = self.step_bit(here, direction)
        return tuple(out)

    def touch(self, mask: int) -> int:
        """The cells one step from some cell of ``mask`` (cells of ``mask`` included when
        they neighbour another one)."""
        out = 0
        for left, right in self.shifts.values():
            out |= (mask << left) >> right
        return out & self.full

    def dilate(self, mask: int) -> int:
        """The cells one step from some cell of ``mask`` (``mask`` itself not included)."""
        full = self.full
        out = 0
        for left, right in self.shifts.values():
            out |= (mask << left) >> right
        return out & full & ~mask

    def group(self, seed: int, within: int) -> int:
        """The cells of ``within`` connected to ``seed`` (a mask inside ``within``), by
        repeated dilation: a few big-integer operations per step of the group's width."""
        group = seed & within
        while True:
            grown = (group | self.dilate(group)) & within
            if grown == group:
                return group
            group = grown

    def spread(self, seed: int, within: int) -> int:
        """The cells of ``within`` connected to ``seed`` (a mask inside ``within``)."""
        group = seed & within
        frontier = group
        around = self.around
        while frontier:
            grown = 0
            for b in bits_of(frontier):
                grown |= around[b]
            frontier = grown & within & ~group
            group |= frontier
        return group
