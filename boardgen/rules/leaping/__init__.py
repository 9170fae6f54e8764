"""The leaping family: draughts-like games (checkers, pool, hex checkers, ...).

The registry finds the family as :data:`.family.FAMILY`; :func:`make_game` builds a
:class:`LeapingGame` from a GameSpec, and :func:`check_params` lets the descriptor
loader refuse bad switches at their line. The switches are listed in params.py and
explained game by game in docs/rules.md.
"""

from __future__ import annotations

from .game import LeapingGame, Move, make_game
from .params import DEFAULTS, LeapingParams, check_params, parse_params
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
