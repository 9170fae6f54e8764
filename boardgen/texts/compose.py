"""A game's rules in words: numbered sections built from its rule switches and free text.

The engine's parsed params (defaults filled in) choose the sentences, so the sheet
says exactly what the engine plays; the catalogue holds every sentence, keyed by
switch and value (``params.leaping.promotion.end-of-move``). Free text (introduction,
background, tips, notes on a section) comes from the language's game file. Examples
come from the descriptor and land in the section their ``topic`` names, or after the
special rule of that name.

The sheet's values and the writer live in :mod:`boardgen.texts.sheet` (re-exported
here), each family's sections in :mod:`boardgen.texts.leaping_sheet` and
:mod:`boardgen.texts.placement_sheet`.

Adding a rule switch to a family without giving its values sentences fails
:func:`param_keys`'s coverage test; a descriptor that picks a value a catalogue lacks
fails the build with the catalogue file and key.
"""

from __future__ import annotations

__all__ = [
    "SPECIAL_TOPICS",
    "Para",
    "RuleSheet",
    "Section",
    "Shown",
    "param_keys",
    "rule_sheet_text",
    "start_caption",
]

from collections.abc import Callable
from dataclasses import replace

from ..descriptor.model import Variant
from ..errors import BoardgenError
from ..geometry import HexHexGrid, SquareGrid
from ..rules.base import Game
from ..rules.registry import make_game
from .catalogue import Catalogue, GameTexts, catalogue, typeset
from .leaping_sheet import compose_leaping, leaping_components, leaping_keys
from .placement_sheet import compose_placement, placement_components, placement_keys
from .sheet import SPECIAL_TOPICS, Para, RuleSheet, Section, SheetWriter, Shown

_Composer = tuple[Callable[[SheetWriter, Game], None], Callable[[SheetWriter, Game], list[str]]]
_FAMILIES: dict[str, _Composer] = {
    "leaping": (compose_leaping, leaping_components),
    "placement": (compose_placement, placement_components),
}


def _board_components(s: SheetWriter) -> list[str]:
    variant = s.variant
    grid = variant.grid
    lines = []
    if isinstance(grid, SquareGrid):
        lines.append(s.say("components.board.square", width=grid.width, height=grid.height))
    elif isinstance(grid, HexHexGrid):
        lines.append(s.count("components.board.hexhex", grid.size, side=grid.side))
    if variant.restricted:
        lines.append(s.count("components.restricted", len(variant.restricted)))
    if variant.scoring_track is not None:
        lines.append(s.count("components.track", variant.scoring_track.maximum))
    return lines


def free_texts(variant: Variant, c: Catalogue) -> GameTexts:
    """The game's own words for its sheet in ``c``'s language: the descriptor's ``sheet``
    when it writes them (a user's game needs no catalogue file), else the catalogue's
    ``games/<id>.yaml`` (empty when there is none)."""
    own = variant.sheet.get(c.lang)
    if own is None:
        return c.game(variant.id)

    def setting(paragraphs: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(typeset(text, c.typography) for text in paragraphs)

    return GameTexts(
        intro=setting(own.intro),
        about=setting(own.about),
        tips=setting(own.tips),
        components=setting(own.components),
        notes={section: setting(paragraphs) for section, paragraphs in own.notes.items()},
        file=str(variant.file),
    )


def rule_sheet_text(variant: Variant, lang: str, game: Game | None = None) -> RuleSheet:
    """The rules of ``variant`` in ``lang``; ``game`` is made from the descriptor if not given."""
    c = catalogue(lang)
    family = variant.rules.family
    if family not in _FAMILIES:
        raise BoardgenError(f"rule sheets do not know the '{family}' rule family yet", key="rules.family")
    if game is None:
        game = make_game(variant.game_spec(), family)
    texts = free_texts(variant, c)
    sheet = SheetWriter(variant, c, texts)
    compose, components = _FAMILIES[family]
    compose(sheet, game)
    parts = [*_board_components(sheet), *components(sheet, game), *texts.components]
    intro = texts.intro or (c.text("words.rule_sheet"),)
    result = sheet.finish(game, typeset(variant.title[lang], c.typography), intro, tuple(parts))
    return replace(result, start_caption=start_caption(variant, lang))


def start_caption(variant: Variant, lang: str) -> str:
    """What a starting diagram says under it in ``lang``: who moves (or places) first."""
    key = "words.start_caption" if any(variant.setup.values()) else "words.start_caption_empty"
    return catalogue(lang).text(key, first=variant.text(variant.player(variant.first).name, lang))


# -- coverage -------------------------------------------------------------------------------


def param_keys() -> dict[str, list[str]]:
    """Per family, every catalogue key some value of some rule switch can need."""
    return {"leaping": list(leaping_keys()), "placement": list(placement_keys())}
