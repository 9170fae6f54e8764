"""Positions no game can reach, refused with the reason (``Game.position``'s check).

A diagram of an impossible position teaches the wrong game, and a typo in a position
string (``W:W27,27,...``, one man too many) is one: so a position is checked before it
is drawn. What is checked:

* in the families where pieces only move or are taken (draughts, Breakthrough,
  Chinese checkers), no player has more pieces than the game starts with;
* in Othello, the four centre squares the game starts on are never emptied;
* each family that knows more says so through its engine's ``impossible(state)``
  (Go: every chain has a liberty; Hex, Y, Havannah: stones placed in turn).

A study that breaks a count on purpose passes ``study=True`` (``:study: yes`` on a page).
"""

from __future__ import annotations

__all__ = ["MOVE_ONLY", "impossible"]

from typing import Any

from ..descriptor.model import Variant
from ..rules.base import Engine

#: Families in which no piece is ever added to the board.
MOVE_ONLY = ("leaping", "race", "hop")


def impossible(variant: Variant, engine: Engine, state: Any) -> str | None:
    """Why no game of ``variant`` reaches ``state``, or None."""
    family = variant.rules.family
    if family in MOVE_ONLY:
        pieces = engine.pieces(state)
        for player in variant.players:
            start = variant.counts.get(player.id, 0)
            held = sum(1 for piece in pieces.values() if piece.player == player.id)
            if start and held > start:
                name = variant.text(player.name)
                return f"{name} has {held} pieces; each side starts with {start} and none is ever added"
    if family == "reversi":
        pieces = engine.pieces(state)
        empty = sorted(cell for cells in variant.setup.values() for cell in cells if cell not in pieces)
        if empty:
            cells = ", ".join(variant.grid.name(c) for c in empty)
            verb = "is" if len(empty) == 1 else "are"
            return f"{cells} {verb} empty: the discs of the start stay on the board all game"
    check = getattr(engine, "impossible", None)
    if check is not None:
        why: str | None = check(state)
        return why
    return None
