"""The reversi family's rule sheet (Othello), from the engine's params."""

from __future__ import annotations

__all__ = ["compose_reversi", "reversi_components", "reversi_keys", "stone_components"]

from collections.abc import Iterator

from ..geometry import HexHexGrid
from ..rules.base import Game
from ..rules.reversi.game import ReversiGame
from .race_sheet import seating
from .sheet import SheetWriter


def compose_reversi(s: SheetWriter, game: Game) -> None:
    assert isinstance(game, ReversiGame)
    p = game.params
    variant = s.variant
    lines = "hexhex" if isinstance(variant.grid, HexHexGrid) else "square"
    s.section("setup", seating(s), s.say("rules.reversi.setup"))
    s.section("first", s.say("rules.alternate.first", first=s.name(variant.first)))
    s.section(
        "turn",
        [s.say(f"rules.reversi.place.{lines}"), s.say("rules.reversi.flip")],
        s.say("rules.reversi.pass"),
    )
    s.section(
        "end",
        [
            s.say("rules.reversi.end"),
            s.say(f"params.reversi.empty_cells_to_winner.{str(p.empty_cells_to_winner).lower()}"),
        ],
        title=s.c.text("sections.game-end"),
    )


def stone_components(s: SheetWriter, kind: str = "components.stones") -> list[str]:
    """One line per player with the stones (or men) their descriptor's count gives them."""
    return [
        s.count(kind, s.variant.counts[pl.id] or len(s.variant.setup[pl.id]), player=s.name(pl.id))
        for pl in s.variant.players
    ]


def reversi_components(s: SheetWriter, game: Game) -> list[str]:
    return [s.count("components.discs", len(s.variant.board.playable))]


def reversi_keys() -> Iterator[str]:
    yield from ("params.reversi.empty_cells_to_winner.true", "params.reversi.empty_cells_to_winner.false")
