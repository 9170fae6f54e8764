"""Shogi: the Engine protocol over immutable positions, with drops and the rules of the end.

Positions are values (the pieces as 81 bytes, the pieces in hand as 16, the side to
move, the move number, and the trail of positions for the repetition rule); move
generation and perft run on a :class:`~.board.Board`. A move is ``(start, end, promote,
drop, taken)``: squares numbered ``y * 9 + x`` from Black's left corner (``start`` -1
for a drop of the kind ``drop``), and the piece taken (0: none).

The game ends when the side to move has no legal move (it loses: checkmate, or the
rare stalemate unless ``stalemate_loses`` is false) or when a position stands for the
``repetitions``-th time (sennichite: a draw, unless one side checked with every move,
which then loses: :mod:`boardgen.rules.cycles`). Perft counts moves only, as other
engines do: the repetition rule needs a game's history.
"""

from __future__ import annotations

__all__ = ["Move", "ShogiGame", "ShogiPosition", "make_game"]

from collections.abc import Mapping, Sequence
from dataclasses import field

from ...errors import BoardgenError, shown
from ...foundation.values import frozen
from ..base import Check, Ending, MoveView, PieceView
from ..chesslike import no_move_ending
from ..cycles import Stop, Trail, verdict
from ..spec import GameSpec
from .board import Board
from .notation import format_sfen, parse_sfen, parse_usi, usi_text
from .params import ShogiParams, parse_params
from .tables import BASE, KINDS, KING, PAWN, SIZE, SQUARES, tables

#: A move: start (-1: a drop), end, promote (0/1), the kind dropped (0: none), the piece taken.
Move = tuple[int, int, int, int, int]

_KIND_IDS = {name: kind for kind, name in KINDS.items()}
#: A full set: how many of each kind exist (promoted pieces count as their kind).
_SET = {PAWN: 18, 2: 4, 3: 4, 4: 4, 5: 4, 6: 2, 7: 2, KING: 2}
_NAMES = ("Black", "White")


@frozen
class ShogiPosition:
    """The pieces by square (kind, +16 for White), the pieces in hand (counts by kind
    1-7, Black's eight bytes then White's), the side to move (0 Black) and the move
    number (SFEN's last field); then, not part of the position's value, the trail of
    positions for the repetition rule and the plies played since it began."""

    squares: bytes
    hands: bytes
    mover: int
    number: int = 1
    trail: Trail | None = field(default=None, compare=False)
    played: int = field(default=0, compare=False)


def _hands(hands: bytes | Sequence[int]) -> list[list[int]]:
    return [list(hands[0:8]), list(hands[8:16])]


class ShogiGame:
    """The shogi family bound to one game's descriptor."""

    def __init__(self, spec: GameSpec, params: ShogiParams) -> None:
        self.spec = spec
        self.params = params
        grid = spec.grid
        if grid.size != SQUARES or {grid.coords(c) for c in grid.cells()} != {
            (x, y) for x in range(SIZE) for y in range(SIZE)
        }:
            raise BoardgenError("shogi is played on a board of 9 by 9 squares", key="board")
        if len(spec.players) != 2:
            raise BoardgenError("shogi is a game for two players", key="players")
        self.tables = tables()
        self.cell_of = tuple(grid.at(s % SIZE, s // SIZE) for s in range(SQUARES))
        self.point_of = {cell: s for s, cell in enumerate(self.cell_of) if cell is not None}
        self.player_ids = self._sides()

    def _sides(self) -> tuple[str, str]:
        """Black (sente, whose king starts on the near half) and White, by player id."""
        spec = self.spec
        ids = [p.id for p in spec.players]
        for cell, kind in spec.kinds.items():
            if kind == "king" and spec.grid.coords(cell)[1] >= SIZE // 2 + 1:
                owner = next(p for p in ids if cell in spec.setup.get(p, ()))
                return (ids[1] if owner == ids[0] else ids[0]), owner
        return ids[0], ids[1]

    def _board(self, squares: Sequence[int] | bytes, hands: Sequence[Sequence[int]], mover: int) -> Board:
        p = self.params
        return Board(squares, hands, mover, nifu=p.two_pawns_forbidden, drop_mate=p.pawn_drop_mate_forbidden)

    def board(self, position: ShogiPosition) -> Board:
        return self._board(position.squares, _hands(position.hands), position.mover)

    # -- positions ---------------------------------------------------------------------

    def initial(self) -> ShogiPosition:
        spec = self.spec
        squares = [0] * SQUARES
        for side, pid in enumerate(self.player_ids):
            for cell in spec.setup.get(pid, ()):
                name = spec.kinds.get(cell, "")
                kind = _KIND_IDS.get(name)
                if kind is None:
                    raise BoardgenError(
                        f"{spec.grid.name(cell)}: a shogi piece is one of {', '.join(_KIND_IDS)}, "
                        f"not {name or 'a plain man'}",
                        key=f"setup.{pid}",
                    )
                squares[self.point_of[cell]] = kind | side << 4
        mover = self.player_ids.index(spec.first)
        hands = [[0] * 8, [0] * 8]
        self._check(squares, hands, mover, "the setup", key="setup")
        return self._position(squares, hands, mover, 1)

    def _position(self, squares: list[int], hands: list[list[int]], mover: int, number: int) -> ShogiPosition:
        board = self._board(squares, hands, mover)
        packed = bytes(hands[0] + hands[1])
        stop = Stop(bytes(squares) + packed + bytes((mover,)), board.in_check(mover))
        return ShogiPosition(bytes(squares), packed, mover, number, Trail(stop), 0)

    def _check(
        self, squares: list[int], hands: list[list[int]], mover: int, what: str, key: str | None = None
    ) -> None:
        """Refuse a position the rules could never reach: two kings on a side, more
        pieces of a kind than a set holds, a piece where it could never move, two
        unpromoted pawns of a side on a file, or the side that just moved in check."""
        t = self.tables
        counts = dict.fromkeys(_SET, 0)
        for side in (0, 1):
            for kind in range(1, 8):
                counts[kind] += hands[side][kind]
            kings = sum(1 for p in squares if p == KING | side << 4)
            if kings > 1:
                raise BoardgenError(f"{what}: {_NAMES[side]} has {kings} kings", key=key)
            files = [0] * SIZE
            for s, piece in enumerate(squares):
                if piece and piece >> 4 == side:
                    kind = piece & 15
                    if t.dead[side][kind] >> s & 1:
                        raise BoardgenError(
                            f"{what}: {_NAMES[side]}'s {KINDS[kind]} on {self._name(s)} could never move",
                            key=key,
                        )
                    if kind == PAWN:
                        files[s % SIZE] += 1
            if self.params.two_pawns_forbidden and max(files) > 1:
                raise BoardgenError(f"{what}: {_NAMES[side]} has two pawns on one file", key=key)
        for piece in squares:
            if piece:
                counts[BASE.get(piece & 15, piece & 15)] += 1
        for kind, most in _SET.items():
            if counts[kind] > most:
                raise BoardgenError(f"{what}: {counts[kind]} {KINDS[kind]}s, but a set has {most}", key=key)
        board = self._board(squares, hands, mover)
        if board.in_check(mover ^ 1):
            raise BoardgenError(f"{what}: {_NAMES[mover ^ 1]}, who has just moved, is in check", key=key)

    def _name(self, s: int) -> str:
        cell = self.cell_of[s]
        assert cell is not None
        return self.spec.grid.name(cell)

    def to_move(self, position: ShogiPosition) -> str:
        return self.player_ids[position.mover]

    def pieces(self, position: ShogiPosition) -> Mapping[int, PieceView]:
        out = {}
        for s, piece in enumerate(position.squares):
            if piece:
                cell = self.cell_of[s]
                assert cell is not None
                out[cell] = PieceView(self.player_ids[piece >> 4], "stone", KINDS[piece & 15])
        return out

    def in_hand(self, position: ShogiPosition) -> dict[str, dict[str, int]]:
        """Each player's pieces in hand: kind name -> count (kinds held only)."""
        hands = _hands(position.hands)
        return {
            pid: {KINDS[k]: hands[side][k] for k in range(7, 0, -1) if hands[side][k]}
            for side, pid in enumerate(self.player_ids)
        }

    # -- moves -------------------------------------------------------------------------

    def legal_moves(self, position: ShogiPosition) -> list[Move]:
        if self._rule_ending(position) is not None:
            return []
        squares = position.squares
        return [
            (f, t, pr, dr, 0 if f < 0 else squares[t]) for f, t, pr, dr in self.board(position).legal_moves()
        ]

    def play(self, position: ShogiPosition, move: Move) -> ShogiPosition:
        if move not in self.legal_moves(position):
            raise BoardgenError(f"illegal move {shown(str(move))} in {self.position_text(position)}")
        board = self.board(position)
        f, t, promote, drop, _ = move
        board.make((f, t, promote, drop))
        mover = board.mover
        hands = bytes(board.hands[0] + board.hands[1])
        squares = bytes(board.squares)
        stop = Stop(squares + hands + bytes((mover,)), board.in_check(mover), 0, move[0], move[1])
        trail = position.trail.add(stop) if position.trail is not None else Trail(stop)
        return ShogiPosition(squares, hands, mover, position.number + 1, trail, position.played + 1)

    def perft(self, position: ShogiPosition, depth: int, distinct: bool = False) -> int:
        """Move sequences ``depth`` plies deep (every move makes a position of its own)."""
        if depth == 0:
            return 1
        if self._rule_ending(position) is not None:
            return 0
        return self.board(position).perft(depth)

    # -- the end -----------------------------------------------------------------------

    def _rule_ending(self, position: ShogiPosition) -> Ending | None:
        p = self.params
        if position.trail is None or not p.repetitions:
            return None
        found = verdict(
            position.trail, position.played, position.played, p.repetitions, p.perpetual_check_loses, False
        )
        if found is None:
            return None
        if found == 0:
            return Ending("draw", f"the position stood {p.repetitions} times (sennichite)")
        mover, other = self.player_ids[position.mover], self.player_ids[position.mover ^ 1]
        winner, loser = (mover, other) if found > 0 else (other, mover)
        return Ending(winner, f"{loser} forced the repetition by perpetual check")

    def ending(self, position: ShogiPosition) -> Ending | None:
        board = self.board(position)
        mover, other = self.player_ids[position.mover], self.player_ids[position.mover ^ 1]
        if not board.has_legal_move():
            return no_move_ending(mover, other, board.in_check(position.mover), self.params.stalemate_loses)
        return self._rule_ending(position)

    def outcome(self, position: ShogiPosition) -> str | None:
        ending = self.ending(position)
        return None if ending is None else ending.result

    # -- text --------------------------------------------------------------------------

    def move_text(self, position: ShogiPosition, move: Move) -> str:
        """The move in USI (``7g7f``, ``8h2b+``, ``P*5e``)."""
        return usi_text(move)

    def parse_move(self, position: ShogiPosition, text: str) -> Move:
        """A move in USI, or by the board's square names (``c3-c4``, ``c3-c4+``)."""
        wanted = parse_usi(text) or self._cells_move(text)
        if wanted is None:
            raise BoardgenError(
                f"move {shown(text)}: write it in USI (7g7f, 8h2b+, P*5e) or by squares (c3-c4, b2xh8+)"
            )
        for move in self.legal_moves(position):
            if move[:4] == wanted:
                return move
        raise BoardgenError(f"move {shown(text)} is not legal here")

    def _cells_move(self, text: str) -> tuple[int, int, int, int] | None:
        body = text.strip()
        promote = body.endswith("+")
        parts = body.rstrip("+").replace("x", "-").split("-")
        if len(parts) != 2:
            return None
        try:
            a, b = (self.point_of[self.spec.grid.parse(p.strip().lower())] for p in parts)
        except (ValueError, KeyError):
            return None
        return (a, b, 1 if promote else 0, 0)

    def view(self, move: Move) -> MoveView:
        f, t, _, _, taken = move
        ct = self.cell_of[t]
        assert ct is not None
        if f < 0:
            return MoveView(path=(), placed=(ct,))
        cf = self.cell_of[f]
        assert cf is not None
        return MoveView(path=(cf, ct), captured=(ct,) if taken else ())

    def position_text(self, position: ShogiPosition) -> str:
        """The position as SFEN (:mod:`.notation`)."""
        return format_sfen(position.squares, _hands(position.hands), position.mover, position.number)

    def parse_position(self, text: str) -> ShogiPosition:
        squares, hands, mover, number = parse_sfen(text)
        self._check(squares, hands, mover, f"position {shown(text.strip())}")
        return self._position(squares, hands, mover, number)

    # -- validation --------------------------------------------------------------------

    def family_checks(self) -> Sequence[Check]:
        start = self.initial()
        counts = [self.perft(start, depth) for depth in (1, 2)]
        return [
            Check(
                "shogi moves",
                True,
                f"the shogi engine plays the setup: {counts[0]} first moves, {counts[1]} replies",
            )
        ]


def make_game(spec: GameSpec) -> ShogiGame:
    """The shogi game for ``spec``; bad params raise BoardgenError (rules.params.<name>)."""
    return ShogiGame(spec, parse_params(spec.params))
