"""The Go family as the registry finds it under ``go``."""

from __future__ import annotations

__all__ = ["FAMILY", "GoFamily"]

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal

from .._sheetparts import first_sentence, stone_lines
from ..family import CounterNeed, ParamErrorFactory, RuleFamily, SheetWriter
from ..spec import GameSpec
from .game import GoGame, make_game
from .params import parse_params

KEY = "params.go."


def _number(s: SheetWriter, value: float) -> str:
    """7.5 in English, 7,5 in French and German."""
    text = f"{value:g}"
    return text if s.lang == "en" else text.replace(".", ",")


class GoFamily(RuleFamily[GoGame]):
    """Stones on points, captured without liberties; area or territory with komi."""

    name: ClassVar[str] = "go"
    mirrored_setup: ClassVar[bool] = False  # handicap stones are one player's
    setup_piece: ClassVar[Literal["man", "stone"]] = "stone"
    sections: ClassVar[tuple[str, ...]] = ("setup", "first", "turn", "capturing", "special", "end")
    special_topics: ClassVar[Mapping[str, str]] = {"ko": "ko", "repetition": "repetition_draws"}

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        parse_params(params, error)

    def make_game(self, spec: GameSpec) -> GoGame:
        return make_game(spec)

    def compose_sheet(self, s: SheetWriter, game: GoGame) -> None:
        p, spec = game.params, game.spec
        first, second = (s.name(pl.id) for pl in spec.players)
        handicap = s.count(KEY + "handicap", p.handicap, first=first, second=second) if p.handicap else ""
        s.section("setup", s.say("rules.go.empty"), handicap)
        s.section("first", first_sentence(s, spec))
        s.section("turn", [s.say("rules.go.place"), s.say("rules.go.stay")])
        s.section(
            "capturing",
            [s.say("rules.go.chain"), s.say("rules.go.capture")],
            s.say(KEY + f"suicide.{str(p.suicide).lower()}"),
        )
        s.special("ko", s.say("special.ko.title"), s.say(KEY + f"ko.{p.ko}"))
        if p.repetition_draws:
            s.special("repetition", s.say("special.repetition.title"), s.say(KEY + "repetition_draws.true"))
        komi = (
            s.say(KEY + "komi.given", second=second, komi=_number(s, p.komi))
            if p.komi
            else s.say(KEY + "komi.zero")
        )
        compensation = (
            s.count(KEY + "handicap_compensation.true", p.handicap, second=second)
            if p.handicap_compensation and p.handicap
            else ""
        )
        limit = s.count(KEY + "move_limit", p.move_limit) if p.move_limit else ""
        s.section(
            "end",
            [s.say("rules.go.two_passes"), limit],
            [s.say(KEY + f"scoring.{p.scoring}"), s.say("rules.go.dead")],
            [komi, compensation],
            title=s.say("sections.game-end"),
        )

    def components(self, s: SheetWriter, game: GoGame) -> list[str]:
        return stone_lines(s, game.spec)

    def catalogue_keys(self) -> Iterator[str]:
        yield from (KEY + "suicide.true", KEY + "suicide.false", KEY + "ko.simple", KEY + "ko.positional")
        yield from (KEY + "repetition_draws.true", KEY + "scoring.area", KEY + "scoring.territory")
        yield from (
            KEY + "komi.given",
            KEY + "komi.zero",
            KEY + "handicap",
            KEY + "handicap_compensation.true",
        )
        yield KEY + "move_limit"

    def counters(self, game: GoGame) -> Sequence[CounterNeed]:
        cells = len(game.spec.playable)
        first, second = game.spec.players
        return (CounterNeed(first.id, "stone", (cells + 1) // 2), CounterNeed(second.id, "stone", cells // 2))


FAMILY = GoFamily()
