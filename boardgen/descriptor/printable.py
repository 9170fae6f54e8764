"""Checks on the texts a descriptor prints: titles, player names, captions, sheet texts.

These texts go into SVG (XML), PDF and HTML. Characters that none of those can carry
(control characters, lone surrogates, the noncharacters U+FFFE and U+FFFF) are refused at
their key, and so are texts too long for the place they are printed in (a title longer
than a page is wide would only be cut, a caption longer than a column breaks the layout)
and an ASCII quotation mark without its partner (the typesetter pairs them into the
language's quotes). Whether the font has a glyph for every character is a check of
``boardgen validate`` (it needs the font).
"""

from __future__ import annotations

__all__ = ["MAX_CAPTION", "MAX_NAME", "MAX_PARAGRAPH", "MAX_TITLE", "check_printable"]

import re

from .reader import Reader
from .yamlload import PathKey

#: Longest title, in characters (the longest bundled one has 39).
MAX_TITLE = 80
#: Longest player name (bundled ones have up to 7).
MAX_NAME = 24
#: Longest example caption (bundled ones have up to 208).
MAX_CAPTION = 400
#: Longest paragraph of a rule sheet's free text written in a descriptor (``sheet:``).
MAX_PARAGRAPH = 1500

_FORBIDDEN = re.compile("[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f\\ud800-\\udfff\\ufdd0-\\ufdef\\ufffe\\uffff]")


def check_printable(r: Reader, path: PathKey, text: str, limit: int) -> str:
    """``text`` if it can be printed where ``path`` says; a located error otherwise."""
    bad = _FORBIDDEN.search(text)
    if bad:
        code = f"U+{ord(bad.group()):04X}"
        raise r.error(path, f"character {code} (position {bad.start() + 1}) cannot be printed")
    if len(text) > limit:
        raise r.error(path, f"text of {len(text):,} characters is too long here: at most {limit}")
    if text.count('"') % 2:
        raise r.error(path, 'a quotation mark (") has no partner: quote in pairs, or use \u201d')
    return text
