"""The morris family's switches, read from ``rules.params``.

``men`` (default 9)
    Men each player holds at the start and places one per turn (Six Men's Morris: 6,
    Twelve: 12).
``flying`` (default true)
    A player reduced to three men may move a man to any empty point.
``mill_protection`` (default true)
    A man standing in a mill may not be removed while the opponent has men outside
    mills.
``full_board_draws`` (default false)
    A board filled to its last point by the placing, so that the player to move cannot
    move, is a draw instead of that player's loss (Twelve Men's Morris: 24 men on 24
    points).
``turn_limit`` (default 0: none)
    The game is drawn after this many turns (a turn with its removal counts once;
    OpenSpiel: 200).

The board's lines are the board's data: three men in a row along a line (a straight
run of three neighbouring points) make a mill, so diagonals drawn on the board
(Twelve Men's Morris) make mills too.
"""

from __future__ import annotations

__all__ = ["MorrisParams", "parse_params"]

from collections.abc import Mapping
from typing import Any

from ...foundation.values import frozen
from ..params import ParamError, read_switches


@frozen
class MorrisParams:
    """The morris family's rule switches, checked (``rules.params``: a switch left out
    takes the value given here)."""

    men: int = 9
    flying: bool = True
    mill_protection: bool = True
    full_board_draws: bool = False
    turn_limit: int = 0


def parse_params(raw: Mapping[str, Any], error: ParamError | None = None) -> MorrisParams:
    values = read_switches(
        "morris", raw, MorrisParams(), error, ranges={"men": (3, 30), "turn_limit": (0, 100_000)}
    )
    return MorrisParams(**values)
