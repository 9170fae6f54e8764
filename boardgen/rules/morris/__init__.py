"""The morris rule family: Nine, Six and Twelve Men's Morris.

The registry needs two names from here: :func:`make_game` and :func:`check_params`.
"""

from __future__ import annotations

__all__ = ["MorrisGame", "MorrisParams", "MorrisPosition", "check_params", "make_game"]

from collections.abc import Mapping
from typing import Any

from ..params import ParamError
from .game import MorrisGame, MorrisPosition, make_game
from .params import MorrisParams, parse_params


def check_params(params: Mapping[str, Any], error: ParamError) -> None:
    """Refuse unknown or ill-typed switches, located through ``error`` by the loader."""
    parse_params(params, error)
