"""Race games (Breakthrough): the Engine protocol for men that step forward and capture.

A man steps one cell forward, straight or diagonally (the grid's directions that
lead towards the far row: north, north-east and north-west for the south player on a
square board). A step onto an empty cell is always allowed; onto an enemy man it
captures it, diagonally only unless ``capture_straight`` is on. A player wins when one
of their men reaches the far row, or when the opponent has no man left; a player who
cannot move loses (``no_move_loses``) or draws.
"""

from __future__ import annotations

__all__ = ["Move", "RaceGame", "RacePosition", "make_game"]

from collections.abc import Mapping, Sequence

from ...errors import BoardgenError, shown
from ...foundation.values import frozen
from ..base import Check, Ending, MoveView, PieceView
from ..lattice import Lattice, bits_of
from ..spec import GameSpec
from ..stonetext import format_stones, parse_move_cell, parse_stones
from .params import RaceParams, parse_params

#: A move: the cell a man leaves and the cell it reaches.
Move = tuple[int, int]


@frozen
class RacePosition:
    """A race position: each player's men (a bitboard per player number) and who moves."""

    men: tuple[int, int]
    mover: int


class RaceGame:
    """The race family bound to one game's spec and params."""

    def __init__(self, spec: GameSpec, params: RaceParams) -> None:
        self.spec = spec
        self.params = params
        grid = spec.grid
        self.lattice = lattice = Lattice(grid, spec.playable)
        self.player_ids = (spec.players[0].id, spec.players[1].id)
        self.letters = (spec.players[0].letter, spec.players[1].letter)
        #: Per player: (straight shifts, diagonal shifts) towards their far row.
        self.steps: list[tuple[list[tuple[int, int]], list[tuple[int, int]]]] = []
        #: Per player: mask of their far row.
        self.goals: list[int] = []
        for player in spec.players:
            side = player.side or "south"
            sign = 1 if side == "south" else -1
            straight: list[tuple[int, int]] = []
            diagonal: list[tuple[int, int]] = []
            for name, (dx, dy) in grid.directions.items():
                if dy * sign > 0:
                    (straight if dx == 0 else diagonal).append(lattice.shifts[name])
            self.steps.append((straight, diagonal))
            far = grid.row_count
            self.goals.append(lattice.mask(c for c in lattice.cells if grid.row_from(c, side) == far))
        self._kind_table = (self._make_kinds(0), self._make_kinds(1))

    # -- positions -------------------------------------------------------------------

    def initial(self) -> RacePosition:
        masks = [self.lattice.mask(self.spec.setup.get(pid, ())) for pid in self.player_ids]
        if masks[0] & masks[1]:
            raise BoardgenError("the setup puts men of both players on one cell", key="setup")
        return RacePosition((masks[0], masks[1]), self.player_ids.index(self.spec.first))

    def to_move(self, position: RacePosition) -> str:
        return self.player_ids[position.mover]

    def pieces(self, position: RacePosition) -> Mapping[int, PieceView]:
        return {
            self.lattice.cell(b): PieceView(pid, "man")
            for pid, mask in zip(self.player_ids, position.men, strict=True)
            for b in bits_of(mask)
        }

    # -- moves -------------------------------------------------------------------------

    def _kinds(self, me: int) -> tuple[tuple[int, int, bool], ...]:
        """(left shift, right shift, may capture) for each forward step of player ``me``."""
        return self._kind_table[me]

    def _make_kinds(self, me: int) -> tuple[tuple[int, int, bool], ...]:
        straight, diagonal = self.steps[me]
        p = self.params
        return tuple(
            [(lt, rt, p.capture_straight) for lt, rt in straight]
            + [(lt, rt, p.capture_diagonal) for lt, rt in diagonal]
        )

    def _moves(self, own: int, opp: int, me: int) -> list[tuple[int, int]]:
        """(from bit, to bit) of every legal step."""
        full = self.lattice.full
        empty = full & ~(own | opp)
        out: list[tuple[int, int]] = []
        for left, right, captures in self._kinds(me):
            reach = ((own << left) >> right) & (empty | opp if captures else empty)
            for b in bits_of(reach):
                out.append((b - left + right, b))
        return out

    def _count(self, own: int, opp: int, me: int) -> int:
        empty = self.lattice.full & ~(own | opp)
        count = 0
        for left, right, captures in self._kind_table[me]:
            count += (((own << left) >> right) & (empty | opp if captures else empty)).bit_count()
        return count

    def _won(self, position: RacePosition) -> int | None:
        """The index of the player who has won, if one has."""
        for i in (0, 1):
            if position.men[i] & self.goals[i] or not position.men[1 - i]:
                return i
        return None

    def legal_moves(self, position: RacePosition) -> list[Move]:
        if self._won(position) is not None:
            return []
        me = position.mover
        cell = self.lattice.cell
        moves = self._moves(position.men[me], position.men[1 - me], me)
        return sorted(((cell(a), cell(b)) for a, b in moves), key=self._order)

    def _order(self, move: Move) -> tuple[int, int, int, int]:
        (ax, ay), (bx, by) = self.spec.grid.coords(move[0]), self.spec.grid.coords(move[1])
        return ax, ay, bx, by

    def play(self, position: RacePosition, move: Move) -> RacePosition:
        if move not in self.legal_moves(position):
            raise BoardgenError(f"illegal move {self._text(move)} in {self.position_text(position)}")
        lattice = self.lattice
        return self._after(position, lattice.bit(move[0]), lattice.bit(move[1]))

    @staticmethod
    def _after(position: RacePosition, a: int, b: int) -> RacePosition:
        me = position.mover
        own = position.men[me] & ~(1 << a) | 1 << b
        opp = position.men[1 - me] & ~(1 << b)
        return RacePosition((own, opp) if me == 0 else (opp, own), 1 - me)

    def perft(self, position: RacePosition, depth: int, distinct: bool = False) -> int:
        """Move sequences of ``depth`` plies; a finished game has no moves. ``distinct``
        changes nothing: two different steps never give the same position."""
        if depth == 0:
            return 1
        if self._won(position) is not None:
            return 0
        me = position.mover
        return self._perft(position.men[me], position.men[1 - me], me, depth)

    def _perft(self, own: int, opp: int, me: int, depth: int) -> int:
        if depth == 1:
            return self._count(own, opp, me)
        goal = self.goals[me]
        total = 0
        count = self._count if depth == 2 else None
        for a, b in self._moves(own, opp, me):
            reached = 1 << b
            after = opp & ~reached
            if reached & goal or not after:
                continue  # the game is over: no moves below
            moved = own ^ (1 << a) ^ reached
            if count is not None:
                total += count(after, moved, 1 - me)
            else:
                total += self._perft(after, moved, 1 - me, depth - 1)
        return total

    # -- the end -----------------------------------------------------------------------

    def outcome(self, position: RacePosition) -> str | None:
        ending = self.ending(position)
        return None if ending is None else ending.result

    def ending(self, position: RacePosition) -> Ending | None:
        won = self._won(position)
        if won is not None:
            why = "reached the far row" if position.men[won] & self.goals[won] else "took every enemy man"
            return Ending(self.player_ids[won], f"{self.player_ids[won]} {why}")
        me = position.mover
        if self._count(position.men[me], position.men[1 - me], me):
            return None
        if self.params.no_move_loses:
            return Ending(self.player_ids[1 - me], f"{self.player_ids[me]} has no legal move")
        return Ending("draw", f"{self.player_ids[me]} has no legal move")

    # -- text --------------------------------------------------------------------------

    def _text(self, move: Move) -> str:
        name = self.spec.grid.name
        return f"{name(move[0])}-{name(move[1])}"

    def move_text(self, position: RacePosition, move: Move) -> str:
        name = self.spec.grid.name
        taken = position.men[1 - position.mover] >> self.lattice.bit(move[1]) & 1
        return f"{name(move[0])}{'x' if taken else '-'}{name(move[1])}"

    def parse_move(self, position: RacePosition, text: str) -> Move:
        what = f"move {shown(text)}"
        parts = text.strip().lower().replace("x", "-").split("-")
        if len(parts) != 2:
            raise BoardgenError(f"{what}: write the cell left and the cell reached, e.g. 'b2-b3' or 'c4xd5'")
        move = (parse_move_cell(self.lattice, parts[0], what), parse_move_cell(self.lattice, parts[1], what))
        legal = self.legal_moves(position)
        if move not in legal:
            listed = ", ".join(self.move_text(position, m) for m in legal[:12]) or "none: the game is over"
            raise BoardgenError(f"{what} is not legal here; legal moves include: {listed}")
        return move

    def view(self, move: Move) -> MoveView:
        return MoveView(path=move)

    def position_text(self, position: RacePosition) -> str:
        return format_stones(self.lattice, self.letters, position.men, position.mover)

    def parse_position(self, text: str) -> RacePosition:
        masks, mover, _ = parse_stones(self.lattice, self.letters, text)
        return RacePosition((masks[0], masks[1]), mover)

    # -- validation ------------------------------------------------------------------

    def family_checks(self) -> Sequence[Check]:
        try:
            start = self.initial()
        except BoardgenError as exc:
            return [Check("race.start", False, exc.message, ("setup",))]
        for i, pid in enumerate(self.player_ids):
            if start.men[i] & self.goals[i]:
                return [
                    Check("race.start", False, f"{pid} starts on the far row: the game is over", ("setup",))
                ]
        if self.ending(start) is not None:
            return [Check("race.start", False, f"{self.to_move(start)} has no move at the start", ("setup",))]
        moves = len(self.legal_moves(start))
        return [Check("race.start", True, f"{self.to_move(start)} opens with {moves} moves")]


def make_game(spec: GameSpec) -> RaceGame:
    """The race game for ``spec``; bad params raise BoardgenError (rules.params.<name>)."""
    return RaceGame(spec, parse_params(spec.params))
