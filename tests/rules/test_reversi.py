"""Reversi: Othello's published perft, flips, passes and the end, and the switches."""

from __future__ import annotations

import pytest

from boardgen.errors import BoardgenError
from boardgen.rules.reversi import PASS, ReversiGame
from boardgen.rules.reversi.params import parse_params
from tests.support.openspiel_oracle import pairing


def othello() -> ReversiGame:
    game = pairing("othello").game()
    assert isinstance(game, ReversiGame)
    return game


#: Published Othello perft from the start (passes count as plies); deeper in make bench.
OTHELLO_PERFT = [1, 4, 12, 56, 244, 1396, 8200]


@pytest.mark.parametrize("depth", range(len(OTHELLO_PERFT)))
def test_othello_perft(depth: int) -> None:
    game = othello()
    assert game.perft(game.initial(), depth) == OTHELLO_PERFT[depth]


def test_opening_moves_and_a_flip() -> None:
    game = othello()
    start = game.initial()
    assert [game.move_text(start, m) for m in game.legal_moves(start)] == ["d3", "c4", "f5", "e6"]
    after = game.play(start, game.parse_move(start, "f5"))
    assert game.position_text(after) == "B:d5,e4,e5,f5:W:d4/W"


def test_pass_when_blocked_and_end_when_neither_can_move() -> None:
    game = othello()
    blocked = game.parse_position("B:a1:W:h7,h8/B")
    assert game.legal_moves(blocked) == []
    ending = game.ending(blocked)
    assert ending is not None and ending.result == "white"
    passing = game.parse_position("B:a1:W:b1/W")
    assert game.legal_moves(passing) == [PASS]
    assert game.position_text(game.play(passing, PASS)) == "B:a1:W:b1/B"
    with pytest.raises(BoardgenError, match="flips no disc"):
        game.play(game.initial(), game.spec.grid.parse("a1"))


def test_empty_cells_to_winner_changes_the_score_not_the_winner() -> None:
    game = othello()
    blocked = game.parse_position("B:a1:W:h7,h8/B")
    assert game.counts(blocked) == (1, 2)
    scored = ReversiGame(game.spec, parse_params({"empty_cells_to_winner": True}))
    assert scored.counts(blocked) == (1, 63)
    assert scored.outcome(blocked) == "white"


def test_unknown_switch_is_refused_with_a_suggestion() -> None:
    with pytest.raises(BoardgenError, match="did you mean 'empty_cells_to_winner'"):
        parse_params({"empty_cell_to_winner": True})
    with pytest.raises(BoardgenError, match="true or false"):
        parse_params({"empty_cells_to_winner": "yes"})
