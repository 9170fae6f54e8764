"""Chinese checkers: steps, hops and chains of hops, stop, the far point, many players."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from boardgen.errors import BoardgenError
from boardgen.rules.base import Engine
from boardgen.rules.hop import STOP, HopGame
from boardgen.rules.hop.params import parse_params
from tests.support.openspiel_oracle import PAIRINGS, pyspiel
from tests.support.perft_by_moves import perft_by_moves, positions_met

pytestmark = pytest.mark.skipif(
    pyspiel is None, reason="the star test board is read from OpenSpiel's drawing"
)

#: Perft from the start (each hop of a chain and each stop is a ply), as OpenSpiel counts it.
PERFT = {2: [1, 14, 196, 4144], 3: [1, 14, 196, 2744], 4: [1, 14, 194, 2656], 6: [1, 14, 194, 2628]}


def star(players: int) -> HopGame:
    game = PAIRINGS[f"chinese-checkers-{players}"].game()
    assert isinstance(game, HopGame)
    return game


@pytest.mark.parametrize("players", sorted(PERFT))
def test_perft_for_two_to_six_players(players: int) -> None:
    game = star(players)
    assert [game.perft(game.initial(), d) for d in range(4)] == PERFT[players]
    assert all(t.bit_count() == 10 for t in game.targets)


def test_a_chain_of_hops_and_stop() -> None:
    game = star(2)
    start = game.initial()
    hops = [m for m in game.legal_moves(start) if ":" in game.move_text(start, m)]
    assert len(hops) == 6 and len(game.legal_moves(start)) == 14  # 8 steps, 6 hops
    after = game.play(start, hops[0])
    if game.to_move(after) == game.to_move(start):  # the chain may go on
        assert STOP in game.legal_moves(after)
        ended = game.play(after, STOP)
        assert game.to_move(ended) != game.to_move(start)
    with pytest.raises(BoardgenError, match="not legal here"):
        game.parse_move(start, "stop")


def test_filling_the_opposite_point_wins() -> None:
    game = star(2)
    start = game.initial()
    lattice, name = game.lattice, game.spec.grid.name
    target = game.targets[0]
    # A target cell with an empty neighbour outside the target: A steps in last.
    for bit in lattice.cells_of(target):
        b = lattice.bit(bit)
        outside = [n for n in lattice.neighbours[b] if not target >> n & 1]
        if outside:
            last, before = b, outside[0]
            break
    own = (target & ~(1 << last)) | 1 << before
    text = (
        f"A:{','.join(name(c) for c in lattice.cells_of(own))}:"
        f"B:{','.join(name(c) for c in lattice.cells_of(start.pieces[0]))}/A"
    )
    position = game.parse_position(text)
    assert game.ending(position) is None
    won = game.play(
        position, game.parse_move(position, f"{name(lattice.cell(before))}-{name(lattice.cell(last))}")
    )
    ending = game.ending(won)
    assert ending is not None and ending.result == "p1" and "opposite point" in ending.reason
    assert game.legal_moves(won) == []


def _forward(game: Engine, position: Any, moves: Sequence[Any], rng: random.Random) -> Any:
    """The oracle's policy (mostly a move towards the far point), so that games end."""
    pair = PAIRINGS[game.spec.id]
    keyed = {pair.our_key(game, position, m): m for m in moves}
    assert pair.choose is not None
    return keyed[pair.choose(game, position, keyed, rng)]


@pytest.mark.parametrize(
    ("players", "params", "games"),
    [(2, {}, 3), (3, {}, 2), (6, {}, 2), (2, {"turn_limit": 25}, 2), (3, {"win_needs_own_pieces": False}, 2)],
)
def test_perft_equals_the_count_move_by_move(players: int, params: dict[str, object], games: int) -> None:
    """Perft's bulk count of the replies against each ply played, near the end of games."""
    game = HopGame(star(players).spec, parse_params({"turn_limit": 1000, **params}))
    for position in positions_met(game, seed=4, games=games, last=6, choose=_forward):
        assert game.perft(position, 3) == perft_by_moves(game, position, 3)


def test_stopping_a_chain_that_fills_the_far_point_wins() -> None:
    """The third player's chain has filled their far point and could hop on: stopping
    there wins, so perft counts no replies after the stop (OpenSpiel's counts)."""
    game = star(3)
    position = game.parse_position(
        "A:g1,g2,g3,h2,h3,h4,h5,i3,i4,i5:B:g10,g11,g12,h9,h11,h13,i11,i12,i13,j12:"
        "C:p10,p11,p12,p13,q11,q12,q13,r12,r13,s13/C/284/q13:q13,o11"
    )
    ending = game.ending(game.play(position, STOP))
    assert ending is not None and ending.result == "p3"
    assert [game.perft(position, d) for d in (1, 2, 3)] == [2, 22, 709]
    assert game.perft(position, 3) == perft_by_moves(game, position, 3)
