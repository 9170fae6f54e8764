"""Lines of Action: distance by line count, jumps, captures, connection, the switches."""

from __future__ import annotations

import pytest

from boardgen.errors import BoardgenError
from boardgen.rules.lines import LinesGame
from boardgen.rules.lines.params import parse_params
from tests.support.openspiel_oracle import pairing
from tests.support.perft_by_moves import perft_by_moves, positions_met

#: Lines of Action perft from the start, as OpenSpiel counts it (depth 4 in make bench).
LOA_PERFT = [1, 36, 1244, 44952]


def loa() -> LinesGame:
    game = pairing("lines-of-action").game()
    assert isinstance(game, LinesGame)
    return game


@pytest.mark.parametrize("depth", range(len(LOA_PERFT)))
def test_loa_perft(depth: int) -> None:
    game = loa()
    assert game.perft(game.initial(), depth) == LOA_PERFT[depth]


def test_distance_is_the_count_on_the_line_and_enemies_block() -> None:
    game = loa()
    start = game.initial()
    texts = [game.move_text(start, m) for m in game.legal_moves(start)]
    # b1 along row 1: six pieces on the row, so six cells east is h1; north: two on the file.
    assert "b1-h1" in texts and "b1-b3" in texts
    # c1 north-west: two pieces on that diagonal (c1, a3): lands on a3, taking the white piece.
    assert "c1xa3" in texts
    position = game.parse_position("B:a1,d1:W:b1,h8/B")
    moves = [game.move_text(position, m) for m in game.legal_moves(position)]
    assert "a1-c1" not in moves  # three pieces on row 1, but a1 may not jump the white b1


def test_connecting_all_pieces_wins_and_a_lone_piece_is_connected() -> None:
    game = loa()
    position = game.parse_position("B:a1,c2:W:e5,h8/B")
    after = game.play(position, game.parse_move(position, "a1-b1"))
    ending = game.ending(after)
    assert ending is not None and ending.result == "black"
    capture = game.parse_position("B:a1,h1:W:a3,b1/W")
    taken = game.play(capture, game.parse_move(capture, "a3xa1"))
    ending = game.ending(taken)
    assert ending is not None and ending.result == "white"  # mover first: both are connected


def test_both_connected_can_be_a_draw() -> None:
    base = loa()
    game = LinesGame(base.spec, parse_params({"both_connected": "draw"}))
    capture = game.parse_position("B:a1,h1:W:a3,b1/W")
    ending = game.ending(game.play(capture, game.parse_move(capture, "a3xa1")))
    assert ending is not None and ending.result == "draw"
    with pytest.raises(BoardgenError, match="both_connected must be one of"):
        parse_params({"both_connected": "loser"})


@pytest.mark.parametrize(
    ("params", "games", "depth"),
    [(None, 8, 2), (None, 1, 3), ({"both_connected": "draw", "move_limit": 30}, 8, 2)],
)
def test_perft_equals_the_count_move_by_move(
    params: dict[str, object] | None, games: int, depth: int
) -> None:
    """The replies counted line by line after each move (moves.py) against each move played."""
    game = loa() if params is None else LinesGame(loa().spec, parse_params(params))
    for position in positions_met(game, seed=3, games=games, last=4):
        assert game.perft(position, depth) == perft_by_moves(game, position, depth)


@pytest.mark.parametrize("move_limit", [0, 30])
def test_a_position_reads_back_from_its_text(move_limit: int) -> None:
    """Fuzzing found the moves played lost in the text: a position read back was another.
    They are counted, and written, only under a move limit, the one rule that reads them."""
    game = LinesGame(loa().spec, parse_params({"move_limit": move_limit}))
    for position in positions_met(game, seed=5, games=3, last=12):
        text = game.position_text(position)
        assert text.endswith(f"/{position.plies}") == bool(move_limit)
        again = game.parse_position(text)
        assert (again.pieces, again.mover, again.winner, again.plies) == (
            position.pieces,
            position.mover,
            position.winner,
            position.plies,
        )


def test_the_moves_played_are_checked_and_the_limit_ends_the_game() -> None:
    game = LinesGame(loa().spec, parse_params({"move_limit": 30}))
    assert game.parse_position("B:b1,c1:W:a2,a3/B").plies == 0  # left out: none played
    assert game.parse_position("B:b1,c1:W:a2,a3/B/30").winner == 2
    for bad in ("x", "31", "-1", "9" * 5000):
        with pytest.raises(BoardgenError, match="the moves played must be a whole number from 0 to 30"):
            game.parse_position(f"B:b1,c1:W:a2,a3/B/{bad}")
