"""The Go family's rule sheet, from the engine's params."""

from __future__ import annotations

__all__ = ["compose_go", "go_components", "go_keys"]

from collections.abc import Iterator

from ..rules.base import Game
from ..rules.go.game import GoGame
from .reversi_sheet import stone_components
from .sheet import SheetWriter


def _number(s: SheetWriter, value: float) -> str:
    """7.5 in English, 7,5 in French and German."""
    text = f"{value:g}"
    return text if s.c.lang == "en" else text.replace(".", ",")


def compose_go(s: SheetWriter, game: Game) -> None:
    assert isinstance(game, GoGame)
    p = game.params
    variant = s.variant
    first, second = (s.name(pl.id) for pl in variant.players)
    key = "params.go."
    handicap = s.count(key + "handicap", p.handicap, first=first, second=second) if p.handicap else ""
    s.section("setup", s.say("rules.go.empty"), handicap)
    s.section("first", s.say("rules.alternate.first", first=s.name(variant.first)))
    s.section("turn", [s.say("rules.go.place"), s.say("rules.go.stay")])
    s.section(
        "capturing",
        [s.say("rules.go.chain"), s.say("rules.go.capture")],
        s.say(key + f"suicide.{str(p.suicide).lower()}"),
    )
    s.special("ko", s.say("special.ko.title"), s.say(key + f"ko.{p.ko}"))
    if p.repetition_draws:
        s.special("repetition", s.say("special.repetition.title"), s.say(key + "repetition_draws.true"))
    komi = (
        s.say(key + "komi.given", second=second, komi=_number(s, p.komi))
        if p.komi
        else s.say(key + "komi.zero")
    )
    compensation = (
        s.count(key + "handicap_compensation.true", p.handicap, second=second)
        if p.handicap_compensation and p.handicap
        else ""
    )
    limit = s.count(key + "move_limit", p.move_limit) if p.move_limit else ""
    s.section(
        "end",
        [s.say("rules.go.two_passes"), limit],
        [s.say(key + f"scoring.{p.scoring}"), s.say("rules.go.dead")],
        [komi, compensation],
        title=s.c.text("sections.game-end"),
    )


def go_components(s: SheetWriter, game: Game) -> list[str]:
    return stone_components(s)


def go_keys() -> Iterator[str]:
    key = "params.go."
    yield from (key + "suicide.true", key + "suicide.false", key + "ko.simple", key + "ko.positional")
    yield from (key + "repetition_draws.true", key + "scoring.area", key + "scoring.territory")
    yield from (key + "komi.given", key + "komi.zero", key + "handicap", key + "handicap_compensation.true")
    yield key + "move_limit"
