"""What the families of chess-like games (xiangqi, shogi) share: set bits as a list, a
board written as FEN writes it, and the end of a game when the side to move has no move.

Kept apart from any one family so that neither imports the other (the families are
independent, pyproject.toml's contract).
"""

from __future__ import annotations

__all__ = ["bit_list", "board_rows", "no_move_ending"]

from collections.abc import Callable, Sequence

from .base import Ending


def bit_list(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first, as a list (move
    generation's hot loops iterate it more cheaply than a generator)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def board_rows(squares: Sequence[int] | bytes, files: int, ranks: int, letter: Callable[[int], str]) -> str:
    """The board as FEN writes it: ranks from the far side (the second player's) down,
    each from the first player's left, ``letter(piece)`` for a piece, a digit for a run of
    empty squares, ``/`` between ranks. Square ``y * files + x``; 0 is empty."""
    rows = []
    for y in range(ranks - 1, -1, -1):
        row = ""
        empty = 0
        for x in range(files):
            piece = squares[y * files + x]
            if not piece:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += letter(piece)
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def no_move_ending(mover: str, other: str, in_check: bool, stalemate_loses: bool) -> Ending:
    """The end when ``mover`` has no legal move: checkmated (the other side wins), or
    stalemated (a loss in xiangqi and shogi, a draw under the switch)."""
    if in_check:
        return Ending(other, f"{mover} is checkmated")
    if stalemate_loses:
        return Ending(other, f"{mover} has no legal move")
    return Ending("draw", f"{mover} has no legal move")
