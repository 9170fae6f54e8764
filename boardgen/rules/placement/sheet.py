"""The placement rules in words: which catalogue sentences a Catchup-like game's sheet says."""

from __future__ import annotations

__all__ = ["SPECIAL_TOPICS", "catalogue_keys", "components", "compose_sheet"]

from collections.abc import Iterator, Mapping

from ..family import SheetWriter
from .game import PlacementGame
from .params import _NAMES

KEY = "params.placement."

#: Example topics naming a special rule, and the switch (or furniture) that makes it special.
SPECIAL_TOPICS: Mapping[str, str] = {
    "catch-up": "catchup_stones",
    "scoring-track": "scoring_track",
}


def compose_sheet(s: SheetWriter, game: PlacementGame) -> None:
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
        [s.say("rules.placement.turns", second=second), s.count(KEY + "stones_per_turn", p.stones_per_turn)],
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
        s.special("scoring-track", s.say("special.scoring_track.title"), s.say("special.scoring_track.text"))
    s.section("end", s.say("rules.placement.end"), title=s.say("sections.game-end"))
    cells = len(spec.playable)
    parity = "odd" if cells % 2 else "even"
    s.section("tiebreak", [s.say("rules.placement.tiebreak"), s.count(f"rules.placement.{parity}", cells)])


def components(s: SheetWriter, game: PlacementGame) -> list[str]:
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


def catalogue_keys() -> Iterator[str]:
    """Every catalogue key some value of some switch can make the sheet say."""
    for name in _NAMES:
        yield f"{KEY}{name}"
    yield from ("special.catchup_stones.title", "special.scoring_track.title", "special.scoring_track.text")
