"""Which format a record is written in, told by its content, its file name a hint.

* **SGF** when the first thing after blank lines and ``%`` header lines is a game,
  ``(`` then ``;``; or when the name ends in ``.sgf`` or ``.hgf`` and a game ``(;``
  stands further on (after a mail's lines, say). Each game's root then says which game:
  ``GM[1]`` (or no ``GM``, SGF's default) is Go, ``GM[11]`` Hex as HexGui writes it.
  Little Golem's Havannah export writes no ``GM``: a file named ``.hgf``, or a game
  whose first move names a cell as a capital and a number (``W[J4]``, where Go writes
  two letters), is Havannah.
* **Othello** when every line that carries moves is a transcript (``f5d6c3...``) or a
  line of a game list holding one (:mod:`boardgen.records.othello`).
* **PDN** otherwise (draughts: tags ``[...]`` and numbered moves).

Any other ``GM`` is refused at its place, naming the games read.
"""

from __future__ import annotations

__all__ = ["SGF_SUFFIXES", "record_format", "sgf_game_kind"]

import re
from typing import Literal

from ..errors import BoardgenError
from .othello import is_othello
from .sgf.tree import SgfNode, cut

#: File names that say SGF's syntax (``.hgf``: Little Golem's Havannah).
SGF_SUFFIXES = (".sgf", ".hgf")

_LEADING = re.compile(r"\A\ufeff?(?:[ \t\r\n]*%[^\n]*\n)*\s*")
_GAME = re.compile(r"\(\s*;")
_LG_CELL = re.compile(r"^[A-Z][1-9][0-9]?$")

GameKind = Literal["go", "hex", "havannah"]


def record_format(text: str, name: str) -> Literal["pdn", "sgf", "othello"]:
    """``"sgf"``, ``"othello"`` or ``"pdn"``, for the record ``text`` read from a file named ``name``."""
    start = _LEADING.match(text)
    at = start.end() if start else 0
    if _GAME.match(text, at):
        return "sgf"
    if name.lower().endswith(SGF_SUFFIXES) and _GAME.search(text, at):
        return "sgf"
    if is_othello(text):
        return "othello"
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
