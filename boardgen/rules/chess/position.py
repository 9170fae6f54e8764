"""A chess position as the engine keeps it, and a move played on it.

:class:`ChessPosition` is the board (:data:`.movegen.Board`), the two clocks FEN
writes, and the positions seen since the last capture or pawn move, which the
repetition rules count. Two positions repeat when the same pieces stand on the same
squares, the same side is to move, and the same castling rights and en passant
captures are open (FIDE's Laws, 9.2.3): the key of a position (:func:`key`) is its
board with the en passant square dropped unless a pawn may really take there.
"""

from __future__ import annotations

__all__ = ["ChessPosition", "Key", "key", "legal_en_passant", "play"]

from typing import NamedTuple

from .movegen import CAPTURE, PAWN, Board, en_passant_ok, make
from .tables import PAWN_ATTACKS

#: A position as the repetition rules compare it (see :func:`key`).
Key = Board


class ChessPosition(NamedTuple):
    """A position: the board, the clocks, and the keys of the positions since the last
    capture or pawn move, oldest first, this one's last (a named tuple, as the hot
    values of the engines are)."""

    board: Board
    #: Plies since the last capture or pawn move (the fifty- and 75-move rules).
    halfmove: int
    #: The move number, counted from 1 and raised after each of Black's moves.
    fullmove: int
    seen: tuple[Key, ...] = ()


def legal_en_passant(board: Board) -> bool:
    """Whether the side to move may take en passant (not only whether a pawn has just
    stepped two squares)."""
    ep = board[10]
    if ep < 0:
        return False
    turn = board[8]
    own = board[turn]
    capturers = PAWN_ATTACKS[1 - turn][ep] & board[2] & own
    king = board[7] & own
    while capturers:
        low = capturers & -capturers
        capturers ^= low
        if en_passant_ok(board, king.bit_length() - 1, low.bit_length() - 1):
            return True
    return False


def key(board: Board) -> Key:
    """``board`` as the repetition rules compare it: its en passant square kept only
    when a pawn may take there."""
    if board[10] >= 0 and not legal_en_passant(board):
        return (*board[:10], -1)
    return board


def play(position: ChessPosition, move: int) -> ChessPosition:
    """The position after legal ``move``: the clocks moved on, the history kept."""
    board = position.board
    after = make(board, move)
    zeroing = (move >> 15) & 7 == PAWN or bool(move & CAPTURE)
    fullmove = position.fullmove + board[8]
    here = key(after)
    if zeroing:
        return ChessPosition(after, 0, fullmove, (here,))
    return ChessPosition(after, position.halfmove + 1, fullmove, (*position.seen, here))
