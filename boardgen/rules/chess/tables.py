"""Squares and bitboards: the tables the move generator looks things up in.

Squares are the integers 0 (a1) to 63 (h8), file first (b1 is 1, a2 is 8), as in
python-chess; a set of squares is a bitboard, a Python int whose bit ``s`` stands for
square ``s``. Every table is made once, when the family is first used (about 6 ms):

* the squares a knight, a king or a pawn of each colour attacks from each square;
* sliding attacks looked up by the pieces in the way: for a square, the occupied
  squares of its rank (of its file, of its two diagonals) that can block, minus the
  edges, key a dict of the squares reached (python-chess's scheme: a rook needs two
  look-ups, a bishop one, a queen three, instead of a walk along eight rays); each
  table is made ray by ray, the ways of blocking each ray combined;
* the squares strictly between two squares on a line, and the whole line through
  them, for pins and for blocking a check.
"""

from __future__ import annotations

__all__ = [
    "BETWEEN",
    "BISHOP_EMPTY",
    "DARK",
    "DIAG_ATTACKS",
    "DIAG_MASK",
    "FILES",
    "FILE_ATTACKS",
    "FILE_MASK",
    "FULL",
    "KING",
    "KNIGHT",
    "LINE",
    "PAWN_ATTACKS",
    "RANKS",
    "RANK_ATTACKS",
    "RANK_MASK",
    "ROOK_EMPTY",
    "bishop_attacks",
    "bits",
    "queen_attacks",
    "rook_attacks",
    "square_name",
]

from collections.abc import Iterator

FULL = (1 << 64) - 1
FILES = tuple(0x0101010101010101 << f for f in range(8))
RANKS = tuple(0xFF << (8 * r) for r in range(8))
#: The dark squares (a1 is dark).
DARK = 0xAA55AA55AA55AA55

_ROOK_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
_BISHOP_STEPS = ((1, 1), (-1, -1), (1, -1), (-1, 1))


def square_name(square: int) -> str:
    """``e4`` for square 28."""
    return "abcdefgh"[square & 7] + str((square >> 3) + 1)


def bits(bb: int) -> Iterator[int]:
    """The squares of bitboard ``bb``, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def _steps(square: int, steps: tuple[tuple[int, int], ...]) -> int:
    """The squares one step away from ``square`` in each of ``steps`` (on the board)."""
    f, r = square & 7, square >> 3
    found = 0
    for df, dr in steps:
        if 0 <= f + df < 8 and 0 <= r + dr < 8:
            found |= 1 << ((r + dr) * 8 + f + df)
    return found


def _ray(square: int, df: int, dr: int) -> list[int]:
    """The squares from ``square`` (not included) to the edge in direction (df, dr)."""
    f, r = (square & 7) + df, (square >> 3) + dr
    found = []
    while 0 <= f < 8 and 0 <= r < 8:
        found.append(r * 8 + f)
        f, r = f + df, r + dr
    return found


def _blockers(ray: list[int]) -> dict[int, int]:
    """Each way the squares of ``ray`` that can block may be occupied (all but its last:
    a piece there stops nothing beyond it), with the squares a slider then reaches: up
    to and including the nearest occupied one."""
    upto = {}
    reach = 0
    for square in ray:
        reach |= 1 << square
        upto[square] = reach
    found = {}
    inner = reach & ~(1 << ray[-1]) if ray else 0
    rising = len(ray) < 2 or ray[1] > ray[0]
    occupied = 0
    while True:  # every subset of the inner squares (the carry-rippler)
        if not occupied:
            found[0] = reach
        else:
            nearest = (occupied & -occupied).bit_length() - 1 if rising else occupied.bit_length() - 1
            found[occupied] = upto[nearest]
        occupied = (occupied - inner) & inner
        if not occupied:
            return found


def _table(steps: tuple[tuple[int, int], ...]) -> tuple[tuple[dict[int, int], ...], tuple[int, ...]]:
    """Per square, the squares a slider moving along ``steps`` reaches, by the occupied
    squares that can block it (keys: subsets of the mask), and that mask: the rays'
    ways of being blocked, combined ray by ray."""
    tables = []
    for square in range(64):
        table = {0: 0}
        for df, dr in steps:
            ray = _blockers(_ray(square, df, dr))
            table = {a | b: x | y for a, x in table.items() for b, y in ray.items()}
        tables.append(table)
    return tuple(tables), tuple(max(table) for table in tables)  # the key with every blocker


KNIGHT = tuple(
    _steps(s, ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))) for s in range(64)
)
KING = tuple(_steps(s, _ROOK_STEPS + _BISHOP_STEPS) for s in range(64))
#: ``PAWN_ATTACKS[colour][square]``: the squares a pawn of ``colour`` (0 white, 1 black) attacks.
PAWN_ATTACKS = (
    tuple(_steps(s, ((1, 1), (-1, 1))) for s in range(64)),
    tuple(_steps(s, ((1, -1), (-1, -1))) for s in range(64)),
)

DIAG_ATTACKS, DIAG_MASK = _table(_BISHOP_STEPS)
RANK_ATTACKS, RANK_MASK = _table(((1, 0), (-1, 0)))
FILE_ATTACKS, FILE_MASK = _table(((0, 1), (0, -1)))
#: The squares a rook (a bishop) reaches from each square on an empty board.
ROOK_EMPTY = tuple(RANK_ATTACKS[s][0] | FILE_ATTACKS[s][0] for s in range(64))
BISHOP_EMPTY = tuple(DIAG_ATTACKS[s][0] for s in range(64))


def _lines() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    between = [[0] * 64 for _ in range(64)]
    line = [[0] * 64 for _ in range(64)]
    for a in range(64):
        for df, dr in _ROOK_STEPS + _BISHOP_STEPS:
            whole = sum(1 << b for b in (*_ray(a, df, dr), *_ray(a, -df, -dr), a))
            f, r = (a & 7) + df, (a >> 3) + dr
            inside = 0
            while 0 <= f < 8 and 0 <= r < 8:
                b = r * 8 + f
                between[a][b] = inside
                line[a][b] = whole
                inside |= 1 << b
                f, r = f + df, r + dr
    return tuple(map(tuple, between)), tuple(map(tuple, line))


#: ``BETWEEN[a][b]``: the squares strictly between ``a`` and ``b`` on a rank, file or
#: diagonal (0 when they share none); ``LINE[a][b]``: the whole line through both.
BETWEEN, LINE = _lines()


def bishop_attacks(square: int, occupied: int) -> int:
    return DIAG_ATTACKS[square][DIAG_MASK[square] & occupied]


def rook_attacks(square: int, occupied: int) -> int:
    along_rank = RANK_ATTACKS[square][RANK_MASK[square] & occupied]
    return along_rank | FILE_ATTACKS[square][FILE_MASK[square] & occupied]


def queen_attacks(square: int, occupied: int) -> int:
    return bishop_attacks(square, occupied) | rook_attacks(square, occupied)
