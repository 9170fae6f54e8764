"""The leaping family (draughts-like games) as the registry finds it under ``leaping``:
its switches, its game, its rules in words and the counters to print.

The parsed switches (defaults filled in) choose the sentences, so the sheet says
exactly what the engine plays; the words themselves are the catalogue's
(``params.leaping.<switch>.<value>``), looked up by the sheet in its language.
"""

from __future__ import annotations

__all__ = ["FAMILY", "SPECIAL_TOPICS", "LeapingFamily"]

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from ..family import CounterNeed, ParamErrorFactory, RuleFamily, SheetWriter
from ..spec import GameSpec
from .directions import BASIC_WORDS, DIRECTION_WORDS
from .endgame_words import endgame_keys, endgame_sentences, repetition_sentence
from .game import LeapingGame
from .params import _DIRECTION_LISTS, CHOICES, DEFAULTS, PRECEDENCE, check_params

KEY = "params.leaping."

#: Example topics naming a special rule, and the switch value that makes it special.
SPECIAL_TOPICS: Mapping[str, str] = {
    "border": "restricted_region",
    "landing": "flying_king_landing",
    "crowning": "promotion",
    "last-pieces": "last_pieces_become_kings",
}


def _directions(s: SheetWriter, words: tuple[str, ...]) -> str:
    """Direction words as one phrase: the widest catalogue words that fit, joined by "or"."""
    basic = {b for w in words for b in DIRECTION_WORDS[w]}
    if basic == set(BASIC_WORDS):
        return s.say("directions.all")
    parts: list[str] = []
    for word in ("orthogonal", "diagonal", *BASIC_WORDS):
        covered = set(DIRECTION_WORDS[word])
        if covered <= basic:
            parts.append(s.say(f"directions.{word}"))
            basic -= covered
    return s.join(parts)


def _backward(words: tuple[str, ...]) -> bool:
    """Whether the direction words include a backward step of some kind."""
    return any(b.startswith("backward") for w in words for b in DIRECTION_WORDS[w])


def _men_setup(s: SheetWriter, game: LeapingGame) -> list[str]:
    players = game.spec.players
    counts = [len(game.spec.setup.get(p.id, ())) for p in players]
    if not any(counts):
        return []
    if counts[0] == counts[1]:
        return [s.count("setup.men", counts[0])]
    return [s.count("setup.men_each", n, player=s.name(p.id)) for p, n in zip(players, counts, strict=True)]


def _kings(s: SheetWriter, game: LeapingGame) -> None:
    """How men are crowned and how kings move and capture (or that there are none)."""
    p = game.params
    if not p.has_kings:
        s.section("kings", s.say(KEY + "king.none"), title=s.say("sections.no-kings"))
        return
    king_dirs = _directions(s, p.king_directions)
    moves = [
        s.say(KEY + "king." + p.king, directions=king_dirs),
        s.say(KEY + "king_capture." + p.king_capture, directions=king_dirs),
    ]
    if p.king_capture == "flying":  # where it lands belongs right after how it captures
        moves.append(s.say(KEY + "flying_king_landing." + p.flying_king_landing))
    if p.king_capture_directions != p.king_directions:
        capture_dirs = _directions(s, p.king_capture_directions)
        moves.append(s.say(KEY + "king_capture_directions", directions=capture_dirs))
    if p.king_quiet_move_limit is not None:
        moves.append(s.count(KEY + "king_quiet_move_limit.count", p.king_quiet_move_limit))
    if p.king_capture == "flying":
        moves.append(s.say("rules.leaping.king_turns"))
        if p.removal == "immediate":  # else the piece just taken blocks the way back
            moves.append(s.say(KEY + "king_reversal." + p.king_reversal))
    crowned = p.promotion != "none" or p.last_pieces_become_kings
    crowning = [s.say(KEY + "promotion." + p.promotion), s.say("rules.leaping.crown") if crowned else ""]
    s.section("kings", crowning, moves)


def _specials(s: SheetWriter, game: LeapingGame, region_size: int) -> None:
    """The special rules (see :data:`SPECIAL_TOPICS`) the switches make; the restricted
    region's rule is titled and worded with the region's own name ("The lake")."""
    p = game.params
    if p.restricted_region is not None:
        region = s.region(p.restricted_region)
        s.special(
            "border",
            region["region"][:1].upper() + region["region"][1:],
            s.count(KEY + "restricted_region.region", region_size, **region),
            s.say(KEY + "restricted_rule." + p.restricted_rule, **region),
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
            s.say(KEY + "last_pieces_become_kings.true"),
        )


def _choice(s: SheetWriter, choice: str, precedence: tuple[str, ...]) -> list[str]:
    """Which capture to pick: the rule of ``capture_choice``, then each tie-break in
    order; a free choice with tie-breaks is said after them ("beyond that, ...")."""
    rules = [s.say(f"{KEY}capture_precedence.{rule}") for rule in precedence]
    if choice == "free" and rules:
        return [*rules, s.say("rules.leaping.choice_free_after")]
    return [s.say(f"{KEY}capture_choice.{choice}"), *rules]


def _skips_squares(game: LeapingGame) -> bool:
    """Whether some capture line jumps two squares (rows and columns of a one-colour board)."""
    t = game.tables
    lines = {*t.man_capture[0], *t.man_capture[1], *t.king_dirs}
    return any(t.layout.stride[d] > 1 for d in lines)


class LeapingFamily(RuleFamily[LeapingGame]):
    """Draughts-like games: men step and capture by leaping, kings may fly."""

    name: ClassVar[str] = "leaping"
    sections: ClassVar[tuple[str, ...]] = ("setup", "first", "moving", "capturing", "kings", "special", "end")
    special_topics: ClassVar[Mapping[str, str]] = SPECIAL_TOPICS

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        """Refuse bad switches; names of regions and directions wait for the board."""
        check_params(params, error)

    def make_game(self, spec: GameSpec) -> LeapingGame:
        return LeapingGame(spec)

    def compose_sheet(self, s: SheetWriter, game: LeapingGame) -> None:
        """The sections of a leaping game's sheet, from its switches."""
        p = game.params
        spec = game.spec
        restricted = p.restricted_region is not None
        region_size = len(spec.regions.get(p.restricted_region or "", frozenset()))
        s.section(
            "setup",
            s.board_setup(),
            [
                *_men_setup(s, game),
                s.say("setup.border", **s.region(p.restricted_region or "")) if restricted else "",
            ],
        )
        s.section("first", s.say("rules.leaping.first", first=s.name(spec.first)))
        s.section(
            "moving",
            [
                s.say(KEY + "man_steps", directions=_directions(s, p.man_steps)),
                s.say("rules.leaping.men_move"),
            ],
        )
        s.section(
            "capturing",
            [
                s.say(KEY + "capture." + p.capture),
                s.say(KEY + "man_captures", directions=_directions(s, p.man_captures)),
                s.say(KEY + "kings_immune_to_men." + str(p.kings_immune_to_men).lower()),
                s.say("rules.leaping.one_colour_lines") if _skips_squares(game) else "",
            ],
            [s.say("rules.leaping.sequence"), s.say(KEY + "removal." + p.removal)],
            _choice(s, p.capture_choice, p.capture_precedence),
        )
        _kings(s, game)
        _specials(s, game, region_size)
        draws = [s.say("rules.leaping.agree")]
        if p.quiet_move_draw is not None:
            draws.append(s.count(KEY + "quiet_move_count." + p.quiet_move_count, p.quiet_move_draw))
        if p.three_kings_vs_one is not None:
            draws.append(s.count(KEY + "three_kings_vs_one.count", p.three_kings_vs_one))
        draws.append(repetition_sentence(s, p))
        win = [s.say("rules.leaping.win"), s.say(KEY + "no_legal_move." + p.no_legal_move)]
        s.section("end", win, draws, endgame_sentences(s, p))

    def components(self, s: SheetWriter, game: LeapingGame) -> list[str]:
        """The men each player needs, and kings when men can be crowned."""
        players = game.spec.players
        lines = [
            s.count("components.men", len(game.spec.setup.get(p.id, ())), player=s.name(p.id))
            for p in players
        ]
        if game.params.has_kings:
            lines.append(s.say("components.kings"))
        return lines

    def catalogue_keys(self) -> Iterator[str]:
        """Every catalogue key some value of some switch can make the sheet say."""
        for name, default in DEFAULTS.items():
            if name in CHOICES:
                yield from (f"{KEY}{name}.{value}" for value in CHOICES[name])
            elif name in _DIRECTION_LISTS:
                yield KEY + name
            elif isinstance(default, bool):
                yield from (f"{KEY}{name}.true", f"{KEY}{name}.false")
            elif name == "capture_precedence":
                yield from (f"{KEY}{name}.{rule}" for rule in PRECEDENCE)
            elif name == "restricted_region":
                yield from (f"{KEY}{name}.none", f"{KEY}{name}.region")
            elif name == "quiet_move_draw":  # its sentence is quiet_move_count's (how moves are counted)
                yield f"{KEY}{name}.none"
            elif name in ("three_kings_vs_one", "king_quiet_move_limit"):
                yield from (f"{KEY}{name}.none", f"{KEY}{name}.count")
            elif name in ("repetition_draw", "endgame_draws"):
                yield from (k for k in endgame_keys() if k.startswith(f"{KEY}{name}."))
            else:
                raise AssertionError(f"rule sheets do not know how to word the leaping switch {name!r}")
        yield from (f"directions.{word}" for word in DIRECTION_WORDS)
        # Values that are special rules have a title (and, for some, a longer text);
        # the restricted region's title is its own name (``words.restricted_region``).
        yield "words.restricted_region"
        yield from (f"special.flying_king_landing.must-continue.{part}" for part in ("title", "text"))
        for value in ("end-of-move", "arrival-continues-as-king"):
            yield from (f"special.promotion.{value}.title", f"special.promotion.{value}.text")
        yield "special.promotion.end-of-move.leaving"
        yield "special.last_pieces_become_kings.title"
        yield from ("rules.leaping.choice_free_after", "rules.leaping.one_colour_lines")

    def counters(self, game: LeapingGame) -> Sequence[CounterNeed]:
        """Men with spares; as many king marks as men when men can be crowned (no player
        ever has more kings than men, so the set never runs short)."""
        spec = game.spec
        men = [(p.id, len(spec.setup.get(p.id, ()))) for p in spec.players]
        needs = [CounterNeed(pid, "man", n, spares=True) for pid, n in men]
        if game.params.has_kings:
            needs += [CounterNeed(pid, "king", n) for pid, n in men]
        return tuple(needs)


#: The family the registry hands out.
FAMILY = LeapingFamily()
