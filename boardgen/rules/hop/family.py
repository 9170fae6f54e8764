"""The hop family (Chinese checkers) as the registry finds it under ``hop``."""

from __future__ import annotations

__all__ = ["FAMILY", "HopFamily"]

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from .._sheetparts import men_lines
from ..family import ParamErrorFactory, RuleFamily, SheetWriter
from ..spec import GameSpec
from .game import HopGame, make_game
from .params import parse_params

KEY = "params.hop."


class HopFamily(RuleFamily[HopGame]):
    """Men step or hop in chains across the star to the opposite point."""

    name: ClassVar[str] = "hop"
    players: ClassVar[tuple[int, int]] = (2, 6)
    mirrored_setup: ClassVar[bool] = False
    sections: ClassVar[tuple[str, ...]] = ("setup", "first", "moving", "end")

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        parse_params(params, error)

    def make_game(self, spec: GameSpec) -> HopGame:
        return make_game(spec)

    def compose_sheet(self, s: SheetWriter, game: HopGame) -> None:
        p, spec = game.params, game.spec
        s.section("setup", s.count("rules.hop.setup", len(spec.players)))
        s.section("first", s.say("rules.hop.first", first=s.name(spec.first)))
        s.section(
            "moving",
            s.say("rules.hop.move"),
            [s.say("rules.hop.chain"), s.say("rules.hop.no_capture")],
            s.say("rules.hop.pass"),
        )
        limit = s.count(KEY + "turn_limit", p.turn_limit) if p.turn_limit else ""
        s.section(
            "end",
            [s.say(KEY + f"win_needs_own_pieces.{str(p.win_needs_own_pieces).lower()}"), limit],
            title=s.say("sections.game-end"),
        )

    def components(self, s: SheetWriter, game: HopGame) -> list[str]:
        return men_lines(s, game.spec)

    def catalogue_keys(self) -> Iterator[str]:
        yield from (KEY + "win_needs_own_pieces.true", KEY + "win_needs_own_pieces.false", KEY + "turn_limit")


FAMILY = HopFamily()
