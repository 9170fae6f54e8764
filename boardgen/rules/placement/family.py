"""The placement family (Catchup) as the registry finds it under ``placement``: its
switches, its game, its rules in words (which catalogue sentences the sheet says) and
the stones to print."""

from __future__ import annotations

__all__ = ["FAMILY", "SPECIAL_TOPICS", "PlacementFamily"]

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal

from ..family import CounterNeed, ParamErrorFactory, RuleFamily, SheetWriter
from ..spec import GameSpec
from .game import PlacementGame, make_game
from .params import _NAMES, parse_params

KEY = "params.placement."

#: Example topics naming a special rule, and the switch (or furniture) that makes it special.
SPECIAL_TOPICS: Mapping[str, str] = {
    "catch-up": "catchup_stones",
    "scoring-track": "scoring_track",
}


class PlacementFamily(RuleFamily[PlacementGame]):
    """Stones placed in sets, catch-up turns, the largest group scores (Catchup)."""

    name: ClassVar[str] = "placement"
    setup_piece: ClassVar[Literal["man", "stone"]] = "stone"
    sections: ClassVar[tuple[str, ...]] = ("setup", "first", "turn", "groups", "special", "end", "tiebreak")
    special_topics: ClassVar[Mapping[str, str]] = SPECIAL_TOPICS

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        """Refuse unknown or ill-typed switches, located through ``error``."""
        parse_params(params, error)

    def make_game(self, spec: GameSpec) -> PlacementGame:
        """The placement game for ``spec``; bad params raise BoardgenError (rules.params.<name>)."""
        return make_game(spec)

    def compose_sheet(self, s: SheetWriter, game: PlacementGame) -> None:
        """The sections of a placement game's sheet, from its switches."""
        p = game.params
        spec = game.spec
        first = s.name(spec.first)
        second = s.name(spec.opponent(spec.first).id)
        track = spec.scoring_track is not None
        setup = [] if any(spec.setup.values()) else [s.say("rules.placement.empty")]
        s.section("setup", [*setup, s.say("rules.placement.pawns") if track else ""])
        s.section("first", s.count(KEY + "opening_stones", p.opening_stones, first=first))
        s.section(
            "turn",
            [
                s.say("rules.placement.turns", second=second),
                s.count(KEY + "stones_per_turn", p.stones_per_turn),
            ],
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
                s.count(KEY + "catchup_stones", p.catchup_stones),
            )
        if track:
            s.special(
                "scoring-track", s.say("special.scoring_track.title"), s.say("special.scoring_track.text")
            )
        s.section("end", s.say("rules.placement.end"), title=s.say("sections.game-end"))
        cells = len(spec.playable)
        parity = "odd" if cells % 2 else "even"
        s.section(
            "tiebreak", [s.say("rules.placement.tiebreak"), s.count(f"rules.placement.{parity}", cells)]
        )

    def components(self, s: SheetWriter, game: PlacementGame) -> list[str]:
        """The most stones each player can own, and score pawns for the track."""
        players = game.spec.players
        bounds = game.score_bounds()
        lines = [
            s.count("components.stones", n, player=s.name(p.id)) for p, n in zip(players, bounds, strict=True)
        ]
        lines[-1] += " " + s.say("components.stones_note")
        if game.spec.scoring_track is not None:
            lines.append(s.say("components.pawns"))
        return lines

    def catalogue_keys(self) -> Iterator[str]:
        """Every catalogue key some value of some switch can make the sheet say."""
        for name in _NAMES:
            yield f"{KEY}{name}"
        yield from (
            "special.catchup_stones.title",
            "special.scoring_track.title",
            "special.scoring_track.text",
        )

    def counters(self, game: PlacementGame) -> Sequence[CounterNeed]:
        """Per player, the most stones that player can ever own: stones never leave the
        board, so that is the engine's proven bound on the final score. No spares: the
        bound is never reached in real play."""
        bounds = game.score_bounds()
        players = game.spec.players
        return tuple(CounterNeed(p.id, "stone", n) for p, n in zip(players, bounds, strict=True))


#: The family the registry hands out.
FAMILY = PlacementFamily()
