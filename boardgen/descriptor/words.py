"""Texts a descriptor gives per language, and the colours it writes: checked alike everywhere."""

from __future__ import annotations

__all__ = ["COLOUR_PATTERN", "known_languages", "texts"]

from collections.abc import Mapping, Sequence

from .languages import languages
from .printable import check_printable
from .reader import Reader
from .yamlload import PathKey

COLOUR_PATTERN = r"#[0-9a-fA-F]{6}"


def known_languages() -> tuple[str, ...]:
    """The languages texts may be given in: those with a rule-sheet catalogue."""
    return tuple(languages())


def texts(
    r: Reader,
    path: PathKey,
    langs: Sequence[str] | None = None,
    *,
    limit: int,
    at: Mapping[str, PathKey] | None = None,
) -> dict[str, str]:
    """A text per language, keyed by codes that have a rule-sheet catalogue (``boardgen/texts/<code>/``).

    The title (``langs`` None) may give any non-empty set of the known languages: those
    become the game's languages, the ones its rule sheets are made in. Every other text
    of the descriptor (``langs`` given) must then come in exactly those languages, so no
    sheet ever lacks a player's name or a caption. A code without a catalogue is refused
    rather than ignored, since its text could never be printed. Each text must be
    printable and at most ``limit`` characters long (:mod:`.printable`). ``at`` says where
    a language's text is when it is not the value itself (a region's name given with
    its forms: ``de: {name: ...}``).
    """
    known = languages()
    given = r.free_mapping(path)
    for code in given:
        if code not in known:
            raise r.error(
                (*path, code),
                f"no text catalogue for language '{code}' (known: {', '.join(known)})",
                at_key=True,
            )
        if langs is not None and code not in langs:
            raise r.error(
                (*path, code), f"the title has no '{code}' text, so no other text may have one", at_key=True
            )
    if langs is None:
        if not given:
            raise r.error(path, f"give the text in at least one language ({', '.join(known)})")
        langs = [code for code in known if code in given]
    r.mapping(path, required=langs)
    where = at or {}
    return {
        lang: check_printable(
            r, where.get(lang, (*path, lang)), r.string(where.get(lang, (*path, lang))), limit
        )
        for lang in langs
    }
