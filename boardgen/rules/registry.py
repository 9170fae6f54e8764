"""Rule families by name, imported only when a game is actually played.

Adding a family means one module exposing ``make_game(spec)`` and ``check_params``
and one line here; descriptors select it with ``rules.family``.
"""

from __future__ import annotations

__all__ = ["FAMILIES", "PRINT_ONLY", "ParamErrorFactory", "check_params", "make_game"]

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import BoardgenError
from .base import Game
from .spec import GameSpec

#: family name -> module implementing it.
FAMILIES: Mapping[str, str] = {
    "leaping": "boardgen.rules.leaping",
    "placement": "boardgen.rules.placement",
    "none": "boardgen.rules.printonly",
}
#: Families that print a game but do not play it: ``validate`` skips the engine's checks.
PRINT_ONLY = frozenset({"none"})

#: Builds a located error for a key path below ``rules.params``.
ParamErrorFactory = Callable[[tuple[str | int, ...], str], BoardgenError]


def _module(family: str) -> Any:
    return importlib.import_module(FAMILIES[family])


def check_params(family: str, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
    """Let the family refuse unknown or ill-typed switches, located in the descriptor."""
    module = _module(family)
    checker = getattr(module, "check_params", None)
    if checker is not None:
        checker(params, error)


def make_game(spec: GameSpec, family: str) -> Game:
    game: Game = _module(family).make_game(spec)
    return game
