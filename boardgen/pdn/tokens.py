"""PDN text cut into located tokens: tags, move numbers, moves, comments, the brackets
of variations, NAGs and results, each with its 1-based line and column for error messages.

The forms PDN 3.0 and the collections in use write are all read: moves with ``-``,
``x`` or ``:`` between squares or none at all between alphanumeric ones (``c3d4``),
squares with leading zeros (``06-10``), move numbers ``12.`` and ``12...``, and an
ellipsis standing for a move not given (``1. ... 23-19``)."""

from __future__ import annotations

__all__ = ["Token", "tokenize"]

import bisect
import re
from dataclasses import dataclass
from typing import Literal

from ..errors import BoardgenError, Mark

Kind = Literal["tag", "number", "ellipsis", "move", "comment", "open", "close", "nag", "result"]


@dataclass(frozen=True)
class Token:
    """One piece of PDN: ``text`` is the value (a tag's ``name=value`` is split in
    ``name`` and ``text``), ``mark`` where it starts."""

    kind: Kind
    text: str
    mark: Mark
    name: str = ""


_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_NUMBER = re.compile(r"(\d+)(\.\.\.|\.)")
_ELLIPSIS = re.compile(r"\.{2,3}(?=[\s)]|$)|…")
_RESULT = re.compile(r"(1/2-1/2|1-0|0-1|2-0|0-2|1-1|0-0|\*)(?=[\s\[)]|$)")
_MOVE = re.compile(
    r"(?:[a-zA-Z]{0,2}\d+(?:\s*[-xX:]\s*[a-zA-Z]{0,2}\d+)+"  # 11-15, 7x16x23, c3-d4, g7:e5
    r"|[a-zA-Z]\d{1,2}(?:[a-zA-Z]\d{1,2})+)"  # c3d4: alphanumeric squares without a separator
    r"[!?*]*"
)
_NAG = re.compile(r"\$\d+|[!?]{1,2}(?=[\s)]|$)")
_SPACE = re.compile(r"\s+")


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
            tokens.append(Token("comment", text[i + 1 : end].strip(), here))
            i = end
            continue
        if ch == "[":
            found = _TAG.match(text, i)
            if not found:
                raise BoardgenError('bad tag: write [Name "value"]', file=file, mark=here)
            value = found.group(2).replace('\\"', '"').replace("\\\\", "\\")
            tokens.append(Token("tag", value, here, name=found.group(1)))
            i = found.end()
            continue
        if ch == "{":
            end = text.find("}", i)
            if end < 0:
                raise BoardgenError("comment '{' is never closed", file=file, mark=here)
            tokens.append(Token("comment", " ".join(text[i + 1 : end].split()), here))
            i = end + 1
            continue
        if ch == "(":
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
