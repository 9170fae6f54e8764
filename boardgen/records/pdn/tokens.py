"""PDN text cut into located tokens: tags, move numbers, moves, comments, the brackets
of variations, NAGs and results, each with its 1-based line and column for error messages.

The forms PDN 3.0 and the collections in use write are all read: moves with ``-``,
``x`` or ``:`` between squares or none at all between alphanumeric ones (``c3d4``),
squares with leading zeros (``06-10``), move numbers ``12.`` and ``12...``, and an
ellipsis standing for a move not given (``1. ... 23-19``).

What a PDN file may hold is bounded (docs/reference/limits.md), each bound checked where the
token is read, so a hostile file is refused with its line and column before any work
that grows with it: :data:`MAX_PDN_BYTES` per file, :data:`MAX_TAG` characters per tag
value (:data:`MAX_FEN` for ``[FEN]``), :data:`MAX_COMMENT` per comment, variations
nested :data:`MAX_NESTING` deep, and numbers of ASCII digits only, at most nine
(:func:`pdn_number`: ``int()`` would accept ``²`` through ``isdigit`` and refuse 5,000
digits with its own ValueError).
"""

from __future__ import annotations

__all__ = [
    "MAX_COMMENT",
    "MAX_FEN",
    "MAX_GAMES",
    "MAX_NESTING",
    "MAX_PDN_BYTES",
    "MAX_PLIES",
    "MAX_TAG",
    "MAX_VARIATIONS",
    "TAG",
    "Token",
    "move_number",
    "pdn_number",
    "tokenize",
]

import bisect
import re
from typing import Literal

from ...errors import BoardgenError, Mark, shown
from ...foundation.values import frozen
from ..limits import MAX_GAMES, MAX_PDN_BYTES, MAX_PLIES

#: Longest tag value; ``[FEN]`` may list every piece of a 100x100 board.
MAX_TAG = 500
MAX_FEN = 60_000
#: Longest comment (characters).
MAX_COMMENT = 2_000
#: Most variations of one game, and how deep they may nest.
MAX_VARIATIONS = 500
MAX_NESTING = 16
#: Digits of a number (a move number, a square, a game number): as many as a position's.
MAX_DIGITS = 9

_ASCII_NUMBER = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")


def pdn_number(text: str) -> int | None:
    """``text`` as a whole number if it is one to nine ASCII digits, else None.

    The one way PDN numbers are read: ``int()`` also takes ``²``'s cousins, Arabic-Indic
    digits, underscores and spaces, and raises its own ValueError past 4,300 digits.
    """
    return int(text) if _ASCII_NUMBER.fullmatch(text) else None


Kind = Literal["tag", "number", "ellipsis", "move", "comment", "open", "close", "nag", "result"]


@frozen
class Token:
    """One piece of PDN: ``text`` is the value (a tag's ``name=value`` is split in
    ``name`` and ``text``), ``mark`` where it starts."""

    kind: Kind
    text: str
    mark: Mark
    name: str = ""


#: A tag, ``[Name "value"]``: the value quoted, with backslash escapes (a "]" inside is its own).
TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_NUMBER = re.compile(r"([0-9]+)(\.\.\.|\.)")
_ELLIPSIS = re.compile(r"\.{2,3}(?=[\s)]|$)|…")
_RESULT = re.compile(r"(1/2-1/2|1-0|0-1|2-0|0-2|1-1|0-0|\*)(?=[\s\[)]|$)")
_MOVE = re.compile(
    r"(?:[a-zA-Z]{0,2}[0-9]+(?:\s*[-xX:]\s*[a-zA-Z]{0,2}[0-9]+)+"  # 11-15, 7x16x23, c3-d4, g7:e5
    r"|[a-zA-Z][0-9]{1,2}(?:[a-zA-Z][0-9]{1,2})+)"  # c3d4: alphanumeric squares without a separator
    r"[!?*]*"
)
_NAG = re.compile(r"\$[0-9]{1,3}|[!?]{1,2}(?=[\s)]|$)")
_SPACE = re.compile(r"\s+")


def move_number(token: Token, file: str = "<pdn>") -> int:
    """The number of a move-number token (``17.`` or ``17...``); BoardgenError at the
    token when it is not one to nine ASCII digits."""
    digits = token.text.rstrip(".")
    number = pdn_number(digits)
    if number is None:
        raise BoardgenError(
            f"move number {shown(digits, 20)} is not a number of at most {MAX_DIGITS} digits",
            file=file,
            mark=token.mark,
        )
    return number


def _too_long(what: str, length: int, limit: int, file: str, mark: Mark) -> BoardgenError:
    return BoardgenError(
        f"{what} of {length:,} characters is too long (at most {limit:,})", file=file, mark=mark
    )


def tokenize(text: str, file: str, first_line: int = 1) -> list[Token]:
    """The tokens of ``text``, whose first line is line ``first_line`` of ``file``;
    raises BoardgenError at the first thing that is not PDN."""
    tokens: list[Token] = []
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def mark(at: int) -> Mark:
        line = bisect.bisect_right(line_starts, at) - 1
        return Mark(line + first_line, at - line_starts[line] + 1)

    opened: list[Mark] = []  # where each variation still open began
    i = 0
    while i < len(text):
        space = _SPACE.match(text, i)
        if space:
            i = space.end()
            continue
        ch = text[i]
        here = mark(i)
        if ch == "%" and (i == 0 or text[i - 1] == "\n"):  # escape line: ignored
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        if ch == ";":
            end = text.find("\n", i)
            end = len(text) if end < 0 else end
            if end - i - 1 > MAX_COMMENT:
                raise _too_long("comment", end - i - 1, MAX_COMMENT, file, here)
            tokens.append(Token("comment", text[i + 1 : end].strip(), here))
            i = end
            continue
        if ch == "[":
            found = TAG.match(text, i)
            if not found:
                raise BoardgenError('bad tag: write [Name "value"]', file=file, mark=here)
            value = found.group(2).replace('\\"', '"').replace("\\\\", "\\")
            limit = MAX_FEN if found.group(1) == "FEN" else MAX_TAG
            if len(value) > limit:
                raise _too_long(f"tag [{found.group(1)}]", len(value), limit, file, here)
            tokens.append(Token("tag", value, here, name=found.group(1)))
            i = found.end()
            continue
        if ch == "{":
            end = text.find("}", i)
            if end < 0:
                raise BoardgenError("comment '{' is never closed", file=file, mark=here)
            if end - i - 1 > MAX_COMMENT:
                raise _too_long("comment", end - i - 1, MAX_COMMENT, file, here)
            tokens.append(Token("comment", " ".join(text[i + 1 : end].split()), here))
            i = end + 1
            continue
        if ch == "(":
            if len(opened) >= MAX_NESTING:
                raise BoardgenError(f"variations nest more than {MAX_NESTING} deep", file=file, mark=here)
            opened.append(here)
            tokens.append(Token("open", "(", here))
            i += 1
            continue
        if ch == ")":
            if not opened:
                raise BoardgenError("')' closes no variation", file=file, mark=here)
            opened.pop()
            tokens.append(Token("close", ")", here))
            i += 1
            continue
        for kind, pattern in (
            ("result", _RESULT),
            ("number", _NUMBER),
            ("ellipsis", _ELLIPSIS),
            ("move", _MOVE),
            ("nag", _NAG),
        ):
            found = pattern.match(text, i)
            if found:
                tokens.append(Token(kind, found.group(0), here))  # type: ignore[arg-type]
                i = found.end()
                break
        else:
            found_word = re.match(r"[^\s(){}\[\]]+", text[i:])
            word = (found_word.group(0) if found_word else text[i])[:20]
            raise BoardgenError(
                f"unexpected {word!r}: not a move, a move number or a result", file=file, mark=here
            )
    if opened:
        raise BoardgenError("variation '(' is never closed", file=file, mark=opened[-1])
    return tokens
