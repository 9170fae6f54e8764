"""Connection games: Hex sides, Y's three sides, Havannah's ring, bridge and fork, swap."""

from __future__ import annotations

import pytest

from benchmarks.openspiel_oracle import pairing
from boardgen.errors import BoardgenError
from boardgen.rules.connection import SWAP, ConnectionGame
from boardgen.rules.connection.params import parse_params


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
