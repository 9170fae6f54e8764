"""Chinese checkers: steps, hops and chains of hops, stop, the far point, many players."""

from __future__ import annotations

import pytest

from benchmarks.openspiel_oracle import PAIRINGS, pyspiel
from boardgen.errors import BoardgenError
from boardgen.rules.hop import STOP, HopGame

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
