"""Morris: placing, mills and removals, moving, flying, protection, the end."""

from __future__ import annotations

import pytest

from boardgen.errors import BoardgenError
from boardgen.rules.morris import MorrisGame
from boardgen.rules.morris.params import parse_params
from tests.support.openspiel_oracle import pairing

#: Nine Men's Morris perft from the empty board (a removal is a ply), as OpenSpiel counts it.
MORRIS_PERFT = [1, 24, 552, 12144, 255024]


def morris(**params: object) -> MorrisGame:
    base = pairing("nine-mens-morris").game()
    assert isinstance(base, MorrisGame)
    return MorrisGame(base.spec, parse_params({"turn_limit": 200, **params})) if params else base


@pytest.mark.parametrize("depth", range(len(MORRIS_PERFT)))
def test_morris_perft(depth: int) -> None:
    game = morris()
    assert game.perft(game.initial(), depth) == MORRIS_PERFT[depth]


def test_the_board_has_sixteen_mills() -> None:
    assert len(morris().board.mills) == 16


def test_a_mill_gives_a_removal_by_the_same_player_and_protects() -> None:
    game = morris()
    position = game.parse_position("W:a1,d1:B:a4,a7,b6/W/7-6/-/5")
    after = game.play(position, game.parse_move(position, "g1"))
    assert game.to_move(after) == "white" and game.position_text(after).endswith("/remove/5")
    # a4 and a7 with b6: no black mill, every black man may go.
    assert sorted(game.move_text(after, m) for m in game.legal_moves(after)) == ["xa4", "xa7", "xb6"]
    done = game.play(after, game.parse_move(after, "xb6"))
    assert game.position_text(done) == "W:a1,d1,g1:B:a4,a7/B/6-6/-/6"


def test_men_in_a_mill_are_safe_unless_all_are() -> None:
    game = morris()
    position = game.parse_position("W:a1,d1,g1:B:a4,a7,d7,g7/W/0-0/remove/30")
    # a7, d7, g7 is a black mill: only a4 may go. Without protection, any.
    assert [game.move_text(position, m) for m in game.legal_moves(position)] == ["xa4"]
    loose = morris(mill_protection=False)
    assert len(loose.legal_moves(position)) == 4


def test_flying_with_three_men_and_losing_with_two() -> None:
    game = morris()
    position = game.parse_position("W:a1,d1,g4:B:a4,a7,b6,d7/W/0-0/-/40")
    moves = game.legal_moves(position)
    assert len(moves) == 3 * (24 - 7)  # any man to any empty point
    grounded = morris(flying=False)
    assert len(grounded.legal_moves(position)) < len(moves)
    lost = game.parse_position("W:a1,d1:B:a4,a7,b6/B/0-0/-/40")
    ending = game.ending(lost)
    assert ending is not None and ending.result == "black"
    with pytest.raises(BoardgenError, match="is not legal here"):
        game.parse_move(position, "a1-a2")
