"""The connection family (Hex, Y, Havannah) as the registry finds it under ``connection``."""

from __future__ import annotations

__all__ = ["FAMILY", "SIDE_NAMES", "ConnectionFamily"]

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal

from .._sheetparts import first_sentence, stone_lines
from ..family import CounterNeed, ParamErrorFactory, RuleFamily, SheetWriter
from ..spec import GameSpec
from .game import ConnectionGame, make_game
from .params import parse_params

KEY = "params.connection."

#: Side names a board may use, each with its words in the catalogue (``words.side.<name>``).
SIDE_NAMES = ("north", "south", "east", "west", "north-east", "north-west", "south-east", "south-west")


class ConnectionFamily(RuleFamily[ConnectionGame]):
    """Stones placed to make a chain or a shape (Hex, Y, Havannah)."""

    name: ClassVar[str] = "connection"
    mirrored_setup: ClassVar[bool] = False
    setup_piece: ClassVar[Literal["man", "stone"]] = "stone"
    sections: ClassVar[tuple[str, ...]] = ("setup", "first", "turn", "special", "end")
    special_topics: ClassVar[Mapping[str, str]] = {"swap": "swap"}

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        parse_params(params, error)

    def make_game(self, spec: GameSpec) -> ConnectionGame:
        return make_game(spec)

    def compose_sheet(self, s: SheetWriter, game: ConnectionGame) -> None:
        p, spec = game.params, game.spec
        s.section("setup", s.say("rules.placement.empty"))
        s.section("first", first_sentence(s, spec))
        s.section("turn", [s.say("rules.connection.place"), s.say("rules.connection.stay")])
        if p.swap:
            second = s.name(spec.opponent(spec.first).id)
            s.special("swap", s.say("special.swap.title"), s.say(KEY + "swap.true", second=second))
        goals: list[str] = []
        for pl in spec.players:
            sides = p.connect.get(pl.id, ())
            if len(sides) == 2:
                a, b = (s.say(f"words.side.{side}") for side in sides)
                goals.append(s.say(KEY + "connect", player=s.name(pl.id), a=a, b=b))
        if p.connect_all_sides:
            goals.append(s.count(KEY + "connect_all_sides", len(game.sides)))
        shapes = [s.say(KEY + name) for name in ("ring", "bridge", "fork") if getattr(p, name)]
        if shapes:
            goals += [s.say("rules.connection.shapes"), *shapes]
        can_draw = bool(shapes) and not (p.connect or p.connect_all_sides)
        s.section(
            "end",
            goals,
            s.say("rules.connection.draw" if can_draw else "rules.connection.no_draw"),
            title=s.say("sections.game-end"),
        )

    def components(self, s: SheetWriter, game: ConnectionGame) -> list[str]:
        return stone_lines(s, game.spec)

    def catalogue_keys(self) -> Iterator[str]:
        yield from (KEY + n for n in ("connect", "connect_all_sides", "ring", "bridge", "fork", "swap.true"))
        yield from (f"words.side.{name}" for name in SIDE_NAMES)

    def counters(self, game: ConnectionGame) -> Sequence[CounterNeed]:
        cells = len(game.spec.playable)
        first, second = game.spec.players
        return (CounterNeed(first.id, "stone", (cells + 1) // 2), CounterNeed(second.id, "stone", cells // 2))


FAMILY = ConnectionFamily()
