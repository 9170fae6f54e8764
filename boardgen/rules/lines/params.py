"""The lines family's switches, read from ``rules.params``.

``both_connected`` (default ``mover-wins``)
    When one move leaves both players' pieces connected (a capture can do this):
    ``mover-wins`` (the usual rule and OpenSpiel's) or ``draw``.
``repetition_draws`` (default false)
    A move that recreates an earlier board ends the game drawn (OpenSpiel's rule).
``no_move_loses`` (default true)
    A player who cannot move loses (OpenSpiel) or, when false, the game is drawn.
``move_limit`` (default 0: none)
    The game is drawn after this many moves (OpenSpiel: 1000).
"""

from __future__ import annotations

__all__ = ["LinesParams", "parse_params"]

from collections.abc import Mapping
from typing import Any

from ...foundation.values import frozen
from ..params import ParamError, read_switches


@frozen
class LinesParams:
    """The lines family's rule switches, checked (``rules.params``: a switch left out
    takes the value given here)."""

    both_connected: str = "mover-wins"
    repetition_draws: bool = False
    no_move_loses: bool = True
    move_limit: int = 0


def parse_params(raw: Mapping[str, Any], error: ParamError | None = None) -> LinesParams:
    values = read_switches(
        "lines",
        raw,
        LinesParams(),
        error,
        choices={"both_connected": ("mover-wins", "draw")},
        ranges={"move_limit": (0, 100_000)},
    )
    return LinesParams(**values)
