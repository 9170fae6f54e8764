"""The national draughts games and the switches they brought, on hand-built positions.

Each test sets up the smallest position that shows one rule and checks the exact list
of legal moves (or the refusal of a descriptor). Squares: PDN numbers on the boards
that have them (10x10: 1-5 on Black's edge, 46-50 on White's; 8x8: 1-4 and 29-32),
cell names elsewhere. White moves north.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from boardgen.errors import BoardgenError
from boardgen.rules.leaping import LeapingGame
from tests.support.leaping_specs import game

ROOT = Path(__file__).resolve().parents[2]


def moves(g: LeapingGame, position: str) -> list[str]:
    pos = g.parse_position(position)
    return [g.move_text(pos, m) for m in g.legal_moves(pos)]


# -- majority capture (International, Brazilian, Canadian) -------------------------------


def test_international_majority_capture_beats_a_single_one() -> None:
    g = game("international-draughts")
    # 32x21 would take 27 alone; 32x23x14 takes 28 and 19.
    assert moves(g, "W:W32,45:B5,19,27,28") == ["32x23x14"]
    assert moves(game("international-draughts", capture_choice="free"), "W:W32,45:B5,19,27,28") == [
        "32x21",
        "32x23x14",
    ]


def test_international_kings_and_men_count_alike_in_the_majority() -> None:
    g = game("international-draughts")
    # Two men (28 and 19) outweigh one king (27): kings are not worth more.
    assert moves(g, "W:W32,45:B5,19,28,K27") == ["32x23x14"]


def test_international_flying_king_lands_anywhere_beyond_the_last_piece() -> None:
    g = game("international-draughts")
    assert moves(g, "W:W45,K46:B4,13,18,28") == [
        "46x19x2", "46x19x8", "46x23x1", "46x23x7", "46x23x12",
    ]  # fmt: skip


def test_international_man_passing_the_far_row_in_a_capture_stays_a_man() -> None:
    g = game("international-draughts")
    # d8 jumps e9 to f10 on the far row, then must jump g9 back to h8: no crown.
    pos = g.parse_position("W:W12,45:B6,8,9")
    (move,) = g.legal_moves(pos)
    assert g.move_text(pos, move) == "12x3x14"
    assert g.position_text(g.play(pos, move)) == "B:W14,45:B6"


# -- Russian: free choice, crowning during a capture -------------------------------------


def test_russian_free_choice_among_captures() -> None:
    g = game("russian-draughts")
    assert moves(g, "W:W22,28:B11,18,24") == ["22x15x8", "28x19"]
    assert moves(game("brazilian-draughts"), "W:W22,28:B11,18,24") == ["22x15x8"]


def test_russian_man_crowned_mid_capture_goes_on_as_a_king() -> None:
    g = game("russian-draughts")
    assert moves(g, "W:W11,30:B7,9,20") == ["11x2x13"]
    assert moves(game("brazilian-draughts"), "W:W11,30:B7,9,20") == ["11x2"]


def test_russian_king_must_stop_where_it_can_go_on() -> None:
    # After taking 22 the king could land on 18, 15, 11, 8 or 4; only from 15 can it
    # take 19 next, so it must stop there, and may then end on 24 or 28.
    g = game("russian-draughts")
    assert moves(g, "W:WK29,30:B1,19,22") == ["29x15x24", "29x15x28"]
    assert len(moves(game("russian-draughts", flying_king_landing="any"), "W:WK29,30:B1,19,22")) == 6


# -- men may not take kings; capture precedence (Italian, Spanish, Czech) ----------------


def test_italian_men_never_take_kings() -> None:
    g = game("italian-draughts")
    assert moves(g, "W:W18,19,29:B1,15,K14") == ["19x12"]
    # With the switch off, both men may take the king on 14, and the most-kings rule
    # then makes taking it compulsory.
    free = game("italian-draughts", kings_immune_to_men=False)
    assert moves(free, "W:W18,19,29:B1,15,K14") == ["18x11", "19x10"]


def test_italian_a_man_facing_only_a_king_does_not_capture() -> None:
    g = game("italian-draughts")
    assert moves(g, "W:W18,29:B1,K14") == ["18-13", "29-25", "29-26"]


def test_italian_a_king_takes_a_king() -> None:
    g = game("italian-draughts")
    assert moves(g, "W:WK19,29:B1,14,K15") == ["19x12"]


def test_italian_the_king_captures_when_the_counts_are_equal() -> None:
    g = game("italian-draughts")
    assert moves(g, "W:W18,29,K28:B1,13,23") == ["28x19"]
    no_rule = game("italian-draughts", capture_precedence=[])
    assert moves(no_rule, "W:W18,29,K28:B1,13,23") == ["18x9", "28x19"]


def test_italian_more_pieces_beats_capturing_with_the_king() -> None:
    g = game("italian-draughts")
    # The man on 22 takes two (19 and 12); the king on 25 only one (21).
    assert moves(g, "W:W22,29,K25:B1,12,19,21") == ["22x15x8"]


def test_italian_the_capture_with_the_most_kings() -> None:
    g = game("italian-draughts")
    assert moves(g, "W:WK19,29:B1,14,K15") == ["19x12"]
    assert moves(game("italian-draughts", capture_precedence=["with-king"]), "W:WK19,29:B1,14,K15") == [
        "19x10",
        "19x12",
    ]


def test_italian_the_king_taken_soonest() -> None:
    g = game("italian-draughts")
    assert moves(g, "W:W29,K22:B1,12,18,K10,K19") == ["22x15x8"]
    two = game("italian-draughts", capture_precedence=["with-king", "most-kings"])
    assert moves(two, "W:W29,K22:B1,12,18,K10,K19") == ["22x13x6", "22x15x8"]


def test_spanish_most_kings_after_most_pieces() -> None:
    # Spanish numbers from White's near right corner: 4 = b1, 11 = d3, 14 = e4, 15 = c4.
    g = game("spanish-draughts")
    assert moves(g, "W:W4,11:B32,14,K15") == ["11x20"]
    assert moves(game("spanish-draughts", capture_precedence=[]), "W:W4,11:B32,14,K15") == [
        "11x18",
        "11x20",
    ]


def test_czech_a_king_capture_comes_before_any_man_capture() -> None:
    g = game("czech-draughts")
    # The man on 24 could take two; the king must capture, even one piece.
    assert moves(g, "W:W24,K21:B4,10,19,25") == ["21x3", "21x7", "21x30x12", "21x30x16"]
    free = game("czech-draughts", capture_precedence=[])
    assert "24x15x6" in moves(free, "W:W24,K21:B4,10,19,25")


def test_czech_otherwise_the_choice_is_free() -> None:
    g = game("czech-draughts")
    # Without a king, any complete capture will do, even 23x14 taking one piece.
    assert moves(g, "W:W22,23,28:B5,11,18,19") == ["22x15x8", "23x14", "23x16x7"]


# -- switch checks ------------------------------------------------------------------------


def test_precedence_words_are_checked() -> None:
    with pytest.raises(BoardgenError) as info:
        game("italian-draughts", capture_precedence=["most-queens"])
    assert info.value.key == "rules.params.capture_precedence"
    with pytest.raises(BoardgenError) as info:
        game("italian-draughts", capture_precedence=["with-king", "with-king"])
    assert "twice" in info.value.message


def test_kings_immune_needs_crowning_that_ends_the_capture() -> None:
    with pytest.raises(BoardgenError) as info:
        game("russian-draughts", kings_immune_to_men=True)
    assert info.value.key == "rules.params.kings_immune_to_men"


def test_kings_switches_need_kings() -> None:
    with pytest.raises(BoardgenError) as info:
        game("hex9-checkers", capture_precedence=["most-kings"])
    assert info.value.key == "rules.params.capture_precedence"


# -- Thai: the king stops right behind each piece; pieces leave at once --------------------
# Black (the dark pieces) sits south, on the high numbers, and moves north.


def test_thai_dark_side_starts_from_the_high_numbers() -> None:
    # The Thai association's rules: the dark side starts and sits on the high numbers.
    g = game("thai-draughts")
    start = g.initial()
    assert g.position_text(start) == "B:B25,26,27,28,29,30,31,32:W1,2,3,4,5,6,7,8"
    assert [g.move_text(start, m) for m in g.legal_moves(start)] == [
        "25-21",
        "25-22",
        "26-22",
        "26-23",
        "27-23",
        "27-24",
        "28-24",
    ]


def test_thai_king_stops_on_the_square_behind_the_piece() -> None:
    g = game("thai-draughts")
    assert moves(g, "B:B28,K29:W1,11,22") == ["29x18x8"]
    # Landing anywhere beyond would allow 29x15 and 29x11 ... as well.
    anywhere = game("thai-draughts", flying_king_landing="any")
    assert len(moves(anywhere, "B:B28,K29:W1,11,22")) > 1


def test_thai_king_may_turn_back_over_squares_just_emptied() -> None:
    g = game("thai-draughts")
    assert moves(g, "B:B28,K18:W5,15,25") == ["18x11x29", "18x29x11"]
    assert moves(game("thai-draughts", king_reversal="forbidden"), "B:B28,K18:W5,15,25") == [
        "18x11",
        "18x29",
    ]


def test_thai_men_capture_forward_only() -> None:
    g = game("thai-draughts")
    assert moves(g, "B:B18:W23,1") == ["18-14", "18-15"]


# -- Turkish: orthogonal men, pieces removed at once, no 180-degree turn -------------------


def test_turkish_majority_capture_turns_sideways_and_forward() -> None:
    g = game("turkish-draughts")
    assert moves(g, "W:Wa2,d4:Bd5,e4,f5,h8") == ["d4xf4xf6"]


def test_turkish_king_never_turns_back_in_a_capture() -> None:
    g = game("turkish-draughts")
    # After taking d4 going up, the king may not come back down to take d2.
    assert moves(g, "W:Wh2,Kd3:Ba7,d2,d4") == ["d3xd1", "d3xd5", "d3xd6", "d3xd7", "d3xd8"]
    turning = game("turkish-draughts", king_reversal="allowed")
    assert "d3xd5xd1" in moves(turning, "W:Wh2,Kd3:Ba7,d2,d4")


def test_turkish_king_does_not_pass_over_pieces() -> None:
    g = game("turkish-draughts")
    assert moves(g, "W:WKa1,a3:Bh8") == [
        "a1-b1", "a1-c1", "a1-d1", "a1-e1", "a1-f1", "a1-g1", "a1-h1", "a1-a2", "a3-b3", "a3-a4",
    ]  # fmt: skip


def test_pydraughts_turkish_king_slides_over_pieces() -> None:
    """The disagreement the cross-check allows, shown once: pydraughts lets a Turkish
    king's quiet move pass over its own man (a1 to a8 over a3). Every source says a king
    moves over empty squares only (Wikipedia 'Turkish draughts', the federation's guide)."""
    draughts = pytest.importorskip("draughts")
    board = draughts.Board(variant="turkish", fen="W:Wa3,Ka1:Bh8")
    theirs = {m.pdn_move for m in board.legal_moves()}
    ours = moves(game("turkish-draughts"), "W:WKa1,a3:Bh8")
    assert "a1-a8" not in ours
    assert len(theirs) > len(ours)  # pydraughts also lists a1-a4 ... a1-a8


# -- rows and columns of a one-colour board (Frisian captures; issue 8) ---------------------


def test_orthogonal_captures_on_a_dark_square_board_jump_two_squares() -> None:
    # Issue 8: man_captures [all] on a dark-square board used to play no orthogonal
    # capture at all. Now e5 (28) jumps e7 (18) to e9 (8), then g9 (9) to i9 (10).
    g = game("international-draughts", man_captures=["all"])
    assert moves(g, "W:W28,45:B6,9,18") == ["28x8x10"]
    # Sideways first: over g5 (29) to i5 (30), then up over i7 (20) to i9 (10).
    assert moves(g, "W:W28,45:B6,20,29") == ["28x30x10"]
    # The diagonal games are unchanged: no capture, the man steps.
    assert moves(game("international-draughts"), "W:W28,45:B6,9,18") == ["28-22", "28-23", "45-40"]


def test_a_king_may_capture_along_lines_it_does_not_move_on() -> None:
    g = game("international-draughts", man_captures=["all"], king_capture_directions=["all"])
    # Up the a-file over a7 (16) to a9 (6), then along row 9 over c9 (7).
    assert moves(g, "W:W45,K46:B7,16") == ["46x6x8", "46x6x9", "46x6x10"]
    # Its quiet moves stay diagonal.
    assert moves(g, "W:W45,K46:B5") == [
        "45-40", "46-10", "46-14", "46-19", "46-23", "46-28", "46-32", "46-37", "46-41",
    ]  # fmt: skip


@pytest.mark.parametrize("switch", ["man_steps", "king_directions"])
def test_quiet_moves_along_rows_of_a_one_colour_board_are_refused_at_their_key(switch: str) -> None:
    with pytest.raises(BoardgenError) as info:
        game("international-draughts", **{switch: ["diagonal", "sideways"]})
    assert info.value.key == f"rules.params.{switch}"
    assert "one colour" in info.value.message


def test_the_refusal_is_located_in_the_descriptor(tmp_path: Path) -> None:
    text = (ROOT / "variants" / "international-draughts.yaml").read_text("utf-8")
    bad = tmp_path / "sideways-men.yaml"
    bad.write_text(
        text.replace("id: international-draughts", "id: sideways-men").replace(
            "man_steps: [forward-diagonal]", "man_steps: [forward-diagonal, sideways]"
        ),
        "utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "boardgen", "render", str(bad), "-o", str(tmp_path / "x.svg")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    line = done.stderr.strip().splitlines()[-1]
    assert line.startswith(
        f"{bad}:37:16: rules.params.man_steps: on a 10x10 square board played on one colour"
    )
    assert not (tmp_path / "x.svg").exists()


# -- Frisian: the most valuable capture, kings first, tired kings ----------------------------


def test_frisian_two_men_outweigh_a_king() -> None:
    g = game("frisian-draughts")
    assert moves(g, "W:W28,45:B6,14,23,K22") == ["28x19x10"]
    # Counting pieces alone, the king (one piece) would lose to the two men as well;
    # with a free choice both captures are open.
    free = game("frisian-draughts", capture_choice="free", capture_precedence=[])
    assert moves(free, "W:W28,45:B6,14,23,K22") == ["28x17", "28x19x10"]


def test_frisian_two_kings_outweigh_three_men_at_equal_count() -> None:
    # Worth: two kings 3, three men 3; equal worth goes to the capture with more kings.
    from boardgen.rules.leaping.movegen import _value

    assert _value(((0,), (1, 2), False), ok=0b110) > _value(((0,), (1, 2, 3), False), ok=0)
    assert _value(((0,), (1,), False), ok=0b10) < _value(((0,), (1, 2), False), ok=0)


def test_frisian_a_king_rests_after_three_quiet_moves() -> None:
    g = game("frisian-draughts")
    pos = g.parse_position("W:W46,K28:B1,5")
    for text in ("28-22", "1-6", "22-9", "6-11", "9-3", "11-16"):
        pos = g.play(pos, g.parse_move(pos, text))
    assert g.position_text(pos) == "W:W46,K3:B5,16:runW=3/3"
    assert [g.move_text(pos, m) for m in g.legal_moves(pos)] == ["46-41"]
    # Two moves in the run: the king may still move; without men the rule is off.
    assert "3-9" in moves(g, "W:W46,K3:B5,16:runW=3/2")
    assert "3-9" in moves(g, "W:WK3:B5,16:runW=3/3")


def test_the_run_field_is_read_and_checked() -> None:
    g = game("frisian-draughts")
    assert g.position_text(g.parse_position("W:W46,K3:B5:runW=3/2")) == "W:W46,K3:B5:runW=3/2"
    with pytest.raises(BoardgenError):
        g.parse_position("W:W46,K3:B5:runW=46/2")  # not a king
    with pytest.raises(BoardgenError):
        g.parse_position("W:W46,K3:B5:runW=3/4")  # more than the limit
    with pytest.raises(BoardgenError):
        game("international-draughts").parse_position("W:W46,K3:B5:runW=3/1")


def test_a_run_ends_with_its_king_and_is_kept_only_while_the_side_has_men() -> None:
    """Fuzzing found texts the reader refused: a run naming a king just taken, and runs
    of four and more moves by a side without men (the limit is off then, as no man comes
    back). Every position's text reads back."""
    g = game("frisian-draughts")
    pos = g.parse_position("B:W46,K28:B22,5:runW=28/1")
    taken = g.play(pos, g.parse_move(pos, "22x33"))
    assert g.position_text(taken) == "W:W46:B5,33"
    kings_only = g.parse_position("W:WK46:B1,2")  # White's king moves on and on, quietly
    played = 0
    while played < 12 and (legal := g.legal_moves(kings_only)):
        kings_only = g.play(kings_only, legal[0])
        played += 1
        assert "runW" not in g.position_text(kings_only)
        again = g.parse_position(g.position_text(kings_only))
        assert again._replace(seen=kings_only.seen) == kings_only
    assert played >= 4


def test_pydraughts_agrees_on_the_tired_king() -> None:
    draughts = pytest.importorskip("draughts")
    board = draughts.Board(variant="frisian", fen="W:W46,K28:B1,5")
    for text in ("28-22", "1-6", "22-9", "6-11", "9-3", "11-16"):
        board.push(next(m for m in board.legal_moves() if m.pdn_move == text))
    assert [m.pdn_move for m in board.legal_moves()] == ["46-41"]


# -- Hexdame: corner to corner on a hexagonal board ------------------------------------------


def test_hexdame_board_faces_each_player_with_a_corner() -> None:
    g = game("hexdame")
    grid = g.spec.grid
    rows = [grid.row_from(grid.parse(n), "south") for n in ("e1", "d1", "e2", "f2", "i9", "e9", "a5", "i5")]
    assert rows == [1, 2, 2, 2, 9, 9, 9, 5]  # i5 is a side corner, half way
    far = g.tables.far[0]
    assert far.bit_count() == 9  # the two far edges, five cells each, sharing the corner
    assert len(g.spec.setup["white"]) == 16  # 1 + 3 + 5 + 7 cells round the near corner


def test_hexdame_men_step_straight_or_obliquely_forward() -> None:
    g = game("hexdame")
    assert moves(g, "W:We4:Bi9") == ["e4-d4", "e4-e5", "e4-f5"]
    assert moves(g, "B:Wa1:Be6") == ["e6-d5", "e6-e5", "e6-f6"]


def test_hexdame_men_capture_in_six_directions_and_the_majority_rules() -> None:
    g = game("hexdame")
    assert moves(g, "W:Wa1,e4:Bd5,e5,f6,i9") == ["e4xe6xc4", "e4xe6xg6"]
    # Backwards too: over e3 to e2.
    assert moves(g, "W:Wa1,e4:Be3,i9") == ["e4xe2"]


def test_hexdame_man_is_crowned_on_the_far_edges_only_at_the_end_of_its_move() -> None:
    g = game("hexdame")
    pos = g.parse_position("W:Wa1,e8:Bi9")
    after = g.play(pos, g.parse_move(pos, "e8-e9"))
    assert "Ke9" in g.position_text(after)
