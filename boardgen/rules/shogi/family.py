"""The shogi family (Japanese chess) as the registry finds it under ``shogi``.

Its sheet says how each kind of piece moves, that captured pieces change sides and
come back as drops, how pieces promote, and how the game ends as the switches have it.
The pieces sheet prints, for each player, every kind as often as a set holds it,
unpromoted and promoted: with pieces told apart by colour, a captured piece must be
replaced by one of the captor's colour (two-sided, pointed pieces are the components
issue's work).
"""

from __future__ import annotations

__all__ = ["FAMILY", "ShogiFamily"]

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from .._sheetparts import first_sentence
from ..family import CounterNeed, ParamErrorFactory, RuleFamily, SheetWriter
from ..spec import GameSpec
from .game import ShogiGame, make_game
from .params import parse_params
from .tables import KINDS

RULES = "rules.shogi."
KEY = "params.shogi."
#: The kinds the sheet introduces, in its order.
BASIC = ("king", "rook", "bishop", "gold", "silver", "knight", "lance", "pawn")
#: How many of each kind a set holds (for both players together), promoted kinds alike.
SET = {
    "king": 2,
    "rook": 2,
    "bishop": 2,
    "gold": 4,
    "silver": 4,
    "knight": 4,
    "lance": 4,
    "pawn": 18,
    "dragon": 2,
    "horse": 2,
    "promoted-silver": 4,
    "promoted-knight": 4,
    "promoted-lance": 4,
    "tokin": 18,
}


class ShogiFamily(RuleFamily[ShogiGame]):
    """Shogi: twenty pieces a side, captured pieces dropped back, promotion in the far ranks."""

    name: ClassVar[str] = "shogi"
    sections: ClassVar[tuple[str, ...]] = (
        "setup",
        "first",
        "moving",
        "capturing",
        "drops",
        "promotion",
        "special",
        "end",
    )
    special_topics: ClassVar[Mapping[str, str]] = {"check": ""}

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        parse_params(params, error)

    def make_game(self, spec: GameSpec) -> ShogiGame:
        return make_game(spec)

    def compose_sheet(self, s: SheetWriter, game: ShogiGame) -> None:
        p, spec = game.params, game.spec
        pieces = [
            s.count(RULES + "pieces", len(spec.setup.get(pl.id, ())), player=s.name(pl.id))
            for pl in spec.players
        ]
        s.section("setup", s.board_setup(), [s.say(RULES + "board"), *pieces, s.say(RULES + "colours")])
        s.section("first", first_sentence(s, spec, "rules.leaping.first"))
        s.section(
            "moving",
            [s.say(RULES + "move"), s.say(RULES + "own")],
            *[s.say(RULES + f"moves.{kind}", piece=_capital(s.piece_name(kind))) for kind in BASIC],
        )
        s.section("capturing", [s.say(RULES + "capture"), s.say(RULES + "optional")])
        s.section(
            "drops",
            s.say(RULES + "drop"),
            [
                s.say(RULES + "dead"),
                s.say(KEY + f"two_pawns_forbidden.{_value(p.two_pawns_forbidden)}"),
                s.say(KEY + f"pawn_drop_mate_forbidden.{_value(p.pawn_drop_mate_forbidden)}"),
            ],
        )
        s.section(
            "promotion",
            [s.say(RULES + "zone"), s.say(RULES + "forced"), s.say(RULES + "never")],
            s.say(RULES + "promoted", dragon=s.piece_name("dragon"), horse=s.piece_name("horse")),
        )
        s.special("check", s.say(RULES + "check.title"), s.say(RULES + "check.text"))
        repetition: list[str] = []
        if p.repetitions:
            repetition.append(s.count(KEY + "repetitions", p.repetitions))
            repetition.append(s.say(KEY + f"perpetual_check_loses.{_value(p.perpetual_check_loses)}"))
            if not p.perpetual_check_loses:
                repetition.append(s.say(RULES + "repetition_draw"))
        s.section(
            "end",
            [s.say(RULES + "checkmate"), s.say(KEY + f"stalemate_loses.{_value(p.stalemate_loses)}")],
            repetition,
        )

    def components(self, s: SheetWriter, game: ShogiGame) -> list[str]:
        total = sum(need.count for need in self.counters(game) if need.player == game.spec.players[0].id)
        return [s.count(RULES + "components", total, player=s.name(p.id)) for p in game.spec.players]

    def catalogue_keys(self) -> Iterator[str]:
        yield from (
            RULES + k
            for k in ("board", "pieces", "colours", "move", "own", "capture", "optional", "drop", "dead")
        )
        yield from (
            RULES + k for k in ("zone", "forced", "never", "promoted", "checkmate", "repetition_draw")
        )
        yield from (RULES + f"moves.{kind}" for kind in BASIC)
        yield from (RULES + "check.title", RULES + "check.text", RULES + "components")
        for name in (
            "two_pawns_forbidden",
            "pawn_drop_mate_forbidden",
            "stalemate_loses",
            "perpetual_check_loses",
        ):
            for value in ("true", "false"):
                yield f"{KEY}{name}.{value}"
        yield KEY + "repetitions"

    def counters(self, game: ShogiGame) -> Sequence[CounterNeed]:
        """For each player, every kind as often as a set holds it, unpromoted and
        promoted: a captured piece changes sides, and may promote again."""
        return tuple(
            CounterNeed(p.id, "stone", SET[kind] // 2 if kind == "king" else SET[kind], shape=kind)
            for p in game.spec.players
            for kind in KINDS.values()
        )


def _value(flag: bool) -> str:
    return str(flag).lower()


def _capital(name: str) -> str:
    return name[:1].upper() + name[1:]


FAMILY = ShogiFamily()
