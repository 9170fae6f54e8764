"""The print-only family as a plug-in: the registry finds it under the name ``none``.

Its sheet says what the data says (who starts, where each player's pieces stand) and
leaves the rules of play to the descriptor's own texts (``sheet.<lang>``: intro, notes
per section, tips), saying plainly that boardgen prints the game but does not play it.
"""

from __future__ import annotations

__all__ = ["FAMILY", "PrintOnlyFamily"]

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from ..family import CounterNeed, ParamErrorFactory, RuleFamily, SheetWriter
from ..spec import GameSpec
from . import PrintOnlyGame

_KEYS = (
    "sections.play",
    "rules.none.empty",
    "rules.none.pieces",
    "rules.none.hand",
    "rules.none.first",
    "rules.none.play",
    "components.none.pieces",
)


class PrintOnlyFamily(RuleFamily[PrintOnlyGame]):
    """Any game boardgen prints without playing it: 1 to 6 players, any setup."""

    name: ClassVar[str] = "none"
    players: ClassVar[tuple[int, int]] = (1, 6)
    mirrored_setup: ClassVar[bool] = False
    plays: ClassVar[bool] = False
    setup_piece: ClassVar[Literal["man", "stone"]] = "stone"
    sections: ClassVar[tuple[str, ...]] = ("setup", "first", "play")

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        """A print-only game has no rule switches: any is refused at its key."""
        for key in params:
            raise error((key,), "a print-only game (family: none) has no rule switches")

    def make_game(self, spec: GameSpec) -> PrintOnlyGame:
        return PrintOnlyGame(spec)

    def compose_sheet(self, sheet: SheetWriter, game: PrintOnlyGame) -> None:
        spec = game.spec
        names = {kind: sheet.piece_name(kind) for kind in set(spec.kinds.values())}
        placed = [
            sheet.count(
                "rules.none.pieces",
                len(spec.setup.get(p.id, ())),
                player=sheet.name(p.id),
                places=_places(spec, p.id, names),
            )
            for p in spec.players
            if spec.setup.get(p.id)
        ]
        hand = [
            sheet.count("rules.none.hand", spec.in_hand[p.id], player=sheet.name(p.id))
            for p in spec.players
            if spec.in_hand.get(p.id)
        ]
        sheet.section("setup", [*(placed or [sheet.say("rules.none.empty")]), *hand])
        sheet.section("first", sheet.say("rules.none.first", first=sheet.name(spec.first)))
        sheet.section("play", sheet.say("rules.none.play"))

    def components(self, sheet: SheetWriter, game: PrintOnlyGame) -> list[str]:
        spec = game.spec
        counts = {p.id: len(spec.setup.get(p.id, ())) + spec.in_hand.get(p.id, 0) for p in spec.players}
        return [
            sheet.count("components.none.pieces", counts[p.id], player=sheet.name(p.id))
            for p in spec.players
            if counts[p.id]
        ]

    def catalogue_keys(self) -> Iterable[str]:
        return _KEYS

    def counters(self, game: PrintOnlyGame) -> Sequence[CounterNeed]:
        """A counter for each piece of the setup and each piece in hand, per player and
        declared kind (plain pieces first), with spares for the plain ones."""
        spec = game.spec
        needs: list[CounterNeed] = []
        for p in spec.players:
            cells = spec.setup.get(p.id, frozenset())
            shapes = [spec.kinds.get(c, "") for c in cells] + [""] * spec.in_hand.get(p.id, 0)
            for shape in sorted(set(shapes)):
                needs.append(CounterNeed(p.id, "stone", shapes.count(shape), spares=not shape, shape=shape))
        return tuple(needs)


def _places(spec: GameSpec, player: str, names: Mapping[str, str]) -> str:
    """Where ``player``'s pieces stand: the cells of plain pieces, then each declared
    kind's cells after its name (``king e1; rook a1, h1``), kinds in setup order."""
    grid = spec.grid
    cells = sorted(spec.setup.get(player, ()), key=lambda c: (grid.coords(c)[1], grid.coords(c)[0]))
    plain = [grid.name(c) for c in cells if not spec.kinds.get(c)]
    kinds: dict[str, list[str]] = {}
    for c in cells:
        if spec.kinds.get(c):
            kinds.setdefault(spec.kinds[c], []).append(grid.name(c))
    parts = [", ".join(plain)] if plain else []
    parts += [f"{names.get(kind, kind)} {', '.join(where)}" for kind, where in kinds.items()]
    return "; ".join(parts)


#: The family the registry hands out.
FAMILY = PrintOnlyFamily()
