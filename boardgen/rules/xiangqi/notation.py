"""Xiangqi moves as text: the board's point names, WXF notation and ICCS coordinates.

* Point names, as the board is labelled: ``h3-e3`` (``x`` for a capture), files ``a``
  to ``i`` from Red's left, ranks 1 to 10 from Red's side.
* WXF (the World Xiangqi Federation's, the Chinese notation in letters): the piece
  (K A E H R C P), the file it stands on counted from its owner's right (1 to 9), the
  direction (``+`` forward, ``-`` back, ``.`` along the rank) and the file reached
  or, for a straight move along the file, the points travelled: ``C2.5``, ``H8+7``,
  ``R1+1``. Two pieces of a kind on one file are told apart by ``+`` (the front one)
  and ``-`` (the rear one) in place of the file: ``R+.3`` (``+R.3`` is read too); three to five soldiers
  on a file as WXF's rules say (``++``, ``P+``, ``P3``, ``P-``, ``--``), and where two
  files hold several soldiers the file's digit replaces the ``P`` (``3+.4``). Moves
  are written so; read either so or with the file's number where that is not
  ambiguous, as many records and Fairy-Stockfish write them.
* ICCS (the Internet Chinese Chess Server's coordinates, used by engines and by PGN
  records): files ``a`` to ``i`` and ranks ``0`` to ``9`` from Red's side, ``H2-E2``
  (or ``h2e2`` as UCCI engines write it).
"""

from __future__ import annotations

__all__ = ["iccs_text", "parse_iccs", "parse_move_text", "wxf_text"]

import re
import unicodedata
from collections.abc import Mapping, Sequence

from ...errors import BoardgenError, shown
from ...geometry import Grid
from .board import Board
from .tables import ADVISOR, ELEPHANT, FILES, HORSE, RANKS, SOLDIER

_WXF_LETTER = {1: "K", 2: "A", 3: "E", 4: "H", 5: "R", 6: "C", 7: "P"}
_CELLS = re.compile(r"^\s*([a-iA-I](?:10|[1-9]))\s*[-x:]?\s*([a-iA-I](?:10|[1-9]))\s*$")
_ICCS = re.compile(r"^\s*([a-iA-I])([0-9])\s*-?\s*([a-iA-I])([0-9])\s*$")
#: Other letters for the pieces, read as WXF's (B elephant, N horse, G general, S soldier).
_SYNONYMS = str.maketrans({"B": "E", "N": "H", "G": "K", "S": "P", "=": ".", "M": "E"})


def _file_number(side: int, x: int) -> int:
    """A file's number as ``side`` counts it: from its own right, 1 to 9."""
    return FILES - x if side == 0 else x + 1


def _ahead(side: int, y: int) -> int:
    """How far forward rank ``y`` lies for ``side`` (larger is further forward)."""
    return y if side == 0 else RANKS - 1 - y


def wxf_text(squares: Sequence[int] | bytes, f: int, t: int, *, tandem: bool = True) -> str:
    """The WXF text of the move ``f``-``t`` in the position ``squares``; without
    ``tandem``, the file's number even where two pieces of its kind share the file
    (as many records write a move that is not ambiguous)."""
    piece = squares[f]
    side, kind = piece >> 3, piece & 7
    fx, fy, tx, ty = f % FILES, f // FILES, t % FILES, t // FILES
    letter = _WXF_LETTER[kind]
    own_file = [y for y in range(RANKS) if squares[y * FILES + fx] == piece]
    prefix = f"{letter}{_file_number(side, fx)}"
    if tandem and len(own_file) > 1:
        order = sorted(own_file, key=lambda y: -_ahead(side, y))  # front first
        rank = order.index(fy)
        if kind != SOLDIER or len(own_file) == 2:
            prefix = letter + ("+" if rank == 0 else "-")
        else:
            marks = {
                3: ("P+", f"P{_file_number(side, fx)}", "P-"),
                4: ("++", "P+", "P-", "--"),
                5: ("++", "P+", f"P{_file_number(side, fx)}", "P-", "--"),
            }[len(own_file)]
            prefix = marks[rank]
        if kind == SOLDIER and _other_tandem(squares, piece, fx):
            digit = str(_file_number(side, fx))
            mark = prefix[1] if prefix[1] in "+-" else digit
            prefix = digit + mark
    forward = _ahead(side, ty) - _ahead(side, fy)
    if forward == 0:
        return f"{prefix}.{_file_number(side, tx)}"
    sign = "+" if forward > 0 else "-"
    if kind in (ADVISOR, ELEPHANT, HORSE):
        return f"{prefix}{sign}{_file_number(side, tx)}"
    return f"{prefix}{sign}{abs(forward)}"


def _other_tandem(squares: Sequence[int] | bytes, piece: int, fx: int) -> bool:
    """Whether another file also holds two or more of ``piece`` (soldiers)."""
    for x in range(FILES):
        if x != fx and sum(1 for y in range(RANKS) if squares[y * FILES + x] == piece) > 1:
            return True
    return False


def iccs_text(f: int, t: int, *, upper: bool = True) -> str:
    """``H2-E2`` (``upper``) or ``h2e2``, as UCCI engines write moves."""
    a = f"{chr(97 + f % FILES)}{f // FILES}"
    b = f"{chr(97 + t % FILES)}{t // FILES}"
    return f"{a.upper()}-{b.upper()}" if upper else a + b


def parse_iccs(text: str) -> tuple[int, int] | None:
    """The points of an ICCS move, or None when ``text`` is not one."""
    m = _ICCS.match(text)
    if m is None:
        return None
    fx, fy, tx, ty = ord(m[1].lower()) - 97, int(m[2]), ord(m[3].lower()) - 97, int(m[4])
    return fy * FILES + fx, ty * FILES + tx


def parse_move_text(
    grid: Grid, point_of: Mapping[int, int], squares: bytes, mover: int, text: str
) -> tuple[int, int]:
    """The points of a move written by point names or in WXF; raises BoardgenError."""
    what = f"move {shown(text)}"
    m = _CELLS.match(text)
    if m is not None:
        try:
            a, b = grid.parse(m[1].lower()), grid.parse(m[2].lower())
        except ValueError as error:
            raise BoardgenError(f"{what}: {error}") from None
        return point_of[a], point_of[b]
    wanted = unicodedata.normalize("NFKC", text).strip().upper().translate(_SYNONYMS)
    if re.fullmatch(r"[+\-][KAEHRCP][+\-.][1-9]", wanted):  # +R.3 for R+.3, as some write it
        wanted = wanted[1] + wanted[0] + wanted[2:]
    if re.fullmatch(r"[KAEHRCP1-9+\-][1-9+\-][+\-.][1-9]", wanted):
        # Compare with the WXF text of every legal move.
        board = Board(squares, mover)
        found = [
            (f, t)
            for f, t in board.legal_moves()
            if wanted in (wxf_text(squares, f, t), wxf_text(squares, f, t, tandem=False))
        ]
        if len(found) == 1:
            return found[0]
        if found:
            raise BoardgenError(f"{what} is ambiguous here: two pieces on that file could make it")
        raise BoardgenError(f"{what} is not legal here")
    raise BoardgenError(
        f"{what}: write the point left and the point reached (h3-e3, h3xh10) or WXF (C2.5, H8+7)"
    )
