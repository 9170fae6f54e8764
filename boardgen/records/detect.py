"""Which format a record is written in, told by its content, its file name a hint.

* **SGF** when the first thing after blank lines and ``%`` header lines is a game,
  ``(`` then ``;``; or when the name ends in ``.sgf`` or ``.hgf`` and a game ``(;``
  stands further on (after a mail's lines, say). Each game's root then says which game:
  ``GM[1]`` (or no ``GM``, SGF's default) is Go, ``GM[11]`` Hex as HexGui writes it.
  Little Golem's Havannah export writes no ``GM``: a file named ``.hgf``, or a game
  whose first move names a cell as a capital and a number (``W[J4]``, where Go writes
  two letters), is Havannah.
* **Xiangqi PGN** when a ``[Game "Chinese Chess"]`` or ``[Variant "xiangqi"]`` tag
  stands near the start (:mod:`boardgen.records.xiangqi`).
* **KIF** (shogi) for a name ending in ``.kif`` or ``.kifu``, or a KIF header or first
  move line; **USI** when the first line is a USI position (``position startpos
  moves ...``) (:mod:`boardgen.records.shogi`).
* **Othello** when every line that carries moves is a transcript (``f5d6c3...``) or a
  line of a game list holding one (:mod:`boardgen.records.othello`).
* **PGN** (chess) when the name ends in ``.pgn``; or when a ``[FEN]`` tag writes a chess
  FEN (ranks separated by ``/``), a ``[Variant]`` tag is given, or the first move is one
  no draughts record writes: a piece's letter and a square (``Nf3``), a lone square
  (``e4``), a pawn's capture (``exd5``) or castling (``O-O``).
* **PDN** otherwise (draughts: tags ``[...]`` and numbered moves, ``11-15``, ``c3-d4``).

Any other ``GM`` is refused at its place, naming the games read.
"""

from __future__ import annotations

__all__ = ["PGN_SUFFIXES", "SGF_SUFFIXES", "RecordFormat", "record_format", "sgf_game_kind"]

import re
from typing import Literal

from ..errors import BoardgenError
from .othello import is_othello
from .sgf.tree import SgfNode, cut
from .shogi import is_kif, is_usi
from .xiangqi import is_xiangqi_pgn

#: File names that say SGF's syntax (``.hgf``: Little Golem's Havannah).
SGF_SUFFIXES = (".sgf", ".hgf")
#: File names that say PGN.
PGN_SUFFIXES = (".pgn",)

_LEADING = re.compile(r"\A\ufeff?(?:[ \t\r\n]*%[^\n]*\n)*\s*")
_GAME = re.compile(r"\(\s*;")
_LG_CELL = re.compile(r"^[A-Z][1-9][0-9]?$")
_CHESS_TAG = re.compile(r'\[\s*(?:Variant\s*"|FEN\s*"[^"]*/)')
#: How far into a file the first move and a chess tag are looked for.
_LOOK = 64_000
_CHESS_MOVE = re.compile(r"(?:[NBRQK][a-h1-8x]|[a-h][1-8](?![0-9a-z-])|[a-h]x[a-h]|[O0]-[O0])")

GameKind = Literal["go", "hex", "havannah"]


RecordFormat = Literal["pdn", "pgn", "sgf", "xiangqi-pgn", "kif", "usi", "othello"]


def record_format(text: str, name: str) -> RecordFormat:
    """Which format the record ``text`` read from a file named ``name`` is written in."""
    start = _LEADING.match(text)
    at = start.end() if start else 0
    if _GAME.match(text, at):
        return "sgf"
    if name.lower().endswith(SGF_SUFFIXES) and _GAME.search(text, at):
        return "sgf"
    if is_xiangqi_pgn(text):
        return "xiangqi-pgn"
    if is_kif(text, name):
        return "kif"
    if is_usi(text):
        return "usi"
    if is_othello(text):
        return "othello"
    if name.lower().endswith(PGN_SUFFIXES) or _CHESS_TAG.search(text, 0, _LOOK) or _chess_moves(text):
        return "pgn"
    return "pdn"


def _chess_moves(text: str) -> bool:
    """Whether the first move of the first game is one only chess writes. One pass over
    the first :data:`_LOOK` characters, past tags, comments, move numbers and NAGs (each
    skipped to its end, so no text makes the look take longer than a read)."""
    end = min(len(text), _LOOK)
    i = 0
    while i < end:
        ch = text[i]
        closing = {"[": "]", "{": "}", ";": "\n"}.get(ch)
        if ch == "%" and (i == 0 or text[i - 1] == "\n"):
            closing = "\n"
        if closing is not None:
            found = text.find(closing, i + 1, end)
            i = end if found < 0 else found + 1
        elif ch.isspace() or ch in "()":
            i += 1
        else:
            stop = i
            while stop < end and not text[stop].isspace() and text[stop] not in "(){}[];":
                stop += 1
            word = text[i:stop]
            if not (word.startswith("$") or word.rstrip(".").isdigit()):
                return bool(_CHESS_MOVE.match(word))
            i = stop
    return False


def sgf_game_kind(nodes: list[SgfNode], name: str) -> GameKind:
    """The game an SGF game's main line records, from its root's ``GM`` (see above)."""
    if not nodes:
        raise BoardgenError("SGF: the record has no node")
    root = nodes[0]
    number = root.first("GM")
    if number in ("1", ""):
        if not number and (name.lower().endswith(".hgf") or _little_golem_moves(nodes)):
            return "havannah"
        return "go"
    if number == "11":
        return "hex"
    raise BoardgenError(
        f"SGF: GM[{cut(number)}] is not a game whose records boardgen reads: "
        "Go (GM[1]), Hex (GM[11]) and Little Golem's Havannah (.hgf)",
        mark=root.where("GM"),
    )


def _little_golem_moves(nodes: list[SgfNode]) -> bool:
    """Whether the first move names a cell as Little Golem's Havannah export does."""
    for node in nodes[1:]:
        for key in ("W", "B"):
            if key in node.props:
                return bool(_LG_CELL.match(node.first(key)))
    return False
