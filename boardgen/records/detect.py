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
* **PDN** otherwise (draughts: tags ``[...]`` and numbered moves).

Any other ``GM`` is refused at its place, naming the games read.
"""

from __future__ import annotations

__all__ = ["SGF_SUFFIXES", "RecordFormat", "record_format", "sgf_game_kind"]

import re
from typing import Literal

from ..errors import BoardgenError
from .sgf.tree import SgfNode, cut
from .shogi import is_kif, is_usi
from .xiangqi import is_xiangqi_pgn

#: File names that say SGF's syntax (``.hgf``: Little Golem's Havannah).
SGF_SUFFIXES = (".sgf", ".hgf")

_LEADING = re.compile(r"\A\ufeff?(?:[ \t\r\n]*%[^\n]*\n)*\s*")
_GAME = re.compile(r"\(\s*;")
_LG_CELL = re.compile(r"^[A-Z][1-9][0-9]?$")

GameKind = Literal["go", "hex", "havannah"]


RecordFormat = Literal["pdn", "sgf", "xiangqi-pgn", "kif", "usi"]


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
    return "pdn"


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
