"""The lines family (Lines of Action): a piece moves as far as there are pieces on its
line, and the first player with all pieces in one group wins.

The registry needs two names from here: :func:`make_game` and :func:`check_params`.
"""

from __future__ import annotations

__all__ = ["LinesGame", "LinesParams", "LinesPosition", "check_params", "make_game"]

from collections.abc import Mapping
from typing import Any

from ..params import ParamError
from .game import LinesGame, LinesPosition, make_game
from .params import LinesParams, parse_params


def check_params(params: Mapping[str, Any], error: ParamError) -> None:
    """Refuse unknown or ill-typed switches, located through ``error`` by the loader."""
    parse_params(params, error)
