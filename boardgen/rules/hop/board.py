"""The star as masks: each cell's steps and hops, the target points, the win.

Shared by the game (which lists moves one by one) and perft (which mostly counts
them in bulk): a step goes to a neighbouring empty cell, a hop over a neighbouring
piece, anyone's, to the empty cell just beyond it. A piece's steps and hops look
only at the cells one and two steps from it in a line, its *reach*.
"""

from __future__ import annotations

__all__ = ["HopBoard"]

from collections.abc import Sequence

from ..lattice import Lattice, bits_of
from .params import HopParams


class HopBoard:
    """One board's steps and hops, its players' target points and the win rule."""

    def __init__(self, lattice: Lattice, targets: Sequence[int], params: HopParams) -> None:
        self.full = lattice.full
        #: Per bit: (neighbour bit, landing bit or -1) in each direction.
        self.jumps: dict[int, tuple[tuple[int, int], ...]] = {}
        for b in bits_of(lattice.full):
            out = []
            for d in lattice.direction_names:
                n = lattice.step_bit(b, d)
                if n is not None:
                    land = lattice.step_bit(n, d)
                    out.append((n, -1 if land is None else land))
            self.jumps[b] = tuple(out)
        #: Per direction: (left shift, right shift, bit offset of one step).
        self.directions = tuple((left, right, left - right) for left, right in lattice.shifts.values())
        #: Per bit: the mask of its reach (itself included).
        self.reach_of = {b: self.reach(1 << b) | 1 << b for b in self.jumps}
        #: Per player: the mask of their target point.
        self.targets = tuple(targets)
        self.own_pieces_win = params.win_needs_own_pieces

    def hops(self, bit: int, occupied: int, visited: int) -> list[int]:
        """The cells a piece on ``bit`` can hop to, never back to a ``visited`` one."""
        return [
            land
            for over, land in self.jumps[bit]
            if land >= 0 and occupied >> over & 1 and not (occupied | visited) >> land & 1
        ]

    def hop_from(self, occupied: int) -> int:
        """The cells from which a piece could hop: next to a piece, with the cell beyond
        it empty, in some direction."""
        empty = self.full & ~occupied
        out = 0
        for left, right, _ in self.directions:
            out |= ((occupied << right) >> left) & ((empty << 2 * right) >> 2 * left)
        return out & self.full

    def moves_of(self, own: int, occupied: int) -> int:
        """The steps and single hops of the pieces ``own``, counted a direction at a time
        over all of them at once (a turn's first plies, the pass left out)."""
        empty = self.full & ~occupied
        count = 0
        for left, right, _ in self.directions:
            near = (own << left) >> right
            count += (near & empty).bit_count() + ((((near & occupied) << left) >> right) & empty).bit_count()
        return count

    def first_plies(self, own: int, occupied: int) -> int:
        """The moves of a turn's first ply; a blocked player has one, the pass."""
        return self.moves_of(own, occupied) or 1

    def reach(self, own: int) -> int:
        """The cells one or two steps in a line from a piece of ``own``: the only cells
        whose contents change :meth:`moves_of` for ``own``."""
        out = 0
        for left, right, _ in self.directions:
            near = ((own << left) >> right) & self.full
            out |= near | (near << left) >> right
        return out & self.full

    def won(self, own: int, occupied: int, player: int) -> bool:
        """Whether ``player``, with pieces ``own`` among ``occupied``, has filled their
        target point: with their own pieces, or (``win_needs_own_pieces`` false) with
        pieces of anyone's, one at least their own."""
        target = self.targets[player]
        if not target:
            return False
        if self.own_pieces_win:
            return own & target == target
        return occupied & target == target and bool(own & target)

    def may_win(self, own: int, occupied: int, player: int) -> bool:
        """Whether one move of ``player`` may fill their target point: it lacks at most
        one cell (a move brings one piece in)."""
        target = self.targets[player]
        held = own if self.own_pieces_win else occupied
        return bool(target) and (target & ~held).bit_count() <= 1
