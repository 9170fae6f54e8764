"""N in a row as a boardgen rule family, from outside boardgen: the example of
"Adding a rule family" in CONTRIBUTING.md. Its entry point (pyproject.toml) names :data:`FAMILY`.

One switch, ``line`` (default 3): how many stones in a straight line win.
"""

from __future__ import annotations

__all__ = ["FAMILY", "InARowFamily"]

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Literal

from boardgen.errors import BoardgenError
from boardgen.rules.family import CounterNeed, ParamErrorFactory, RuleFamily, SheetWriter
from boardgen.rules.spec import GameSpec

from .game import InARowGame

#: Where the family's sentences live, one catalogue file per language.
WORDS = Path(__file__).resolve().parent / "words"
#: Longest line a descriptor may ask for.
MOST = 19


def _line(params: Mapping[str, Any], error: ParamErrorFactory) -> int:
    for key in params:
        if key != "line":
            raise error((key,), f"unknown switch '{key}' (the in-a-row family has one: line)")
    line = params.get("line", 3)
    if isinstance(line, bool) or not isinstance(line, int) or not 2 <= line <= MOST:
        raise error(("line",), f"expected a whole number from 2 to {MOST}, got {line!r}")
    return line


def _located(key: tuple[str | int, ...], message: str) -> BoardgenError:
    """An error keyed ``rules.params.<key>``, for switches read again by make_game."""
    return BoardgenError(message, key=".".join(("rules", "params", *map(str, key))))


class InARowFamily(RuleFamily[InARowGame]):
    """Stones placed one a turn; a line of ``line`` stones wins."""

    name: ClassVar[str] = "in-a-row"
    setup_piece: ClassVar[Literal["man", "stone"]] = "stone"
    mirrored_setup: ClassVar[bool] = False
    sections: ClassVar[tuple[str, ...]] = ("setup", "turn", "end")

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        _line(params, error)

    def make_game(self, spec: GameSpec) -> InARowGame:
        return InARowGame(spec, _line(spec.params, _located))

    def compose_sheet(self, sheet: SheetWriter, game: InARowGame) -> None:
        first = sheet.name(game.spec.first)
        sheet.section("setup", sheet.say("in-a-row.setup"))
        sheet.section("turn", sheet.say("in-a-row.turn", first=first), sheet.say("in-a-row.no_pass"))
        sheet.section("end", sheet.count("in-a-row.win", game.line), sheet.say("in-a-row.draw"))

    def components(self, sheet: SheetWriter, game: InARowGame) -> list[str]:
        return [
            sheet.count("in-a-row.stones", n.count, player=sheet.name(n.player)) for n in self.counters(game)
        ]

    def catalogue_keys(self) -> Iterable[str]:
        return (
            "in-a-row.setup",
            "in-a-row.turn",
            "in-a-row.no_pass",
            "in-a-row.win",
            "in-a-row.draw",
            "in-a-row.stones",
        )

    def catalogue_file(self, lang: str) -> Path | None:
        file = WORDS / f"{lang}.yaml"
        return file if file.is_file() else None

    def counters(self, game: InARowGame) -> Sequence[CounterNeed]:
        """The first player may fill one cell more than the second."""
        spec = game.spec
        cells = len(spec.playable)
        first = spec.first
        return tuple(
            CounterNeed(p.id, "stone", (cells + 1) // 2 if p.id == first else cells // 2)
            for p in spec.players
        )


#: What the entry point names.
FAMILY = InARowFamily()
