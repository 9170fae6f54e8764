"""The race family (Breakthrough): men step forward, capture by replacement, and the
first to reach the far row wins.

The registry needs two names from here: :func:`make_game` and :func:`check_params`.
"""

from __future__ import annotations

__all__ = ["RaceGame", "RaceParams", "RacePosition", "check_params", "make_game"]

from collections.abc import Mapping
from typing import Any

from ..params import ParamError
from .game import RaceGame, RacePosition, make_game
from .params import RaceParams, parse_params


def check_params(params: Mapping[str, Any], error: ParamError) -> None:
    """Refuse unknown or ill-typed switches, located through ``error`` by the loader."""
    parse_params(params, error)
