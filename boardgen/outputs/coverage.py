"""Whether a game's faces can draw everything it prints: its own texts, boardgen's
words for its rule sheets in its languages, its board's labels and its pieces' glyphs.

A character a face lacks prints as an empty box, so a game is refused before anything
is drawn (``validate``, ``render``, ``build``). With boardgen's own faces only the
descriptor's texts and glyphs can miss (the catalogues are checked by the tests); with a
designer's faces every text is checked, and the complaint names the ``fonts`` key of the
face, the character and what needs it.
"""

from __future__ import annotations

__all__ = ["FontGap", "font_gap"]

import os
import re

from ..descriptor.model import Variant
from ..foundation.fonts import DEFAULT, Face, FontSet, missing_glyphs, missing_symbols, unprintable
from ..foundation.values import frozen
from ..texts.catalogue import catalogue, typeset

#: The ``fonts`` keys, with the attribute of :class:`~boardgen.foundation.fonts.FontSet` each sets.
ROLES = (("text", "regular"), ("bold", "bold"), ("italic", "italic"), ("bold_italic", "bold_italic"))
_PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")
#: What a board's coordinates are written with.
_LABELS = "abcdefghijklmnopqrstuvwxyz0123456789"


@frozen
class FontGap:
    """Characters a face lacks: the ``fonts`` key that names the face, the face, the
    characters, and what needs them."""

    role: str
    face: Face
    missing: str
    #: What needs them, in words ("the rule sheets in de").
    what: str
    #: The descriptor key of the text that needs them (None: boardgen's own words or labels).
    needed_by: tuple[str | int, ...] | None

    def detail(self, *, say_what: bool) -> str:
        """``the font (X) has no glyph for U+00DF``, and what needs it when ``say_what``."""
        codes = ", ".join(f"U+{ord(ch):04X}" for ch in sorted(set(self.missing))[:5])
        return f"the font ({_label(self.face)}) has no glyph for {codes}" + (
            f", {self.what}" if say_what else ""
        )


def _label(face: Face) -> str:
    defaults = {DEFAULT.regular: "Bitstream Vera", DEFAULT.symbols: "DejaVu Sans"}
    if face in defaults:
        return defaults[face]
    if face.family is not None or face in DEFAULT.faces:
        return "Bitstream Vera"
    return os.path.basename(face.file)


def _role(fonts: FontSet, face: Face) -> str:
    for key, attribute in (*ROLES, ("symbols", "symbols")):
        if getattr(fonts, attribute) == face:
            return key
    return "text"


def _gap(fonts: FontSet, face: Face, missing: str, what: str, key: tuple[str | int, ...] | None) -> FontGap:
    return FontGap(_role(fonts, face), face, missing, what, key)


def _descriptor_texts(variant: Variant) -> list[tuple[tuple[str | int, ...], str]]:
    """Every text of the descriptor that is printed, with its key."""
    texts: list[tuple[tuple[str | int, ...], str]] = [(("title", k), v) for k, v in variant.title.items()]
    for i, player in enumerate(variant.players):
        texts.extend((("players", i, "name", k), v) for k, v in player.name.items())
    for i, example in enumerate(variant.examples):
        texts.extend((("examples", i, "caption", k), v) for k, v in example.caption.items())
    for lang, sheet in variant.sheet.items():
        for part in ("intro", "about", "tips", "components"):
            texts.extend((("sheet", lang, part), text) for text in getattr(sheet, part))
        for name, paragraphs in sheet.notes.items():
            texts.extend((("sheet", lang, "notes", name), text) for text in paragraphs)
    for key, style in variant.region_styles.items():
        texts.extend((("regions", key, "name", lang), name) for lang, name in style.name.items())
    return texts


def _styles(fonts: FontSet) -> list[tuple[Face, bool, bool]]:
    """The text faces a sheet sets text in, each once, with their style (bold, italic)."""
    seen: dict[Face, tuple[bool, bool]] = {}
    for bold, italic in ((False, False), (True, False), (False, True)):
        seen.setdefault(fonts.face(bold=bold, italic=italic), (bold, italic))
    return [(face, bold, italic) for face, (bold, italic) in seen.items()]


def font_gap(variant: Variant) -> FontGap | None:
    """The first character the game's faces cannot draw, or None when they draw all."""
    fonts = variant.print.fonts or DEFAULT
    for i, kind in enumerate(variant.pieces):
        for pid, glyph in kind.glyph.items():  # none for a kind drawn from artwork
            symbols = kind.symbols(pid)
            face = fonts.symbols if symbols else fonts.bold
            missing = (
                missing_symbols(glyph, fonts=fonts) if symbols else missing_glyphs(glyph, True, fonts=fonts)
            )
            if missing:
                return _gap(fonts, face, missing, f"which pieces.{i}.glyph needs", ("pieces", i, "glyph"))
    for i, word in enumerate(variant.board.words):
        missing = unprintable(word.text, fonts=fonts)
        if missing:
            face = fonts.face_for(word.text)
            key: tuple[str | int, ...] = ("board", "words", i, "text")
            return _gap(fonts, face, missing, f"which {'.'.join(map(str, key))} needs", key)
    styles = _styles(fonts)
    for face, bold, italic in styles:
        for key, text in _descriptor_texts(variant):
            missing = missing_glyphs(text, bold, italic=italic, fonts=fonts)
            if missing:
                return _gap(fonts, face, missing, f"which {'.'.join(map(str, key))} needs", key)
    if variant.print.fonts is None:
        return None  # boardgen's own faces draw its own words (tests/texts/test_texts.py)
    for lang in variant.languages:
        c = catalogue(lang)
        texts = (_PLACEHOLDER.sub("", typeset(text, c.typography)) for text in c.templates().values())
        words = "".join(sorted({ch for text in texts for ch in text}))
        for face, bold, italic in styles:
            missing = missing_glyphs(words, bold, italic=italic, fonts=fonts)
            if missing:
                return _gap(fonts, face, missing, f"which the rule sheets in {lang} need", None)
    missing = missing_glyphs(_LABELS, fonts=fonts)
    if missing:
        return _gap(fonts, fonts.regular, missing, "which the board's coordinates need", None)
    return None
