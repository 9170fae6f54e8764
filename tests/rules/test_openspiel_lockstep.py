"""Differential tests: our newer families in lockstep with OpenSpiel.

Seeded random games are played in both engines at once; at every ply the sets of
legal moves must be equal, and at the end the outcomes (tests/support/openspiel_oracle.py).
``make test`` installs OpenSpiel (the test extra); the tests skip, saying why, only
where it cannot be imported. ``make crosscheck`` runs the same comparison on 100,000
positions per game.
"""

from __future__ import annotations

import pytest

from tests.support.openspiel_oracle import PAIRINGS, lockstep, oracle_perft, pyspiel

pytestmark = pytest.mark.skipif(pyspiel is None, reason="OpenSpiel (pyspiel) cannot be imported here")

#: Positions compared per game in the suite.
POSITIONS = 2000


@pytest.mark.parametrize("name", sorted(PAIRINGS))
def test_lockstep_with_openspiel(name: str) -> None:
    tally = lockstep(PAIRINGS[name], POSITIONS, seed=18)
    assert tally.positions >= POSITIONS
    assert tally.games >= 2


@pytest.mark.parametrize("name", sorted(PAIRINGS))
def test_perft_equals_openspiel(name: str) -> None:
    pair = PAIRINGS[name]
    game, depth = pair.game(), pair.perft_depth
    theirs = [oracle_perft(pair.oracle().new_initial_state(), d) for d in range(1, depth + 1)]
    assert [game.perft(game.initial(), d) for d in range(1, depth + 1)] == theirs
