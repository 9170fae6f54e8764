"""Shogi positions and moves as text: SFEN and USI, what every shogi program speaks.

* SFEN: ``lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1``: the ranks
  from ``a`` (White's side) to ``i``, each from file 9 to file 1; Black's (sente's)
  pieces in capitals (K king, R rook, B bishop, G gold, S silver, N knight, L lance,
  P pawn, ``+`` before a promoted piece), a digit for empty squares; ``b`` or ``w``
  for the side to move; the pieces in hand (``2P`` two pawns, ``-`` for none); the
  number of the next move. ``startpos`` is the usual start.
* USI moves: the square left and the square reached, file digit then rank letter
  (``7g7f``), ``+`` when the piece promotes (``8h2b+``); a drop is the piece's letter,
  ``*`` and the square (``P*5e``).

Squares are numbered ``y * 9 + x`` from Black's left corner (see :mod:`.tables`): USI's
file ``9 - x``, rank letter ``"abcdefghi"[8 - y]``.
"""

from __future__ import annotations

__all__ = [
    "HAND_ORDER",
    "LETTERS",
    "START",
    "format_sfen",
    "parse_sfen",
    "parse_usi",
    "square_name",
    "usi_text",
]

import re
from collections.abc import Sequence

from ...errors import BoardgenError, shown
from ..chesslike import board_rows
from .tables import (
    BASE,
    BISHOP,
    GOLD,
    KING,
    KNIGHT,
    LANCE,
    PAWN,
    PROMOTED,
    ROOK,
    SILVER,
    SIZE,
)

#: SFEN letters by kind (Black's; White's in lower case).
LETTERS = {PAWN: "P", LANCE: "L", KNIGHT: "N", SILVER: "S", GOLD: "G", BISHOP: "B", ROOK: "R", KING: "K"}
_KIND_OF = {letter: kind for kind, letter in LETTERS.items()}
#: The order pieces in hand are written in (rook first).
HAND_ORDER = (ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN)
START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
_USI = re.compile(r"^\s*(?:([1-9])([a-i])([1-9])([a-i])(\+?)|([PLNSGBR])\*([1-9])([a-i]))\s*$")


def square_name(s: int) -> str:
    """A square as USI writes it: ``7g``."""
    return f"{SIZE - s % SIZE}{'abcdefghi'[SIZE - 1 - s // SIZE]}"


def _square(file: str, rank: str) -> int:
    return (SIZE - 1 - (ord(rank) - 97)) * SIZE + (SIZE - int(file))


def _letter(piece: int) -> str:
    kind = piece & 15
    base = BASE.get(kind, kind)
    text = ("+" if kind != base else "") + LETTERS[base]
    return text if piece < 16 else text.lower()


def format_sfen(
    squares: Sequence[int] | bytes, hands: Sequence[Sequence[int]], mover: int, number: int
) -> str:
    board = board_rows(squares, SIZE, SIZE, _letter)
    hand = ""
    for side in (0, 1):
        for kind in HAND_ORDER:
            n = hands[side][kind]
            if n:
                letter = LETTERS[kind] if side == 0 else LETTERS[kind].lower()
                hand += (str(n) if n > 1 else "") + letter
    return f"{board} {'bw'[mover]} {hand or '-'} {number}"


def parse_sfen(text: str) -> tuple[list[int], list[list[int]], int, int]:
    """The pieces by square, the hands (counts by kind per side), the side to move (0
    Black) and the move number. Only the shape of the text is checked here."""
    what = f"position {shown(text.strip())}"
    body = text.strip()
    if body.startswith("sfen "):
        body = body[5:].strip()
    if body == "startpos":
        body = START
    fields = body.split()
    if not fields or len(fields) > 4:
        raise BoardgenError(f"{what}: write an SFEN, e.g. '{START}'")
    rows = fields[0].split("/")
    if len(rows) != SIZE:
        raise BoardgenError(f"{what}: an SFEN has {SIZE} ranks separated by '/', not {len(rows)}")
    squares = [0] * (SIZE * SIZE)
    for i, row in enumerate(rows):
        y = SIZE - 1 - i
        x = 0
        promoted = False
        for ch in row:
            if ch == "+":
                promoted = True
                continue
            if ch.isascii() and ch.isdigit() and not promoted:
                x += int(ch)
                continue
            kind = _KIND_OF.get(ch.upper()) if ch.isascii() else None
            if kind is None:
                raise BoardgenError(f"{what}: {ch!r} is not a shogi piece letter (K R B G S N L P)")
            if promoted:
                if kind not in PROMOTED:
                    raise BoardgenError(f"{what}: {'+' + ch!r}: {ch.upper()} does not promote")
                kind = PROMOTED[kind]
                promoted = False
            if x >= SIZE:
                break
            squares[y * SIZE + x] = kind if ch.isupper() else kind | 16
            x += 1
        if x != SIZE or promoted:
            raise BoardgenError(
                f"{what}: rank {'abcdefghi'[i]} ({row!r}) does not hold exactly {SIZE} squares"
            )
    side = fields[1] if len(fields) > 1 else "b"
    if side not in ("b", "w"):
        raise BoardgenError(
            f"{what}: the side to move is 'b' (Black, sente) or 'w' (White, gote), not {side!r}"
        )
    hands = [[0] * 8, [0] * 8]
    hand = fields[2] if len(fields) > 2 else "-"
    if hand != "-":
        for count, letter in re.findall(r"(\d*)(.)", hand):
            kind = _KIND_OF.get(letter.upper()) if letter.isascii() else None
            if kind is None or kind == KING or (count and (len(count) > 2 or int(count) < 1)):
                raise BoardgenError(f"{what}: the pieces in hand {hand!r} are not like '2Pb' (or '-')")
            hands[0 if letter.isupper() else 1][kind] += int(count or 1)
    number = 1
    if len(fields) > 3:
        if not (fields[3].isascii() and fields[3].isdigit() and len(fields[3]) <= 5) or int(fields[3]) < 1:
            raise BoardgenError(f"{what}: the move number {fields[3]!r} should be a whole number from 1")
        number = int(fields[3])
    return squares, hands, 0 if side == "b" else 1, number


def usi_text(move: Sequence[int]) -> str:
    """``7g7f``, ``8h2b+`` or ``P*5e``."""
    f, t, promote, drop = move[:4]
    if f < 0:
        return f"{LETTERS[drop]}*{square_name(t)}"
    return f"{square_name(f)}{square_name(t)}{'+' if promote else ''}"


def parse_usi(text: str) -> tuple[int, int, int, int] | None:
    """The move a USI text names, ``(start, end, promote, drop)``, or None."""
    m = _USI.match(text)
    if m is None:
        return None
    if m[6]:
        return (-1, _square(m[7], m[8]), 0, _KIND_OF[m[6]])
    return (_square(m[1], m[2]), _square(m[3], m[4]), 1 if m[5] else 0, 0)
