"""The moves of Lines of Action, found line by line.

A piece moves along a line (a direction and its opposite) exactly as many cells as
there are pieces on that line, so the moves along a line depend on that line's
pieces alone. :class:`LineMoves` keeps memos keyed by the pattern of pieces on a line
(a line of 8 has at most 3^8): per line, the moves the pattern allows, and, shared
by the lines that are translates of one another (every row, every column, the
diagonals of one direction and length), their number, the pattern then written from
the line's first cell. A player's moves, or their number, are one look-up per line.
After a move only the lines through its two cells change, so the number of replies
to it is the opponent's number before, corrected on those few lines
(:meth:`LineMoves.count_after`, what perft counts its last ply with).
"""

from __future__ import annotations

__all__ = ["LineMoves"]

from collections.abc import Sequence

from ..lattice import Lattice, bits_of

#: A move: the bit a piece leaves and the bit it reaches.
Step = tuple[int, int]
#: A line's mask, its first bit, and the memo of move numbers it shares with its translates.
Counted = tuple[int, int, dict[tuple[int, int], int]]


class LineMoves:
    """The lines of one board and the moves along them."""

    def __init__(self, lattice: Lattice) -> None:
        self.lattice = lattice
        #: Per bit and per line through it (keyed by the line's mask): by the number k of
        #: pieces on the line, the moves k cells along either way as (target bit, target
        #: mask, mask of the cells jumped).
        self._walks: dict[int, dict[int, list[list[tuple[int, int, int]]]]] = {}
        for b in bits_of(lattice.full):
            self._walks[b] = {}
            for ways in self._axes():
                self._walk(b, ways)
        #: Every line of the board.
        self.lines: tuple[int, ...] = tuple(
            sorted({line for walks in self._walks.values() for line in walks})
        )
        #: Per line: the moves of each pattern of pieces on it (the movers', the others').
        self._moves: list[dict[tuple[int, int], tuple[Step, ...]]] = [{} for _ in self.lines]
        shared: dict[int, dict[tuple[int, int], int]] = {}
        self._counted: tuple[Counted, ...] = tuple(
            (line, first, shared.setdefault(line >> first, {}))
            for line in self.lines
            for first in [(line & -line).bit_length() - 1]
        )
        index = {line: i for i, line in enumerate(self.lines)}
        #: Per bit: the indexes of the lines through it.
        self._through: dict[int, tuple[int, ...]] = {
            b: tuple(index[line] for line in walks) for b, walks in self._walks.items()
        }
        #: Per move: the lines through either of its cells, as (index, *Counted).
        self._changed: dict[Step, tuple[tuple[int, int, int, dict[tuple[int, int], int]], ...]] = {}

    def _axes(self) -> list[tuple[str, ...]]:
        """The lines' directions: each direction with its opposite, when the grid has it."""
        directions = self.lattice.grid.directions
        axes: list[tuple[str, ...]] = []
        for d in self.lattice.direction_names:
            if any(d in axis for axis in axes):
                continue
            dx, dy = directions[d]
            back = [e for e in self.lattice.direction_names if directions[e] == (-dx, -dy)]
            axes.append((d, *back[:1]))
        return axes

    def _walk(self, bit: int, ways: tuple[str, ...]) -> None:
        lattice = self.lattice
        line = 1 << bit
        by_count: list[list[tuple[int, int, int]]] = [[] for _ in range(lattice.width + lattice.height + 2)]
        for way in ways:
            jumped = 0
            for k, x in enumerate(lattice.ray(bit, way), start=1):
                line |= 1 << x
                by_count[k].append((x, 1 << x, jumped))
                jumped |= 1 << x
        self._walks[bit][line] = by_count

    def _find(self, line: int, own: int, opp: int) -> tuple[Step, ...]:
        """The moves of ``own`` along ``line`` (pieces off the line do not matter): as
        far as the line is full, over no piece of ``opp``, onto no piece of ``own``."""
        k = (own | opp).bit_count()
        walks = self._walks
        out = []
        left = own
        while left:
            low = left & -left
            left ^= low
            b = low.bit_length() - 1
            for target, mask, jumped in walks[b][line][k]:
                if not mask & own and not jumped & opp:
                    out.append((b, target))
        return tuple(out)

    # -- listing and counting ----------------------------------------------------------

    def steps(self, own: int, opp: int) -> list[Step]:
        """(from bit, to bit) of every legal move of ``own``, line by line."""
        out: list[Step] = []
        for line, memo in zip(self.lines, self._moves, strict=True):
            mine = own & line
            if mine:
                key = (mine, opp & line)
                found = memo.get(key)
                if found is None:
                    found = memo[key] = self._find(line, *key)
                out += found
        return out

    def per_line(self, own: int, opp: int) -> list[int]:
        """The number of moves of ``own`` along each line; their sum is its number of moves."""
        out: list[int] = []
        for line, first, memo in self._counted:
            mine = own & line
            if mine:
                theirs = opp & line
                key = (mine >> first, theirs >> first)
                found = memo.get(key)
                if found is None:
                    found = memo[key] = len(self._find(line, mine, theirs))
                out.append(found)
            else:
                out.append(0)
        return out

    def count(self, own: int, opp: int) -> int:
        """The number of moves :meth:`steps` lists."""
        return sum(self.per_line(own, opp))

    def count_after(self, before: Sequence[int], total: int, own: int, opp: int, move: Step) -> int:
        """The number of moves of ``own`` against ``opp`` when only the two cells of
        ``move`` have changed since ``own`` had ``total`` moves, ``before`` of them per
        line: the lines through neither cell allow what they did."""
        changed = self._changed.get(move)
        if changed is None:
            a, b = move
            indexes = dict.fromkeys(self._through[a] + self._through[b])
            changed = self._changed[move] = tuple((i, *self._counted[i]) for i in indexes)
        for index, line, first, memo in changed:
            mine = own & line
            if mine:
                theirs = opp & line
                key = (mine >> first, theirs >> first)
                found = memo.get(key)
                if found is None:
                    found = memo[key] = len(self._find(line, mine, theirs))
                total += found - before[index]
            else:
                total -= before[index]
        return total
