"""Words for rule sheets: per-language catalogues (data) and the sheet a rule family
writes its sections on (the family picks the sentences from its switches, see
:mod:`boardgen.rules.family`). See :mod:`boardgen.texts.catalogue`.

:func:`languages` lives here, importing nothing but the standard library, so that any
module (the descriptor model's list of required languages, say) can ask which languages
exist without loading the catalogues.
"""

from __future__ import annotations

__all__ = ["TEXTS_DIR", "languages"]

from pathlib import Path

#: Where the language folders live.
TEXTS_DIR = Path(__file__).resolve().parent


def languages() -> tuple[str, ...]:
    """The language codes that have a catalogue (``<code>/catalogue.yaml``), English first."""
    found = sorted(p.parent.name for p in TEXTS_DIR.glob("*/catalogue.yaml"))
    return tuple(sorted(found, key=lambda code: (code != "en", code)))
