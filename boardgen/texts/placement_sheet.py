"""The placement family's rule sheet: its sections and components, from the engine's params."""

from __future__ import annotations

__all__ = ["compose_placement", "placement_components", "placement_keys"]

from collections.abc import Iterator

from ..rules.base import Game
from ..rules.placement.game import PlacementGame
from ..rules.placement.params import _NAMES
from .sheet import SheetWriter


def compose_placement(s: SheetWriter, game: Game) -> None:
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

    assert isinstance(game, PlacementGame)
    return game


def placement_components(s: SheetWriter, game: Game) -> list[str]:
    bounds = _placement_game(game).score_bounds()
    players = s.variant.players
    lines = [
        s.count("components.stones", n, player=s.name(pl.id)) for pl, n in zip(players, bounds, strict=True)
    ]
    lines[-1] += " " + s.say("components.stones_note")
    if s.variant.scoring_track is not None:
        lines.append(s.say("components.pawns"))
    return lines


def placement_keys() -> Iterator[str]:

    for name in _NAMES:
        yield f"params.placement.{name}"
    yield from ("special.catchup_stones.title", "special.scoring_track.title", "special.scoring_track.text")
