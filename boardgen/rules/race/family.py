"""The race family (Breakthrough) as the registry finds it under ``race``."""

from __future__ import annotations

__all__ = ["FAMILY", "RaceFamily"]

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from .._sheetparts import first_sentence, men_lines
from ..family import ParamErrorFactory, RuleFamily, SheetWriter
from ..spec import GameSpec
from .game import RaceGame, make_game
from .params import parse_params

KEY = "params.race."


def _word(value: bool) -> str:
    return "true" if value else "false"


class RaceFamily(RuleFamily[RaceGame]):
    """Men step forward and capture by replacement; the far row wins (Breakthrough)."""

    name: ClassVar[str] = "race"
    sections: ClassVar[tuple[str, ...]] = ("setup", "first", "moving", "capturing", "end")

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        parse_params(params, error)

    def make_game(self, spec: GameSpec) -> RaceGame:
        return make_game(spec)

    def compose_sheet(self, s: SheetWriter, game: RaceGame) -> None:
        p, spec = game.params, game.spec
        counts = {len(cells) for cells in spec.setup.values()}
        men = s.count("setup.men", counts.pop()) if len(counts) == 1 else ""
        s.section("setup", s.board_setup(), men)
        s.section("first", first_sentence(s, spec, "rules.leaping.first"))
        straight = "" if p.capture_straight else s.say("rules.race.straight_empty")
        s.section("moving", [s.say("rules.race.step"), straight])
        s.section(
            "capturing",
            [
                s.say(KEY + f"capture_diagonal.{_word(p.capture_diagonal)}"),
                s.say(KEY + f"capture_straight.{_word(p.capture_straight)}"),
                s.say("rules.race.optional"),
            ],
        )
        s.section(
            "end",
            [s.say("rules.race.win_row"), s.say("rules.race.win_all")],
            s.say(KEY + f"no_move_loses.{_word(p.no_move_loses)}"),
            title=s.say("sections.game-end"),
        )

    def components(self, s: SheetWriter, game: RaceGame) -> list[str]:
        return men_lines(s, game.spec)

    def catalogue_keys(self) -> Iterator[str]:
        for name in ("capture_diagonal", "capture_straight", "no_move_loses"):
            for value in ("true", "false"):
                yield f"{KEY}{name}.{value}"


FAMILY = RaceFamily()
