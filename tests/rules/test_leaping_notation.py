"""Squares, moves and positions as text: PDN numbers and FEN on 8x8, cell names elsewhere."""

from __future__ import annotations

import pytest

from boardgen.errors import BoardgenError
from boardgen.rules.base import MoveView, PieceView
from tests.support.leaping_specs import GAME_IDS, game


def test_checkers_start_is_the_standard_pdn_fen() -> None:
    g = game("american-checkers")
    text = g.position_text(g.initial())
    assert text == "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    assert g.parse_position("B:W21-32:B1-12") == g.initial()
    assert g.parse_position('[FEN "B:B1-12:W21-32."]') == g.initial()


def test_pdn_squares_are_the_standard_ones() -> None:
    g = game("american-checkers")
    pieces = g.pieces(g.initial())
    name = g.spec.grid.name
    numbers = {n: name(c) for c, n in g.spec.pdn.items()} if g.spec.pdn else {}
    assert (numbers[1], numbers[4], numbers[29], numbers[32]) == ("b8", "h8", "a1", "g1")
    assert pieces[g.spec.grid.parse("b8")] == PieceView("black", "man")
    assert pieces[g.spec.grid.parse("g1")] == PieceView("white", "man")


def test_fen_lists_men_then_kings_south_player_first() -> None:
    g = game("pool-checkers")
    pos = g.parse_position("W:BK1,12,5:W30,K6")
    assert g.position_text(pos) == "W:W30,K6:B5,12,K1"
    assert g.pieces(pos)[g.spec.grid.parse("b8")] == PieceView("black", "king")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_position_text_round_trips(game_id: str) -> None:
    g = game(game_id)
    pos = g.initial()
    for _ in range(6):
        assert g.parse_position(g.position_text(pos)) == pos
        pos = g.play(pos, g.legal_moves(pos)[-1])
    assert g.parse_position(g.position_text(pos)) == pos


def test_counters_round_trip() -> None:
    g = game("pool-checkers")
    text = "B:WK25,K30,K31:BK4:quiet=7:lone=3"
    assert g.position_text(g.parse_position(text)) == text


def test_other_boards_use_cell_names() -> None:
    g = game("kruzno-checkers")
    assert g.position_text(g.initial()) == (
        "W:Wb2,c2,d2,e2,f2,b3,c3,d3,e3,f3,g3,e4:Bg8,e9,f9,g9,h9,i9,j9,f10,g10,h10,i10,j10"
    )
    v = game("variante-dames")
    assert v.position_text(v.initial()).startswith("W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,")


def test_moves_are_written_with_every_landing_square() -> None:
    g = game("american-checkers")
    pos = g.parse_position("W:W22,23,30:B18,11")
    move = g.parse_move(pos, "22x15x8")
    assert g.move_text(pos, move) == "22x15x8"
    assert g.parse_move(pos, "22x8") == move  # first and last square suffice
    assert g.parse_move(pos, "22:15:8") == move
    cell = g.spec.grid.parse
    assert g.view(move) == MoveView(
        path=(cell("c3"), cell("e5"), cell("g7")), captured=(cell("d4"), cell("f6"))
    )


def test_bad_moves_say_what_is_legal() -> None:
    g = game("american-checkers")
    pos = g.initial()
    with pytest.raises(BoardgenError, match="legal moves: 9-13, 9-14"):
        g.parse_move(pos, "9-18")
    with pytest.raises(BoardgenError, match="not a square number"):
        g.parse_move(pos, "9-33")
    with pytest.raises(BoardgenError, match="is not a move"):
        g.parse_move(pos, "9")
    with pytest.raises(BoardgenError, match="illegal move"):
        g.play(pos, g.legal_moves(g.play(pos, g.legal_moves(pos)[0]))[0])


def test_ambiguous_short_capture_asks_for_the_path() -> None:
    g = game("pool-checkers")
    # From 22 to 8 either over 18 alone or over 27, 26, 19 and 18: other pieces taken.
    pos = g.parse_position("B:W11,18,19,26,27:B22")
    with pytest.raises(BoardgenError, match="ambiguous"):
        g.parse_move(pos, "22x8")
    assert g.move_text(pos, g.parse_move(pos, "22x31x24x15x8")) == "22x31x24x15x8"


def test_a_loop_taken_either_way_round_is_one_move() -> None:
    # The man on 22 takes the same four men round a loop clockwise or anticlockwise:
    # written by its ends (22x22) it is one move in effect, as published records write it.
    g = game("pool-checkers")
    pos = g.parse_position("W:W21,22,23,24,25,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,12,17,18")
    after = g.play(pos, g.parse_move(pos, "22x22"))
    assert (
        after
        == g.play(pos, g.parse_move(pos, "22x15x6x13x22"))
        == g.play(pos, g.parse_move(pos, "22x13x6x15x22"))
    )
    assert g.position_text(after) == "B:W21,22,23,24,25,27,28,29,30,31,32:B1,2,3,4,5,7,8,12"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("B:W21,21:B1", "given twice"),
        ("X:W21:B1", "not a player letter"),
        ("B:W21:B1:quiet=x", "bad counter"),
        ("B", "expected"),
        ("B:W33:B1", "not a square number"),
    ],
)
def test_bad_positions_are_reported(text: str, message: str) -> None:
    with pytest.raises(BoardgenError, match=message):
        game("american-checkers").parse_position(text)


def test_hex_names_and_king_prefix_do_not_clash() -> None:
    g = game("kruzno-checkers", king="step", king_capture="step", promotion="end-of-move")
    pos = g.parse_position("W:WKk11,k10:Ba2")
    assert g.position_text(pos) == "W:Wk10,Kk11:Ba2"
    with pytest.raises(BoardgenError, match="no cell named"):
        g.parse_position("W:Wz1:Ba1")


def test_kings_are_refused_where_the_game_has_none() -> None:
    with pytest.raises(BoardgenError, match="has no kings"):
        game("hex9-checkers").parse_position("W:WKe5:Ba1")
