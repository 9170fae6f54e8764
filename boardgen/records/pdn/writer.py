"""Writing a game record back as PDN: the tags, then numbered moves with their NAGs,
comments and variations, wrapped at 79 columns, then the result.

Reading what :func:`write_pdn` writes gives the same game (a test checks it).
"""

from __future__ import annotations

__all__ = ["write_pdn"]

import textwrap

from ..record import GameRecord
from .gametypes import GAME_TYPES

#: The tags written first, in this order (PGN's "seven tag roster", as PDN keeps it).
ROSTER = ("Event", "Site", "Date", "Round", "Black", "White", "Result")


def _quote(value: str) -> str:
    """A tag value inside its quotes: backslashes and quotes escaped, and line breaks
    written as spaces (a tag stands on one line: a break inside it would let a reader
    start the next game there)."""
    one_line = " ".join(value.splitlines()) if ("\n" in value or "\r" in value) else value
    return one_line.replace("\\", "\\\\").replace('"', '\\"')


def write_pdn(record: GameRecord) -> str:
    """``record`` as PDN text, ending with a newline."""
    if not isinstance(record, GameRecord):
        raise TypeError(f"write_pdn() takes a GameRecord (from read_pdn), not {type(record).__name__}")
    tags = dict(record.tags)
    tags["Result"] = record.result
    numbers = {vid: n for n, (vid, _) in GAME_TYPES.items()}
    if "GameType" not in tags and record.game.id in numbers:
        tags["GameType"] = str(numbers[record.game.id])
    if record.start != record.game.start:
        tags["FEN"] = record.start.text
    order = [k for k in ROSTER if k in tags] + [k for k in tags if k not in ROSTER]
    lines = [f'[{key} "{_quote(tags[key])}"]' for key in order]
    words: list[str] = []
    if record.comment:
        words.append("{" + record.comment + "}")
    words += [f"({v})" for v in record.variations]
    second_first = record.start.turn != record.game.start.turn
    for ply in record.plies:
        if (ply.index % 2 == 1) != second_first:
            words.append(f"{ply.number}.")
        elif ply.index == 1:
            words.append(f"{ply.number}...")
        words.append(ply.written)
        words += list(ply.nags)
        if ply.comment:
            words.append("{" + ply.comment + "}")
        words += [f"({v})" for v in ply.variations]
    words.append(record.result)
    body = textwrap.fill(" ".join(words), width=79, break_long_words=False, break_on_hyphens=False)
    return "\n".join([*lines, "", body, ""])
