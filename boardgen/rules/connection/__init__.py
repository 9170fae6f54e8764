"""The connection rule family: Hex, the game of Y and Havannah.

Players place stones on empty cells, never move or take them, and win with a shape:
a chain joining given sides (Hex), touching every side (Y), or, in Havannah, a ring,
a bridge between two corners or a fork touching three sides. The registry needs two
names from here: :func:`make_game` and :func:`check_params`.
"""

from __future__ import annotations

__all__ = [
    "SWAP",
    "ConnectionGame",
    "ConnectionParams",
    "ConnectionPosition",
    "check_params",
    "make_game",
]

from collections.abc import Mapping
from typing import Any

from ..params import ParamError
from .game import SWAP, ConnectionGame, ConnectionPosition, make_game
from .params import ConnectionParams, parse_params


def check_params(params: Mapping[str, Any], error: ParamError) -> None:
    """Refuse unknown or ill-typed switches, located through ``error`` by the loader."""
    parse_params(params, error)
