"""Forsyth-Edwards Notation: chess positions read and written.

``rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1``: the board rank by rank
from the eighth, the side to move, the castling rights, the en passant square, the
halfmove clock and the move number. What is read is written back exactly, in the
standard's own form:

* the en passant square stands after every two-square pawn step, whether or not a
  pawn can take (the FEN standard, as PGN's specification defines it; some programs
  write it only when a capture is possible: such a FEN is read as written);
* castling rights are ``KQkq`` (White's first, the king's side first); in Chess960 a
  rook that is not the outermost on its side is named by its file (X-FEN, ``HAha``
  Shredder-FEN read too);
* a FEN without the two clocks (EPD's four fields) is read with ``0 1``.

A position no game can reach in a way that matters to the engine is refused, saying
why: not one king a side, a pawn on the first or last rank, the side that has just
moved in check, more than two pieces giving check, a castling right whose king or rook
is not in place, an en passant square with no pawn that has just stepped past it.
"""

from __future__ import annotations

__all__ = ["MAX_CLOCK", "Setup", "parse_fen", "write_fen"]

import re
from typing import NamedTuple

from ...errors import BoardgenError, shown
from .movegen import Board, attackers, checkers
from .tables import RANKS, bits, square_name

#: The largest halfmove clock or move number read (no game is longer).
MAX_CLOCK = 100_000

_KINDS = "pnbrqk"
#: Empty squares as write_fen marks them before counting each run (compiled on first use).
_RUNS = "1+"


class Setup(NamedTuple):
    """A FEN read: the board and the two clocks."""

    board: Board
    halfmove: int
    fullmove: int


def _fail(text: str, why: str) -> BoardgenError:
    return BoardgenError(f"position {shown(text)}: {why}")


def _placement(text: str, field: str) -> list[int]:
    """[white, black, pawns, knights, bishops, rooks, queens, kings] of a FEN's board."""
    ranks = field.split("/")
    if len(ranks) != 8:
        raise _fail(text, f"the board has {len(ranks)} ranks, not 8 (ranks are separated by '/')")
    squares = [0] * 8
    for row, rank in enumerate(ranks):
        file = 0
        for ch in rank:
            if ch in "12345678":
                file += int(ch)
                continue
            kind = _KINDS.find(ch.lower())
            if kind < 0:
                raise _fail(text, f"{shown(ch)} is not a piece (PNBRQK for White, pnbrqk for Black) nor 1-8")
            if file < 8:
                bit = 1 << ((7 - row) * 8 + file)
                squares[0 if ch.isupper() else 1] |= bit
                squares[kind + 2] |= bit
            file += 1
        if file != 8:
            raise _fail(text, f"rank {8 - row} ({shown(rank)}) holds {file} squares, not 8")
    return squares


def _castling(text: str, field: str, squares: list[int], any_files: bool) -> int:
    """The rooks keeping a castling right, from ``KQkq``, X-FEN or Shredder-FEN."""
    if field == "-":
        return 0
    rights = 0
    for ch in field:
        colour = 0 if ch.isupper() else 1
        back = RANKS[7 if colour else 0]
        king = squares[7] & squares[colour] & back
        rooks = squares[5] & squares[colour] & back
        who = "Black" if colour else "White"
        if not king:
            raise _fail(text, f"castling right {ch!r}: {who}'s king is not on its first rank")
        ksq = king.bit_length() - 1
        letter = ch.lower()
        if letter == "k":
            side = rooks & ~((king << 1) - 1)
            rook = side.bit_length() - 1 if side else -1
        elif letter == "q":
            side = rooks & (king - 1)
            rook = (side & -side).bit_length() - 1 if side else -1
        elif letter in "abcdefgh" and any_files:
            rook = ksq & 56 | "abcdefgh".index(letter)
            rook = rook if rooks >> rook & 1 else -1
        else:
            allowed = "KQkq, a file letter (Chess960) or -" if any_files else "KQkq or -"
            raise _fail(text, f"castling rights are {allowed}, not {shown(field)}")
        if rook < 0:
            raise _fail(text, f"castling right {ch!r}: no rook of {who}'s to castle with on that side")
        if not any_files and (ksq & 7 != 4 or rook & 7 not in (0, 7)):
            raise _fail(
                text,
                f"castling right {ch!r}: {who}'s king must stand on the e-file and the rook in the corner "
                "(a Chess960 position is read by a game whose castling is 'any-files')",
            )
        if rights >> rook & 1:
            raise _fail(text, f"castling right {ch!r} is given twice")
        same_side = rights & back & (~(king - 1) if rook > ksq else king - 1)
        if same_side:
            raise _fail(text, f"{who} has two castling rights on one side of the king in {shown(field)}")
        rights |= 1 << rook
    return rights


def _en_passant(text: str, field: str, squares: list[int], turn: int) -> int:
    if field == "-":
        return -1
    if len(field) != 2 or field[0] not in "abcdefgh" or field[1] not in "36":
        raise _fail(text, f"the en passant square is a square of rank 3 or 6, or -, not {shown(field)}")
    square = "abcdefgh".index(field[0]) + 8 * (int(field[1]) - 1)
    rank = 5 if turn == 0 else 2
    occupied = squares[0] | squares[1]
    pawn = square ^ 8  # the pawn that stepped past it
    origin = square * 2 - pawn
    if square >> 3 != rank or not (squares[2] & squares[1 - turn]) >> pawn & 1 or occupied >> square & 1:
        raise _fail(text, f"en passant square {field}: no pawn has just stepped past it")
    if occupied >> origin & 1:
        raise _fail(text, f"en passant square {field}: the square the pawn stepped from is taken")
    return square


def _clock(text: str, field: str, what: str, low: int) -> int:
    if not field.isascii() or not field.isdigit() or len(field) > 6 or not low <= int(field) <= MAX_CLOCK:
        raise _fail(text, f"the {what} is a whole number from {low} to {MAX_CLOCK:,}, not {shown(field)}")
    return int(field)


def parse_fen(text: str, *, any_files: bool = False) -> Setup:
    """The position ``text`` writes (see the module's text); ``any_files`` reads
    Chess960's castling rights. Raises BoardgenError saying what is wrong."""
    fields = text.split()
    if len(fields) not in (4, 6):
        raise _fail(
            text,
            "write a FEN: board, side to move, castling, en passant, halfmove clock and move number "
            "(rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1)",
        )
    squares = _placement(text, fields[0])
    if fields[1] not in ("w", "b"):
        raise _fail(text, f"the side to move is w or b, not {shown(fields[1])}")
    turn = 0 if fields[1] == "w" else 1
    for colour, who in ((0, "White"), (1, "Black")):
        kings = (squares[7] & squares[colour]).bit_count()
        if kings != 1:
            raise _fail(text, f"{who} has {kings} kings: a chess position has one king a side")
    if squares[2] & (RANKS[0] | RANKS[7]):
        where = ", ".join(square_name(s) for s in bits(squares[2] & (RANKS[0] | RANKS[7])))
        raise _fail(text, f"a pawn on its first or last rank ({where})")
    castling = _castling(text, fields[2], squares, any_files)
    ep = _en_passant(text, fields[3], squares, turn)
    halfmove = _clock(text, fields[4], "halfmove clock", 0) if len(fields) == 6 else 0
    fullmove = _clock(text, fields[5], "move number", 1) if len(fields) == 6 else 1
    board: Board = (*squares, turn, castling, ep)  # type: ignore[assignment]
    occupied = squares[0] | squares[1]
    other = squares[7] & squares[1 - turn]
    if attackers(board, turn, other.bit_length() - 1, occupied):
        raise _fail(text, f"{'White' if turn else 'Black'}, who has just moved, is in check")
    if checkers(board).bit_count() > 2:
        raise _fail(text, "more than two pieces give check: no move makes that")
    return Setup(board, halfmove, fullmove)


def _castling_text(board: Board) -> str:
    """X-FEN castling rights: K/Q for the outermost rook of its side, else its file."""
    text = ""
    for colour in (0, 1):
        back = RANKS[7 if colour else 0]
        rights = board[9] & back
        king = board[7] & board[colour]
        rooks = board[5] & board[colour] & back
        for rook in sorted(bits(rights), reverse=True):
            queen_side = (1 << rook) < king
            outside = rooks & ((1 << rook) - 1) if queen_side else rooks & ~((2 << rook) - 1)
            letter = "abcdefgh"[rook & 7] if outside else ("q" if queen_side else "k")
            text += letter.upper() if colour == 0 else letter
    return text or "-"


def write_fen(board: Board, halfmove: int, fullmove: int) -> str:
    """The FEN of a board and its clocks (see the module's text)."""
    squares = ["1"] * 64
    for kind in range(6):
        for colour, letter in ((0, _KINDS[kind].upper()), (1, _KINDS[kind])):
            for square in bits(board[kind + 2] & board[colour]):
                squares[square] = letter
    rows = ["".join(squares[rank * 8 : rank * 8 + 8]) for rank in range(7, -1, -1)]
    placement = re.sub(_RUNS, lambda run: str(len(run.group())), "/".join(rows))
    ep = "-" if board[10] < 0 else square_name(board[10])
    side = "b" if board[8] else "w"
    return f"{placement} {side} {_castling_text(board)} {ep} {halfmove} {fullmove}"
