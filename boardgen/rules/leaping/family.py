"""The leaping family as a plug-in: what the registry finds under the name ``leaping``."""

from __future__ import annotations

__all__ = ["FAMILY", "LeapingFamily"]

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from ..base import Game
from ..family import CounterNeed, ParamErrorFactory, RuleFamily, SheetWriter
from ..spec import GameSpec
from . import sheet
from .game import LeapingGame
from .params import check_params


def _leaping(game: Game) -> LeapingGame:
    if not isinstance(game, LeapingGame):
        raise TypeError(f"the leaping family was given a {type(game).__name__}, not its own game")
    return game


class LeapingFamily(RuleFamily):
    """Draughts-like games: men step and capture by leaping, kings may fly."""

    name: ClassVar[str] = "leaping"
    sections: ClassVar[tuple[str, ...]] = ("setup", "first", "moving", "capturing", "kings", "special", "end")
    special_topics: ClassVar[Mapping[str, str]] = sheet.SPECIAL_TOPICS

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        """Refuse bad switches; names of regions and directions wait for the board."""
        check_params(params, error)

    def make_game(self, spec: GameSpec) -> LeapingGame:
        return LeapingGame(spec)

    def compose_sheet(self, sheet_: SheetWriter, game: Game) -> None:
        sheet.compose_sheet(sheet_, _leaping(game))

    def components(self, sheet_: SheetWriter, game: Game) -> list[str]:
        return sheet.components(sheet_, _leaping(game))

    def catalogue_keys(self) -> Iterable[str]:
        return sheet.catalogue_keys()

    def counters(self, game: Game) -> Sequence[CounterNeed]:
        """Men with spares; as many king marks as men when men can be crowned (no player
        ever has more kings than men, so the set never runs short)."""
        leaping = _leaping(game)
        spec = leaping.spec
        men = [(p.id, len(spec.setup.get(p.id, ()))) for p in spec.players]
        needs = [CounterNeed(pid, "man", n, spares=True) for pid, n in men]
        if leaping.params.has_kings:
            needs += [CounterNeed(pid, "king", n) for pid, n in men]
        return tuple(needs)


#: The family the registry hands out.
FAMILY = LeapingFamily()
