"""PDN text cut into located tokens: tags, move numbers, moves, comments, variations,
NAGs and results, each with its 1-based line and column for error messages."""

from __future__ import annotations

__all__ = ["Token", "tokenize"]

import bisect
import re
from dataclasses import dataclass
from typing import Literal

from ..errors import BoardgenError, Mark

Kind = Literal["tag", "number", "move", "comment", "variation", "nag", "result"]


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
_RESULT = re.compile(r"(1/2-1/2|1-0|0-1|2-0|0-2|1-1|0-0|\*)(?=[\s\[]|$)")
_MOVE = re.compile(r"[a-zA-Z]{0,2}\d+(?:\s*[-x:]\s*[a-zA-Z]{0,2}\d+)+[!?*]*")
_NAG = re.compile(r"\$\d+|[!?]{1,2}(?=[\s)]|$)")
_SPACE = re.compile(r"\s+")


def _closing(text: str, start: int, file: str, mark: Mark) -> int:
    """The index just past the ``)`` that closes the ``(`` at ``start`` (comments inside
    may hold parentheses)."""
    depth = 0
    i = start
    while i < len(text):
        ch = text[i]
        if ch == "{":
            end = text.find("}", i)
            if end < 0:
                break
            i = end
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise BoardgenError("variation '(' is never closed", file=file, mark=mark)


def tokenize(text: str, file: str) -> list[Token]:
    """The tokens of ``text``; raises BoardgenError at the first thing that is not PDN."""
    tokens: list[Token] = []
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def mark(at: int) -> Mark:
        line = bisect.bisect_right(line_starts, at) - 1
        return Mark(line + 1, at - line_starts[line] + 1)

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
            end = _closing(text, i, file, here)
            tokens.append(Token("variation", " ".join(text[i + 1 : end - 1].split()), here))
            i = end
            continue
        for kind, pattern in (("result", _RESULT), ("number", _NUMBER), ("move", _MOVE), ("nag", _NAG)):
            found = pattern.match(text, i)
            if found:
                tokens.append(Token(kind, found.group(0), here))  # type: ignore[arg-type]
                i = found.end()
                break
        else:
            word = text[i:].split(None, 1)[0][:20]
            raise BoardgenError(
                f"unexpected {word!r}: not a move, a move number or a result", file=file, mark=here
            )
    return tokens
