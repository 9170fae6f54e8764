"""Perft counted move by move through the Engine protocol, and positions to count it from.

A family's own perft takes shortcuts (the last plies counted in bulk, win checks and
move counts kept up to date move by move); :func:`perft_by_moves` takes none: it
lists the moves and plays each one, so the two must agree on every position.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from boardgen.rules.base import Engine


def perft_by_moves(game: Engine, position: Any, depth: int) -> int:
    """Move sequences of ``depth`` plies, each move played by ``game.play``."""
    if depth == 0:
        return 1
    return sum(perft_by_moves(game, game.play(position, m), depth - 1) for m in game.legal_moves(position))


#: How a game goes on: the move to play among ``moves`` (default: any, at random).
Chooser = Callable[[Engine, Any, Sequence[Any], random.Random], Any]


def positions_met(game: Engine, seed: int, games: int, last: int, choose: Chooser | None = None) -> list[Any]:
    """From each of ``games`` seeded random games of ``game``: one of its ``last``
    positions before the end, chosen at random, and the finished position."""
    rng = random.Random(seed)
    found: list[Any] = []
    for _ in range(games):
        played = [game.initial()]
        while moves := game.legal_moves(played[-1]):
            move = choose(game, played[-1], moves, rng) if choose else rng.choice(list(moves))
            played.append(game.play(played[-1], move))
        found += [rng.choice(played[-last - 1 : -1]), played[-1]]
    return found
