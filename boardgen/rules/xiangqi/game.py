"""Xiangqi: the Engine protocol over immutable positions, with the rules of the game's end.

Positions are values (the pieces as 90 bytes, the side to move, the plies since the
last capture, the move number, and the trail of positions since the last capture for
the repetition rules); moves, generation and perft run on a :class:`~.board.Board`.
A move is ``(from, to, taken)``: points numbered ``y * 9 + x`` from Red's left corner,
and the piece taken (0: none).

The game ends when the side to move has no legal move (it loses: checkmate, or
stalemate unless ``stalemate_loses`` is false), when a position stands for the
``repetitions``-th time (drawn, unless one side checked or chased perpetually:
:mod:`boardgen.rules.cycles`), or after ``quiet_move_limit`` moves each without a
capture. Perft counts the moves of the pieces only: the repetition and quiet-move
rules need a game's history, which a counted line does not have (as in other engines).
"""

from __future__ import annotations

__all__ = ["Move", "XiangqiGame", "XiangqiPosition", "make_game"]

from collections.abc import Mapping, Sequence
from dataclasses import field

from ...errors import BoardgenError, shown
from ...foundation.values import frozen
from ..base import Check, Ending, MoveView, PieceView
from ..chesslike import no_move_ending
from ..cycles import Stop, Trail, verdict
from ..spec import GameSpec
from .board import Board
from .chase import chased
from .fen import format_fen, parse_fen
from .notation import parse_move_text, wxf_text
from .params import XiangqiParams, parse_params
from .tables import FILES, GENERAL, KINDS, POINTS, RANKS, SOLDIER, tables

#: A move: the point left, the point reached, the piece taken there (0: none).
Move = tuple[int, int, int]

_KIND_IDS = {name: kind for kind, name in KINDS.items()}
#: Most pieces of each kind a side may have (5 soldiers, 1 general, 2 of the others).
_MOST = {kind: 5 if kind == SOLDIER else 1 if kind == GENERAL else 2 for kind in KINDS}


@frozen
class XiangqiPosition:
    """The pieces by point (kind, +8 for Black), the side to move (0 Red, 1 Black), the
    plies since the last capture and the move number (FEN's last two fields), then, not
    part of the position's value, the trail of positions since the last capture and the
    plies played since the position the trail began from was set up."""

    squares: bytes
    mover: int
    quiet: int = 0
    number: int = 1
    trail: Trail | None = field(default=None, compare=False)
    played: int = field(default=0, compare=False)


class XiangqiGame:
    """The xiangqi family bound to one game's descriptor."""

    def __init__(self, spec: GameSpec, params: XiangqiParams) -> None:
        self.spec = spec
        self.params = params
        grid = spec.grid
        if grid.size != POINTS or {grid.coords(c) for c in grid.cells()} != {
            (x, y) for x in range(FILES) for y in range(RANKS)
        }:
            raise BoardgenError("xiangqi is played on a board of 9 files by 10 ranks", key="board")
        if len(spec.players) != 2:
            raise BoardgenError("xiangqi is a game for two players", key="players")
        self.tables = tables()
        self.cell_of = tuple(grid.at(s % FILES, s // FILES) for s in range(POINTS))
        self.point_of = {cell: s for s, cell in enumerate(self.cell_of) if cell is not None}
        self.player_ids = self._sides()
        self._chases = params.perpetual_chase_loses and params.repetitions > 0

    def _sides(self) -> tuple[str, str]:
        """Red (whose general starts in the palace of ranks 1-3) and Black, by player id."""
        spec = self.spec
        ids = [p.id for p in spec.players]
        for cell, kind in spec.kinds.items():
            if kind == "general" and spec.grid.coords(cell)[1] >= 7:
                owner = next(p for p in ids if cell in spec.setup.get(p, ()))
                other = ids[1] if owner == ids[0] else ids[0]
                return other, owner
        return ids[0], ids[1]

    # -- positions ---------------------------------------------------------------------

    def initial(self) -> XiangqiPosition:
        spec = self.spec
        squares = [0] * POINTS
        for side, pid in enumerate(self.player_ids):
            for cell in spec.setup.get(pid, ()):
                name = spec.kinds.get(cell, "")
                kind = _KIND_IDS.get(name)
                if kind is None:
                    where = spec.grid.name(cell)
                    raise BoardgenError(
                        f"{where}: a xiangqi piece is one of {', '.join(_KIND_IDS)}, "
                        f"not {name or 'a plain man'}",
                        key=f"setup.{pid}",
                    )
                squares[self.point_of[cell]] = kind | side << 3
        mover = self.player_ids.index(spec.first)
        self._check_squares(squares, mover, "the setup", key="setup")
        return self._position(squares, mover, 0, 1)

    def _position(self, squares: list[int], mover: int, quiet: int, number: int) -> XiangqiPosition:
        board = Board(squares, mover)
        stop = Stop(self._key(squares, mover), board.in_check(mover))
        return XiangqiPosition(bytes(squares), mover, quiet, number, Trail(stop), 0)

    @staticmethod
    def _key(squares: Sequence[int] | bytes, mover: int) -> bytes:
        return bytes(squares) + bytes((mover,))

    def _check_squares(self, squares: list[int], mover: int, what: str, key: str | None = None) -> None:
        """Refuse a position the rules could never reach: a side without its one general,
        a piece off the points it may ever stand on, too many of a kind, or the side
        that just moved left in check."""
        t = self.tables
        allowed = {
            GENERAL: t.palace,
            2: t.advisor_points,
            3: t.elephant_points,
            SOLDIER: t.soldier_points,
        }
        names = ("Red", "Black")
        for side in (0, 1):
            for kind, name in KINDS.items():
                points = [s for s, p in enumerate(squares) if p == kind | side << 3]
                if kind == GENERAL and len(points) != 1:
                    raise BoardgenError(f"{what}: {names[side]} needs exactly one general", key=key)
                if len(points) > _MOST[kind]:
                    raise BoardgenError(
                        f"{what}: {names[side]} has {len(points)} {name}s (at most {_MOST[kind]})", key=key
                    )
                mask = allowed.get(kind)
                for s in points:
                    if mask is not None and not mask[side] >> s & 1:
                        where = self.spec.grid.name(self.cell_of[s] or 0)
                        raise BoardgenError(
                            f"{what}: {names[side]}'s {name} cannot stand on {where}", key=key
                        )
        board = Board(squares, mover)
        if board.in_check(mover ^ 1):
            raise BoardgenError(
                f"{what}: {names[mover ^ 1]}, who has just moved, is in check"
                " (or the generals face each other)",
                key=key,
            )

    def to_move(self, position: XiangqiPosition) -> str:
        return self.player_ids[position.mover]

    def pieces(self, position: XiangqiPosition) -> Mapping[int, PieceView]:
        out = {}
        for s, piece in enumerate(position.squares):
            if piece:
                cell = self.cell_of[s]
                assert cell is not None
                out[cell] = PieceView(self.player_ids[piece >> 3], "stone", KINDS[piece & 7])
        return out

    # -- moves -------------------------------------------------------------------------

    def board(self, position: XiangqiPosition) -> Board:
        return Board(position.squares, position.mover)

    def legal_moves(self, position: XiangqiPosition) -> list[Move]:
        if self._rule_ending(position) is not None:
            return []
        squares = position.squares
        return [(f, t, squares[t]) for f, t in self.board(position).legal_moves()]

    def play(self, position: XiangqiPosition, move: Move) -> XiangqiPosition:
        if move not in self.legal_moves(position):
            raise BoardgenError(f"illegal move {shown(str(move))} in {self.position_text(position)}")
        f, t, taken = move
        board = self.board(position)
        pins_before = board.blockers(position.mover ^ 1) if self._chases else 0
        board.make(f, t)
        mover = board.mover
        squares = board.squares
        check = board.in_check(mover)
        hunted = chased(board, f, t, taken, pins_before) if self._chases else 0
        stop = Stop(self._key(squares, mover), check, hunted, f, t)
        number = position.number + (1 if mover == 0 else 0)
        if taken:
            return XiangqiPosition(bytes(squares), mover, 0, number, Trail(stop), position.played + 1)
        trail = position.trail.add(stop) if position.trail is not None else Trail(stop)
        return XiangqiPosition(bytes(squares), mover, position.quiet + 1, number, trail, position.played + 1)

    def perft(self, position: XiangqiPosition, depth: int, distinct: bool = False) -> int:
        """Move sequences ``depth`` plies deep; every xiangqi move makes a position of its
        own, so ``distinct`` changes nothing."""
        if depth == 0:
            return 1
        if self._rule_ending(position) is not None:
            return 0
        return self.board(position).perft(depth)

    # -- the end -----------------------------------------------------------------------

    def _rule_ending(self, position: XiangqiPosition) -> Ending | None:
        """The end by the quiet-move limit or by repetition (a game's history decides)."""
        p = self.params
        trail = position.trail
        mover, other = self.player_ids[position.mover], self.player_ids[position.mover ^ 1]
        limit = 2 * p.quiet_move_limit
        if (
            p.quiet_move_limit
            and position.quiet >= limit
            and position.quiet - self._extra_checks(position) >= limit
        ):
            return Ending("draw", f"{p.quiet_move_limit} moves each without a capture")
        if trail is None or not p.repetitions:
            return None
        found = verdict(
            trail,
            position.quiet,
            position.played,
            p.repetitions,
            p.perpetual_check_loses,
            p.perpetual_chase_loses,
        )
        if found is None:
            return None
        times = {2: "twice", 3: "three times"}.get(p.repetitions, f"{p.repetitions} times")
        if found == 0:
            return Ending("draw", f"the position stood {times}")
        winner, loser = (mover, other) if found > 0 else (other, mover)
        return Ending(winner, f"{loser} forced the repetition by perpetual check or chase")

    def _extra_checks(self, position: XiangqiPosition) -> int:
        """Plies the checks beyond ``checks_counted`` add to the quiet-move limit: twice
        the excess of the side that gave more checks since the last capture (counted
        once 20 plies have been played, as the Asian rules and Fairy-Stockfish do)."""
        trail = position.trail
        window = min(position.quiet, position.played)
        if trail is None or position.played < 20:
            return 0
        stops = trail.newest(window + 1)
        them = sum(1 for i in range(0, max(window, 1), 2) if i < len(stops) and stops[i].check)
        us = sum(1 for i in range(1, max(window, 1) + 1, 2) if i < len(stops) and stops[i].check)
        return 2 * max(max(them, us) - self.params.checks_counted, 0)

    def ending(self, position: XiangqiPosition) -> Ending | None:
        board = self.board(position)
        mover, other = self.player_ids[position.mover], self.player_ids[position.mover ^ 1]
        if not board.has_legal_move():
            return no_move_ending(mover, other, board.in_check(position.mover), self.params.stalemate_loses)
        return self._rule_ending(position)

    def outcome(self, position: XiangqiPosition) -> str | None:
        ending = self.ending(position)
        return None if ending is None else ending.result

    # -- text --------------------------------------------------------------------------

    def move_text(self, position: XiangqiPosition, move: Move) -> str:
        """The move by the board's point names, ``h3-e3`` (``x`` for a capture)."""
        f, t, taken = move
        name = self.spec.grid.name
        cf, ct = self.cell_of[f], self.cell_of[t]
        assert cf is not None and ct is not None
        return f"{name(cf)}{'x' if taken else '-'}{name(ct)}"

    def wxf(self, position: XiangqiPosition, move: Move) -> str:
        """The move in WXF notation (``C2=5``)."""
        return wxf_text(position.squares, move[0], move[1])

    def parse_move(self, position: XiangqiPosition, text: str) -> Move:
        """A move by point names (``h3-e3``, ``h3xe3``, ``h3e3``) or in WXF (``C2=5``,
        ``H8+7``, ``+R-1``)."""
        legal = self.legal_moves(position)
        f, t = parse_move_text(self.spec.grid, self.point_of, position.squares, position.mover, text)
        for move in legal:
            if move[0] == f and move[1] == t:
                return move
        raise BoardgenError(f"move {shown(text)} is not legal here")

    def view(self, move: Move) -> MoveView:
        f, t, taken = move
        cf, ct = self.cell_of[f], self.cell_of[t]
        assert cf is not None and ct is not None
        return MoveView(path=(cf, ct), captured=(ct,) if taken else ())

    def position_text(self, position: XiangqiPosition) -> str:
        """The position as xiangqi FEN (:mod:`.fen`)."""
        return format_fen(position.squares, position.mover, position.quiet, position.number)

    def parse_position(self, text: str) -> XiangqiPosition:
        squares, mover, quiet, number = parse_fen(text)
        self._check_squares(squares, mover, f"position {shown(text.strip())}")
        return self._position(squares, mover, quiet, number)

    # -- validation --------------------------------------------------------------------

    def family_checks(self) -> Sequence[Check]:
        start = self.initial()
        counts = [self.perft(start, depth) for depth in (1, 2)]
        return [
            Check(
                "xiangqi moves",
                True,
                f"the xiangqi engine plays the setup: {counts[0]} first moves, {counts[1]} replies",
            )
        ]


def make_game(spec: GameSpec) -> XiangqiGame:
    """The xiangqi game for ``spec``; bad params raise BoardgenError (rules.params.<name>)."""
    return XiangqiGame(spec, parse_params(spec.params))
