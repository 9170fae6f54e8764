"""Connection games: Hex sides, Y's three sides, Havannah's ring, bridge and fork, swap, perft."""

from __future__ import annotations

import pytest

from boardgen.errors import BoardgenError
from boardgen.rules.connection import SWAP, ConnectionGame
from boardgen.rules.connection.params import parse_params
from boardgen.rules.spec import GameSpec
from tests.support.openspiel_oracle import pairing
from tests.support.perft_by_moves import perft_by_moves, positions_met


def game(name: str) -> ConnectionGame:
    made = pairing(name).game()
    assert isinstance(made, ConnectionGame)
    return made


def test_hex_chain_joining_north_and_south_wins() -> None:
    hex7 = game("hex-7")
    column = ",".join(f"c{r}" for r in range(1, 8))
    position = hex7.parse_position(f"B:{column}:W:a1,a2,a3,a4,a5,a6/W")
    ending = hex7.ending(position)
    assert ending is not None and ending.result == "black" and "joined their sides" in ending.reason
    # The same chain for White (who joins west and east) wins nothing.
    assert hex7.ending(hex7.parse_position(f"B:a1,a2,a3,a4,a5,a6:W:{column}/B")) is None


def test_y_needs_all_three_sides() -> None:
    y7 = game("y-7")
    assert sorted(y7.sides) == ["east", "north", "west"]
    # The west side of the test triangle is x = 0; a chain along it touches north and west only.
    edge = ",".join(f"a{r}" for r in range(1, 8))
    assert y7.ending(y7.parse_position(f"B:{edge}:W:-/W")) is not None  # a1 is a corner: south tip


def test_havannah_ring_bridge_fork() -> None:
    hav = game("havannah-5")
    # Six stones around e5 (the centre): a ring, whoever holds the centre.
    ring = hav.parse_position("B:d4,e4,f5,f6,e6,d5:W:e5/W")
    ending = hav.ending(ring)
    assert ending is not None and ending.result == "black" and "ring" in ending.reason
    bridge = hav.parse_position("B:a1,b1,c1,d1,e1:W:-/W")
    ending = hav.ending(bridge)
    assert ending is not None and "corners" in ending.reason
    assert hav.ending(hav.parse_position("B:a1,b1,c1,d1:W:-/W")) is None


def test_a_stone_on_the_edge_closes_a_ring_around_the_cell_inside() -> None:
    hav = game("havannah-5")
    # b2, c1, c3, d2, d3 and b1 surround c2; a1 leaves c2 the only free cell next to b1.
    position = hav.parse_position("B:a1,b2,c1,c3,d2,d3:W:e6,e7,f7,g7,h7,i7/B")
    assert hav.ending(position) is None
    ending = hav.ending(hav.play(position, hav.parse_move(position, "b1")))
    assert ending is not None and ending.result == "black" and "ring" in ending.reason
    assert hav.perft(position, 2) == perft_by_moves(hav, position, 2)


def test_swap_takes_over_the_first_stone() -> None:
    hav = game("havannah-5-swap")
    start = hav.initial()
    first = hav.play(start, hav.parse_move(start, "e5"))
    assert SWAP in hav.legal_moves(first)
    swapped = hav.play(first, hav.parse_move(first, "swap"))
    assert hav.position_text(swapped) == "B:-:W:e5/B"
    assert SWAP not in hav.legal_moves(swapped)
    with pytest.raises(BoardgenError, match="only the second player's first move"):
        hav.parse_move(swapped, "swap")


def test_a_goal_is_required_and_sides_are_checked() -> None:
    with pytest.raises(BoardgenError, match="needs a goal"):
        parse_params({})
    with pytest.raises(BoardgenError, match="at least two sides"):
        parse_params({"connect": {"black": ["north"]}})
    spec = pairing("hex-7").spec
    with pytest.raises(BoardgenError, match="the board's sides are"):
        ConnectionGame(spec, parse_params({"connect": {"black": ["top", "bottom"]}}))


@pytest.mark.parametrize(
    ("name", "games", "depth"),
    [("havannah-5-swap", 30, 2), ("y-7", 30, 2), ("havannah-5", 3, 3), ("hex-7", 3, 3)],
)
def test_perft_equals_the_count_move_by_move(name: str, games: int, depth: int) -> None:
    """The bulk count of winning cells (goals.py) against each move played and checked."""
    made = game(name)
    for position in positions_met(made, seed=5, games=games, last=12):
        assert made.perft(position, depth) == perft_by_moves(made, position, depth)


def test_a_ring_in_the_setup_is_counted_move_by_move() -> None:
    """A setup may hold a ring no move made; perft then checks every goal on the whole board."""
    hav = game("havannah-5")
    ring = ["d4", "e4", "f5", "f6", "e6", "d5"]
    spec = hav.spec
    setup = {
        "black": frozenset(spec.grid.parse(n) for n in ring),
        "white": frozenset([spec.grid.parse("a1")]),
    }
    ringed = ConnectionGame(GameSpec(**{**spec.__dict__, "setup": setup}), hav.params)
    start = ringed.initial()
    assert ringed.ending(start) is None and ringed.goals.has_ring(start.stones[0])
    assert ringed.perft(start, 2) == perft_by_moves(ringed, start, 2) < 54 * 53
