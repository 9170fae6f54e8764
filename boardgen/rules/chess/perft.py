"""perft: the move sequences of a given length, counted to prove the move generator.

Moves are made on the bare board (no clocks, no history: the rules that end a game do
not stop perft, as in every published table), and the last ply is counted, not
played (:func:`.movegen.count_moves`). No two chess moves lead to the same position,
so counting positions instead of paths (``distinct``) gives the same numbers.
"""

from __future__ import annotations

__all__ = ["divide", "perft"]

from .movegen import Board, count_moves, generate, make


def perft(board: Board, depth: int) -> int:
    """The legal move sequences ``depth`` plies long from ``board``."""
    if depth <= 0:
        return 1
    if depth == 1:
        return count_moves(board)
    if depth == 2:
        return sum(count_moves(make(board, move)) for move in generate(board))
    return sum(perft(make(board, move), depth - 1) for move in generate(board))


def divide(board: Board, depth: int) -> dict[int, int]:
    """perft ``depth - 1`` after each legal move (to find where two generators differ)."""
    return {move: perft(make(board, move), depth - 1) for move in generate(board)}
