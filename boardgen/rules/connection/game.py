"""Connection games (Hex, Y, Havannah): the Engine protocol for placing stones to make a shape.

A move places a stone of the mover's colour on any empty cell (with ``swap``, the
second player's first move may instead take over the first stone). After each move
the group of the new stone is checked against the goals the switches name: joining
a player's sides (``connect``), touching every side (``connect_all_sides``), two
corners (``bridge``), three sides not counting corners (``fork``), or any of the
player's stones closing a ring (``ring``). The first goal reached wins; a full board
without a winner is a draw (Havannah; in Hex and Y it cannot happen).
"""

from __future__ import annotations

__all__ = ["SWAP", "ConnectionGame", "ConnectionPosition", "Move", "make_game"]

from collections.abc import Mapping, Sequence

from ...errors import BoardgenError, shown
from ...foundation.values import frozen
from ..base import Check, Ending, MoveView, PieceView
from ..lattice import Lattice, bits_of, nearest_directions
from ..spec import GameSpec
from ..stonetext import format_stones, parse_move_cell, parse_stones
from .goals import Goals
from .params import ConnectionParams, parse_params
from .sides import board_sides

Move = int
SWAP: Move = -2

_WHY = {
    "connect": "joined their sides",
    "all": "touched every side",
    "ring": "closed a ring",
    "bridge": "joined two corners",
    "fork": "joined three sides",
}


@frozen
class ConnectionPosition:
    """Stones per player, the mover, the winner's index and goal once decided, and the
    first stone (for the swap rule) while the second player has not yet answered it."""

    stones: tuple[int, int]
    mover: int
    winner: int = -1
    goal: str = ""
    swappable: int = -1


class ConnectionGame:
    """The connection family bound to one game's spec and params."""

    def __init__(self, spec: GameSpec, params: ConnectionParams) -> None:
        self.spec = spec
        self.params = params
        self.lattice = lattice = Lattice(spec.grid, spec.playable, nearest_directions(spec.grid))
        self.player_ids = (spec.players[0].id, spec.players[1].id)
        self.letters = (spec.players[0].letter, spec.players[1].letter)
        self.sides = {
            name: lattice.mask(cells) for name, cells in board_sides(spec.grid, lattice.cells).items()
        }
        counts: dict[int, int] = {}
        for mask in self.sides.values():
            for b in bits_of(mask):
                counts[b] = counts.get(b, 0) + 1
        #: Cells on two sides at once: the board's corners.
        self.corners = sum(1 << b for b, n in counts.items() if n >= 2)
        for pid in self.player_ids:
            names = params.connect.get(pid, ())
            unknown = [n for n in names if n not in self.sides]
            if unknown:
                raise BoardgenError(
                    f"connect names {', '.join(unknown)} for {pid}, but the board's sides are "
                    f"{', '.join(sorted(self.sides))}",
                    key=f"rules.params.connect.{pid}",
                )
        self.goals = Goals(lattice, params, self.sides, self.corners, self.player_ids)

    # -- positions -------------------------------------------------------------------

    def initial(self) -> ConnectionPosition:
        masks = [self.lattice.mask(self.spec.setup.get(pid, ())) for pid in self.player_ids]
        if masks[0] & masks[1]:
            raise BoardgenError("the setup puts stones of both players on one cell", key="setup")
        return ConnectionPosition((masks[0], masks[1]), self.player_ids.index(self.spec.first))

    def impossible(self, position: ConnectionPosition) -> str | None:
        """Why no game reaches ``position`` (None when one may): the players place one
        stone each in turn, so the first player has as many stones as the second, or
        one more when the second is to move (with the swap rule, where the second player
        may take the first stone over, one fewer as well)."""
        first = self.player_ids.index(self.spec.first)
        counts = [position.stones[0].bit_count(), position.stones[1].bit_count()]
        ahead = counts[first] - counts[1 - first]
        allowed = {0} if position.mover == first else {1}
        if self.params.swap:
            allowed |= {a - 1 for a in allowed}
        if ahead in allowed:
            return None
        a, b = self.player_ids[first], self.player_ids[1 - first]
        mover = self.player_ids[position.mover]
        return (
            f"{a} has {counts[first]} stones and {b} {counts[1 - first]}, {mover} to move: players place a "
            f"stone each in turn, {a} first"
        )

    def to_move(self, position: ConnectionPosition) -> str:
        return self.player_ids[position.mover]

    def pieces(self, position: ConnectionPosition) -> Mapping[int, PieceView]:
        return {
            self.lattice.cell(b): PieceView(pid, "stone")
            for pid, mask in zip(self.player_ids, position.stones, strict=True)
            for b in bits_of(mask)
        }

    # -- goals -----------------------------------------------------------------------

    def goal_reached(self, own: int, player: int, bit: int) -> str:
        """The goal the stone on ``bit`` completes for ``player`` ('' for none); a ring
        is looked for on the whole board (a position read from text may hold one that
        the stone on ``bit`` did not close)."""
        goals = self.goals
        touching = self.lattice.around[bit] & own
        group = self.lattice.group(1 << bit, own) if touching else 1 << bit
        goal = goals.shape_goal(goals.features(group), player)
        if goal:
            return goal
        if self.params.ring and touching.bit_count() >= 2 and goals.has_ring(own):
            return "ring"
        return ""

    # -- moves -----------------------------------------------------------------------

    def legal_moves(self, position: ConnectionPosition) -> list[Move]:
        if position.winner >= 0:
            return []
        empty = self.lattice.full & ~(position.stones[0] | position.stones[1])
        moves = self.lattice.cells_of(empty)
        return [*moves, SWAP] if position.swappable >= 0 else moves

    def play(self, position: ConnectionPosition, move: Move) -> ConnectionPosition:
        if move not in self.legal_moves(position):
            shown = "swap" if move == SWAP else str(move)
            if move != SWAP and 0 <= move < self.spec.grid.size:
                shown = self.spec.grid.name(move)
            raise BoardgenError(f"illegal move {shown} in {self.position_text(position)}")
        if move == SWAP:
            bit = position.swappable
            return self._place(position, bit, take_over=True)
        return self._place(position, self.lattice.bit(move))

    def _place(self, position: ConnectionPosition, bit: int, take_over: bool = False) -> ConnectionPosition:
        me = position.mover
        stones = list(position.stones)
        if take_over:
            stones[1 - me] &= ~(1 << bit)
        stones[me] |= 1 << bit
        goal = self.goal_reached(stones[me], me, bit)
        first = not (position.stones[0] | position.stones[1])
        swappable = bit if self.params.swap and first and not take_over else -1
        return ConnectionPosition((stones[0], stones[1]), 1 - me, me if goal else -1, goal, swappable)

    def perft(self, position: ConnectionPosition, depth: int, distinct: bool = False) -> int:
        """Move sequences of ``depth`` plies; a won game has no moves."""
        if depth == 0:
            return 1
        if position.winner >= 0:
            return 0
        me = position.mover
        own, other = position.stones[me], position.stones[1 - me]
        if depth == 1:
            return (self.lattice.full & ~(own | other)).bit_count() + (position.swappable >= 0)
        if self.params.ring and (self.goals.has_ring(own) or self.goals.has_ring(other)):
            return self._perft_by_play(position, depth)  # a ring in the setup
        return self._perft(own, other, me, position.swappable, depth)

    def _perft(self, own: int, other: int, me: int, swappable: int, depth: int) -> int:
        """Perft on bare masks (``own``: the mover's stones; ``depth`` at least 2): the
        moves that win at once end the game, every other one is followed."""
        empty = self.lattice.full & ~(own | other)
        free = empty & ~self.goals.winning_cells(own, empty, me)
        first = self.params.swap and not (own | other)  # the reply may take it over
        if depth == 2:
            total = free.bit_count() * (empty.bit_count() - 1 + first)
        else:
            total = sum(
                self._perft(other, own | 1 << b, 1 - me, b if first else -1, depth - 1) for b in bits_of(free)
            )
        if swappable >= 0:
            taken = 1 << swappable
            if not self.goal_reached(own | taken, me, swappable):
                if depth == 2:
                    total += empty.bit_count()
                else:
                    total += self._perft(other & ~taken, own | taken, 1 - me, -1, depth - 1)
        return total

    def _perft_by_play(self, position: ConnectionPosition, depth: int) -> int:
        """Perft move by move, each goal checked on the whole board: for a setup that
        already holds a ring, which :meth:`Goals.winning_cells` assumes away."""
        if depth == 0:
            return 1
        return sum(self._perft_by_play(self.play(position, m), depth - 1) for m in self.legal_moves(position))

    # -- the end -----------------------------------------------------------------------

    def outcome(self, position: ConnectionPosition) -> str | None:
        ending = self.ending(position)
        return None if ending is None else ending.result

    def ending(self, position: ConnectionPosition) -> Ending | None:
        if position.winner >= 0:
            pid = self.player_ids[position.winner]
            return Ending(pid, f"{pid} {_WHY[position.goal]}")
        if not self.lattice.full & ~(position.stones[0] | position.stones[1]):
            return Ending("draw", "the board is full and no one has made a winning shape")
        return None

    # -- text --------------------------------------------------------------------------

    def move_text(self, position: ConnectionPosition, move: Move) -> str:
        return "swap" if move == SWAP else self.spec.grid.name(move)

    def parse_move(self, position: ConnectionPosition, text: str) -> Move:
        what = f"move {shown(text)}"
        move = SWAP if text.strip().lower() == "swap" else parse_move_cell(self.lattice, text, what)
        if move not in self.legal_moves(position):
            if move == SWAP:
                raise BoardgenError(f"{what}: a swap is only the second player's first move, with swap: true")
            raise BoardgenError(f"{what}: the cell is taken or the game is over")
        return move

    def view(self, move: Move) -> MoveView:
        return MoveView(path=(), placed=() if move == SWAP else (move,))

    def position_text(self, position: ConnectionPosition) -> str:
        return format_stones(self.lattice, self.letters, position.stones, position.mover)

    def parse_position(self, text: str) -> ConnectionPosition:
        """A position from its text; the winner is worked out from the stones."""
        masks, mover, _ = parse_stones(self.lattice, self.letters, text)
        stones = (masks[0], masks[1])
        position = ConnectionPosition(stones, mover)
        for player in (0, 1):
            for bit in bits_of(stones[player]):
                goal = self.goal_reached(stones[player], player, bit)
                if goal:
                    return ConnectionPosition(stones, mover, player, goal)
        return position

    # -- validation ------------------------------------------------------------------

    def family_checks(self) -> Sequence[Check]:
        sides = ", ".join(f"{n} ({m.bit_count()} cells)" for n, m in sorted(self.sides.items()))
        return [Check("connection.sides", True, f"the board's sides: {sides}")]


def make_game(spec: GameSpec) -> ConnectionGame:
    """The connection game for ``spec``; bad params raise BoardgenError (rules.params.<name>)."""
    return ConnectionGame(spec, parse_params(spec.params))
