"""The lines family (Lines of Action) as the registry finds it under ``lines``."""

from __future__ import annotations

__all__ = ["FAMILY", "LinesFamily"]

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from .._sheetparts import first_sentence, men_lines
from ..family import ParamErrorFactory, RuleFamily, SheetWriter
from ..spec import GameSpec
from .game import LinesGame, make_game
from .params import parse_params

KEY = "params.lines."


class LinesFamily(RuleFamily[LinesGame]):
    """Pieces move as far as their line is full; connect them all (Lines of Action)."""

    name: ClassVar[str] = "lines"
    mirrored_setup: ClassVar[bool] = False  # rows against files: a quarter turn, not a half
    quiet_first_move: ClassVar[bool] = False  # c1xa3 is an opening move
    sections: ClassVar[tuple[str, ...]] = ("setup", "first", "moving", "capturing", "end")

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        parse_params(params, error)

    def make_game(self, spec: GameSpec) -> LinesGame:
        return make_game(spec)

    def compose_sheet(self, s: SheetWriter, game: LinesGame) -> None:
        p, spec = game.params, game.spec
        each = [
            s.count("setup.men_each", len(spec.setup[pl.id]), player=s.name(pl.id)) for pl in spec.players
        ]
        s.section("setup", s.board_setup(), [*each, s.say("rules.lines.setup")])
        s.section("first", first_sentence(s, spec, "rules.leaping.first"))
        s.section(
            "moving",
            [s.say("rules.lines.line"), s.say("rules.lines.distance")],
            [s.say("rules.lines.jump_own"), s.say("rules.lines.no_jump_enemy")],
        )
        s.section("capturing", [s.say("rules.lines.capture"), s.say("rules.lines.optional")])
        limit = s.count(KEY + "move_limit", p.move_limit) if p.move_limit else ""
        s.section(
            "end",
            [s.say("rules.lines.connected"), s.say("rules.lines.single")],
            [
                s.say(KEY + f"both_connected.{p.both_connected}"),
                s.say(KEY + f"no_move_loses.{str(p.no_move_loses).lower()}"),
                s.say(KEY + f"repetition_draws.{str(p.repetition_draws).lower()}"),
                limit,
            ],
            title=s.say("sections.game-end"),
        )

    def components(self, s: SheetWriter, game: LinesGame) -> list[str]:
        return men_lines(s, game.spec)

    def catalogue_keys(self) -> Iterator[str]:
        yield from (KEY + "both_connected.mover-wins", KEY + "both_connected.draw")
        for name in ("no_move_loses", "repetition_draws"):
            for value in ("true", "false"):
                yield f"{KEY}{name}.{value}"
        yield KEY + "move_limit"


FAMILY = LinesFamily()
