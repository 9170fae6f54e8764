"""A game's rules in words: numbered sections built from its rule switches and free text.

The engine's parsed params (defaults filled in) choose the sentences, so the sheet
says exactly what the engine plays; the catalogue holds every sentence, keyed by
switch and value (``params.leaping.promotion.end-of-move``). Free text (introduction,
background, tips, notes on a section) comes from the language's game file. Examples
come from the descriptor and land in the section their ``topic`` names, or after the
special rule of that name.

The sheet's values and the writer live in :mod:`boardgen.texts.ruletext` (re-exported
here). The sections are the rule family's: this module asks the registry for the
descriptor's family and lets it write them
(:meth:`~boardgen.rules.family.RuleFamily.compose_sheet`), in the catalogue of the
sheet's language plus the family's own words, if it brings any.

Adding a rule switch to a family without giving its values sentences fails
:func:`param_keys`'s coverage test; a descriptor that picks a value a catalogue lacks
fails the build with the catalogue file and key.
"""

from __future__ import annotations

__all__ = [
    "Para",
    "RuleSheet",
    "Section",
    "Shown",
    "param_keys",
    "rule_sheet_text",
    "start_caption",
]

from dataclasses import replace

from ..descriptor.model import Variant
from ..geometry import HexHexGrid, PitGrid, PointGrid, RhombusGrid, SquareGrid, StarGrid, TriangleGrid
from ..rules import registry
from ..rules.base import Engine
from .catalogue import Catalogue, GameTexts, catalogue, typeset, with_words
from .ruletext import Para, RuleSheet, Section, SheetWriter, Shown


def _board_components(s: SheetWriter) -> list[str]:
    variant = s.variant
    grid = variant.grid
    lines = []
    if isinstance(grid, SquareGrid):
        shape = "lines" if grid.drawn == "points" else "square"
        lines.append(s.say(f"components.board.{shape}", width=grid.width, height=grid.height))
    elif isinstance(grid, HexHexGrid):
        lines.append(s.count("components.board.hexhex", grid.size, side=grid.side))
    elif isinstance(grid, RhombusGrid):
        lines.append(s.say("components.board.rhombus", width=grid.width, height=grid.height))
    elif isinstance(grid, TriangleGrid):
        lines.append(s.say("components.board.triangle", n=grid.size, side=grid.side))
    elif isinstance(grid, StarGrid | PointGrid):
        lines.append(s.say(f"components.board.{grid.kind}", n=grid.size))
    elif isinstance(grid, PitGrid):
        key = "stores" if grid.stores else "pits"
        lines.append(s.say(f"components.board.{key}", rows=grid.rows, pits=grid.pits))
    named = {key: style for key, style in variant.region_styles.items() if style.name}
    if variant.restricted and "restricted" not in named:
        lines.append(s.count("components.restricted", len(variant.restricted), **s.region("restricted")))
    for key, style in named.items():  # the region's own word ("the lake"), never a fixed one
        word = variant.text(style.name, s.lang)
        size = len(variant.regions.get(key, ()))
        lines.append(s.count("components.region", size, region=word[:1].upper() + word[1:]))
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


def rule_sheet_text(variant: Variant, lang: str, game: Engine | None = None) -> RuleSheet:
    """The rules of ``variant`` in ``lang``; ``game`` is made from the descriptor if not given."""
    family = registry.family(variant.rules.family)
    own_words = family.catalogue_file(lang)
    c = catalogue(lang) if own_words is None else with_words(lang, own_words)
    if game is None:
        game = family.make_game(variant.game_spec())
    texts = free_texts(variant, c)
    sheet = SheetWriter(variant, c, texts)
    family.compose_sheet(sheet, game)
    parts = [*_board_components(sheet), *family.components(sheet, game), *texts.components]
    intro = texts.intro or (c.text("words.rule_sheet"),)
    result = sheet.finish(game, typeset(variant.title[lang], c.typography), intro, tuple(parts))
    return replace(result, start_caption=start_caption(variant, lang))


def start_caption(variant: Variant, lang: str) -> str:
    """What a starting diagram says under it in ``lang``: who moves (or places) first; for
    a game no engine plays, words that fit any game and any player's name."""
    key = "words.start_caption" if any(variant.setup.values()) else "words.start_caption_empty"
    if not registry.family(variant.rules.family).plays:
        key = key.replace("start_caption", "start_caption_any")
    return catalogue(lang).text(key, first=variant.text(variant.player(variant.first).name, lang))


# -- coverage -------------------------------------------------------------------------------


def param_keys() -> dict[str, list[str]]:
    """Per built-in family, every catalogue key some value of some rule switch can need
    (their words are boardgen's catalogue's; a plug-in family's are its own)."""
    return {name: list(registry.family(name).catalogue_keys()) for name in registry.BUILTIN}
