"""The chess family in lockstep with python-chess (tests/support/chess_oracle.py).

At every ply of seeded random games and of real games: the legal moves as a multiset,
the whole position (FEN: board, side to move, castling, en passant, both clocks), check,
the SAN of the move played, the outcome and, under ``draw_claims: claimed``, whether a
draw may be claimed. ``make crosscheck`` runs the same comparison on many more plies.
python-chess comes with the test extra; the tests skip, saying so, only where it cannot
be imported.
"""

from __future__ import annotations

import pytest

from boardgen.rules.chess.chess960 import start_fen
from tests.support.chess_oracle import (
    RULE_STARTS,
    Tally,
    chess,
    chess_game,
    lockstep,
    random_games,
    recorded_games,
)
from tests.support.tools import DATA

pytestmark = pytest.mark.skipif(chess is None, reason="python-chess (the oracle) cannot be imported here")

#: Plies compared per kind of run in the suite.
PLIES = 1500


def test_random_games_from_the_start() -> None:
    tally = random_games(chess_game("chess"), PLIES, seed=33)
    assert tally.plies >= PLIES and tally.castles and tally.promotions


def test_random_games_that_meet_the_rare_rules_with_draws_claimed() -> None:
    tally = random_games(chess_game("chess"), PLIES, seed=34, starts=RULE_STARTS, max_plies=160)
    assert tally.en_passant and tally.castles and tally.promotions and tally.claims
    assert {"75-move", "insufficient"} <= set(tally.endings)


def test_random_games_that_meet_the_rare_rules_with_draws_automatic() -> None:
    game = chess_game("chess", draw_claims="automatic")
    tally = random_games(game, PLIES, seed=35, starts=RULE_STARTS, max_plies=160)
    assert {"fifty", "threefold"} <= set(tally.endings)


def test_random_chess960_games() -> None:
    starts = [start_fen(n) for n in (0, 1, 321, 518, 666, 959)]
    tally = random_games(chess_game("chess960"), PLIES, seed=36, starts=starts)
    assert tally.castles


@pytest.mark.parametrize(
    ("file", "variant"),
    [
        ("kasparov-deep-blue-1997.pgn", "chess"),
        ("nepomniachtchi-liren-game1.pgn", "chess"),
        ("molinari-bordais-1979.pgn", "chess"),
        ("uci-moves.pgn", "chess"),
        ("cutechess-fischerrandom.pgn", "chess960"),
    ],
)
def test_real_games(file: str, variant: str) -> None:
    game = chess_game(variant)
    tally = Tally()
    for tags, fen, moves in recorded_games(DATA / "chess" / file):
        position, board = lockstep(game, iter(moves), tally, fen=fen, label=f"{file} {tags.get('Round')}")
        assert len(board.move_stack) == len(moves)
        if board.is_checkmate():
            assert tags["Result"] == ("1-0" if board.turn is False else "0-1")
            assert game.outcome(position) == ("white" if board.turn is False else "black")
    assert tally.plies > 0
