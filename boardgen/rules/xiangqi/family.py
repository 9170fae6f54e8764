"""The xiangqi family (Chinese chess) as the registry finds it under ``xiangqi``.

Its sheet says how each kind of piece moves, the cannon's capture, the palace, the
river and the facing generals, then how the game ends as the switches have it.
"""

from __future__ import annotations

__all__ = ["FAMILY", "XiangqiFamily"]

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from .._sheetparts import first_sentence
from ..family import CounterNeed, ParamErrorFactory, RuleFamily, SheetWriter
from ..spec import GameSpec
from .game import XiangqiGame, make_game
from .params import parse_params

RULES = "rules.xiangqi."
KEY = "params.xiangqi."
#: The kinds of pieces, in the order the sheet introduces them.
KINDS = ("general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier")


class XiangqiFamily(RuleFamily[XiangqiGame]):
    """Xiangqi: sixteen pieces a side on the points, a river, two palaces, checkmate wins."""

    name: ClassVar[str] = "xiangqi"
    quiet_first_move: ClassVar[bool] = False  # a cannon may take a horse on move one
    sections: ClassVar[tuple[str, ...]] = ("setup", "first", "moving", "capturing", "special", "end")
    special_topics: ClassVar[Mapping[str, str]] = {
        "palace": "",
        "river": "",
        "blocked": "",
        "flying-general": "",
        "check": "",
    }

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        parse_params(params, error)

    def make_game(self, spec: GameSpec) -> XiangqiGame:
        return make_game(spec)

    def compose_sheet(self, s: SheetWriter, game: XiangqiGame) -> None:
        p, spec = game.params, game.spec
        pieces = [
            s.count(RULES + "pieces", len(spec.setup.get(pl.id, ())), player=s.name(pl.id))
            for pl in spec.players
        ]
        s.section("setup", s.board_setup(), [s.say(RULES + "board"), *pieces])
        s.section("first", first_sentence(s, spec, "rules.leaping.first"))
        s.section(
            "moving",
            [s.say(RULES + "move"), s.say(RULES + "own")],
            *[s.say(RULES + f"moves.{kind}", piece=_capital(s.piece_name(kind))) for kind in KINDS],
        )
        s.section("capturing", [s.say(RULES + "capture"), s.say(RULES + "optional")], s.say(RULES + "cannon"))
        s.special("palace", s.say(RULES + "palace.title"), s.say(RULES + "palace.text"))
        s.special("river", s.say(RULES + "river.title"), s.say(RULES + "river.text"))
        s.special("blocked", s.say(RULES + "blocked.title"), s.say(RULES + "blocked.text"))
        s.special("check", s.say(RULES + "check.title"), s.say(RULES + "check.text"))
        s.special("flying-general", s.say(RULES + "flying.title"), s.say(RULES + "flying.text"))
        repetition: list[str] = []
        if p.repetitions:
            repetition.append(s.count(KEY + "repetitions", p.repetitions))
            repetition.append(s.say(KEY + f"perpetual_check_loses.{str(p.perpetual_check_loses).lower()}"))
            repetition.append(s.say(KEY + f"perpetual_chase_loses.{str(p.perpetual_chase_loses).lower()}"))
            blamed = p.perpetual_check_loses or p.perpetual_chase_loses
            repetition.append(s.say(RULES + ("otherwise_draw" if blamed else "repetition_draw")))
        limit: list[str] = []
        if p.quiet_move_limit:
            limit.append(s.count(KEY + "quiet_move_limit", p.quiet_move_limit))
            if p.checks_counted:
                limit.append(s.count(KEY + "checks_counted", p.checks_counted))
            else:
                limit.append(s.say(RULES + "no_checks_counted"))
        s.section(
            "end",
            [s.say(RULES + "checkmate"), s.say(KEY + f"stalemate_loses.{str(p.stalemate_loses).lower()}")],
            repetition,
            limit,
        )

    def components(self, s: SheetWriter, game: XiangqiGame) -> list[str]:
        spec = game.spec
        return [
            s.count(RULES + "components", len(spec.setup.get(p.id, ())), player=s.name(p.id))
            for p in spec.players
        ]

    def catalogue_keys(self) -> Iterator[str]:
        yield from (RULES + k for k in ("pieces", "board", "move", "own", "capture", "optional", "cannon"))
        yield from (RULES + f"moves.{kind}" for kind in KINDS)
        for special in ("palace", "river", "blocked", "check", "flying"):
            yield from (RULES + f"{special}.title", RULES + f"{special}.text")
        yield from (
            RULES + k for k in ("checkmate", "otherwise_draw", "repetition_draw", "no_checks_counted")
        )
        yield RULES + "components"
        for name in ("perpetual_check_loses", "perpetual_chase_loses", "stalemate_loses"):
            for value in ("true", "false"):
                yield f"{KEY}{name}.{value}"
        yield from (KEY + "repetitions", KEY + "quiet_move_limit", KEY + "checks_counted")

    def counters(self, game: XiangqiGame) -> Sequence[CounterNeed]:
        """A counter for each piece of the setup, by player and kind."""
        spec = game.spec
        needs: list[CounterNeed] = []
        for p in spec.players:
            shapes = [spec.kinds.get(c, "") for c in spec.setup.get(p.id, ())]
            for kind in KINDS:
                if shapes.count(kind):
                    needs.append(CounterNeed(p.id, "stone", shapes.count(kind), shape=kind))
        return tuple(needs)


def _capital(name: str) -> str:
    return name[:1].upper() + name[1:]


FAMILY = XiangqiFamily()
