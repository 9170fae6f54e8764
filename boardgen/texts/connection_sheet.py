"""The connection family's rule sheet (Hex, Y, Havannah), from the engine's params."""

from __future__ import annotations

__all__ = ["compose_connection", "connection_components", "connection_keys"]

from collections.abc import Iterator

from ..rules.base import Game
from ..rules.connection.game import ConnectionGame
from .reversi_sheet import stone_components
from .sheet import SheetWriter

#: Side names a board may use, each with its words in the catalogue (``words.side.<name>``).
SIDE_NAMES = ("north", "south", "east", "west", "north-east", "north-west", "south-east", "south-west")


def compose_connection(s: SheetWriter, game: Game) -> None:
    assert isinstance(game, ConnectionGame)
    p = game.params
    variant = s.variant
    key = "params.connection."
    s.section("setup", s.say("rules.placement.empty"))
    s.section("first", s.say("rules.alternate.first", first=s.name(variant.first)))
    s.section("turn", [s.say("rules.connection.place"), s.say("rules.connection.stay")])
    if p.swap:
        s.special(
            "swap",
            s.say("special.swap.title"),
            s.say(key + "swap.true", second=s.name(variant.players[1].id)),
        )
    goals: list[str] = []
    for pl in variant.players:
        sides = p.connect.get(pl.id, ())
        if len(sides) == 2:
            a, b = (s.say(f"words.side.{side}") for side in sides)
            goals.append(s.say(key + "connect", player=s.name(pl.id), a=a, b=b))
    if p.connect_all_sides:
        goals.append(s.count(key + "connect_all_sides", len(game.sides)))
    shapes = [s.say(key + name) for name in ("ring", "bridge", "fork") if getattr(p, name)]
    if shapes:
        goals += [s.say("rules.connection.shapes"), *shapes]
    can_draw = bool(shapes) and not (p.connect or p.connect_all_sides)
    s.section(
        "end",
        goals,
        s.say("rules.connection.draw" if can_draw else "rules.connection.no_draw"),
        title=s.c.text("sections.game-end"),
    )


def connection_components(s: SheetWriter, game: Game) -> list[str]:
    return stone_components(s)


def connection_keys() -> Iterator[str]:
    key = "params.connection."
    yield from (key + n for n in ("connect", "connect_all_sides", "ring", "bridge", "fork", "swap.true"))
    yield from (f"words.side.{name}" for name in SIDE_NAMES)
