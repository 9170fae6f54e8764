"""A diagram's own text in the language asked for: its ``<desc>`` (what a screen reader
reads, and what a diff of two diagrams shows) and its default alternative text.

The words are the catalogue's ``diagram.*`` templates (``boardgen/texts/<lang>/
catalogue.yaml``), filled without typesetting: a description is plain text, so it keeps
straight quotes and ordinary spaces in every language. English is the default, and its
sentences are those boardgen always wrote.

>>> say = diagram_words("fr")
>>> say("captured", cells="e3, c5")
'Prises : e3, c5.'
>>> diagram_words("de")("marks.circle", cells="d4")
'Kreise: d4.'
"""

from __future__ import annotations

__all__ = ["DiagramWords", "diagram_words", "names"]

import functools
from collections.abc import Iterable

from ..descriptor.model import Variant
from ..texts.catalogue import catalogue


class DiagramWords:
    """The ``diagram.*`` templates of one language; calling it fills one."""

    def __init__(self, lang: str) -> None:
        entries = catalogue(lang).entries
        self.lang = lang
        self._templates = {
            key.removeprefix("diagram."): str(value)
            for key, value in entries.items()
            if key.startswith("diagram.") and isinstance(value, str)
        }

    def __call__(self, key: str, **values: object) -> str:
        return self._templates[key].format(**values)


@functools.cache
def diagram_words(lang: str = "en") -> DiagramWords:
    """The words of ``lang`` (a BoardgenError naming the languages known for another)."""
    return DiagramWords(lang)


def names(variant: Variant, cells: Iterable[int]) -> str:
    """Cells by name, separated by commas."""
    return ", ".join(variant.grid.name(c) for c in cells)
