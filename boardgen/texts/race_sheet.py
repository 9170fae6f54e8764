"""The race family's rule sheet (Breakthrough): its sections and components, from the
engine's params."""

from __future__ import annotations

__all__ = ["compose_race", "race_components", "race_keys"]

from collections.abc import Iterator

from ..geometry import SquareGrid
from ..rules.base import Game
from ..rules.race.game import RaceGame
from .sheet import SheetWriter


def _race(game: Game) -> RaceGame:
    assert isinstance(game, RaceGame)
    return game


def _bool(value: bool) -> str:
    return "true" if value else "false"


def seating(s: SheetWriter) -> str:
    """How the players sit: a square board turned as its corner colour says, else edge on."""
    grid = s.variant.grid
    if isinstance(grid, SquareGrid):
        return s.say(f"setup.near_right.{grid.near_right}")
    return s.say("setup.hexhex.pointy")


def compose_race(s: SheetWriter, game: Game) -> None:
    p = _race(game).params
    variant = s.variant
    counts = {len(cells) for cells in variant.setup.values()}
    men = s.count("setup.men", counts.pop()) if len(counts) == 1 else ""
    s.section("setup", seating(s), men)
    s.section("first", s.say("rules.leaping.first", first=s.name(variant.first)))
    straight = "" if p.capture_straight else s.say("rules.race.straight_empty")
    s.section("moving", [s.say("rules.race.step"), straight])
    key = "params.race."
    s.section(
        "capturing",
        [
            s.say(key + f"capture_diagonal.{_bool(p.capture_diagonal)}"),
            s.say(key + f"capture_straight.{_bool(p.capture_straight)}"),
            s.say("rules.race.optional"),
        ],
    )
    s.section(
        "end",
        [s.say("rules.race.win_row"), s.say("rules.race.win_all")],
        s.say(key + f"no_move_loses.{_bool(p.no_move_loses)}"),
        title=s.c.text("sections.game-end"),
    )


def race_components(s: SheetWriter, game: Game) -> list[str]:
    return [
        s.count("components.men", len(s.variant.setup[pl.id]), player=s.name(pl.id))
        for pl in s.variant.players
    ]


def race_keys() -> Iterator[str]:
    for name in ("capture_diagonal", "capture_straight", "no_move_loses"):
        for value in ("true", "false"):
            yield f"params.race.{name}.{value}"
