"""The hop family's switches, read from ``rules.params``.

``turn_limit`` (default 0: none)
    The game is drawn after this many turns (OpenSpiel: 1000).
``win_needs_own_pieces`` (default true)
    A player wins when every cell of the target point holds one of their own
    pieces (OpenSpiel's rule). When false, a target point full of pieces with at
    least one of the player's own wins, so an opponent cannot block it by staying.
"""

from __future__ import annotations

__all__ = ["HopParams", "parse_params"]

from collections.abc import Mapping
from typing import Any

from ...foundation.values import frozen
from ..params import ParamError, read_switches


@frozen
class HopParams:
    """The hop family's rule switches, checked (``rules.params``: a switch left out
    takes the value given here)."""

    turn_limit: int = 0
    win_needs_own_pieces: bool = True


def parse_params(raw: Mapping[str, Any], error: ParamError | None = None) -> HopParams:
    return HopParams(**read_switches("hop", raw, HopParams(), error, ranges={"turn_limit": (0, 100_000)}))
