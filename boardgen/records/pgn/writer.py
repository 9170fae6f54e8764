"""Writing a chess game record as PGN, in the standard's export format.

The seven tags first (Event, Site, Date, Round, White, Black, Result; ``?`` where the
record has none), then the record's other tags; ``[SetUp "1"]`` and ``[FEN]`` when the
game starts elsewhere than the usual start, ``[Variant "Chess960"]`` for Chess960. The
moves are written in SAN whatever notation was read (a record in UCI comes back in
SAN), each numbered as PGN numbers them (``12. Nf3 Nc6``, ``12... Nc6`` after a comment
or a variation), with their suffixes (``Nf3!?``), NAGs (``$1``), comments and
variations, wrapped at 79 columns, then the result. Reading what :func:`write_pgn`
writes gives the same game (a test checks it).
"""

from __future__ import annotations

__all__ = ["write_pgn"]

import textwrap
from collections.abc import Sequence

from ..record import GameRecord, Ply, Variation

#: PGN's seven tag roster, in its order.
ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
#: Tags written from the game itself, never copied from the record.
_OWN = ("SetUp", "FEN", "Variant")
#: Joins a move number to its move while the lines are wrapped.
_KEEP = "\x00"


def _quote(value: str) -> str:
    """A tag value inside its quotes: backslashes and quotes escaped, one line."""
    one_line = " ".join(value.splitlines())
    return one_line.replace("\\", "\\\\").replace('"', '\\"')


def _comment(text: str) -> str:
    """A comment in braces (a brace inside would end it: written as a parenthesis)."""
    return "{" + text.replace("}", ")").replace("{", "(") + "}"


def _moves(white: str, plies: Sequence[Ply], lines: Sequence[Variation] = (), comment: str = "") -> list[str]:
    """The words of a line of plies (``white``: the id of the player who moves first in
    each numbered pair): numbers, SAN, NAGs, comments, variations."""
    words: list[str] = []
    if comment:
        words.append(_comment(comment))
    words += [f"({' '.join(_moves(white, v.plies, comment=v.comment))})" for v in lines]
    numbered = False  # whether a black move may go without its number ("12...")
    for ply in plies:
        number = ""  # kept with its move on one line
        if ply.before.turn == white:
            number = f"{ply.number}.{_KEEP}"
        elif not numbered:
            number = f"{ply.number}...{_KEEP}"
        suffix = "".join(n for n in ply.nags if not n.startswith("$"))  # "!", "?!": on the move
        words.append(number + ply.move.text + suffix)
        words += [n for n in ply.nags if n.startswith("$")]
        numbered = True
        if ply.comment:
            words.append(_comment(ply.comment))
            numbered = False
        for variation in ply.lines:
            words.append(f"({' '.join(_moves(white, variation.plies, comment=variation.comment))})")
            numbered = False
    return words


def write_pgn(record: GameRecord) -> str:
    """``record`` (a chess game) as PGN text, ending with a newline."""
    if not isinstance(record, GameRecord):
        raise TypeError(f"write_pgn() takes a GameRecord (from read_records), not {type(record).__name__}")
    tags = {key: value for key, value in record.tags.items() if key not in _OWN}
    for key in ROSTER:
        tags.setdefault(key, "?")
    tags["Result"] = record.result
    if record.game.variant.rules.params.get("castling") == "any-files":
        tags["Variant"] = "Chess960"
    if record.start != record.game.start:
        tags["SetUp"] = "1"
        tags["FEN"] = record.start.text
    order = [*ROSTER, *(k for k in tags if k not in ROSTER)]
    header = [f'[{key} "{_quote(tags[key])}"]' for key in order]
    words = _moves(record.game.variant.first, record.plies, record.lines, record.comment)
    words.append(record.result)
    body = textwrap.fill(" ".join(words), width=79, break_long_words=False, break_on_hyphens=False)
    body = body.replace(_KEEP, " ")
    return "\n".join([*header, "", body, ""])
