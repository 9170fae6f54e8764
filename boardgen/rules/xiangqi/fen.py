"""Xiangqi positions as FEN, the text every xiangqi program reads and writes.

``rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1``: the ten
ranks from Black's side down, Red's pieces in capitals (K general, A advisor, B
elephant, N horse, R chariot, C cannon, P soldier; E and H are read for B and N), a
digit for a run of empty points; then ``w`` (or ``r``) when Red moves, ``b`` when
Black does; then two unused fields, the plies since the last capture and the number
of the move, which may be left out.
"""

from __future__ import annotations

__all__ = ["LETTERS", "format_fen", "parse_fen"]

from collections.abc import Sequence

from ...errors import BoardgenError, shown
from ..chesslike import board_rows
from .tables import ADVISOR, CANNON, CHARIOT, ELEPHANT, FILES, GENERAL, HORSE, RANKS, SOLDIER

#: FEN letters of Red's pieces by kind (Black's in lower case).
LETTERS = {GENERAL: "K", ADVISOR: "A", ELEPHANT: "B", HORSE: "N", CHARIOT: "R", CANNON: "C", SOLDIER: "P"}
_KIND_OF = {letter: kind for kind, letter in LETTERS.items()} | {"E": ELEPHANT, "H": HORSE}


def format_fen(squares: Sequence[int], mover: int, quiet: int, number: int) -> str:
    board = board_rows(squares, FILES, RANKS, _letter)
    return f"{board} {'wb'[mover]} - - {quiet} {number}"


def _letter(piece: int) -> str:
    letter = LETTERS[piece & 7]
    return letter if piece < 8 else letter.lower()


def parse_fen(text: str) -> tuple[list[int], int, int, int]:
    """The pieces by point, the side to move (0 Red), the plies since the last capture
    and the move number. Only the shape of the text is checked here."""
    what = f"position {shown(text.strip())}"
    fields = text.split()
    if not fields or len(fields) > 6:
        raise BoardgenError(f"{what}: write a xiangqi FEN, e.g. '{START}'")
    rows = fields[0].split("/")
    if len(rows) != RANKS:
        raise BoardgenError(f"{what}: a xiangqi FEN has {RANKS} ranks separated by '/', not {len(rows)}")
    squares = [0] * (FILES * RANKS)
    for i, row in enumerate(rows):
        y = RANKS - 1 - i
        x = 0
        for ch in row:
            if ch.isascii() and ch.isdigit():
                x += int(ch)
                continue
            kind = _KIND_OF.get(ch.upper()) if ch.isascii() else None
            if kind is None:
                raise BoardgenError(f"{what}: {ch!r} is not a xiangqi piece letter (K A B N R C P)")
            if x >= FILES:
                break
            squares[y * FILES + x] = kind if ch.isupper() else kind | 8
            x += 1
        if x != FILES:
            raise BoardgenError(f"{what}: rank {y + 1} ({row!r}) does not hold exactly {FILES} points")
    side = fields[1].lower() if len(fields) > 1 else "w"
    if side not in ("w", "r", "b"):
        raise BoardgenError(f"{what}: the side to move is 'w' (Red) or 'b' (Black), not {side!r}")
    counts = []
    for field, low in zip(fields[4:6], (0, 1), strict=False):
        if not (field.isascii() and field.isdigit() and len(field) <= 5) or int(field) < low:
            raise BoardgenError(f"{what}: {field!r} should be a whole number from {low}")
        counts.append(int(field))
    quiet, number = (counts + [0, 1][len(counts) :])[:2]
    return squares, 0 if side in ("w", "r") else 1, quiet, number


START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
