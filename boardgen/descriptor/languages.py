"""The languages boardgen speaks: those with a catalogue of words in ``boardgen/texts``.

A descriptor gives its title and texts in some of these languages, so the descriptor
checks against them; the catalogues themselves (:mod:`boardgen.texts`) are read only
when words are needed. Reading the folder names here, with nothing but the standard
library, keeps the descriptor layer below the words layer: it knows where the
catalogues are, not what they say.
"""

from __future__ import annotations

__all__ = ["TEXTS_DIR", "languages"]

from pathlib import Path

#: Where the language folders live (``<code>/catalogue.yaml``, ``<code>/games/``).
TEXTS_DIR = Path(__file__).resolve().parent.parent / "texts"


def languages() -> tuple[str, ...]:
    """The language codes that have a catalogue (``<code>/catalogue.yaml``), English first."""
    found = sorted(p.parent.name for p in TEXTS_DIR.glob("*/catalogue.yaml"))
    return tuple(sorted(found, key=lambda code: (code != "en", code)))
