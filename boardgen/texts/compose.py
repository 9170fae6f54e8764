"""A game's rules in words: numbered sections built from its rule switches and free text.

The engine's parsed params (defaults filled in) choose the sentences, so the sheet
says exactly what the engine plays; the catalogue holds every sentence, keyed by
switch and value (``params.leaping.promotion.end-of-move``). Free text (introduction,
background, tips, notes on a section) comes from the language's game file. Examples
come from the descriptor and land in the section their ``topic`` names, or after the
special rule of that name.

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

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..descriptor.model import Example, Variant
from ..errors import BoardgenError
from ..geometry import HexHexGrid, SquareGrid
from ..rules.base import Game
from ..rules.registry import make_game

if TYPE_CHECKING:
    from ..rules.leaping.game import LeapingGame
    from ..rules.placement.game import PlacementGame
from .catalogue import Catalogue, GameTexts, catalogue, typeset
from .endgames import endgame_keys, endgame_sentences, repetition_sentence


@dataclass(frozen=True)
class Para:
    """A paragraph, with an optional run-in title (a special rule's name)."""

    text: str
    lead: str = ""


@dataclass(frozen=True)
class Shown:
    """An example from the descriptor, numbered, with its caption in the sheet's language."""

    example: Example
    number: int
    label: str
    caption: str


Block = Para | Shown


@dataclass(frozen=True)
class Section:
    name: str
    number: int
    title: str
    blocks: tuple[Block, ...]

    @property
    def heading(self) -> str:
        return f"{self.number}. {self.title}"


@dataclass(frozen=True)
class RuleSheet:
    """Everything a rule sheet says, in one language, ready to lay out."""

    lang: str
    variant: Variant
    game: Game
    words: Catalogue
    title: str
    intro: tuple[str, ...]
    components: tuple[str, ...]
    start_caption: str
    sections: tuple[Section, ...]
    about: tuple[str, ...] = ()
    tips: tuple[str, ...] = ()
    examples: tuple[Shown, ...] = field(default=())
    #: Size of the example diagrams against their usual size, chosen by the page layout
    #: (below 1 only when that saves a nearly empty last page).
    diagram_scale: float = 1.0


#: Example topics naming a special rule, and the switch value that makes it special.
SPECIAL_TOPICS: dict[str, str] = {
    "border": "restricted_region",
    "landing": "flying_king_landing",
    "crowning": "promotion",
    "last-pieces": "last_pieces_become_kings",
    "catch-up": "catchup_stones",
    "scoring-track": "scoring_track",
}


class _Sheet:
    """Collects sections while a family's composer writes them."""

    def __init__(self, variant: Variant, c: Catalogue, texts: GameTexts) -> None:
        self.variant = variant
        self.c = c
        self.texts = texts
        self.sections: list[tuple[str, str, list[Block]]] = []
        self.special_at: dict[str, tuple[int, int]] = {}  # topic -> (section index, block index)
        grid = variant.grid
        kind = "hexhex" if isinstance(grid, HexHexGrid) else "square"
        self.nouns = {"cell": c.text(f"words.cell.{kind}"), "cells": c.text(f"words.cells.{kind}")}

    def say(self, key: str, **values: object) -> str:
        return self.c.text(key, **self.nouns, **values)

    def count(self, key: str, n: int, **values: object) -> str:
        return self.c.count(key, n, **self.nouns, **values)

    def has(self, key: str) -> bool:
        return self.c.has(key)

    def name(self, player_id: str) -> str:
        return self.variant.player(player_id).name[self.c.lang]

    def section(self, name: str, *paragraphs: Text, title: str | None = None) -> None:
        """A section of ``paragraphs`` (each a text or a list of sentences; empty ones are
        skipped) followed by the game's notes on it, and by a note when the descriptor
        proposes this part itself (``proposals``: the sources leave it open)."""
        notes = self.texts.notes.get(name, ())
        texts = [_joined(p) for p in (*paragraphs, *notes)]
        blocks: list[Block] = [Para(t) for t in texts if t]
        note = _proposal_note(name, self.variant.proposals)
        if note:
            blocks.append(Para(self.say(note), lead=self.say("proposals.lead")))
        self.sections.append((name, title or self.c.text(f"sections.{name}"), blocks))

    def special(self, topic: str, title: str, *sentences: str) -> None:
        """A special rule: one paragraph with a run-in title, under "Special rules"."""
        if not self.sections or self.sections[-1][0] != "special":
            self.section("special")
        blocks = self.sections[-1][2]
        self.special_at[topic] = (len(self.sections) - 1, len(blocks))
        blocks.append(Para(_joined(sentences), lead=title))

    def finish(
        self, game: Game, title: str, intro: tuple[str, ...], components: tuple[str, ...]
    ) -> RuleSheet:
        """Number the sections and place the descriptor's examples: after the special
        rule their topic names, else at the end of the section it names."""
        c, variant = self.c, self.variant
        names = [name for name, _, _ in self.sections]
        unknown = sorted(set(self.texts.notes) - set(names))
        if unknown:
            message = f"notes for '{unknown[0]}', not a section of this sheet (sections: {', '.join(names)})"
            if c.lang in variant.sheet:  # the descriptor wrote them: point at its line
                raise variant.error(("sheet", c.lang, "notes", unknown[0]), message)
            raise BoardgenError(message, file=self.texts.file, key=f"notes.{unknown[0]}")
        shown: list[Shown] = []
        after: dict[tuple[int, int], list[Shown]] = {}
        for number, example in enumerate(variant.examples, start=1):
            caption = typeset(example.caption[c.lang], c.typography)
            item = Shown(example, number, c.text("words.example", n=number), caption)
            shown.append(item)
            if example.topic in self.special_at:
                where = self.special_at[example.topic]
            elif example.topic in names:
                index = names.index(example.topic)
                where = (index, len(self.sections[index][2]) - 1)
            else:
                known = ", ".join(sorted({*names, *self.special_at}))
                raise BoardgenError(
                    f"example '{example.id}': topic '{example.topic}' is not a section or special rule "
                    f"of this game's sheet (known: {known})",
                    file=str(variant.file),
                    key=f"examples.{number - 1}.topic",
                )
            after.setdefault(where, []).append(item)
        sections = []
        for index, (name, heading, blocks) in enumerate(self.sections):
            merged: list[Block] = list(after.get((index, -1), ()))
            for at, block in enumerate(blocks):
                merged.append(block)
                merged.extend(after.get((index, at), ()))
            sections.append(Section(name, index + 1, heading, tuple(merged)))
        return RuleSheet(
            lang=c.lang,
            variant=variant,
            game=game,
            words=c,
            title=title,
            intro=intro,
            components=components,
            start_caption="",
            sections=tuple(sections),
            about=self.texts.about,
            tips=self.texts.tips,
            examples=tuple(shown),
        )


Text = str | list[str] | tuple[str, ...]


def _proposal_note(section: str, proposals: tuple[str, ...]) -> str:
    """The catalogue key of the note a section gets for the descriptor's ``proposals``:
    one note in the setup section when both the setup and the first player are proposed."""
    if section not in proposals:
        return ""
    if set(proposals) >= {"setup", "first"}:
        return "proposals.setup_first" if section == "setup" else ""
    return f"proposals.{section}"


def _joined(text: Text) -> str:
    """One paragraph: a text, or sentences joined by spaces (empty ones dropped)."""
    return text if isinstance(text, str) else " ".join(t for t in text if t)


# -- the leaping family -------------------------------------------------------------------


def _directions(s: _Sheet, words: tuple[str, ...]) -> str:
    """Direction words as one phrase: the widest catalogue words that fit, joined by "or"."""
    from ..rules.leaping.directions import BASIC_WORDS, DIRECTION_WORDS

    basic = {b for w in words for b in DIRECTION_WORDS[w]}
    if basic == set(BASIC_WORDS):
        return s.c.text("directions.all")
    parts: list[str] = []
    for word in ("orthogonal", "diagonal", *BASIC_WORDS):
        covered = set(DIRECTION_WORDS[word])
        if covered <= basic:
            parts.append(s.c.text(f"directions.{word}"))
            basic -= covered
    return s.c.join(parts)


def _backward(words: tuple[str, ...]) -> bool:
    """Whether the direction words include a backward step of some kind."""
    from ..rules.leaping.directions import DIRECTION_WORDS

    return any(b.startswith("backward") for w in words for b in DIRECTION_WORDS[w])


def _board_setup(s: _Sheet) -> list[str]:
    variant = s.variant
    grid = variant.grid
    lines = []
    if isinstance(grid, SquareGrid):
        corner = grid.at(grid.width - 1, 0)
        assert corner is not None
        lines.append(s.say(f"setup.near_right.{grid.colour(corner)}"))
        playable = variant.board.playable
        if len(playable) == grid.size:
            lines.append(s.say("setup.playable.all"))
        else:
            colours = {grid.colour(c) for c in playable}
            if len(colours) == 1:
                lines.append(s.say(f"setup.playable.{colours.pop()}"))
    elif isinstance(grid, HexHexGrid) and variant.players[0].side is not None:
        lines.append(s.say(f"setup.hexhex.{grid.orientation}"))
    return lines


def _men_setup(s: _Sheet, key: str) -> list[str]:
    counts = [s.variant.counts[p.id] for p in s.variant.players]
    if not any(counts):
        return []
    if counts[0] == counts[1]:
        return [s.count(f"setup.{key}", counts[0])]
    players = s.variant.players
    return [
        s.count(f"setup.{key}_each", n, player=s.name(p.id)) for p, n in zip(players, counts, strict=True)
    ]


def _leaping(s: _Sheet, game: Game) -> None:
    p = _leaping_game(game).params
    variant = s.variant
    key = "params.leaping."
    restricted = p.restricted_region is not None
    region_size = len(variant.regions.get(p.restricted_region or "", frozenset()))
    s.section(
        "setup",
        _board_setup(s),
        [*_men_setup(s, "men"), s.say("setup.border") if restricted else ""],
    )
    s.section("first", s.say("rules.leaping.first", first=s.name(variant.first)))
    s.section(
        "moving",
        [s.say(key + "man_steps", directions=_directions(s, p.man_steps)), s.say("rules.leaping.men_move")],
    )
    game_ = _leaping_game(game)
    s.section(
        "capturing",
        [
            s.say(key + "capture." + p.capture),
            s.say(key + "man_captures", directions=_directions(s, p.man_captures)),
            s.say(key + "kings_immune_to_men." + str(p.kings_immune_to_men).lower()),
            s.say("rules.leaping.one_colour_lines") if _skips_squares(game_) else "",
        ],
        [s.say("rules.leaping.sequence"), s.say(key + "removal." + p.removal)],
        _choice(s, p.capture_choice, p.capture_precedence),
    )
    if p.has_kings:
        king_dirs = _directions(s, p.king_directions)
        moves = [
            s.say(key + "king." + p.king, directions=king_dirs),
            s.say(key + "king_capture." + p.king_capture, directions=king_dirs),
        ]
        if p.king_capture == "flying":  # where it lands belongs right after how it captures
            moves.append(s.say(key + "flying_king_landing." + p.flying_king_landing))
        if p.king_capture_directions != p.king_directions:
            capture_dirs = _directions(s, p.king_capture_directions)
            moves.append(s.say(key + "king_capture_directions", directions=capture_dirs))
        if p.king_quiet_move_limit is not None:
            moves.append(s.count(key + "king_quiet_move_limit.count", p.king_quiet_move_limit))
        if p.king_capture == "flying":
            moves.append(s.say("rules.leaping.king_turns"))
            if p.removal == "immediate":  # else the piece just taken blocks the way back
                moves.append(s.say(key + "king_reversal." + p.king_reversal))
        crowned = p.promotion != "none" or p.last_pieces_become_kings
        crowning = [s.say(key + "promotion." + p.promotion), s.say("rules.leaping.crown") if crowned else ""]
        s.section("kings", crowning, moves)
    else:
        s.section("kings", s.say(key + "king.none"), title=s.c.text("sections.no-kings"))
    if restricted:
        s.special(
            "border",
            s.say("special.restricted_region.title"),
            s.count(key + "restricted_region.region", region_size),
            s.say(key + "restricted_rule." + p.restricted_rule),
        )
    if p.has_kings and p.king_capture == "flying" and p.flying_king_landing == "must-continue":
        base = "special.flying_king_landing.must-continue."
        s.special("landing", s.say(base + "title"), s.say(base + "text"))
    if p.promotion in ("end-of-move", "arrival-continues-as-king"):
        base = f"special.promotion.{p.promotion}."
        text = [s.say(base + "text")]
        if p.promotion == "end-of-move" and _backward(p.man_captures):  # else it cannot leave the row
            text.append(s.say(base + "leaving"))
        s.special("crowning", s.say(base + "title"), *text)
    if p.last_pieces_become_kings:
        s.special(
            "last-pieces",
            s.say("special.last_pieces_become_kings.title"),
            s.say(key + "last_pieces_become_kings.true"),
        )
    draws = [s.say("rules.leaping.agree")]
    if p.quiet_move_draw is not None:
        draws.append(s.count(key + "quiet_move_count." + p.quiet_move_count, p.quiet_move_draw))
    if p.three_kings_vs_one is not None:
        draws.append(s.count(key + "three_kings_vs_one.count", p.three_kings_vs_one))
    draws.append(repetition_sentence(s, p))
    win = [s.say("rules.leaping.win"), s.say(key + "no_legal_move." + p.no_legal_move)]
    s.section("end", win, draws, endgame_sentences(s, p))


def _choice(s: _Sheet, choice: str, precedence: tuple[str, ...]) -> list[str]:
    """Which capture to pick: the rule of ``capture_choice``, then each tie-break in
    order; a free choice with tie-breaks is said after them ("beyond that, ...")."""
    key = "params.leaping."
    rules = [s.say(f"{key}capture_precedence.{rule}") for rule in precedence]
    if choice == "free" and rules:
        return [*rules, s.say("rules.leaping.choice_free_after")]
    return [s.say(f"{key}capture_choice.{choice}"), *rules]


def _skips_squares(game: LeapingGame) -> bool:
    """Whether some capture line jumps two squares (rows and columns of a one-colour board)."""
    t = game.tables
    lines = {*t.man_capture[0], *t.man_capture[1], *t.king_dirs}
    return any(t.layout.stride[d] > 1 for d in lines)


def _leaping_game(game: Game) -> LeapingGame:
    from ..rules.leaping.game import LeapingGame

    assert isinstance(game, LeapingGame)
    return game


def _leaping_components(s: _Sheet, game: Game) -> list[str]:
    players = s.variant.players
    lines = [s.count("components.men", s.variant.counts[pl.id], player=s.name(pl.id)) for pl in players]
    if _leaping_game(game).params.has_kings:
        lines.append(s.say("components.kings"))
    return lines


# -- the placement family -----------------------------------------------------------------


def _placement(s: _Sheet, game: Game) -> None:
    p = _placement_game(game).params
    variant = s.variant
    key = "params.placement."
    first = s.name(variant.first)
    second = next(s.name(pl.id) for pl in variant.players if pl.id != variant.first)
    track = variant.scoring_track is not None
    setup = [] if any(variant.setup.values()) else [s.say("rules.placement.empty")]
    s.section("setup", [*setup, s.say("rules.placement.pawns") if track else ""])
    s.section("first", s.count(key + "opening_stones", p.opening_stones, first=first))
    s.section(
        "turn",
        [s.say("rules.placement.turns", second=second), s.count(key + "stones_per_turn", p.stones_per_turn)],
        s.say("rules.placement.no_pass"),
    )
    s.section(
        "groups",
        s.say("rules.placement.group"),
        s.say("rules.placement.score"),
    )
    if p.catchup_stones > p.stones_per_turn:
        s.special(
            "catch-up",
            s.count("special.catchup_stones.title", p.catchup_stones),
            s.count(key + "catchup_stones", p.catchup_stones),
        )
    if track:
        s.special("scoring-track", s.say("special.scoring_track.title"), s.say("special.scoring_track.text"))
    s.section("end", s.say("rules.placement.end"), title=s.c.text("sections.game-end"))
    cells = len(variant.board.playable)
    parity = "odd" if cells % 2 else "even"
    s.section("tiebreak", [s.say("rules.placement.tiebreak"), s.count(f"rules.placement.{parity}", cells)])


def _placement_game(game: Game) -> PlacementGame:
    from ..rules.placement.game import PlacementGame

    assert isinstance(game, PlacementGame)
    return game


def _placement_components(s: _Sheet, game: Game) -> list[str]:
    bounds = _placement_game(game).score_bounds()
    players = s.variant.players
    lines = [
        s.count("components.stones", n, player=s.name(pl.id)) for pl, n in zip(players, bounds, strict=True)
    ]
    lines[-1] += " " + s.say("components.stones_note")
    if s.variant.scoring_track is not None:
        lines.append(s.say("components.pawns"))
    return lines


_Composer = tuple[Callable[[_Sheet, Game], None], Callable[[_Sheet, Game], list[str]]]
_FAMILIES: dict[str, _Composer] = {
    "leaping": (_leaping, _leaping_components),
    "placement": (_placement, _placement_components),
}


def _board_components(s: _Sheet) -> list[str]:
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
    sheet = _Sheet(variant, c, texts)
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


def _leaping_keys() -> Iterator[str]:
    from ..rules.leaping.directions import DIRECTION_WORDS
    from ..rules.leaping.params import _DIRECTION_LISTS, CHOICES, DEFAULTS, PRECEDENCE

    key = "params.leaping."
    for name, default in DEFAULTS.items():
        if name in CHOICES:
            yield from (f"{key}{name}.{value}" for value in CHOICES[name])
        elif name in _DIRECTION_LISTS:
            yield key + name
        elif isinstance(default, bool):
            yield from (f"{key}{name}.true", f"{key}{name}.false")
        elif name == "capture_precedence":
            yield from (f"{key}{name}.{rule}" for rule in PRECEDENCE)
        elif name == "restricted_region":
            yield from (f"{key}{name}.none", f"{key}{name}.region")
        elif name == "quiet_move_draw":  # its sentence is quiet_move_count's (how moves are counted)
            yield f"{key}{name}.none"
        elif name in ("three_kings_vs_one", "king_quiet_move_limit"):
            yield from (f"{key}{name}.none", f"{key}{name}.count")
        elif name in ("repetition_draw", "endgame_draws"):
            yield from (k for k in endgame_keys() if k.startswith(f"{key}{name}."))
        else:
            raise AssertionError(f"rule sheets do not know how to word the leaping switch {name!r}")
    yield from (f"directions.{word}" for word in DIRECTION_WORDS)
    # Values that are special rules have a title (and, for some, a longer text).
    yield "special.restricted_region.title"
    yield from (f"special.flying_king_landing.must-continue.{part}" for part in ("title", "text"))
    for value in ("end-of-move", "arrival-continues-as-king"):
        yield from (f"special.promotion.{value}.title", f"special.promotion.{value}.text")
    yield "special.promotion.end-of-move.leaving"
    yield "special.last_pieces_become_kings.title"
    yield from ("rules.leaping.choice_free_after", "rules.leaping.one_colour_lines")


def _placement_keys() -> Iterator[str]:
    from ..rules.placement.params import _NAMES

    for name in _NAMES:
        yield f"params.placement.{name}"
    yield from ("special.catchup_stones.title", "special.scoring_track.title", "special.scoring_track.text")


def param_keys() -> dict[str, list[str]]:
    """Per family, every catalogue key some value of some rule switch can need."""
    return {"leaping": list(_leaping_keys()), "placement": list(_placement_keys())}
