"""Reversi (Othello): the Engine protocol for placing discs that flip bracketed lines.

A move puts a disc of the mover's colour on an empty cell so that, in at least one
direction of the grid, an unbroken line of the opponent's discs runs from it to one
of the mover's discs; every such line turns over. A player who cannot move passes
(the pass is a move: perft counts it, as the published Othello figures do); the
game ends when neither player can move, and the player with more discs wins (equal
counts draw). On a square grid the directions are the eight of chess; on a hex grid,
the six of the tiling: the rules never look at the board's shape.
"""

from __future__ import annotations

__all__ = ["PASS", "Move", "ReversiGame", "ReversiPosition", "make_game"]

from collections.abc import Mapping, Sequence

from ...errors import BoardgenError, shown
from ...foundation.values import frozen
from ..base import Check, Ending, MoveView, PieceView
from ..lattice import Lattice, bits_of
from ..spec import GameSpec
from ..stonetext import format_stones, parse_move_cell, parse_stones
from .params import ReversiParams, parse_params

#: A move is the cell the disc goes on, or PASS.
Move = int
PASS: Move = -1


@frozen
class ReversiPosition:
    """Each player's discs as lattice masks (descriptor order) and whose turn it is."""

    discs: tuple[int, int]
    mover: int


class ReversiGame:
    """The reversi family bound to one game's spec and params."""

    def __init__(self, spec: GameSpec, params: ReversiParams) -> None:
        self.spec = spec
        self.params = params
        self.lattice = lattice = Lattice(spec.grid, spec.playable)
        self.player_ids = (spec.players[0].id, spec.players[1].id)
        self.letters = (spec.players[0].letter, spec.players[1].letter)
        self._shifts = tuple(lattice.shifts.values())
        #: Longest run of opponent discs a line can hold: what the fill loop needs.
        self._runs = max(lattice.width, lattice.height) - 2
        #: Per bit: the rays out of it, each a tuple of single-bit masks.
        self._rays = {
            b: tuple(
                r for d in lattice.direction_names if len(r := tuple(1 << x for x in lattice.ray(b, d))) > 1
            )
            for b in bits_of(lattice.full)
        }

    # -- positions -----------------------------------------------------------------

    def initial(self) -> ReversiPosition:
        masks = [self.lattice.mask(self.spec.setup.get(pid, ())) for pid in self.player_ids]
        if masks[0] & masks[1]:
            raise BoardgenError("the setup puts discs of both players on one cell", key="setup")
        return ReversiPosition((masks[0], masks[1]), self.player_ids.index(self.spec.first))

    def to_move(self, position: ReversiPosition) -> str:
        return self.player_ids[position.mover]

    def pieces(self, position: ReversiPosition) -> Mapping[int, PieceView]:
        return {
            self.lattice.cell(b): PieceView(pid, "stone")
            for pid, mask in zip(self.player_ids, position.discs, strict=True)
            for b in bits_of(mask)
        }

    # -- moves ----------------------------------------------------------------------

    def targets(self, own: int, opp: int) -> int:
        """Mask of the empty cells where a disc of ``own`` flips something."""
        empty = self.lattice.full & ~(own | opp)
        full = self.lattice.full
        runs = self._runs
        found = 0
        for left, right in self._shifts:
            line = ((own << left) >> right) & opp
            for _ in range(runs):
                grown = line | (((line << left) >> right) & opp)
                if grown == line:
                    break
                line = grown
            found |= ((line << left) >> right) & full
        return found & empty

    def flips(self, bit: int, own: int, opp: int) -> int:
        """The discs a disc placed on ``bit`` turns over."""
        turned = 0
        for ray in self._rays[bit]:
            run = 0
            for step in ray:
                if step & opp:
                    run |= step
                    continue
                if step & own:
                    turned |= run
                break
        return turned

    def _sides(self, position: ReversiPosition) -> tuple[int, int]:
        me = position.mover
        return position.discs[me], position.discs[1 - me]

    def legal_moves(self, position: ReversiPosition) -> list[Move]:
        own, opp = self._sides(position)
        found = self.targets(own, opp)
        if found:
            return self.lattice.cells_of(found)
        return [PASS] if self.targets(opp, own) else []

    def play(self, position: ReversiPosition, move: Move) -> ReversiPosition:
        own, opp = self._sides(position)
        if move == PASS:
            if self.targets(own, opp) or not self.targets(opp, own):
                raise BoardgenError(f"illegal pass in {self.position_text(position)}: the mover has a move")
            return ReversiPosition(position.discs, 1 - position.mover)
        if not self.lattice.has_cell(move):
            raise BoardgenError(f"illegal move: cell {move} is not on the board")
        bit = self.lattice.bit(move)
        turned = self.flips(bit, own, opp) if not (own | opp) >> bit & 1 else 0
        if not turned:
            name = self.spec.grid.name(move)
            raise BoardgenError(f"illegal move {name} in {self.position_text(position)}: it flips no disc")
        return self._after(position, own | turned | 1 << bit, opp & ~turned)

    @staticmethod
    def _after(position: ReversiPosition, own: int, opp: int) -> ReversiPosition:
        me = position.mover
        return ReversiPosition((own, opp) if me == 0 else (opp, own), 1 - me)

    def perft(self, position: ReversiPosition, depth: int, distinct: bool = False) -> int:
        """Move sequences of ``depth`` plies (passes count as plies; the last ply is counted,
        not played). ``distinct`` changes nothing: different moves give different positions."""
        own, opp = self._sides(position)
        return self._perft(own, opp, depth)

    def _perft(self, own: int, opp: int, depth: int) -> int:
        if depth == 0:
            return 1
        found = self.targets(own, opp)
        if not found:
            if not self.targets(opp, own):
                return 0
            return 1 if depth == 1 else self._perft(opp, own, depth - 1)
        if depth == 1:
            return found.bit_count()
        total = 0
        flips = self.flips
        while found:
            low = found & -found
            found ^= low
            turned = flips(low.bit_length() - 1, own, opp)
            total += self._perft(opp & ~turned, own | turned | low, depth - 1)
        return total

    # -- the end ----------------------------------------------------------------------

    def counts(self, position: ReversiPosition) -> tuple[int, int]:
        """Each player's disc count, with the empty cells given to the winner when the
        ``empty_cells_to_winner`` switch is on and the game is over."""
        a, b = (m.bit_count() for m in position.discs)
        if self.params.empty_cells_to_winner and a != b and self.is_over(position):
            empty = self.lattice.full.bit_count() - a - b
            return (a + empty, b) if a > b else (a, b + empty)
        return a, b

    def score(self, position: ReversiPosition) -> Mapping[str, int]:
        return dict(zip(self.player_ids, self.counts(position), strict=True))

    def is_over(self, position: ReversiPosition) -> bool:
        own, opp = self._sides(position)
        return not self.targets(own, opp) and not self.targets(opp, own)

    def outcome(self, position: ReversiPosition) -> str | None:
        if not self.is_over(position):
            return None
        a, b = (m.bit_count() for m in position.discs)
        return "draw" if a == b else self.player_ids[0 if a > b else 1]

    def ending(self, position: ReversiPosition) -> Ending | None:
        result = self.outcome(position)
        if result is None:
            return None
        a, b = self.counts(position)
        return Ending(
            result, f"neither player can move; discs {self.player_ids[0]} {a}, {self.player_ids[1]} {b}"
        )

    # -- text --------------------------------------------------------------------------

    def move_text(self, position: ReversiPosition, move: Move) -> str:
        return "pass" if move == PASS else self.spec.grid.name(move)

    def parse_move(self, position: ReversiPosition, text: str) -> Move:
        what = f"move {shown(text)}"
        move = PASS if text.strip().lower() == "pass" else parse_move_cell(self.lattice, text, what)
        legal = self.legal_moves(position)
        if move not in legal:
            listed = ", ".join(self.move_text(position, m) for m in legal) or "none: the game is over"
            raise BoardgenError(f"{what} is not legal here; legal moves: {listed}")
        return move

    def view(self, move: Move) -> MoveView:
        return MoveView(path=(), placed=() if move == PASS else (move,))

    def position_text(self, position: ReversiPosition) -> str:
        return format_stones(self.lattice, self.letters, position.discs, position.mover)

    def parse_position(self, text: str) -> ReversiPosition:
        masks, mover, _ = parse_stones(self.lattice, self.letters, text)
        return ReversiPosition((masks[0], masks[1]), mover)

    # -- validation ------------------------------------------------------------------

    def family_checks(self) -> Sequence[Check]:
        try:
            start = self.initial()
        except BoardgenError as exc:
            return [Check("reversi.start", False, exc.message, ("setup",))]
        moves = self.legal_moves(start)
        if not moves or moves == [PASS]:
            return [Check("reversi.start", False, "the first player has no disc to place", ("setup",))]
        names = ", ".join(self.move_text(start, m) for m in moves)
        return [Check("reversi.start", True, f"{self.to_move(start)} opens with {len(moves)} moves: {names}")]


def make_game(spec: GameSpec) -> ReversiGame:
    """The reversi game for ``spec``; bad params raise BoardgenError (rules.params.<name>)."""
    return ReversiGame(spec, parse_params(spec.params))
