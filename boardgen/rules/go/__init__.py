"""The Go rule family: stones placed on points, captured when their group has no liberty.

The registry needs two names from here: :func:`make_game` and :func:`check_params`.
"""

from __future__ import annotations

__all__ = ["PASS", "GoGame", "GoParams", "GoPosition", "check_params", "make_game"]

from collections.abc import Mapping
from typing import Any

from ..params import ParamError
from .game import PASS, GoGame, GoPosition, make_game
from .params import GoParams, parse_params


def check_params(params: Mapping[str, Any], error: ParamError) -> None:
    """Refuse unknown or ill-typed switches, located through ``error`` by the loader."""
    parse_params(params, error)
