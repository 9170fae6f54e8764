"""The five leaping games as GameSpecs, for the leaping-family tests.

Geometry, players and setups come from the real descriptors (``variants/*.yaml``)
through the descriptor loader. The rule switches are the blocks below, which are also
what the descriptors' ``rules.params`` should say; ``test_leaping_params`` checks that
a descriptor that has switches means the same.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from boardgen.descriptor import load_variant
from boardgen.rules.leaping import LeapingGame, make_game
from boardgen.rules.spec import GameSpec

PARAMS: dict[str, dict[str, Any]] = {
    "american-checkers": {
        "man_steps": ["forward-diagonal"],
        "man_captures": ["forward-diagonal"],
        "king": "step",
        "king_directions": "diagonal",
        "capture": "mandatory",
        "capture_choice": "free",
        "removal": "immediate",
        "promotion": "arrival-ends-move",
        "no_legal_move": "loses",
    },
    "pool-checkers": {
        "man_steps": ["forward-diagonal"],
        "man_captures": ["forward-diagonal", "backward-diagonal"],
        "king": "flying",
        "king_directions": "diagonal",
        "flying_king_landing": "must-continue",
        "capture": "mandatory",
        "capture_choice": "free",
        "removal": "end-of-sequence",
        "promotion": "end-of-move",
        "no_legal_move": "loses",
        "quiet_move_draw": 25,
        "three_kings_vs_one": 13,
    },
    "variante-dames": {
        "man_steps": ["forward", "sideways"],
        "man_captures": ["forward", "sideways"],
        "king": "flying",
        "king_directions": "orthogonal",
        "flying_king_landing": "any",
        "king_reversal": "forbidden",
        "capture": "mandatory",
        "capture_choice": "free",
        "removal": "immediate",
        "promotion": "end-of-move",
        "last_pieces_become_kings": True,
        "no_legal_move": "loses",
    },
    "kruzno-checkers": {
        "man_steps": ["all"],
        "man_captures": ["all"],
        "king": "none",
        "capture": "mandatory",
        "capture_choice": "free",
        "promotion": "none",
        "restricted_region": "restricted",
        "restricted_rule": "leave-unless-capturing",
        "no_legal_move": "loses",
    },
    "hex9-checkers": {
        "man_steps": ["all"],
        "man_captures": ["all"],
        "king": "none",
        "capture": "mandatory",
        "capture_choice": "free",
        "promotion": "none",
        "no_legal_move": "loses",
    },
}

GAME_IDS = tuple(PARAMS)


def descriptor_spec(game_id: str) -> GameSpec:
    """The spec exactly as the descriptor gives it."""
    return load_variant(game_id).game_spec()


def spec(game_id: str, **overrides: Any) -> GameSpec:
    """The game's spec with its switches (the descriptor's, or the block above if it has
    none yet), and any switch replaced by ``overrides``."""
    base = descriptor_spec(game_id)
    params = dict(base.params) if base.params else dict(PARAMS[game_id])
    params.update(overrides)
    return dataclasses.replace(base, params=params)


def game(game_id: str, **overrides: Any) -> LeapingGame:
    return make_game(spec(game_id, **overrides))
