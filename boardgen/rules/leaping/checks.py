"""``boardgen validate`` verdicts for a leaping game: is the descriptor playable?

Each check states one property a working draughts-like descriptor has, so a typo in a
setup or a region shows up as a named failure instead of a strange game.
"""

from __future__ import annotations

__all__ = ["family_checks"]

from typing import TYPE_CHECKING

from ..base import Check

if TYPE_CHECKING:
    from .game import LeapingGame


def family_checks(game: LeapingGame) -> list[Check]:
    checks: list[Check] = []
    start = game.initial()
    text = game.position_text(start)
    same = game.parse_position(text) == start
    checks.append(
        Check("leaping.position-text", same, f"{text!r} reads back {'unchanged' if same else 'changed'}")
    )
    counts = [game.perft(start, depth) for depth in (1, 2, 3)]
    checks.append(Check("leaping.perft", all(counts), f"perft 1-3 from the start: {counts}"))
    if game.params.promotion != "none":
        rows = [far.bit_count() for far in game.tables.far]
        checks.append(Check("leaping.promotion-row", all(rows), f"promotion rows of {rows} cells"))
    return checks
