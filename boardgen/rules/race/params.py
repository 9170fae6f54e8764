"""The race family's switches, read from ``rules.params``.

``capture_straight`` (default false)
    Whether a man may capture the piece straight ahead of it. In Breakthrough it may
    not: a straight step needs an empty cell, captures are diagonal only.
``capture_diagonal`` (default true)
    Whether a man captures by stepping diagonally forward onto an enemy piece.
``no_move_loses`` (default true)
    A player who cannot move loses (true) or the game is drawn (false). With
    Breakthrough's rules a blocked player is rare but possible.
"""

from __future__ import annotations

__all__ = ["RaceParams", "parse_params"]

from collections.abc import Mapping
from typing import Any

from ...foundation.values import frozen
from ..params import ParamError, read_switches


@frozen
class RaceParams:
    """The race family's rule switches, checked (``rules.params``: a switch left out
    takes the value given here)."""

    capture_straight: bool = False
    capture_diagonal: bool = True
    no_move_loses: bool = True


def parse_params(raw: Mapping[str, Any], error: ParamError | None = None) -> RaceParams:
    return RaceParams(**read_switches("race", raw, RaceParams(), error))
