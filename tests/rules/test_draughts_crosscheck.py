"""Position-by-position cross-check of the draughts games against pydraughts 0.6.7.

Positions come from seeded random games played by our engine (so they include kings,
captures and crowning); for each one the set of positions after every legal move must
equal pydraughts'. Where pydraughts is known to be wrong, the difference must be of
exactly that kind, shown on a hand-built position in test_draughts_rules.py and
written down in docs/rules.md; any other difference fails.
"""

from __future__ import annotations

import pytest

from boardgen.descriptor import load_variant
from boardgen.rules.leaping import LeapingGame, make_game
from tests.support.pydraughts_bridge import KNOWN, VARIANTS, Tally, compare, compare_game, random_positions

pytest.importorskip("draughts", reason="pydraughts is in the test extra: pip install -e .[test]")

#: Game id -> (random games, plies each, at least this many positions): a few seconds
#: per game (pydraughts needs up to 0.1 s a position).
SIZES: dict[str, tuple[int, int, int]] = {
    "international-draughts": (2, 150, 100),
    "russian-draughts": (2, 120, 100),
    "brazilian-draughts": (3, 120, 100),
    "italian-draughts": (2, 120, 100),
    "turkish-draughts": (1, 90, 60),
}

#: Where pydraughts is known to be wrong, the mistakes each game may show (see
#: pydraughts_bridge.KNOWN and the hand-built proofs in test_draughts_rules.py).
ALLOWED: dict[str, frozenset[str]] = {
    "turkish-draughts": frozenset(KNOWN),
}


def _game(game_id: str) -> LeapingGame:
    game = make_game(load_variant(game_id).game_spec())
    assert isinstance(game, LeapingGame)
    return game


@pytest.mark.parametrize("game_id", sorted(SIZES))
def test_same_results_as_pydraughts(game_id: str) -> None:
    game = _game(game_id)
    games, plies, least = SIZES[game_id]
    positions = random_positions(game, seed=12, games=games, plies=plies)
    tally = Tally()
    for pos in positions:
        compare(game, pos, tally)
    assert not tally.differing, tally.differing[:3]
    assert set(tally.explained) <= ALLOWED.get(game_id, frozenset())
    assert tally.agreed + sum(tally.explained.values()) == len(positions) >= least
    assert tally.agreed >= len(positions) // 2
    # The sample reaches the parts of the rules that differ between games.
    assert sum(1 for p in positions if p.kings[0] or p.kings[1]) >= 10
    assert sum(1 for p in positions if any(m.is_capture for m in game.legal_moves(p))) >= least // 5


#: Games whose rules need the history (a king's run of quiet moves): both engines play
#: the same random game in step, a side moving again the piece it moved last 4 times in
#: 5. Game id -> (seeds, plies each, at least this many positions); seed 3 reaches kings
#: (9 positions) and a king that must rest (2).
IN_STEP: dict[str, tuple[tuple[int, ...], int, int]] = {
    "frisian-draughts": ((3,), 150, 80),
}


@pytest.mark.parametrize("game_id", sorted(IN_STEP))
def test_same_results_as_pydraughts_along_whole_games(game_id: str) -> None:
    game = _game(game_id)
    seeds, plies, least = IN_STEP[game_id]
    tally = Tally()
    positions = []
    for seed in seeds:
        positions += compare_game(game, seed, plies, tally, keep_king=0.8)
    assert not tally.differing, tally.differing[:3]
    assert tally.agreed == len(positions) >= least
    assert sum(1 for p in positions if p.kings[0] or p.kings[1]) >= 5
    assert any((run & 7) >= 3 for p in positions for run in p.runs)


def test_every_pydraughts_variant_we_ship_is_checked() -> None:
    shipped = {vid for vid in VARIANTS if _exists(vid)}
    assert shipped <= set(SIZES) | set(IN_STEP)


def _exists(game_id: str) -> bool:
    from boardgen.descriptor import variant_ids

    return game_id in variant_ids()
