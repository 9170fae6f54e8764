"""The chess family's game: the Engine protocol over the bitboard move generator.

This class translates between the outside world (grid cells, player ids, FEN, SAN)
and the engine inside (squares 0-63 from a1, colours 0 and 1, moves as ints). The
rules live in :mod:`.movegen` (moves), :mod:`.position` (a move played, the history),
:mod:`.endings` (how a game ends) and :mod:`.notation` (moves as text).

The first player is White and sits at the south edge (rank 1); the pieces a
descriptor sets up are named by their kinds' ids, ``king``, ``queen``, ``rook``,
``bishop``, ``knight`` and ``pawn``.
"""

from __future__ import annotations

__all__ = ["KIND_IDS", "ChessGame", "make_game"]

from collections.abc import Sequence

from ...errors import BoardgenError, shown
from ...geometry import SquareGrid
from ..base import Check, Ending, MoveView, PieceView
from ..spec import GameSpec
from .chess960 import COUNT, back_rank
from .endings import claim, verdict
from .fen import parse_fen, write_fen
from .movegen import CAPTURE, CASTLE, EN_PASSANT, Board, castle_squares, checkers, generate
from .notation import parse_move, san, uci
from .params import ChessParams, parse_params
from .perft import perft
from .position import ChessPosition, key, play
from .tables import RANKS, bits

#: The descriptor's piece kind ids, by the engine's kinds (1 pawn ... 6 king).
KIND_IDS = ("", "pawn", "knight", "bishop", "rook", "queen", "king")


class ChessGame:
    """Chess (or Chess960, by the castling switch) as one descriptor sets it up."""

    #: Positions one perft depth may count (``boardgen perft``'s bound, about 15 s of work):
    #: the last ply is counted in bulk and each position below counted once (:mod:`.perft`),
    #: so depth 6 from the start (4,865,609 positions at depth 5) is admitted, depth 7 not.
    perft_positions = 5_000_000

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.params: ChessParams = parse_params(spec.params)
        if len(spec.players) != 2:
            raise BoardgenError("chess is played by two players", key="players")
        self.player_ids = (spec.players[0].id, spec.players[1].id)
        if spec.first != self.player_ids[0]:
            raise BoardgenError(
                "in chess the first player listed (White) moves first: list the players in that order",
                key="first",
            )
        grid = spec.grid
        if (
            not isinstance(grid, SquareGrid)
            or (grid.width, grid.height) != (8, 8)
            or len(spec.playable) != 64
        ):
            raise BoardgenError("chess is played on a board of 8 x 8 squares, all of them used", key="board")
        flipped = spec.players[0].side == "north"
        #: ``cell[square]``: the grid cell of each square (a1 is White's left corner).
        self.cell: tuple[int, ...] = tuple(
            self._cell_at(grid, 7 - (s & 7) if flipped else s & 7, 7 - (s >> 3) if flipped else s >> 3)
            for s in range(64)
        )
        self.square = {c: s for s, c in enumerate(self.cell)}
        self._views = tuple(
            tuple(PieceView(pid, "stone", KIND_IDS[k]) if k else None for k in range(7))
            for pid in self.player_ids
        )
        #: The last board whose moves were generated, its moves, and the same as a set:
        #: reading a record asks for one position's moves three times (the move read,
        #: its SAN, its play), and self-play twice.
        self._generated: tuple[Board, list[int], frozenset[int]] | None = None
        self._start = self._setup()

    @staticmethod
    def _cell_at(grid: SquareGrid, x: int, y: int) -> int:
        cell = grid.at(x, y)
        if cell is None:  # pragma: no cover - a full 8 x 8 board has every square
            raise BoardgenError("chess needs every square of the board", key="board")
        return cell

    # -- the start -------------------------------------------------------------------------

    def _setup(self) -> ChessPosition:
        """The descriptor's setup as a position: each side's castling rights with the
        outermost rook on either side of a king on its first rank (in standard castling,
        a king on e1/e8 and the corner rooks)."""
        spec = self.spec
        squares = [0] * 8
        for colour, pid in enumerate(self.player_ids):
            for cell in spec.setup.get(pid, frozenset()):
                kind = spec.kinds.get(cell, "")
                if kind not in KIND_IDS[1:]:
                    name = spec.grid.name(cell)
                    raise BoardgenError(
                        f"the piece on {name} has no chess kind ({shown(kind or 'men')}); "
                        f"chess pieces are the kinds {', '.join(KIND_IDS[1:])}",
                        key=f"setup.{pid}",
                    )
                bit = 1 << self.square[cell]
                squares[colour] |= bit
                squares[KIND_IDS.index(kind) + 1] |= bit
        castling = 0
        for colour in (0, 1):
            back = RANKS[7 if colour else 0]
            king = squares[7] & squares[colour] & back
            rooks = squares[5] & squares[colour] & back
            if king.bit_count() != 1:
                continue
            if self.params.any_files:
                left, right = rooks & (king - 1), rooks & ~(king | (king - 1))
                castling |= (left & -left) | (1 << (right.bit_length() - 1) if right else 0)
            elif king & 0x1000000000000010:
                castling |= rooks & 0x8100000000000081
        board: Board = (*squares, 0, castling, -1)  # type: ignore[assignment]
        text = write_fen(board, 0, 1)
        try:
            parse_fen(text, any_files=self.params.any_files)
        except BoardgenError as error:
            raise BoardgenError(f"the setup is not a chess position: {error.message}", key="setup") from None
        return ChessPosition(board, 0, 1, (key(board),))

    # -- the Engine protocol -------------------------------------------------------------------

    def initial(self) -> ChessPosition:
        return self._start

    def _moves(self, board: Board) -> tuple[list[int], frozenset[int]]:
        """The legal moves of ``board``, as a list and as a set (the last board's kept)."""
        kept = self._generated
        if kept is not None and kept[0] == board:
            return kept[1], kept[2]
        moves = generate(board)
        self._generated = (board, moves, frozenset(moves))
        return moves, self._generated[2]

    def legal_moves(self, position: ChessPosition) -> list[int]:
        """Every legal move, by origin and target square (a1 first), promotions to a
        queen first."""
        moves, _ = self._moves(position.board)
        return sorted(moves, key=lambda m: (m & 63) << 6 | (m >> 6) & 63)

    def play(self, position: ChessPosition, move: int) -> ChessPosition:
        """The position after ``move``; BoardgenError unless it is legal here."""
        if move not in self._moves(position.board)[1]:
            raise BoardgenError(f"illegal move {shown(str(move))}")
        return play(position, move)

    def perft(self, position: ChessPosition, depth: int, distinct: bool = False) -> int:
        """Move sequences ``depth`` plies deep (no two chess moves end alike: ``distinct``
        changes nothing)."""
        return perft(position.board, depth)

    def ending(self, position: ChessPosition) -> Ending | None:
        found = verdict(position, self.player_ids, self.params.draw_claims == "automatic")
        return Ending(*found) if found else None

    def outcome(self, position: ChessPosition) -> str | None:
        """The winner's id, ``"draw"``, or None while the game goes on."""
        found = verdict(position, self.player_ids, self.params.draw_claims == "automatic")
        return found[0] if found else None

    def to_move(self, position: ChessPosition) -> str:
        return self.player_ids[position.board[8]]

    def pieces(self, position: ChessPosition) -> dict[int, PieceView]:
        board = position.board
        found: dict[int, PieceView] = {}
        cell = self.cell
        for colour, views in enumerate(self._views):
            own = board[colour]
            for kind in range(1, 7):
                view = views[kind]
                assert view is not None
                for square in bits(board[kind + 1] & own):
                    found[cell[square]] = view
        return found

    def move_text(self, position: ChessPosition, move: int) -> str:
        """The move in SAN (``Nf3``, ``exd5``, ``O-O``, ``e8=Q+``)."""
        return san(position.board, move, self._moves(position.board)[0])

    def parse_move(self, position: ChessPosition, text: str) -> int:
        """The legal move ``text`` writes: SAN, long algebraic or UCI (see :mod:`.notation`)."""
        return parse_move(position.board, text, self._moves(position.board)[0], self.params.any_files)

    def view(self, move: int) -> MoveView:
        """The piece's path (the king's, for castling) and the piece it takes: on the
        target square, or beside it for an en passant capture."""
        origin, to = move & 63, (move >> 6) & 63
        if move & CASTLE:
            to = castle_squares(origin, to)[0]
        captured: tuple[int, ...] = ()
        if move & CAPTURE:
            captured = (self.cell[to ^ 8 if move & EN_PASSANT else to],)
        return MoveView(path=(self.cell[origin], self.cell[to]), captured=captured)

    def position_text(self, position: ChessPosition) -> str:
        return write_fen(position.board, position.halfmove, position.fullmove)

    def parse_position(self, text: str) -> ChessPosition:
        """A FEN (see :mod:`.fen`); its history is the position alone."""
        setup = parse_fen(text.strip(), any_files=self.params.any_files)
        return ChessPosition(setup.board, setup.halfmove, setup.fullmove, (key(setup.board),))

    def family_checks(self) -> Sequence[Check]:
        return _checks(self)

    # -- beyond the protocol -------------------------------------------------------------------

    def checked(self, position: ChessPosition) -> tuple[int, ...]:
        """The cell of the king in check, if the side to move is in check (for diagrams)."""
        board = position.board
        if not checkers(board):
            return ()
        king = board[7] & board[board[8]]
        return (self.cell[king.bit_length() - 1],)

    def claimable(self, position: ChessPosition) -> str | None:
        """The draw the side to move may claim under ``draw_claims: claimed`` (the
        fifty-move rule or a threefold repetition, now or by its next move), or None."""
        if self.ending(position) is not None:
            return None
        return claim(position)

    def uci(self, move: int) -> str:
        """The move as UCI writes it (``e2e4``, ``e7e8q``; castling ``e1g1``, or the king
        onto its rook under Chess960's castling)."""
        return uci(move, self.params.any_files)


def make_game(spec: GameSpec) -> ChessGame:
    """A ChessGame for ``spec`` (the family object is :data:`.family.FAMILY`)."""
    return ChessGame(spec)


def _chess960_start(board: Board) -> Check:
    """Whether White's first rank is one of Chess960's 960 (a game that castles from any
    file may start elsewhere: validate says so, and which it is)."""
    white = board[0]
    rank = "".join(
        next(("PNBRQK"[k - 2] for k in range(2, 8) if (board[k] & white) >> f & 1), ".") for f in range(8)
    )
    name = "chess.chess960-start"
    number = {back_rank(n): n for n in range(COUNT)}.get(rank)
    if number is not None:
        return Check(name, True, f"White's first rank {rank} is Chess960's start {number}")
    return Check(name, False, f"White's first rank {rank} is none of Chess960's 960 starts", ("setup",))


def _checks(game: ChessGame) -> list[Check]:
    start = game.initial()
    text = game.position_text(start)
    same = game.parse_position(text) == start
    checks = [Check("chess.fen", same, f"{text} reads back {'unchanged' if same else 'changed'}")]
    counts = [game.perft(start, depth) for depth in (1, 2, 3)]
    checks.append(Check("chess.perft", all(counts), f"perft 1-3 from the start: {counts}"))
    board = start.board
    mirrored = all(
        ((board[k] & board[0]) >> (8 * r) & 0xFF) == ((board[k] & board[1]) >> (8 * (7 - r)) & 0xFF)
        for k in range(2, 8)
        for r in range(8)
    )
    if game.params.any_files:
        checks.append(_chess960_start(board))
    detail = "Black's pieces mirror White's across the middle of the board"
    checks.append(
        Check(
            "chess.mirrored",
            mirrored,
            detail if mirrored else "Black's setup is not White's mirrored",
            ("setup",),
        )
    )
    return checks
