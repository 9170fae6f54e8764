"""Chess moves as text: Standard Algebraic Notation written and read, and the long forms.

A move is written in SAN, as PGN records and books print it (``Nf3``, ``exd5``,
``O-O``, ``e8=Q+``, ``Raxd1#``): the piece's letter, the origin's file or rank only
where another piece of the kind could go to the same square, ``x`` for a capture,
``=`` and the piece a pawn becomes, ``+`` for check and ``#`` for mate.

Read, a move may be written in SAN (checks, ``!``/``?`` marks and ``e.p.`` optional,
``0-0`` for ``O-O``, a promotion with or without ``=``), in long algebraic notation
(``Ng1-f3``, ``e4xd5``, ``e7-e8Q``) or as UCI writes it (``g1f3``, ``e7e8q``; castling
``e1g1``, or the king onto its rook, ``e1h1``, as Chess960 writes it). Only a legal
move is ever returned; a move that is not legal here, or that SAN names ambiguously,
is refused with the legal moves listed.
"""

from __future__ import annotations

__all__ = ["parse_move", "san", "uci"]

import re
from collections.abc import Sequence

from ...errors import BoardgenError, shown
from .movegen import CAPTURE, CASTLE, KING, PAWN, Board, castle_squares, checkers, count_moves, make
from .tables import square_name

_LETTERS = " PNBRQK"
# Patterns as text, compiled on first use and kept by re: a diagram reads no move.
_SAN = (
    r"(?P<piece>[NBRQK])?(?P<file>[a-h])?(?P<rank>[1-8])?(?P<x>[x:])?(?P<to>[a-h][1-8])"
    r"(?:=?(?P<promotion>[NBRQnbrq]))?"
)
_CASTLE = r"(?P<long>[O0o]-?[O0o]-?[O0o])|[O0o]-?[O0o]"
_TAIL = r"(?:[+#‡†!?\s]|e\.?p\.?)*$"
#: The longest move text read (``Qh4xe1+!?`` is nine characters).
MAX_MOVE_TEXT = 40


def _square(text: str) -> int:
    return "abcdefgh".index(text[0]) + 8 * (int(text[1]) - 1)


def uci(move: int, any_files: bool) -> str:
    """``e2e4``, ``e7e8q``; castling ``e1g1`` (``e1h1``, the king onto its rook, when
    castling from any file: Chess960's way, which alone says which rook)."""
    origin, to = move & 63, (move >> 6) & 63
    if move & CASTLE and not any_files:
        to = castle_squares(origin, to)[0]
    promotion = (move >> 12) & 7
    return square_name(origin) + square_name(to) + ("  nbrq"[promotion] if promotion else "")


def san(board: Board, move: int, legal: Sequence[int]) -> str:
    """The SAN of legal ``move`` (``legal``: every legal move of ``board``)."""
    kind = (move >> 15) & 7
    origin, to = move & 63, (move >> 6) & 63
    if move & CASTLE:
        text = "O-O" if to > origin else "O-O-O"
    else:
        capture = bool(move & CAPTURE)
        if kind == PAWN:
            text = (square_name(origin)[0] + "x" if capture else "") + square_name(to)
            promotion = (move >> 12) & 7
            if promotion:
                text += "=" + _LETTERS[promotion]
        else:
            rivals = [
                m & 63
                for m in legal
                if (m >> 15) & 7 == kind and (m >> 6) & 63 == to and m & 63 != origin and not m & CASTLE
            ]
            which = ""
            if rivals:
                same_file = any(r & 7 == origin & 7 for r in rivals)
                same_rank = any(r >> 3 == origin >> 3 for r in rivals)
                if not same_file:
                    which = square_name(origin)[0]
                elif not same_rank:
                    which = square_name(origin)[1]
                else:
                    which = square_name(origin)
            text = _LETTERS[kind] + which + ("x" if capture else "") + square_name(to)
    after = make(board, move)
    if checkers(after):
        text += "#" if not count_moves(after) else "+"
    return text


def _listed(board: Board, moves: Sequence[int]) -> str:
    texts = sorted(san(board, m, moves) for m in moves)
    shown_moves = ", ".join(texts[:30])
    return shown_moves + (f", ... ({len(texts)} in all)" if len(texts) > 30 else "") if texts else "none"


def parse_move(board: Board, text: str, legal: Sequence[int], any_files: bool) -> int:
    """The legal move ``text`` writes (see the module's text), else BoardgenError."""
    written = text.strip()
    if len(written) > MAX_MOVE_TEXT:
        raise BoardgenError(f"move {shown(text)} is not a chess move: at most {MAX_MOVE_TEXT} characters")
    tail = re.search(_TAIL, written)
    body = written[: tail.start()] if tail else written
    found = _candidates(board, body, legal, any_files)
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(sorted(san(board, m, legal) for m in found))
        raise BoardgenError(f"move {shown(text)} is ambiguous: it could be {names}")
    raise BoardgenError(f"move {shown(text)} is not legal here; legal moves: {_listed(board, legal)}")


def _candidates(board: Board, body: str, legal: Sequence[int], any_files: bool) -> list[int]:
    castle = re.fullmatch(_CASTLE, body)
    if castle:
        queen_side = castle.group("long") is not None
        return [m for m in legal if m & CASTLE and (((m >> 6) & 63) < (m & 63)) == queen_side]
    long_form = re.fullmatch(r"([NBRQKP]?)([a-h][1-8])[-x:]?([a-h][1-8])=?([nbrqNBRQ]?)", body)
    if long_form:
        letter, origin_name, to_name, promotion = long_form.groups()
        origin, to = _square(origin_name), _square(to_name)
        wanted = "  nbrq".index(promotion.lower()) if promotion else 0
        found = []
        for m in legal:
            if m & 63 != origin or (m >> 12) & 7 != wanted:
                continue
            target = (m >> 6) & 63
            if m & CASTLE:
                # the king onto its rook (Chess960's form), or in standard chess onto its
                # square (e1g1): from any file, a king's step there is another move
                if to != target and (any_files or to != castle_squares(origin, target)[0]):
                    continue
            elif target != to:
                continue
            if letter and _LETTERS.index(letter) != (m >> 15) & 7:
                continue
            found.append(m)
        return found
    match = re.fullmatch(_SAN, body)
    if not match:
        return []
    kind = _LETTERS.index(match["piece"]) if match["piece"] else PAWN
    to = _square(match["to"])
    promotion = "  nbrq".index(match["promotion"].lower()) if match["promotion"] else 0
    found = []
    for m in legal:
        if (m >> 15) & 7 != kind or (m >> 6) & 63 != to or m & CASTLE:
            continue
        if (m >> 12) & 7 != promotion:
            continue
        origin = m & 63
        if match["file"] and origin & 7 != "abcdefgh".index(match["file"]):
            continue
        if match["rank"] and origin >> 3 != int(match["rank"]) - 1:
            continue
        if kind == PAWN and not match["file"] and origin & 7 != to & 7:
            continue  # 'd5' is the pawn's step, never a capture
        if kind == KING or not match["x"] or bool(m & CAPTURE):
            found.append(m)
    return found
