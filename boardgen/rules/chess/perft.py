"""perft: the move sequences of a given length, counted to prove the move generator.

Moves are made on the bare board (no clocks, no history: the rules that end a game do
not stop perft, as in every published table), and the last ply is counted, not
played (:func:`.movegen.count_moves`). No two chess moves lead to the same position,
so counting positions instead of paths (``distinct``) gives the same numbers.

Many move orders reach the same position (1. e4 e5 2. Nf3 and 1. Nf3 e5 2. e4), so the
count below a position two or more plies from the end is kept, by the whole board
(pieces, side to move, castling rights, en passant square), for the rest of the call:
from the start at depth 6, the 197,281 positions four plies deep are 72,078 different
ones, and each is counted once. The counts are the same; ``memo=False`` counts every
path through (as the benchmark does beside python-chess, which keeps nothing).
"""

from __future__ import annotations

__all__ = ["divide", "perft"]

from .movegen import Board, count_moves, generate, make


def perft(board: Board, depth: int, *, memo: bool = True) -> int:
    """The legal move sequences ``depth`` plies long from ``board``."""
    if depth <= 0:
        return 1
    if depth == 1:
        return count_moves(board)
    return _counted(board, depth, {} if memo else None)


def _counted(board: Board, depth: int, known: dict[tuple[Board, int], int] | None) -> int:
    if known is not None:
        found = known.get((board, depth))
        if found is not None:
            return found
    if depth == 2:
        total = sum(count_moves(make(board, move)) for move in generate(board))
    else:
        total = sum(_counted(make(board, move), depth - 1, known) for move in generate(board))
    if known is not None:
        known[board, depth] = total
    return total


def divide(board: Board, depth: int) -> dict[int, int]:
    """perft ``depth - 1`` after each legal move (to find where two generators differ)."""
    return {move: perft(make(board, move), depth - 1) for move in generate(board)}
