"""The words of each rule sheet, composed once per variant and language.

A build composes a game's rule sheet in each language for the check before it starts
(:mod:`boardgen.outputs.validate`), for the sheet's file, and for both booklets; composed
once, and before the build's workers start, the words are theirs for nothing.
"""

from __future__ import annotations

__all__ = ["sheet_words"]

from ..descriptor.model import Variant
from ..render.memo import remembered
from ..rules.base import Engine
from ..texts.compose import RuleSheet, rule_sheet_text


def sheet_words(variant: Variant, lang: str, game: Engine | None = None) -> RuleSheet:
    """:func:`~boardgen.texts.compose.rule_sheet_text`, remembered per variant and language."""
    words: RuleSheet = remembered(
        variant, ("rule sheet words", lang), lambda: rule_sheet_text(variant, lang, game)
    )
    return words
