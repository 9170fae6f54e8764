"""PGN text cut into located tokens, the kinds PDN's grammar reads (:class:`~..pdn.tokens.Token`).

PGN (Portable Game Notation, Edwards 1994) and PDN share their syntax: tags
``[Name "value"]``, move numbers ``12.`` and ``12...``, comments ``{...}`` and ``;`` to
the end of a line, variations ``(...)``, NAGs ``$3``, results, and ``%`` escape lines.
They differ in their moves: a PGN move is any run of letters, digits and ``-=+#:/``
that is not a number or a result (``Nf3``, ``exd5``, ``O-O-O``, ``e8=Q+``, ``e2e4``,
``Ng1-f3``), its ``!``/``?`` suffixes kept with it; the rules engine decides whether
it is one. A null move (``--``, ``Z0``), which no rule of chess makes, is refused at
its place. The limits of :mod:`boardgen.records.pdn.tokens` hold here too.
"""

from __future__ import annotations

__all__ = ["tokenize"]

import bisect
import re

from ...errors import BoardgenError, Mark
from ..pdn.tokens import MAX_COMMENT, MAX_FEN, MAX_NESTING, MAX_TAG, TAG, Token

_NUMBER = re.compile(r"([0-9]+)(\.\.\.|\.)")
_RESULT = re.compile(r"(1/2-1/2|1-0|0-1|\*)(?=[\s\[(){}]|$)")
_MOVE = re.compile(r"[A-Za-z0-9][A-Za-z0-9\-=+#:/]*(?:e\.p\.)?[!?]*")
_NAG = re.compile(r"\$[0-9]{1,3}|[!?]{1,2}(?=[\s)]|$)")
_NULL = re.compile(r"(?:--|Z0|@@@@|0000)(?=[\s)]|$)")
_SPACE = re.compile(r"\s+")
_CASTLE_ZEROS = re.compile(r"0-0(?:-0)?(?![0-9])")


def tokenize(text: str, file: str, first_line: int = 1) -> list[Token]:
    """The tokens of ``text``, whose first line is line ``first_line`` of ``file``;
    raises BoardgenError at the first thing that is not PGN."""
    tokens: list[Token] = []
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def mark(at: int) -> Mark:
        line = bisect.bisect_right(line_starts, at) - 1
        return Mark(line + first_line, at - line_starts[line] + 1)

    def too_long(what: str, length: int, limit: int, at: int) -> BoardgenError:
        return BoardgenError(
            f"{what} of {length:,} characters is too long (at most {limit:,})", file=file, mark=mark(at)
        )

    opened: list[Mark] = []
    i = 0
    while i < len(text):
        space = _SPACE.match(text, i)
        if space:
            i = space.end()
            continue
        ch = text[i]
        if ch == "%" and (i == 0 or text[i - 1] == "\n"):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        if ch == ";":
            end = text.find("\n", i)
            end = len(text) if end < 0 else end
            if end - i - 1 > MAX_COMMENT:
                raise too_long("comment", end - i - 1, MAX_COMMENT, i)
            tokens.append(Token("comment", text[i + 1 : end].strip(), mark(i)))
            i = end
            continue
        if ch == "[":
            found = TAG.match(text, i)
            if not found:
                raise BoardgenError('bad tag: write [Name "value"]', file=file, mark=mark(i))
            value = found.group(2).replace('\\"', '"').replace("\\\\", "\\")
            limit = MAX_FEN if found.group(1) == "FEN" else MAX_TAG
            if len(value) > limit:
                raise too_long(f"tag [{found.group(1)}]", len(value), limit, i)
            tokens.append(Token("tag", value, mark(i), name=found.group(1)))
            i = found.end()
            continue
        if ch == "{":
            end = text.find("}", i)
            if end < 0:
                raise BoardgenError("comment '{' is never closed", file=file, mark=mark(i))
            if end - i - 1 > MAX_COMMENT:
                raise too_long("comment", end - i - 1, MAX_COMMENT, i)
            tokens.append(Token("comment", " ".join(text[i + 1 : end].split()), mark(i)))
            i = end + 1
            continue
        if ch == "(":
            if len(opened) >= MAX_NESTING:
                raise BoardgenError(f"variations nest more than {MAX_NESTING} deep", file=file, mark=mark(i))
            opened.append(mark(i))
            tokens.append(Token("open", "(", mark(i)))
            i += 1
            continue
        if ch == ")":
            if not opened:
                raise BoardgenError("')' closes no variation", file=file, mark=mark(i))
            opened.pop()
            tokens.append(Token("close", ")", mark(i)))
            i += 1
            continue
        if _NULL.match(text, i):
            raise BoardgenError(
                "a null move ('--', 'Z0') is no move of chess: boardgen cannot play it",
                file=file,
                mark=mark(i),
            )
        castle = _CASTLE_ZEROS.match(text, i)
        found_result = _RESULT.match(text, i)
        if found_result and not castle:
            tokens.append(Token("result", found_result.group(0), mark(i)))
            i = found_result.end()
            continue
        number = None if castle else _NUMBER.match(text, i)
        if number:
            tokens.append(Token("number", number.group(0), mark(i)))
            i = number.end()
            continue
        for kind, pattern in (("move", _MOVE), ("nag", _NAG)):
            found = pattern.match(text, i)
            if found:
                tokens.append(Token(kind, found.group(0), mark(i)))  # type: ignore[arg-type]
                i = found.end()
                break
        else:
            word = re.match(r"[^\s(){}\[\]]+", text[i:])
            shown_word = (word.group(0) if word else ch)[:20]
            raise BoardgenError(
                f"unexpected {shown_word!r}: not a move, a move number or a result", file=file, mark=mark(i)
            )
    if opened:
        raise BoardgenError("variation '(' is never closed", file=file, mark=opened[-1])
    return tokens
