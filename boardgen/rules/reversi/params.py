"""The reversi family's switches, read from ``rules.params``.

``empty_cells_to_winner`` (default false)
    When the game ends with empty cells (neither player can move), they are added
    to the winner's count, as the World Othello Federation scores a game. Who wins
    never changes; only the score does. OpenSpiel counts discs only (false).
"""

from __future__ import annotations

__all__ = ["ReversiParams", "parse_params"]

from collections.abc import Mapping
from typing import Any

from ...foundation.values import frozen
from ..params import ParamError, read_switches


@frozen
class ReversiParams:
    """The reversi family's rule switches, checked (``rules.params``: a switch left out
    takes the value given here)."""

    empty_cells_to_winner: bool = False


def parse_params(raw: Mapping[str, Any], error: ParamError | None = None) -> ReversiParams:
    return ReversiParams(**read_switches("reversi", raw, ReversiParams(), error))
