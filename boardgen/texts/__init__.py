"""Words for rule sheets: per-language catalogues (data) and the sheet a rule family
writes its sections on (the family picks the sentences from its switches, see
:mod:`boardgen.rules.family`). See :mod:`boardgen.texts.catalogue`.

:func:`languages` (which languages have a catalogue) is defined one layer down, in
:mod:`boardgen.descriptor.languages`, because descriptors check their texts against it.
"""

from __future__ import annotations

__all__ = ["TEXTS_DIR", "languages"]

from ..descriptor.languages import TEXTS_DIR, languages
