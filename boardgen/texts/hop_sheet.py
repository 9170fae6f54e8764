"""The hop family's rule sheet (Chinese checkers), from the engine's params."""

from __future__ import annotations

__all__ = ["compose_hop", "hop_components", "hop_keys"]

from collections.abc import Iterator

from ..rules.base import Game
from ..rules.hop.game import HopGame
from .sheet import SheetWriter


def compose_hop(s: SheetWriter, game: Game) -> None:
    assert isinstance(game, HopGame)
    p = game.params
    variant = s.variant
    key = "params.hop."
    s.section("setup", s.count("rules.hop.setup", len(variant.players)))
    s.section("first", s.say("rules.hop.first", first=s.name(variant.first)))
    s.section(
        "moving",
        s.say("rules.hop.move"),
        [s.say("rules.hop.chain"), s.say("rules.hop.no_capture")],
        s.say("rules.hop.pass"),
    )
    limit = s.count(key + "turn_limit", p.turn_limit) if p.turn_limit else ""
    s.section(
        "end",
        [s.say(key + f"win_needs_own_pieces.{str(p.win_needs_own_pieces).lower()}"), limit],
        title=s.c.text("sections.game-end"),
    )


def hop_components(s: SheetWriter, game: Game) -> list[str]:
    return [
        s.count("components.men", len(s.variant.setup[pl.id]), player=s.name(pl.id))
        for pl in s.variant.players
    ]


def hop_keys() -> Iterator[str]:
    key = "params.hop."
    yield from (key + "win_needs_own_pieces.true", key + "win_needs_own_pieces.false", key + "turn_limit")
