"""The morris family's rule sheet (Nine, Six and Twelve Men's Morris), from the engine's params."""

from __future__ import annotations

__all__ = ["compose_morris", "morris_components", "morris_keys"]

from collections.abc import Iterator

from ..rules.base import Game
from ..rules.morris.game import MorrisGame
from .sheet import SheetWriter


def compose_morris(s: SheetWriter, game: Game) -> None:
    assert isinstance(game, MorrisGame)
    p = game.params
    variant = s.variant
    key = "params.morris."
    s.section("setup", s.say("rules.morris.empty"), s.count(key + "men", p.men))
    s.section("first", s.say("rules.leaping.first", first=s.name(variant.first)))
    s.section("placing", s.say("rules.morris.place"))
    s.section("moving", s.say("rules.morris.move"))
    if p.flying:
        s.special("flying", s.say("special.flying.title"), s.say(key + "flying.true"))
    s.section(
        "mills",
        [s.say("rules.morris.mill"), s.say("rules.morris.remove")],
        [s.say(key + f"mill_protection.{str(p.mill_protection).lower()}"), s.say("rules.morris.again")],
    )
    limit = s.count(key + "turn_limit", p.turn_limit) if p.turn_limit else ""
    s.section("end", [s.say("rules.morris.lose"), limit], title=s.c.text("sections.game-end"))


def morris_components(s: SheetWriter, game: Game) -> list[str]:
    assert isinstance(game, MorrisGame)
    return [s.count("components.men", game.params.men, player=s.name(pl.id)) for pl in s.variant.players]


def morris_keys() -> Iterator[str]:
    key = "params.morris."
    yield from (key + "men", key + "flying.true", key + "mill_protection.true", key + "mill_protection.false")
    yield key + "turn_limit"
