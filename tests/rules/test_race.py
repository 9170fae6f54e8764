"""Race (Breakthrough): forward steps, diagonal captures, the far row, the switches."""

from __future__ import annotations

import pytest

from boardgen.errors import BoardgenError
from boardgen.rules.race import RaceGame
from boardgen.rules.race.params import parse_params
from tests.support.openspiel_oracle import pairing

#: Breakthrough 8x8 perft from the start, as OpenSpiel counts it (depth 5 in make bench).
BREAKTHROUGH_PERFT = [1, 22, 484, 11132, 256036]


def breakthrough() -> RaceGame:
    game = pairing("breakthrough").game()
    assert isinstance(game, RaceGame)
    return game


@pytest.mark.parametrize("depth", range(len(BREAKTHROUGH_PERFT)))
def test_breakthrough_perft(depth: int) -> None:
    game = breakthrough()
    assert game.perft(game.initial(), depth) == BREAKTHROUGH_PERFT[depth]


def test_capture_is_diagonal_only_and_reaching_the_far_row_wins() -> None:
    game = breakthrough()
    position = game.parse_position("B:d5:W:d4,e4,h1/B")
    texts = sorted(game.move_text(position, m) for m in game.legal_moves(position))
    assert texts == ["d5-c4", "d5xe4"]  # d4 blocks the straight step and cannot be taken
    after = game.play(position, game.parse_move(position, "d5xe4"))
    assert game.position_text(after) == "B:e4:W:d4,h1/W"
    racing = game.parse_position("B:b2:W:h1/B")
    won = game.play(racing, game.parse_move(racing, "b2-b1"))
    ending = game.ending(won)
    assert ending is not None and ending.result == "black" and "far row" in ending.reason
    assert game.legal_moves(won) == []


def test_taking_the_last_man_wins() -> None:
    game = breakthrough()
    position = game.parse_position("B:d5:W:e4/B")
    ending = game.ending(game.play(position, game.parse_move(position, "d5xe4")))
    assert ending is not None and ending.result == "black" and "every enemy man" in ending.reason


def test_capture_straight_switch() -> None:
    base = breakthrough()
    game = RaceGame(base.spec, parse_params({"capture_straight": True}))
    position = game.parse_position("B:d5:W:d4,h1/B")
    assert "d5xd4" in [game.move_text(position, m) for m in game.legal_moves(position)]
    with pytest.raises(BoardgenError, match="is not legal here"):
        base.parse_move(position, "d5xd4")
