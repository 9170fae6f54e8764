"""Position-by-position cross-check of the draughts games against pydraughts 0.6.7.

Positions come from seeded random games played by our engine (so they include kings,
captures and crowning); for each one the set of positions after every legal move must
equal pydraughts'. Where pydraughts is known to be wrong, the difference must be of
exactly that kind, shown on a hand-built position in test_draughts_rules.py and
written down in docs/rules.md; any other difference fails.
"""

from __future__ import annotations

import pytest
from pydraughts_bridge import VARIANTS, Tally, compare, random_positions

from boardgen.descriptor import load_variant
from boardgen.rules.leaping import LeapingGame, make_game

pytest.importorskip("draughts", reason="pydraughts is in the test extra: pip install -e .[test]")

#: Game id -> (random games, plies each): a few seconds per game.
SIZES: dict[str, tuple[int, int]] = {
    "international-draughts": (2, 150),
    "russian-draughts": (2, 120),
    "brazilian-draughts": (3, 120),
    "italian-draughts": (2, 120),
}


def _game(game_id: str) -> LeapingGame:
    game = make_game(load_variant(game_id).game_spec())
    assert isinstance(game, LeapingGame)
    return game


@pytest.mark.parametrize("game_id", sorted(SIZES))
def test_same_results_as_pydraughts(game_id: str) -> None:
    game = _game(game_id)
    games, plies = SIZES[game_id]
    positions = random_positions(game, seed=12, games=games, plies=plies)
    tally = Tally()
    for pos in positions:
        compare(game, pos, tally)
    assert not tally.differing, tally.differing[:3]
    assert tally.agreed == len(positions) >= 100
    # The sample reaches the parts of the rules that differ between games.
    assert sum(1 for p in positions if p.kings[0] or p.kings[1]) >= 10
    assert sum(1 for p in positions if any(m.is_capture for m in game.legal_moves(p))) >= 20


def test_every_pydraughts_variant_we_ship_is_checked() -> None:
    shipped = {vid for vid in VARIANTS if _exists(vid)}
    assert shipped <= set(SIZES)


def _exists(game_id: str) -> bool:
    from boardgen.descriptor import variant_ids

    return game_id in variant_ids()
