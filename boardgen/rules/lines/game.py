"""Lines of Action: the Engine protocol for pieces that move as far as their line is full.

A piece moves in a straight line (any direction of the grid) exactly as many cells
as there are pieces, of either colour, on the whole line it moves along. It may jump
its own pieces but not the opponent's, and may end on an enemy piece, which is
taken, but not on its own. A player whose pieces form one group (touching in any
direction of the grid) wins; a lone piece is a group. When a move connects both
players at once, ``both_connected`` decides.
"""

from __future__ import annotations

__all__ = ["LinesGame", "LinesPosition", "Move", "make_game"]

from collections.abc import Mapping, Sequence
from dataclasses import field

from ...errors import BoardgenError, shown
from ...foundation.values import frozen
from ..base import Check, Ending, MoveView, PieceView
from ..lattice import Lattice, bits_of
from ..spec import GameSpec
from ..stonetext import format_stones, parse_move_cell, parse_stones
from .moves import LineMoves
from .params import LinesParams, parse_params

#: A move: the cell a piece leaves and the cell it reaches.
Move = tuple[int, int]


@frozen
class LinesPosition:
    """Pieces per player, the mover, the result once decided (``winner`` -1: none,
    2: drawn), the moves played (counted only under a ``move_limit``, the one rule that
    needs them, so that a position is what its text says), and the boards seen (when a
    rule needs them)."""

    pieces: tuple[int, int]
    mover: int
    winner: int = -1
    why: str = ""
    plies: int = 0
    seen: frozenset[tuple[int, int]] = field(default=frozenset(), compare=False)


class LinesGame:
    """The lines family bound to one game's spec and params."""

    def __init__(self, spec: GameSpec, params: LinesParams) -> None:
        self.spec = spec
        self.params = params
        self.lattice = lattice = Lattice(spec.grid, spec.playable)
        self.player_ids = (spec.players[0].id, spec.players[1].id)
        self.letters = (spec.players[0].letter, spec.players[1].letter)
        self.moves = LineMoves(lattice)
        self._remember = params.repetition_draws

    # -- positions -------------------------------------------------------------------

    def initial(self) -> LinesPosition:
        masks = [self.lattice.mask(self.spec.setup.get(pid, ())) for pid in self.player_ids]
        if masks[0] & masks[1]:
            raise BoardgenError("the setup puts pieces of both players on one cell", key="setup")
        pieces = (masks[0], masks[1])
        seen = frozenset({pieces}) if self._remember else frozenset()
        return LinesPosition(pieces, self.player_ids.index(self.spec.first), seen=seen)

    def to_move(self, position: LinesPosition) -> str:
        return self.player_ids[position.mover]

    def pieces(self, position: LinesPosition) -> Mapping[int, PieceView]:
        return {
            self.lattice.cell(b): PieceView(pid, "man")
            for pid, mask in zip(self.player_ids, position.pieces, strict=True)
            for b in bits_of(mask)
        }

    # -- moves -------------------------------------------------------------------------

    def connected(self, mask: int) -> bool:
        """Whether the pieces of ``mask`` form one group (none or one piece: yes)."""
        if not mask:
            return True
        lattice = self.lattice
        if mask & ~lattice.touch(mask) and mask & (mask - 1):
            return False  # a lone piece among others
        return lattice.group(mask & -mask, mask) == mask

    def _after(self, position: LinesPosition, a: int, b: int) -> LinesPosition:
        me = position.mover
        own = position.pieces[me] & ~(1 << a) | 1 << b
        opp = position.pieces[1 - me] & ~(1 << b)
        pieces = (own, opp) if me == 0 else (opp, own)
        p = self.params
        plies = position.plies + 1 if p.move_limit else 0
        winner, why = -1, ""
        mine, theirs = self.connected(own), self.connected(opp)
        if mine and theirs and self.params.both_connected == "draw":
            winner, why = 2, "one move connected both players"
        elif mine:
            winner, why = me, "connected all their pieces"
        elif theirs:
            winner, why = 1 - me, "connected all their pieces"
        seen = position.seen
        if p.move_limit and plies >= p.move_limit:
            winner, why = 2, f"the move limit ({p.move_limit}) was reached"
        elif self._remember:
            if pieces in seen:
                winner, why = 2, "the board repeated an earlier one"
            seen = seen | {pieces}
        return LinesPosition(pieces, 1 - me, winner, why, plies, seen)

    def legal_moves(self, position: LinesPosition) -> list[Move]:
        if position.winner >= 0:
            return []
        me = position.mover
        cell = self.lattice.cell
        steps = self.moves.steps(position.pieces[me], position.pieces[1 - me])
        return sorted(((cell(a), cell(b)) for a, b in steps), key=self._order)

    def _order(self, move: Move) -> tuple[int, int, int, int]:
        (ax, ay), (bx, by) = self.spec.grid.coords(move[0]), self.spec.grid.coords(move[1])
        return ay, ax, by, bx

    def play(self, position: LinesPosition, move: Move) -> LinesPosition:
        if move not in self.legal_moves(position):
            raise BoardgenError(
                f"illegal move {self._text(position, move)} in {self.position_text(position)}"
            )
        return self._after(position, self.lattice.bit(move[0]), self.lattice.bit(move[1]))

    def perft(self, position: LinesPosition, depth: int, distinct: bool = False) -> int:
        """Move sequences of ``depth`` plies; a finished game has no moves."""
        if depth == 0:
            return 1
        if position.winner >= 0:
            return 0
        me = position.mover
        own, opp = position.pieces[me], position.pieces[1 - me]
        return self._perft(own, opp, me, depth, position.plies, set(position.seen))

    def _perft(self, own: int, opp: int, me: int, depth: int, plies: int, seen: set[tuple[int, int]]) -> int:
        """Perft on bare masks, with one set of the boards met along the path. Two plies
        from the end, the replies to each move are counted by correcting the
        opponent's count before it on the lines through the move's two cells."""
        if depth == 1:
            return self.moves.count(own, opp)
        limit = self.params.move_limit
        if limit and plies + 1 >= limit:
            return 0
        last = depth == 2
        if last:
            replies = self.moves.per_line(opp, own)
            before = sum(replies)
        landings = self._landings(own)
        connected = self.connected
        remember = self._remember
        total = 0
        for step in self.moves.steps(own, opp):
            a, b = step
            reached = 1 << b
            own2 = own ^ (1 << a) ^ reached
            opp2 = opp & ~reached
            if (landings[a] >> b & 1 and connected(own2)) or (opp2 != opp and connected(opp2)):
                continue  # the game is over: only a capture can connect the opponent
            if remember:
                key = (own2, opp2) if me == 0 else (opp2, own2)
                if key in seen:
                    continue  # drawn by repetition
            if last:
                total += self.moves.count_after(replies, before, opp2, own2, step)
            elif remember:
                seen.add(key)
                total += self._perft(opp2, own2, 1 - me, depth - 1, plies + 1, seen)
                seen.discard(key)
            else:
                total += self._perft(opp2, own2, 1 - me, depth - 1, plies + 1, seen)
        return total

    def _landings(self, own: int) -> dict[int, int]:
        """Per piece of ``own``: the cells next to every group but its own, the only ones
        where it can land and leave all the pieces of ``own`` joined up."""
        around = self.lattice.around
        groups: list[int] = []
        halos: list[int] = []  # the cells next to each group
        left = own
        while left:
            group = frontier = left & -left
            halo = 0
            while frontier:
                for b in bits_of(frontier):
                    halo |= around[b]
                frontier = halo & own & ~group
                group |= frontier
            left &= ~group
            groups.append(group)
            halos.append(halo & ~group)
        out = {}
        for i, group in enumerate(groups):
            cells = self.lattice.full
            for j, halo in enumerate(halos):
                if j != i:
                    cells &= halo
            for b in bits_of(group):
                out[b] = cells
        return out

    # -- the end -----------------------------------------------------------------------

    def outcome(self, position: LinesPosition) -> str | None:
        ending = self.ending(position)
        return None if ending is None else ending.result

    def ending(self, position: LinesPosition) -> Ending | None:
        if position.winner == 2:
            return Ending("draw", position.why)
        if position.winner >= 0:
            pid = self.player_ids[position.winner]
            return Ending(pid, f"{pid} {position.why}")
        me = position.mover
        if self.moves.steps(position.pieces[me], position.pieces[1 - me]):
            return None
        if self.params.no_move_loses:
            return Ending(self.player_ids[1 - me], f"{self.player_ids[me]} has no legal move")
        return Ending("draw", f"{self.player_ids[me]} has no legal move")

    # -- text --------------------------------------------------------------------------

    def _text(self, position: LinesPosition, move: Move) -> str:
        name = self.spec.grid.name
        bit = self.lattice.bit(move[1]) if self.lattice.has_cell(move[1]) else -1
        taken = bit >= 0 and position.pieces[1 - position.mover] >> bit & 1
        return f"{name(move[0])}{'x' if taken else '-'}{name(move[1])}"

    def move_text(self, position: LinesPosition, move: Move) -> str:
        return self._text(position, move)

    def parse_move(self, position: LinesPosition, text: str) -> Move:
        what = f"move {shown(text)}"
        parts = text.strip().lower().replace("x", "-").split("-")
        if len(parts) != 2:
            raise BoardgenError(f"{what}: write the cell left and the cell reached, e.g. 'b1-b3' or 'c1xa3'")
        move = (parse_move_cell(self.lattice, parts[0], what), parse_move_cell(self.lattice, parts[1], what))
        if move not in self.legal_moves(position):
            raise BoardgenError(f"{what} is not legal here")
        return move

    def view(self, move: Move) -> MoveView:
        return MoveView(path=move)

    def position_text(self, position: LinesPosition) -> str:
        """``B:<cells>:W:<cells>/<mover>``, then ``/<moves played>`` under a move limit."""
        board = format_stones(self.lattice, self.letters, position.pieces, position.mover)
        return f"{board}/{position.plies}" if self.params.move_limit else board

    def parse_position(self, text: str) -> LinesPosition:
        """A position from its text; under a move limit the moves played may follow (0 if
        left out). The boards seen before start afresh."""
        limit = self.params.move_limit
        counted = bool(limit) and text.count("/") >= 2
        masks, mover, rest = parse_stones(self.lattice, self.letters, text, extra=1 if counted else 0)
        plies = 0
        if counted:
            if not (rest[0].isascii() and rest[0].isdigit() and len(rest[0]) <= 6) or int(rest[0]) > limit:
                raise BoardgenError(
                    f"position {shown(text.strip())}: the moves played must be a whole number"
                    f" from 0 to {limit}"
                )
            plies = int(rest[0])
        pieces = (masks[0], masks[1])
        seen = frozenset({pieces}) if self._remember else frozenset()
        winner, why = -1, ""
        last = 1 - mover
        if self.connected(pieces[last]):
            winner, why = last, "connected all their pieces"
        elif self.connected(pieces[mover]):
            winner, why = mover, "connected all their pieces"
        if limit and plies >= limit:  # as a move reaching the limit ends the game
            winner, why = 2, f"the move limit ({limit}) was reached"
        return LinesPosition(pieces, mover, winner, why, plies, seen)

    # -- validation ------------------------------------------------------------------

    def family_checks(self) -> Sequence[Check]:
        try:
            start = self.initial()
        except BoardgenError as exc:
            return [Check("lines.start", False, exc.message, ("setup",))]
        for i, pid in enumerate(self.player_ids):
            if self.connected(start.pieces[i]):
                return [
                    Check(
                        "lines.start", False, f"{pid}'s pieces start connected: the game is won", ("setup",)
                    )
                ]
        moves = len(self.legal_moves(start))
        return [Check("lines.start", True, f"{self.to_move(start)} opens with {moves} moves")]


def make_game(spec: GameSpec) -> LinesGame:
    """The Lines of Action game for ``spec``; bad params raise BoardgenError (rules.params.<name>)."""
    return LinesGame(spec, parse_params(spec.params))
