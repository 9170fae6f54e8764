"""The lines family's rule sheet (Lines of Action): its sections and components, from the
engine's params."""

from __future__ import annotations

__all__ = ["compose_lines", "lines_components", "lines_keys"]

from collections.abc import Iterator

from ..rules.base import Game
from ..rules.lines.game import LinesGame
from .race_sheet import seating
from .sheet import SheetWriter


def _lines(game: Game) -> LinesGame:
    assert isinstance(game, LinesGame)
    return game


def compose_lines(s: SheetWriter, game: Game) -> None:
    p = _lines(game).params
    variant = s.variant
    each = [
        s.count("setup.men_each", len(variant.setup[pl.id]), player=s.name(pl.id)) for pl in variant.players
    ]
    s.section("setup", seating(s), [*each, s.say("rules.lines.setup")])
    s.section("first", s.say("rules.leaping.first", first=s.name(variant.first)))
    s.section(
        "moving",
        [s.say("rules.lines.line"), s.say("rules.lines.distance")],
        [s.say("rules.lines.jump_own"), s.say("rules.lines.no_jump_enemy")],
    )
    s.section("capturing", [s.say("rules.lines.capture"), s.say("rules.lines.optional")])
    key = "params.lines."
    limit = s.count(key + "move_limit", p.move_limit) if p.move_limit else ""
    s.section(
        "end",
        [s.say("rules.lines.connected"), s.say("rules.lines.single")],
        [
            s.say(key + f"both_connected.{p.both_connected}"),
            s.say(key + f"no_move_loses.{'true' if p.no_move_loses else 'false'}"),
            s.say(key + f"repetition_draws.{'true' if p.repetition_draws else 'false'}"),
            limit,
        ],
        title=s.c.text("sections.game-end"),
    )


def lines_components(s: SheetWriter, game: Game) -> list[str]:
    return [
        s.count("components.men", len(s.variant.setup[pl.id]), player=s.name(pl.id))
        for pl in s.variant.players
    ]


def lines_keys() -> Iterator[str]:
    yield from ("params.lines.both_connected.mover-wins", "params.lines.both_connected.draw")
    for name in ("no_move_loses", "repetition_draws"):
        for value in ("true", "false"):
            yield f"params.lines.{name}.{value}"
    yield "params.lines.move_limit"
