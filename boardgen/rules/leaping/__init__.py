"""The leaping family: draughts-like games (checkers, pool, hex checkers, ...).

The registry needs two names from here: :func:`make_game` builds a
:class:`LeapingGame` from a GameSpec, and :func:`check_params` lets the descriptor
loader refuse bad switches at their line. The switches are listed in params.py and
explained game by game in docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...errors import BoardgenError
from .game import LeapingGame, Move, make_game
from .params import DEFAULTS, LeapingParams, parse_params
from .position import Position

__all__ = [
    "DEFAULTS",
    "LeapingGame",
    "LeapingParams",
    "Move",
    "Position",
    "check_params",
    "make_game",
    "parse_params",
]

#: Builds a located error for a key path below ``rules.params`` (see rules.registry).
ParamError = Callable[[tuple[str | int, ...], str], BoardgenError]


def check_params(params: Mapping[str, Any], error: ParamError) -> None:
    """Refuse unknown, ill-typed or contradictory switches, located through ``error``.

    Region names and direction words that name no step on the board are checked later,
    by :func:`make_game`, once the board is known.
    """
    try:
        parse_params(params, None)
    except BoardgenError as exc:
        name = (exc.key or "").removeprefix("rules.params.")
        path = tuple(int(part) if part.isdigit() else part for part in name.split(".")) if name else ()
        raise error(path, exc.message) from None
