"""Perft for the hop family: ply sequences counted on bare masks.

Each hop of a chain and each ``stop`` is a ply (OpenSpiel's count). The last ply is
counted, not played: a turn's first plies by :meth:`HopBoard.first_plies`, a chain's
by its hops plus the stop. Two plies from the end, at the start of a turn, the next
player's first plies are counted once and reused for every move that leaves the
cells within their reach alone (:meth:`HopBoard.reach`): only moves that touch those
cells, go on hopping or may win are looked at one by one.
"""

from __future__ import annotations

__all__ = ["HopPerft"]

from ..lattice import bits_of
from .board import HopBoard

#: The most changes :meth:`HopPerft._replies` remembers (then it starts again).
MEMO_SIZE = 1 << 17


class HopPerft:
    """Perft on one board, for ``players`` players and a turn limit (0: none)."""

    def __init__(self, board: HopBoard, players: int, turn_limit: int) -> None:
        self.board = board
        self.players = players
        self.turn_limit = turn_limit
        #: The change a move makes to the next player's number of moves, keyed by the
        #: move and the pieces within reach of its cells (see :meth:`_replies`).
        self._changes: dict[tuple[int, int, int, int], int] = {}

    def count(self, pieces: list[int], me: int, hopping: int, visited: int, turns: int, depth: int) -> int:
        """Ply sequences of ``depth`` (at least 1) from a position that is not over;
        ``hopping`` is the piece whose chain goes on (-1: a turn starts). ``pieces`` is
        changed in place and restored."""
        if hopping >= 0:
            return self._chain(pieces, me, hopping, visited, turns, depth)
        if depth == 2:
            return self._two_plies(pieces, me, turns)
        return self._turn(pieces, me, turns, depth)

    def _turn(self, pieces: list[int], me: int, turns: int, depth: int) -> int:
        """A turn's first ply and what follows, ``depth`` plies in all."""
        board = self.board
        occupied = 0
        for m in pieces:
            occupied |= m
        own = pieces[me]
        if depth == 1:
            return board.first_plies(own, occupied)
        total = 0
        moved = False
        for a in bits_of(own):
            for over, land in board.jumps[a]:
                if not occupied >> over & 1:
                    moved = True
                    pieces[me] = own ^ (1 << a) ^ (1 << over)
                    total += self._turn_over(pieces, me, turns, depth - 1)
                    pieces[me] = own
                elif land >= 0 and not occupied >> land & 1:
                    moved = True
                    total += self._hop(pieces, me, a, land, 1 << a, turns, depth - 1)
        if not moved:  # the pass
            total += self._turn_over(pieces, me, turns, depth - 1)
        return total

    def _chain(self, pieces: list[int], me: int, hopping: int, visited: int, turns: int, depth: int) -> int:
        """A chain's next ply (a further hop or the stop) and what follows."""
        occupied = 0
        for m in pieces:
            occupied |= m
        lands = self.board.hops(hopping, occupied, visited)
        if depth == 1:
            return len(lands) + 1
        total = self._turn_over(pieces, me, turns, depth - 1)
        for land in lands:
            total += self._hop(pieces, me, hopping, land, visited, turns, depth - 1)
        return total

    def _hop(
        self, pieces: list[int], me: int, a: int, land: int, visited: int, turns: int, depth: int
    ) -> int:
        """``depth`` plies below the hop a -> land: the chain goes on if it can, else the
        turn is over."""
        own = pieces[me]
        pieces[me] = own ^ (1 << a) ^ (1 << land)
        visited |= 1 << land
        occupied = 0
        for m in pieces:
            occupied |= m
        if self.board.hops(land, occupied, visited):
            total = self._chain(pieces, me, land, visited, turns, depth)
        else:
            total = self._turn_over(pieces, me, turns, depth)
        pieces[me] = own
        return total

    def _turn_over(self, pieces: list[int], me: int, turns: int, depth: int) -> int:
        """``depth`` plies once the mover's turn is over: none if they have won."""
        occupied = 0
        for m in pieces:
            occupied |= m
        if self.board.won(pieces[me], occupied, me):
            return 0
        return self._next(pieces, me, turns, depth)

    def _next(self, pieces: list[int], me: int, turns: int, depth: int) -> int:
        """``depth`` plies from the next player's turn (none past the turn limit)."""
        if self.turn_limit and turns + 1 >= self.turn_limit:
            return 0
        if depth == 0:
            return 1
        return self.count(pieces, (me + 1) % self.players, -1, 0, turns + 1, depth)

    def _two_plies(self, pieces: list[int], me: int, turns: int) -> int:
        """Two plies from the start of a turn, the mover's moves taken a direction at a
        time over all their pieces at once. A hop can go on from the cells a piece could
        hop from now (the cell it left counts as taken, so the hop back is left out); it
        is then followed by its further hops and the stop. Any other move ends the turn,
        and the next player's first plies after it are their number before it when its
        two cells are out of their reach."""
        board = self.board
        occupied = 0
        for m in pieces:
            occupied |= m
        own, theirs = pieces[me], pieces[(me + 1) % self.players]
        next_turn = not (self.turn_limit and turns + 1 >= self.turn_limit)
        may_win = board.may_win(own, occupied, me)
        before = board.moves_of(theirs, occupied)
        reach = board.reach(theirs)
        empty = board.full & ~occupied
        hop_from = board.hop_from(occupied)
        total = 0
        moved = False
        for left, right, offset in board.directions:
            near = (own << left) >> right
            steps = near & empty  # the cells stepped to
            hops = (((near & occupied) << left) >> right) & empty  # the cells hopped to
            if not steps | hops:
                continue
            moved = True
            going_on = hops & hop_from
            for b in bits_of(going_on):
                total += len(board.hops(b, occupied, 0)) + 1
            if not next_turn:
                continue
            # The moves that end the turn: steps, and hops that cannot go on.
            for ends, length in ((steps, 1), (hops ^ going_on, 2)):
                if not ends:
                    continue
                came_from = (reach << length * left) >> length * right  # cells reached from within reach
                looked_at = ends if may_win else ends & (reach | came_from)
                total += (ends ^ looked_at).bit_count() * (before or 1)
                for b in bits_of(looked_at):
                    total += self._replies(own, theirs, occupied, me, b - length * offset, b, before, may_win)
        if not moved and next_turn and not board.won(own, occupied, me):  # the pass
            total += before or 1
        return total

    def _replies(
        self, own: int, theirs: int, occupied: int, me: int, a: int, b: int, before: int, may_win: bool
    ) -> int:
        """The next player's first plies after the move a -> b that ends the mover's
        turn (none if it wins), ``before`` being their moves before it. The change the
        move makes depends only on the cells within reach of its two cells, and is
        memoised by their contents."""
        board = self.board
        after = occupied ^ (1 << a) ^ (1 << b)
        if may_win and board.won(own ^ (1 << a) ^ (1 << b), after, me):
            return 0
        window = board.reach_of[a] | board.reach_of[b]
        key = (a, b, theirs & window, occupied & window)
        change = self._changes.get(key)
        if change is None:
            if len(self._changes) >= MEMO_SIZE:
                self._changes.clear()
            close = theirs & window
            change = self._changes[key] = board.moves_of(close, after) - board.moves_of(close, occupied)
        return (before + change) or 1
