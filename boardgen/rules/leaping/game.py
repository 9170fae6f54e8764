"""The leaping family's Game: draughts-like games played by the switches in params.

This class only translates between the outside world (grid cells, player ids, text)
and the engine inside (bitboards in the layout's numbering, player numbers 0 and 1 in
``spec.players`` order). The rules themselves live in params, tables, movegen,
position and endings.
"""

from __future__ import annotations

__all__ = ["LeapingGame", "Move", "make_game"]

from collections.abc import Sequence
from typing import NamedTuple

from ...errors import BoardgenError, shown
from ..base import Check, Ending, MoveView, PieceView
from ..spec import GameSpec
from .draws import endgame_entry
from .endings import verdict
from .movegen import MoveGen, Raw
from .notation import Notation, Placement
from .params import LeapingParams, parse_params
from .position import Position, play_raw, resting_king
from .tables import build_tables


class Move(NamedTuple):
    """A move in grid cells: every cell the piece stands on (origin first, each landing
    cell of a capture, destination last) and the captured cells in capture order (a
    named tuple, as the engine's positions are: cheaper to define at start-up than a
    frozen dataclass)."""

    path: tuple[int, ...]
    captured: tuple[int, ...] = ()

    @property
    def is_capture(self) -> bool:
        return bool(self.captured)


class LeapingGame:
    """A draughts-like game on any grid, as its descriptor's switches describe it."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.params: LeapingParams = parse_params(spec.params, spec.regions)
        self.tables = build_tables(spec, self.params)
        self.layout = self.tables.layout
        self.gen = MoveGen(self.tables)
        self.notation = Notation(spec)
        self.player_ids = (spec.players[0].id, spec.players[1].id)
        #: Each player's man and king as :meth:`pieces` shows them: views are immutable, so
        #: one of each serves every cell (made anew, two dozen took most of the call).
        self._views = tuple((PieceView(pid, "man"), PieceView(pid, "king")) for pid in self.player_ids)
        if spec.first not in self.player_ids:
            raise BoardgenError(f"first player {spec.first!r} is not a player", key="first")
        #: The last position played from and its legal moves by cells (see :meth:`play`).
        self._legal_from: tuple[Position, dict[tuple[tuple[int, ...], tuple[int, ...]], Raw]] | None = None
        self._check_setup()

    def _check_setup(self) -> None:
        """Refuse a setup no game could start from: men off the playable cells, on a
        shared cell, or already on their own far row in a game that crowns there."""
        seen: set[int] = set()
        for p, pid in enumerate(self.player_ids):
            cells = self.spec.setup.get(pid, frozenset())
            bad = sorted(cells - self.spec.playable) + sorted(cells & seen)
            if bad:
                names = ", ".join(self.spec.grid.name(c) for c in bad)
                raise BoardgenError(f"men of {pid!r} on unplayable or shared cells: {names}", key="setup")
            seen |= cells
            crowned = sorted(c for c in cells if (self.tables.far[p] >> self.layout.index[c]) & 1)
            if crowned:
                names = ", ".join(self.spec.grid.name(c) for c in crowned)
                raise BoardgenError(
                    f"{pid}'s men on {names} start on their own far row, where a man is crowned",
                    key=f"setup.{pid}.men",
                )

    # -- conversions ---------------------------------------------------------------------

    def _bits(self, cells: frozenset[int]) -> int:
        return self.layout.mask(cells)

    def _move(self, raw: Raw) -> Move:
        cell = self.layout.cell
        return Move(tuple(cell[i] for i in raw[0]), tuple(cell[i] for i in raw[1]))

    def _raw_moves(self, pos: Position) -> list[Raw]:
        p, o = pos.turn, 1 - pos.turn
        found = self.gen.moves(p, pos.men[p], pos.kings[p], pos.men[o], pos.kings[o])
        resting = resting_king(self.tables, pos)
        if resting and found and not found[0][1]:  # quiet moves: the tired king stays put
            origin = resting.bit_length() - 1
            found = [m for m in found if m[0][0] != origin]
        return found

    # -- the Engine protocol ---------------------------------------------------------------

    def initial(self) -> Position:
        men = tuple(self._bits(self.spec.setup.get(pid, frozenset())) for pid in self.player_ids)
        return self._with_history(Position((men[0], men[1]), (0, 0), self.player_ids.index(self.spec.first)))

    def _with_history(self, pos: Position) -> Position:
        """``pos`` as the first position of a game: the repetition rule has seen it once."""
        if self.params.repetition_draw is None:
            return pos
        return pos._replace(seen=((pos.men, pos.kings, pos.turn),))

    def legal_moves(self, position: Position) -> list[Move]:
        """Every legal move, ordered by the squares of their paths."""
        moves = [self._move(raw) for raw in self._raw_moves(position)]
        key = self.notation.sort_key
        return sorted(moves, key=lambda m: tuple(key(c) for c in m.path))

    def play(self, position: Position, move: Move) -> Position:
        """The position after ``move``; raises BoardgenError if it is not legal here.

        The legal moves of the last position played from are kept, keyed by their
        cells: ``moves`` plays every legal move of one position, and finding each among
        freshly generated moves made that quadratic (50 flying kings on a 100x100 board:
        5,367 moves, 210 s; now each is a look-up)."""
        if self._legal_from is None or self._legal_from[0] is not position:
            raws: dict[tuple[tuple[int, ...], tuple[int, ...]], Raw] = {}
            for legal in self._raw_moves(position):
                raws.setdefault((legal[0], legal[1]), legal)
            self._legal_from = (position, raws)
        index = self.layout.index
        try:
            key = (tuple(index[c] for c in move.path), tuple(index[c] for c in move.captured))
        except (IndexError, TypeError):
            key = None
        found = self._legal_from[1].get(key) if key is not None else None
        if found is None:
            raise BoardgenError(f"illegal move {self.notation.move_text(move.path, move.is_capture)}")
        return play_raw(self.tables, position, found)

    def perft(self, position: Position, depth: int, distinct: bool = False) -> int:
        """Move paths ``depth`` plies deep (``distinct``: count paths that end alike once)."""
        if self.params.king_quiet_move_limit is not None:  # the moves depend on the past
            return self._perft_slow(position, depth, distinct)
        # Lazy for start-up speed: only counting moves needs the counter (a diagram does not).
        from .perft import perft

        p, o = position.turn, 1 - position.turn
        men, kings = position.men, position.kings
        return perft(self.gen, p, men[p], kings[p], men[o], kings[o], depth, distinct)

    def _perft_slow(self, position: Position, depth: int, distinct: bool) -> int:
        """perft through whole positions, which carry the kings' quiet-move runs."""
        if depth <= 0:
            return 1
        moves = self._raw_moves(position)
        if distinct:
            moves = list({(m[0][0], m[0][-1], frozenset(m[1]), m[2]): m for m in moves}.values())
        if depth == 1:
            return len(moves)
        return sum(
            self._perft_slow(play_raw(self.tables, position, m, history=False), depth - 1, distinct)
            for m in moves
        )

    def divide(self, position: Position, depth: int) -> dict[str, int]:
        """perft of each legal move at ``depth - 1``, keyed by move text (for debugging)."""
        return {
            self.move_text(position, m): self.perft(self.play(position, m), depth - 1)
            for m in self.legal_moves(position)
        }

    def to_move(self, position: Position) -> str:
        return self.player_ids[position.turn]

    def pieces(self, position: Position) -> dict[int, PieceView]:
        found: dict[int, PieceView] = {}
        for p, (man, king) in enumerate(self._views):
            for cell in self.layout.cells_of(position.men[p]):
                found[cell] = man
            for cell in self.layout.cells_of(position.kings[p]):
                found[cell] = king
        return found

    def move_text(self, position: Position, move: Move) -> str:
        return self.notation.move_text(move.path, move.is_capture)

    def parse_move(self, position: Position, text: str) -> Move:
        """The legal move ``text`` denotes: its full path, or just origin and destination."""
        squares = tuple(self.notation.split_move(text))
        legal = self.legal_moves(position)
        exact = [m for m in legal if m.path == squares]
        short = [m for m in legal if (m.path[0], m.path[-1]) == (squares[0], squares[-1])]
        found = exact or (short if len(squares) == 2 else [])
        if len(found) == 1:
            return found[0]
        if found and len({self.play(position, m) for m in found}) == 1:
            # Paths that take the same pieces and end alike (a loop run either way
            # round) are one move in effect: the record is not ambiguous.
            return found[0]
        listed = found or legal
        texts = ", ".join(self.move_text(position, m) for m in listed[:20]) or "none"
        texts += f", ... ({len(listed)} in all)" if len(listed) > 20 else ""
        if found:
            raise BoardgenError(f"move {shown(text)} is ambiguous: write the whole path ({texts})")
        raise BoardgenError(f"move {shown(text)} is not legal here; legal moves: {texts}")

    def view(self, move: Move) -> MoveView:
        return MoveView(path=move.path, captured=move.captured)

    def position_text(self, position: Position) -> str:
        cells = self.layout.cells_of
        placement = Placement(
            (frozenset(cells(position.men[0])), frozenset(cells(position.men[1]))),
            (frozenset(cells(position.kings[0])), frozenset(cells(position.kings[1]))),
            position.turn,
            position.quiet,
            position.lone,
            tuple(self._run_cell(r) for r in position.runs),
            position.endgame,
        )
        return self.notation.position_text(placement)

    def _run_cell(self, run: int) -> tuple[int, int] | None:
        return (self.layout.cell[run >> 3], run & 7) if run else None

    def parse_position(self, text: str) -> Position:
        """The position ``text`` writes, refused when no game could reach it.

        Refused: kings in a game without them, a man resting on its own far row in a
        game that crowns (every move ending there crowns), and a draw counter the game
        does not keep. With ``last_pieces_become_kings``, one piece each means two
        kings, as after the move that left them.
        """
        pl = self.notation.parse_position(text)
        params = self.params
        if (pl.kings[0] or pl.kings[1]) and not params.has_kings:
            raise BoardgenError(f"position {shown(text)}: this game has no kings")
        bits = self._bits
        men = [bits(pl.men[0]), bits(pl.men[1])]
        kings = [bits(pl.kings[0]), bits(pl.kings[1])]
        for p, pid in enumerate(self.player_ids):
            stranded = men[p] & self.tables.far[p]
            if stranded:
                names = ", ".join(self.notation.square(c) for c in self.layout.cells_of(stranded))
                raise BoardgenError(
                    f"position {shown(text)}: {pid}'s man on {names} stands on its far row, "
                    "where it would have been crowned; write it as a king"
                )
        if pl.quiet and params.quiet_move_draw is None:
            raise BoardgenError(f"position {shown(text)}: this game keeps no quiet-move count (quiet=)")
        if pl.lone and params.three_kings_vs_one is None:
            raise BoardgenError(f"position {shown(text)}: this game has no three-kings rule (lone=)")
        if pl.endgame and endgame_entry(params, (men[0], men[1]), (kings[0], kings[1])) is None:
            why = "no endgame rule applies here" if params.endgame_draws else "this game counts no endgame"
            raise BoardgenError(f"position {shown(text)}: {why} (endgame=)")
        runs = [0, 0]
        for p, run in enumerate(pl.runs):
            if run is None:
                continue
            cell, count = run
            if params.king_quiet_move_limit is None:
                raise BoardgenError(f"position {shown(text)}: this game does not count a king's moves (run)")
            if cell not in pl.kings[p] or not 1 <= count <= params.king_quiet_move_limit:
                raise BoardgenError(
                    f"position {shown(text)}: a run names one of the player's kings and 1 to"
                    f" {params.king_quiet_move_limit} moves"
                )
            runs[p] = self.layout.index[cell] << 3 | count
        if params.last_pieces_become_kings and all((men[p] | kings[p]).bit_count() == 1 for p in (0, 1)):
            kings = [men[0] | kings[0], men[1] | kings[1]]
            men = [0, 0]
        pos = Position(
            (men[0], men[1]), (kings[0], kings[1]), pl.turn, pl.quiet, pl.lone, (runs[0], runs[1]), pl.endgame
        )
        return self._with_history(pos)

    def family_checks(self) -> Sequence[Check]:
        """``boardgen validate``'s verdicts for this game: is the descriptor playable?

        Each check states one property a working draughts-like descriptor has, so a typo
        in a setup or a region shows up as a named failure instead of a strange game."""
        return _playable(self)

    # -- beyond the protocol -------------------------------------------------------------

    def outcome(self, position: Position) -> str | None:
        """The winner's id, ``"draw"``, or None while the game goes on."""
        found = self._verdict(position)
        return found[0] if found else None

    def ending(self, position: Position) -> Ending | None:
        """How the game ended at ``position`` and the rule that ended it, or None."""
        found = self._verdict(position)
        return Ending(*found) if found else None

    def _verdict(self, position: Position) -> tuple[str, str] | None:
        return verdict(self.player_ids, position, bool(self._raw_moves(position)), self.params)


def make_game(spec: GameSpec) -> LeapingGame:
    """A LeapingGame for ``spec`` (the family object is :data:`.family.FAMILY`)."""
    return LeapingGame(spec)


def _playable(game: LeapingGame) -> list[Check]:
    checks: list[Check] = []
    start = game.initial()
    text = game.position_text(start)
    same = game.parse_position(text) == start
    checks.append(
        Check("leaping.position-text", same, f"{text!r} reads back {'unchanged' if same else 'changed'}")
    )
    counts = [game.perft(start, depth) for depth in (1, 2, 3)]
    checks.append(Check("leaping.perft", all(counts), f"perft 1-3 from the start: {counts}"))
    if game.params.promotion != "none":
        rows = [far.bit_count() for far in game.tables.far]
        checks.append(Check("leaping.promotion-row", all(rows), f"promotion rows of {rows} cells"))
    return checks
