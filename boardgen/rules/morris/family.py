"""The morris family (Nine, Six and Twelve Men's Morris) as the registry finds it under ``morris``."""

from __future__ import annotations

__all__ = ["FAMILY", "MorrisFamily"]

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from .._sheetparts import first_sentence
from ..family import CounterNeed, ParamErrorFactory, RuleFamily, SheetWriter
from ..spec import GameSpec
from .game import MorrisGame, make_game
from .params import parse_params

KEY = "params.morris."


class MorrisFamily(RuleFamily[MorrisGame]):
    """Men placed, then moved along lines; three in a row remove an enemy man."""

    name: ClassVar[str] = "morris"
    mirrored_setup: ClassVar[bool] = False  # the board starts empty
    sections: ClassVar[tuple[str, ...]] = ("setup", "first", "placing", "moving", "special", "mills", "end")
    special_topics: ClassVar[Mapping[str, str]] = {"flying": "flying"}

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        parse_params(params, error)

    def make_game(self, spec: GameSpec) -> MorrisGame:
        return make_game(spec)

    def compose_sheet(self, s: SheetWriter, game: MorrisGame) -> None:
        p, spec = game.params, game.spec
        s.section("setup", s.say("rules.morris.empty"), s.count(KEY + "men", p.men))
        s.section("first", first_sentence(s, spec, "rules.leaping.first"))
        s.section("placing", s.say("rules.morris.place"))
        s.section("moving", s.say("rules.morris.move"))
        if p.flying:
            s.special("flying", s.say("special.flying.title"), s.say(KEY + "flying.true"))
        s.section(
            "mills",
            [s.say("rules.morris.mill"), s.say("rules.morris.remove")],
            [s.say(KEY + f"mill_protection.{str(p.mill_protection).lower()}"), s.say("rules.morris.again")],
        )
        limit = s.count(KEY + "turn_limit", p.turn_limit) if p.turn_limit else ""
        full = s.say(KEY + "full_board_draws.true") if p.full_board_draws else ""
        s.section("end", [s.say("rules.morris.lose"), full, limit], title=s.say("sections.game-end"))

    def components(self, s: SheetWriter, game: MorrisGame) -> list[str]:
        return [s.count("components.men", game.params.men, player=s.name(pl.id)) for pl in game.spec.players]

    def catalogue_keys(self) -> Iterator[str]:
        yield from (
            KEY + "men",
            KEY + "flying.true",
            KEY + "mill_protection.true",
            KEY + "mill_protection.false",
            KEY + "full_board_draws.true",
        )
        yield KEY + "turn_limit"

    def counters(self, game: MorrisGame) -> Sequence[CounterNeed]:
        return tuple(CounterNeed(pl.id, "man", game.params.men) for pl in game.spec.players)


FAMILY = MorrisFamily()
