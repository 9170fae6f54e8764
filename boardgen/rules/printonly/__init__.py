"""The print-only family (``rules: {family: none}``): a game boardgen prints but does not play.

Board, pieces, setup, regions and the descriptor's own texts are printed; no engine
knows the rules, so there are no moves, no examples to check, no ending. A position
is the setup, or one written as ``W:a1,b2:B:c3`` (each player's letter, then the cells
their pieces stand on; the first letter moves), which lets a designer draw a diagram
of any position of their game.
"""

from __future__ import annotations

__all__ = ["PrintOnlyGame", "PrintOnlyPosition"]

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from ...errors import BoardgenError, shown
from ...foundation.values import frozen
from ..base import Check, Ending, MoveView, PieceView
from ..spec import GameSpec

#: A pieces' kind on a print-only board: a plain counter.
KIND: Literal["stone"] = "stone"


@frozen
class PrintOnlyPosition:
    """Who stands where (cell -> player id), and whose turn it is."""

    stones: tuple[tuple[int, str], ...]
    mover: str


class PrintOnlyGame:
    """A game without rules: its only position is what the descriptor (or a diagram) sets."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.grid = spec.grid

    def initial(self) -> PrintOnlyPosition:
        placed = sorted((cell, pid) for pid, cells in self.spec.setup.items() for cell in cells)
        return PrintOnlyPosition(tuple(placed), self.spec.first)

    def legal_moves(self, position: Any) -> Sequence[Any]:
        return ()

    def play(self, position: Any, move: Any) -> Any:
        raise BoardgenError("no engine plays this game (rules.family: none): it has no moves")

    def perft(self, position: Any, depth: int, distinct: bool = False) -> int:
        return 1 if depth == 0 else 0

    def ending(self, position: Any) -> Ending | None:
        return None

    def to_move(self, position: PrintOnlyPosition) -> str:
        return position.mover

    def pieces(self, position: PrintOnlyPosition) -> Mapping[int, PieceView]:
        kinds = self.spec.kinds
        return {cell: PieceView(pid, KIND, kinds.get(cell, "")) for cell, pid in position.stones}

    def move_text(self, position: Any, move: Any) -> str:
        raise BoardgenError("no engine plays this game (rules.family: none): it has no moves")

    def parse_move(self, position: Any, text: str) -> Any:
        raise BoardgenError("no engine plays this game (rules.family: none): it has no moves")

    def view(self, move: Any) -> MoveView:
        raise BoardgenError("no engine plays this game (rules.family: none): it has no moves")

    def position_text(self, position: PrintOnlyPosition) -> str:
        letters = {p.id: p.letter for p in self.spec.players}
        order = [position.mover, *(p.id for p in self.spec.players if p.id != position.mover)]
        parts = []
        for pid in order:
            cells = sorted(c for c, owner in position.stones if owner == pid)
            parts.append(f"{letters[pid]}:{','.join(self.grid.name(c) for c in cells)}")
        return ":".join(parts)

    def parse_position(self, text: str) -> PrintOnlyPosition:
        """``W:a1,b2:B:c3``: each player's letter and cells; the first letter moves."""
        by_letter = {p.letter: p.id for p in self.spec.players}
        fields = text.strip().split(":")
        if len(fields) % 2 or not fields[0]:
            raise BoardgenError(
                f"position {shown(text)}: write LETTER:cells for each player, as W:a1,b2:B:c3"
            )
        stones: dict[int, str] = {}
        mover = None
        for letter, cells in zip(fields[::2], fields[1::2], strict=True):
            pid = by_letter.get(letter.strip().upper())
            if pid is None:
                raise BoardgenError(f"position {shown(text)}: no player has the letter {shown(letter)}")
            mover = mover or pid
            for name in filter(None, (n.strip() for n in cells.split(","))):
                try:
                    cell = self.grid.parse(name)
                except ValueError as error:
                    raise BoardgenError(f"position {shown(text)}: {error}") from None
                if cell in stones:
                    raise BoardgenError(f"position {shown(text)}: two pieces on {name}")
                stones[cell] = pid
        assert mover is not None
        return PrintOnlyPosition(tuple(sorted(stones.items())), mover)

    def family_checks(self) -> Sequence[Check]:
        return ()
