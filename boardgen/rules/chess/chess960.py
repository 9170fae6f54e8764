"""The 960 starting positions of Chess960 (Fischer Random Chess), by number.

Each side's pieces behind the pawns are shuffled under two constraints, the bishops on
squares of opposite colours and the king between the rooks, Black's mirroring White's.
Scharnagl's numbering, which FIDE and python-chess use, counts them from 0 to 959
(518 is the standard arrangement): the light-squared bishop's file, then the dark one's,
then the queen's place among the empty squares, then the knights', the rooks and the
king taking the three squares left, rook, king, rook.

>>> back_rank(0), back_rank(518)
('BBQNNRKR', 'RNBQKBNR')
>>> start_fen(518)
'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
"""

from __future__ import annotations

__all__ = ["COUNT", "back_rank", "start_fen"]

from ...errors import BoardgenError

#: How many starting positions there are.
COUNT = 960

_KNIGHTS = ((0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))


def back_rank(number: int) -> str:
    """White's first rank, a-file first, for starting position ``number`` (0 to 959)."""
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < COUNT:
        raise BoardgenError(f"a Chess960 starting position is numbered from 0 to {COUNT - 1}, not {number!r}")
    rank = [""] * 8
    n, light = divmod(number, 4)
    rank[2 * light + 1] = "B"
    n, dark = divmod(n, 4)
    rank[2 * dark] = "B"
    n, queen = divmod(n, 6)
    empty = [i for i in range(8) if not rank[i]]
    rank[empty[queen]] = "Q"
    empty = [i for i in range(8) if not rank[i]]
    for i in _KNIGHTS[n]:
        rank[empty[i]] = "N"
    for piece, i in zip("RKR", (i for i in range(8) if not rank[i]), strict=True):
        rank[i] = piece
    return "".join(rank)


def start_fen(number: int) -> str:
    """The FEN of starting position ``number``, castling rights on both sides."""
    white = back_rank(number)
    return f"{white.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"
