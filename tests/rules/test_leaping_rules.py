"""Hand-built positions, one per special rule, with their exact legal move lists.

Squares: PDN numbers on the 8x8 dark-square boards (1-4 = b8, d8, f8, h8 on Black's
edge; 29-32 = a1, c1, e1, g1 on White's), cell names elsewhere. White moves north.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardgen.errors import BoardgenError
from boardgen.rules.leaping import LeapingGame
from tests.support.leaping_specs import game


def moves(g: LeapingGame, position: str) -> list[str]:
    pos = g.parse_position(position)
    return [g.move_text(pos, m) for m in g.legal_moves(pos)]


def after(g: LeapingGame, position: str, move: str) -> str:
    pos = g.parse_position(position)
    return g.position_text(g.play(pos, g.parse_move(pos, move)))


def outcome(g: LeapingGame, position: str) -> Any:
    return g.outcome(g.parse_position(position))


# -- American checkers ------------------------------------------------------------------


def test_american_men_step_diagonally_forward_only() -> None:
    g = game("american-checkers")
    assert moves(g, "W:W22:B3") == ["22-17", "22-18"]
    assert moves(g, "B:W22:B3") == ["3-7", "3-8"]


def test_american_men_capture_forward_only() -> None:
    g = game("american-checkers")
    # 22 is behind the white man on 18: no capture, so it steps.
    assert moves(g, "W:W18:B22") == ["18-14", "18-15"]


def test_american_king_steps_one_square_each_diagonal() -> None:
    g = game("american-checkers")
    assert moves(g, "W:WK18:B1") == ["18-14", "18-15", "18-22", "18-23"]


def test_american_capture_is_mandatory_with_free_choice_and_complete_sequences() -> None:
    g = game("american-checkers")
    # 22x15 must go on to 8; the single 23x14 may be chosen instead.
    assert moves(g, "W:W22,23,30:B18,11") == ["22x15x8", "23x14"]


def test_american_man_crowned_on_arrival_and_the_move_ends() -> None:
    g = game("american-checkers")
    # As a king on 3 it could take 8 next, but crowning ends the move.
    assert moves(g, "W:W10:B7,8") == ["10x3"]
    assert after(g, "W:W10:B7,8", "10x3") == "B:WK3:B8"
    assert after(g, "W:W6:B12", "6-1") == "B:WK1:B12"


def test_american_a_king_may_jump_a_king_and_return_to_its_start() -> None:
    g = game("american-checkers")
    assert moves(g, "W:WK18:BK14,K15,K6,K7") == ["18x9x2x11x18", "18x11x2x9x18"]
    assert after(g, "W:WK18:BK14,K15,K6,K7", "18x9x2x11x18") == "B:WK18:B"


def test_american_player_who_cannot_move_loses() -> None:
    g = game("american-checkers")
    assert moves(g, "B:W8,11:B4") == []
    assert outcome(g, "B:W8,11:B4") == "white"
    assert outcome(g, "B:W8:B") == "white"
    assert outcome(g, "B:W8:B1") is None
    assert outcome(game("american-checkers", no_legal_move="draws"), "B:W8,11:B4") == "draw"


# -- Pool checkers ----------------------------------------------------------------------


def test_pool_men_capture_backward() -> None:
    assert moves(game("pool-checkers"), "W:W18:B22") == ["18x25"]


def test_pool_free_choice_even_when_another_capture_takes_more() -> None:
    assert moves(game("pool-checkers"), "W:W22,23,30:B18,11") == ["22x15x8", "23x14"]


def test_pool_man_crowned_only_when_its_move_ends_on_the_far_row() -> None:
    g = game("pool-checkers")
    # It reaches 3 on Black's edge, must go on backward over 8, and stays a man.
    assert moves(g, "W:W10:B7,8") == ["10x3x12"]
    assert after(g, "W:W10:B7,8", "10x3x12") == "B:W12:B"
    assert after(g, "W:W10:B7", "10x3") == "B:WK3:B"
    # With Russian crowning the same man would be crowned and go on as a king.
    russian = game("pool-checkers", promotion="arrival-continues-as-king")
    assert after(russian, "W:W10:B7,8", "10x3x12") == "B:WK12:B"


def test_pool_flying_king_lands_where_the_capture_continues() -> None:
    g = game("pool-checkers")
    # Behind 22 the king could stop on 18, 15, 11, 8 or 4; only from 11 can it take 7.
    assert moves(g, "W:WK29:B22,7") == ["29x11x2"]
    free = game("pool-checkers", flying_king_landing="any")
    assert moves(free, "W:WK29:B22,7") == ["29x4", "29x8", "29x11x2", "29x15", "29x18"]


def test_pool_king_taking_two_in_one_line_is_one_move() -> None:
    # Straight on from 18 or 15 to take 11 is the same capture, written via 15.
    assert moves(game("pool-checkers"), "W:WK29:B22,11") == ["29x15x4", "29x15x8"]


def test_pool_captured_pieces_stay_until_the_sequence_ends() -> None:
    position = "W:WK32:B7,8,19,23"
    # The taken man on 23 still blocks the king on its way back down the long diagonal.
    assert moves(game("pool-checkers"), position) == ["32x14x3x12", "32x18x4"]
    at_once = game("pool-checkers", removal="immediate")
    assert moves(at_once, position) == ["32x14x3x12x23", "32x14x3x12x26", "32x14x3x12x30", "32x18x4"]


def test_pool_twenty_five_moves_each_without_man_move_or_capture_draw() -> None:
    g = game("pool-checkers")
    assert after(g, "W:WK1:BK32:quiet=48", "1-6") == "B:WK6:BK32:quiet=49"
    assert outcome(g, "B:WK6:BK32:quiet=49") is None
    assert after(g, "B:WK6:BK32:quiet=49", "32-27") == "W:WK6:BK27:quiet=50"
    assert outcome(g, "W:WK6:BK27:quiet=50") == "draw"
    # A man move or a capture starts the count again.
    assert after(g, "W:W22,K29:BK4:quiet=49", "22-17") == "B:W17,K29:BK4"


def test_quiet_moves_counted_singly_draw_after_that_many_moves_in_all() -> None:
    # The literal reading of the Pool source's "25 coups successifs": 25 moves in all.
    g = game("pool-checkers", quiet_move_count="single-moves")
    assert outcome(g, "B:WK6:BK32:quiet=24") is None
    assert after(g, "B:WK6:BK32:quiet=24", "32-27") == "W:WK6:BK27:quiet=25"
    assert outcome(g, "W:WK6:BK27:quiet=25") == "draw"
    assert game("pool-checkers").params.quiet_move_plies == 50
    assert g.params.quiet_move_plies == 25


def test_pool_three_kings_must_win_within_thirteen_moves() -> None:
    g = game("pool-checkers")
    # The count starts once three kings face one; only the stronger side's moves count.
    assert after(g, "W:WK29,K30,K31:BK4", "29-25") == "B:WK25,K30,K31:BK4:quiet=1:lone=1"
    assert after(g, "B:WK25,K30,K31:BK3:lone=1", "3-8") == "W:WK25,K30,K31:BK8:quiet=1:lone=1"
    assert outcome(g, "B:WK25,K30,K31:BK4:lone=12") is None
    assert outcome(g, "B:WK25,K30,K31:BK4:lone=13") == "draw"
    # It does not apply to three kings and a man, or once the lone king takes one.
    assert after(g, "W:W22,K29,K30:BK3", "29-25") == "B:W22,K25,K30:BK3:quiet=1"
    assert after(g, "B:WK18,K30,K31:BK9:lone=5", "9x27") == "W:WK30,K31:BK27"


# -- Variante Dames ---------------------------------------------------------------------


def test_variante_men_step_forward_or_sideways_never_back() -> None:
    assert moves(game("variante-dames"), "W:Wd4:Bh7,g7") == ["d4-c4", "d4-e4", "d4-d5"]
    assert moves(game("variante-dames"), "B:Wa2,b2:Bd4") == ["d4-d3", "d4-c4", "d4-e4"]


def test_variante_men_capture_forward_or_sideways_never_back() -> None:
    assert moves(game("variante-dames"), "W:Wd4:Bd3,c4,d5") == ["d4xb4", "d4xd6"]


def test_variante_man_crowned_when_its_move_ends_on_the_far_row() -> None:
    g = game("variante-dames")
    assert after(g, "W:Wd7,a2:Ba7,h7", "d7-d8") == "B:Wa2,Kd8:Ba7,h7"
    # Reaching row 8 mid-capture it goes on sideways as a man, crowned at the end.
    assert moves(g, "W:Wd6:Bd7,e8,a4,b4") == ["d6xd8xf8"]
    assert after(g, "W:Wd6:Bd7,e8,a4,b4", "d6xd8xf8") == "B:WKf8:Ba4,b4"


def test_variante_king_moves_any_distance_orthogonally() -> None:
    assert len(moves(game("variante-dames"), "W:WKd4:Bh8")) == 14
    assert moves(game("variante-dames"), "W:WKa1:Ba2,h8") == [
        "a1xa3",
        "a1xa4",
        "a1xa5",
        "a1xa6",
        "a1xa7",
        "a1xa8",
    ]


def test_variante_king_captures_from_a_distance_and_lands_on_any_empty_cell_behind() -> None:
    g = game("variante-dames")
    assert moves(g, "W:WKd1:Bd5") == ["d1xd6", "d1xd7", "d1xd8"]
    # It may stop on d6 or d8 even though from d7 it could go on and take f7.
    assert moves(g, "W:WKd1:Bd5,f7") == ["d1xd6", "d1xd7xg7", "d1xd7xh7", "d1xd8"]
    strict = game("variante-dames", flying_king_landing="must-continue")
    assert moves(strict, "W:WKd1:Bd5,f7") == ["d1xd7xg7", "d1xd7xh7"]


def test_variante_king_does_not_turn_straight_back() -> None:
    g = game("variante-dames")
    assert moves(g, "W:WKd4:Bb4,e4") == ["d4xa4", "d4xf4", "d4xg4", "d4xh4"]
    back = game("variante-dames", king_reversal="allowed")
    assert moves(back, "W:WKd4:Bb4,e4") == ["d4xa4xf4", "d4xa4xg4", "d4xa4xh4", "d4xf4xa4"]


def test_variante_last_piece_each_both_become_kings() -> None:
    g = game("variante-dames")
    assert after(g, "W:Wd4:Bd5,h7", "d4xd6") == "B:WKd6:BKh7"
    assert after(g, "W:Wd4,a2:Bd5,h7", "d4xd6") == "B:Wa2,d6:Bh7"
    assert (
        after(game("variante-dames", last_pieces_become_kings=False), "W:Wd4:Bd5,h7", "d4xd6") == "B:Wd6:Bh7"
    )


def test_variante_winning_means_capturing_everything() -> None:
    g = game("variante-dames")
    assert outcome(g, "B:Wd6:B") == "white"
    assert outcome(g, "B:Wd6:Bh7") is None


# -- Kruzno and 9x9x9 hex checkers ------------------------------------------------------


def test_hex_men_step_to_all_six_neighbours() -> None:
    assert moves(game("kruzno-checkers"), "W:Wb2:Bk11") == [
        "b2-a1",
        "b2-b1",
        "b2-a2",
        "b2-c2",
        "b2-b3",
        "b2-c3",
    ]


def test_hex_men_capture_in_all_six_directions_and_multi_jump() -> None:
    g = game("hex9-checkers")
    assert moves(g, "W:We5:Be4") == ["e5xe3"]
    assert moves(g, "W:We5:Bf6,g8") == ["e5xg7xg9"]
    assert moves(g, "W:We5:Bf6,g8,d5") == ["e5xc5", "e5xg7xg9"]


def test_hex_games_have_no_promotion() -> None:
    g = game("kruzno-checkers")
    assert after(g, "W:Wf10:Bb2", "f10-f11") == "B:Wf11:Bb2"


def test_kruzno_piece_on_the_border_must_leave_it() -> None:
    g = game("kruzno-checkers")
    assert moves(g, "W:Wa1,f6:Bk11") == ["a1-b2"]
    # White steps onto the border; on White's next move that man must step off.
    pos = g.parse_position("W:Wb2,f6:Bk11")
    pos = g.play(pos, g.parse_move(pos, "b2-b1"))
    pos = g.play(pos, g.parse_move(pos, "k11-j10"))
    assert [g.move_text(pos, m) for m in g.legal_moves(pos)] == ["b1-b2", "b1-c2"]


def test_kruzno_border_piece_blocked_by_opponents_frees_the_move() -> None:
    g = game("kruzno-checkers")
    # b2 is occupied and the capture over it is blocked by c3: a1 cannot leave.
    assert moves(g, "W:Wa1,f6:Bb2,c3,k11") == [
        "a1-b1",
        "a1-a2",
        "f6-e5",
        "f6-f5",
        "f6-e6",
        "f6-g6",
        "f6-f7",
        "f6-g7",
    ]


def test_kruzno_capture_comes_before_leaving_the_border() -> None:
    g = game("kruzno-checkers")
    assert moves(g, "W:Wa1,f6:Bg6,k11") == ["f6xh6"]
    assert moves(g, "W:Wa1,f6:Bb2,g6,k11") == ["a1xc3", "f6xh6"]
    strict = game("kruzno-checkers", restricted_rule="leave-before-capturing")
    assert moves(strict, "W:Wa1,f6:Bb2,g6,k11") == ["a1xc3"]
    assert moves(strict, "W:Wa1,f6:Bg6,k11") == ["f6xh6"]


def test_one_piece_each_are_kings_even_when_written_as_men() -> None:
    g = game("variante-dames")
    pos = g.parse_position("W:Wd4:Bh7")
    assert g.position_text(pos) == "W:WKd4:BKh7"
    assert len(g.legal_moves(pos)) == 14  # a flying king on d4: 3 + 4 + 3 + 4 squares


@pytest.mark.parametrize(
    ("variant", "text", "message"),
    [
        ("american-checkers", "B:W2:B9", "white's man on 2 stands on its far row"),
        ("pool-checkers", "W:W21:B30,K5", "black's man on 30 stands on its far row"),
        ("american-checkers", "W:W21:B9:lone=3", "no three-kings rule"),
        ("variante-dames", "W:Wd4,a2:Bh7:quiet=4", "keeps no quiet-move count"),
    ],
)
def test_positions_no_game_can_reach_are_refused(variant: str, text: str, message: str) -> None:
    with pytest.raises(BoardgenError, match=message):
        game(variant).parse_position(text)


def test_only_games_with_the_quiet_move_rule_count_quiet_moves() -> None:
    dames = game("variante-dames")
    after = dames.play(
        dames.parse_position("W:WKa1,b3:BKb2,h8"),
        dames.parse_move(dames.parse_position("W:WKa1,b3:BKb2,h8"), "a1-a2"),
    )
    assert "quiet" not in dames.position_text(after)
    pool = game("pool-checkers")
    start = pool.parse_position("W:WK29,K30:BK1,K2")
    after = pool.play(start, pool.parse_move(start, "29-25"))
    assert pool.position_text(after).endswith(":quiet=1")
