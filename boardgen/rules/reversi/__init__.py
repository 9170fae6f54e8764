"""The reversi rule family (Othello): place a disc that brackets a line, flip the line.

The registry needs two names from here: :func:`make_game` and :func:`check_params`.
"""

from __future__ import annotations

__all__ = [
    "PASS",
    "ReversiGame",
    "ReversiParams",
    "ReversiPosition",
    "check_params",
    "make_game",
]

from collections.abc import Mapping
from typing import Any

from ..params import ParamError
from .game import PASS, ReversiGame, ReversiPosition, make_game
from .params import ReversiParams, parse_params


def check_params(params: Mapping[str, Any], error: ParamError) -> None:
    """Refuse unknown or ill-typed switches, located through ``error`` by the loader."""
    parse_params(params, error)
