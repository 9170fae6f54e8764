"""The placement rule family (Catchup): stones placed in sets, catch-up turns, group scores.

The registry finds the family as :data:`.family.FAMILY`; :func:`make_game` and
:func:`check_params` are kept for direct use.
"""

from __future__ import annotations

__all__ = ["Move", "PlacementGame", "PlacementParams", "PlacementPosition", "check_params", "make_game"]

from collections.abc import Mapping
from typing import Any

from .game import Move, PlacementGame, make_game
from .params import ParamError, PlacementParams, parse_params
from .position import PlacementPosition


def check_params(params: Mapping[str, Any], error: ParamError) -> None:
    """Refuse unknown or ill-typed switches, located through ``error`` by the loader."""
    parse_params(params, error)
