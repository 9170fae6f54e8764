"""The reversi family (Othello) as the registry finds it under ``reversi``."""

from __future__ import annotations

__all__ = ["FAMILY", "ReversiFamily"]

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal

from ...geometry import HexHexGrid
from .._sheetparts import first_sentence
from ..family import CounterNeed, ParamErrorFactory, RuleFamily, SheetWriter
from ..spec import GameSpec
from .game import ReversiGame, make_game
from .params import parse_params


class ReversiFamily(RuleFamily[ReversiGame]):
    """Discs placed to bracket lines, which turn over (Othello)."""

    name: ClassVar[str] = "reversi"
    mirrored_setup: ClassVar[bool] = False  # a half turn keeps each colour on its own diagonal
    quiet_first_move: ClassVar[bool] = False  # every move turns discs
    setup_piece: ClassVar[Literal["man", "stone"]] = "stone"
    sections: ClassVar[tuple[str, ...]] = ("setup", "first", "turn", "end")

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        parse_params(params, error)

    def make_game(self, spec: GameSpec) -> ReversiGame:
        return make_game(spec)

    def compose_sheet(self, s: SheetWriter, game: ReversiGame) -> None:
        spec = game.spec
        lines = "hexhex" if isinstance(spec.grid, HexHexGrid) else "square"
        s.section("setup", s.board_setup(), s.say("rules.reversi.setup"))
        s.section("first", first_sentence(s, spec))
        s.section(
            "turn",
            [s.say(f"rules.reversi.place.{lines}"), s.say("rules.reversi.flip")],
            s.say("rules.reversi.pass"),
        )
        empty = str(game.params.empty_cells_to_winner).lower()
        s.section(
            "end",
            [s.say("rules.reversi.end"), s.say(f"params.reversi.empty_cells_to_winner.{empty}")],
            title=s.say("sections.game-end"),
        )

    def components(self, s: SheetWriter, game: ReversiGame) -> list[str]:
        return [s.count("components.discs", len(game.spec.playable))]

    def catalogue_keys(self) -> Iterator[str]:
        yield from ("params.reversi.empty_cells_to_winner.true", "params.reversi.empty_cells_to_winner.false")

    def counters(self, game: ReversiGame) -> Sequence[CounterNeed]:
        """Discs enough to fill the board, half in each colour (a disc has both)."""
        cells = len(game.spec.playable)
        first, second = game.spec.players
        return (CounterNeed(first.id, "stone", (cells + 1) // 2), CounterNeed(second.id, "stone", cells // 2))


FAMILY = ReversiFamily()
