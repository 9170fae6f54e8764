"""PGN text cut into located tokens, by PDN's tokenizer with PGN's own words.

PGN (Portable Game Notation, Edwards 1994) and PDN share their syntax: tags
``[Name "value"]``, move numbers ``12.`` and ``12...``, comments ``{...}`` and ``;`` to
the end of a line, variations ``(...)``, NAGs ``$3``, results, and ``%`` escape lines
(:mod:`boardgen.records.pdn.tokens` reads them, within its limits). They differ in their
moves: a PGN move is any run of letters, digits and ``-=+#:/`` that is not a number or
a result (``Nf3``, ``exd5``, ``O-O-O``, ``0-0``, ``e8=Q+``, ``e2e4``, ``Ng1-f3``, with
``e.p.`` and its ``!``/``?`` suffixes); the rules engine decides whether it is one. A
null move (``--``, ``Z0``), which no rule of chess makes, is refused at its place.
"""

from __future__ import annotations

__all__ = ["WORDS", "tokenize"]

import re

from ..pdn.tokens import Kind, Token
from ..pdn.tokens import tokenize as tokenize_pdn

_RESULT = re.compile(r"(1/2-1/2|1-0|0-1|\*)(?=[\s\[(){}]|$)")
#: PGN's words, in the order they are tried.
WORDS: tuple[tuple[Kind, re.Pattern[str]], ...] = (
    ("result", _RESULT),
    ("number", re.compile(r"[0-9]+(?:\.\.\.|\.)")),
    ("ellipsis", re.compile(r"\.{2,3}(?=[\s)]|$)|…")),
    ("move", re.compile(r"[A-Za-z0-9][A-Za-z0-9\-=+#:/]*(?:e\.p\.)?[!?]*")),
    ("nag", re.compile(r"\$[0-9]{1,3}|[!?]{1,2}(?=[\s)]|$)")),
)
_REFUSED = (
    (
        re.compile(r"(?:--|Z0|@@@@|0000)(?=[\s)]|$)"),
        "a null move ('--', 'Z0') is no move of chess: boardgen cannot play it",
    ),
)


def tokenize(text: str, file: str, first_line: int = 1) -> list[Token]:
    """The tokens of ``text``, whose first line is line ``first_line`` of ``file``;
    raises BoardgenError at the first thing that is not PGN."""
    return tokenize_pdn(text, file, first_line, words=WORDS, refused=_REFUSED)
