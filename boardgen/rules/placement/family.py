"""The placement family as a plug-in: what the registry finds under the name ``placement``."""

from __future__ import annotations

__all__ = ["FAMILY", "PlacementFamily"]

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from ..base import Game
from ..family import CounterNeed, ParamErrorFactory, RuleFamily, SheetWriter
from ..spec import GameSpec
from . import sheet
from .game import PlacementGame
from .params import parse_params


def _placement(game: Game) -> PlacementGame:
    if not isinstance(game, PlacementGame):
        raise TypeError(f"the placement family was given a {type(game).__name__}, not its own game")
    return game


class PlacementFamily(RuleFamily):
    """Stones placed in sets, catch-up turns, the largest group scores (Catchup)."""

    name: ClassVar[str] = "placement"
    setup_piece: ClassVar[Literal["man", "stone"]] = "stone"
    sections: ClassVar[tuple[str, ...]] = ("setup", "first", "turn", "groups", "special", "end", "tiebreak")
    special_topics: ClassVar[Mapping[str, str]] = sheet.SPECIAL_TOPICS

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        """Refuse unknown or ill-typed switches, located through ``error``."""
        parse_params(params, error)

    def make_game(self, spec: GameSpec) -> PlacementGame:
        """The placement game for ``spec``; bad params raise BoardgenError (rules.params.<name>)."""
        return PlacementGame(spec, parse_params(spec.params))

    def compose_sheet(self, sheet_: SheetWriter, game: Game) -> None:
        sheet.compose_sheet(sheet_, _placement(game))

    def components(self, sheet_: SheetWriter, game: Game) -> list[str]:
        return sheet.components(sheet_, _placement(game))

    def catalogue_keys(self) -> Iterable[str]:
        return sheet.catalogue_keys()

    def counters(self, game: Game) -> Sequence[CounterNeed]:
        """Per player, the most stones that player can ever own: stones never leave the
        board, so that is the engine's proven bound on the final score. No spares: the
        bound is never reached in real play."""
        bounds = _placement(game).score_bounds()
        players = game.spec.players
        return tuple(CounterNeed(p.id, "stone", n) for p, n in zip(players, bounds, strict=True))


#: The family the registry hands out.
FAMILY = PlacementFamily()
