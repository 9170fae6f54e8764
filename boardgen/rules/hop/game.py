"""Chinese checkers: the Engine protocol for pieces that step or hop in chains.

Each player starts on their home point and races to fill the opposite one (the half
turn of their home). A turn moves one piece: a step to a neighbouring empty cell, or
a hop over a neighbouring piece (anyone's) to the empty cell just beyond it. A hop
may be followed by further hops of the same piece, never landing on a cell the
chain has already visited; each hop is a ply, and ``stop`` ends the chain early
(the chain ends by itself when no hop is left). This is how OpenSpiel plays and
counts a chain. A player with no move passes. Any number of players from the
descriptor (2, 3, 4 or 6 on the star), in turn order.
"""

from __future__ import annotations

__all__ = ["STOP", "HopGame", "HopPosition", "Move", "make_game"]

from collections.abc import Mapping, Sequence

from ...errors import BoardgenError, shown
from ...foundation.values import frozen
from ..base import Check, Ending, MoveView, PieceView
from ..lattice import Lattice, bits_of, nearest_directions
from ..spec import GameSpec
from ..stonetext import format_stones, parse_stones
from .board import HopBoard
from .params import HopParams, parse_params
from .perft import HopPerft

#: (from, to); STOP ends a chain of hops, or passes when a player is blocked.
Move = tuple[int, int]
STOP: Move = (-1, -1)


@frozen
class HopPosition:
    """Pieces per player (lattice masks), the mover, the piece hopping (bit, -1 when
    none) and the cells its chain has visited, the turns played, the winner."""

    pieces: tuple[int, ...]
    mover: int
    hopping: int = -1
    visited: int = 0
    turns: int = 0
    winner: int = -1


class HopGame:
    """The hop family bound to one game's spec and params."""

    def __init__(self, spec: GameSpec, params: HopParams) -> None:
        self.spec = spec
        self.params = params
        self.lattice = lattice = Lattice(spec.grid, spec.playable, nearest_directions(spec.grid))
        self.player_ids = tuple(p.id for p in spec.players)
        self.letters = tuple(p.letter for p in spec.players)
        #: Per player: the mask of their target point (the half turn of their home).
        self.targets: list[int] = []
        for pid in self.player_ids:
            home = self.spec.setup.get(pid, frozenset())
            turned = [spec.grid.half_turn(c) for c in home]
            self.targets.append(lattice.mask(c for c in turned if c is not None))
        self.board = HopBoard(lattice, self.targets, params)
        #: Per bit: (neighbour bit, landing bit or -1) in each direction.
        self.jumps = self.board.jumps
        self._perft = HopPerft(self.board, len(self.player_ids), params.turn_limit)

    # -- positions -------------------------------------------------------------------

    def initial(self) -> HopPosition:
        masks = [self.lattice.mask(self.spec.setup.get(pid, ())) for pid in self.player_ids]
        taken = 0
        for m in masks:
            if taken & m:
                raise BoardgenError("the setup puts pieces of two players on one cell", key="setup")
            taken |= m
        return HopPosition(tuple(masks), self.player_ids.index(self.spec.first))

    def to_move(self, position: HopPosition) -> str:
        return self.player_ids[position.mover]

    def pieces(self, position: HopPosition) -> Mapping[int, PieceView]:
        return {
            self.lattice.cell(b): PieceView(pid, "man")
            for pid, mask in zip(self.player_ids, position.pieces, strict=True)
            for b in bits_of(mask)
        }

    # -- moves -------------------------------------------------------------------------

    def _moves(self, position: HopPosition) -> list[tuple[int, int]]:
        occupied = 0
        for m in position.pieces:
            occupied |= m
        if position.hopping >= 0:
            return [
                (position.hopping, land)
                for land in self.board.hops(position.hopping, occupied, position.visited)
            ] + [(-1, -1)]
        out = []
        for b in bits_of(position.pieces[position.mover]):
            for over, land in self.jumps[b]:
                if not occupied >> over & 1:
                    out.append((b, over))
                elif land >= 0 and not occupied >> land & 1:
                    out.append((b, land))
        return out or [(-1, -1)]

    def _advance(self, position: HopPosition, pieces: tuple[int, ...]) -> HopPosition:
        me = position.mover
        occupied = 0
        for m in pieces:
            occupied |= m
        winner = me if self.board.won(pieces[me], occupied, me) else -1
        return HopPosition(pieces, (me + 1) % len(pieces), -1, 0, position.turns + 1, winner)

    def _after(self, position: HopPosition, move: tuple[int, int]) -> HopPosition:
        a, b = move
        if a < 0:
            return self._advance(position, position.pieces)
        me = position.mover
        pieces = list(position.pieces)
        pieces[me] = pieces[me] & ~(1 << a) | 1 << b
        new = tuple(pieces)
        if position.hopping < 0 and any(over == b for over, _ in self.jumps[a]):
            return self._advance(position, new)  # a step
        visited = (position.visited or 1 << a) | 1 << b
        occupied = 0
        for m in new:
            occupied |= m
        if self.board.hops(b, occupied, visited):
            return HopPosition(new, me, b, visited, position.turns, -1)
        return self._advance(position, new)

    def _over(self, position: HopPosition) -> bool:
        limit = self.params.turn_limit
        return position.winner >= 0 or bool(limit and position.turns >= limit)

    def legal_moves(self, position: HopPosition) -> list[Move]:
        if self._over(position):
            return []
        cell = self.lattice.cell
        return [STOP if a < 0 else (cell(a), cell(b)) for a, b in self._moves(position)]

    def play(self, position: HopPosition, move: Move) -> HopPosition:
        if move not in self.legal_moves(position):
            raise BoardgenError(f"illegal move {self._text(move)} in {self.position_text(position)}")
        bits = move if move == STOP else (self.lattice.bit(move[0]), self.lattice.bit(move[1]))
        return self._after(position, bits)

    def perft(self, position: HopPosition, depth: int, distinct: bool = False) -> int:
        """Ply sequences of ``depth`` (each hop of a chain, and ``stop``, is a ply)."""
        if depth == 0:
            return 1
        if self._over(position):
            return 0
        pieces = list(position.pieces)
        return self._perft.count(
            pieces, position.mover, position.hopping, position.visited, position.turns, depth
        )

    # -- the end -----------------------------------------------------------------------

    def outcome(self, position: HopPosition) -> str | None:
        ending = self.ending(position)
        return None if ending is None else ending.result

    def ending(self, position: HopPosition) -> Ending | None:
        if position.winner >= 0:
            pid = self.player_ids[position.winner]
            return Ending(pid, f"{pid} filled the opposite point")
        limit = self.params.turn_limit
        if limit and position.turns >= limit:
            return Ending("draw", f"the turn limit ({limit}) was reached")
        return None

    # -- text --------------------------------------------------------------------------

    def _text(self, move: Move) -> str:
        if move == STOP:
            return "stop"
        name = self.spec.grid.name
        a, b = move
        hop = (
            self.lattice.has_cell(a)
            and self.lattice.has_cell(b)
            and self.lattice.bit(b) not in {n for n, _ in self.jumps[self.lattice.bit(a)]}
        )
        return f"{name(a)}{':' if hop else '-'}{name(b)}"

    def move_text(self, position: HopPosition, move: Move) -> str:
        return self._text(move)

    def parse_move(self, position: HopPosition, text: str) -> Move:
        for move in self.legal_moves(position):
            if self._text(move) == text.strip().lower():
                return move
        raise BoardgenError(
            f"move {shown(text)} is not legal here (a step 'e5-e6', a hop 'e5:e7', or 'stop')"
        )

    def view(self, move: Move) -> MoveView:
        return MoveView(path=() if move == STOP else move)

    def position_text(self, position: HopPosition) -> str:
        """``A:<cells>:B:<cells>.../<mover>/<turns>[/<hopping cell>:<visited cells>]``."""
        text = format_stones(self.lattice, self.letters, position.pieces, position.mover)
        text += f"/{position.turns}"
        if position.hopping >= 0:
            grid = self.spec.grid
            visited = ",".join(grid.name(c) for c in self.lattice.cells_of(position.visited))
            text += f"/{grid.name(self.lattice.cell(position.hopping))}:{visited}"
        return text

    def parse_position(self, text: str) -> HopPosition:
        parts = text.strip().split("/")
        extra = len(parts) - 2
        if extra not in (0, 1, 2):
            raise BoardgenError(
                f"position {shown(text)}: expected"
                " '<letter>:<cells>:.../<mover>[/<turns>[/<hopping>:<visited>]]'"
            )
        masks, mover, fields = parse_stones(self.lattice, self.letters, text, extra)
        try:
            turns = int(fields[0]) if fields else 0
        except ValueError:
            raise BoardgenError(f"position {shown(text)}: the turns are a whole number") from None
        hopping, visited = -1, 0
        if len(fields) == 2:
            head, _, seen = fields[1].partition(":")
            try:
                hopping = self.lattice.bit(self.spec.grid.parse(head))
                visited = self.lattice.mask(self.spec.grid.parse(n) for n in seen.split(",") if n)
            except (ValueError, KeyError):
                raise BoardgenError(
                    f"position {shown(text)}: the chain is '<cell>:<visited cells>'"
                ) from None
        return HopPosition(tuple(masks), mover, hopping, visited, turns)

    # -- validation ------------------------------------------------------------------

    def family_checks(self) -> Sequence[Check]:
        start = self.initial()
        for i, pid in enumerate(self.player_ids):
            target = self.targets[i]
            if target.bit_count() != start.pieces[i].bit_count():
                cells, men = target.bit_count(), start.pieces[i].bit_count()
                detail = f"{pid}'s target point has {cells} cells for {men} pieces"
                return [Check("hop.targets", False, detail, ("setup", pid))]
        return [Check("hop.targets", True, "every player's pieces fit the opposite point exactly")]


def make_game(spec: GameSpec) -> HopGame:
    """The Chinese checkers game for ``spec``; bad params raise BoardgenError (rules.params.<name>)."""
    return HopGame(spec, parse_params(spec.params))
