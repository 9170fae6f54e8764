"""Shogi: moves, drops, promotion (optional and forced), two pawns (nifu), no pawn-drop
mate (uchifuzume), repetition (sennichite) and perpetual check, perft, SFEN and USI."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from boardgen.descriptor import load_variant
from boardgen.errors import BoardgenError
from boardgen.rules.registry import make_game
from boardgen.rules.shogi.game import ShogiGame

#: Perft from the start, as published (depth 4, 719,731, runs in make bench and crosscheck).
PERFT = [1, 30, 900, 25470]
START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def shogi(**params: Any) -> ShogiGame:
    variant = load_variant("shogi")
    spec = variant.game_spec()
    if params:
        spec = replace(spec, params={**spec.params, **params})
    game = make_game(spec, "shogi")
    assert isinstance(game, ShogiGame)
    return game


def usi(game: ShogiGame, sfen: str) -> set[str]:
    position = game.parse_position(sfen)
    return {game.move_text(position, m) for m in game.legal_moves(position)}


def play(game: ShogiGame, sfen: str, moves: str) -> Any:
    position = game.parse_position(sfen)
    for text in moves.split():
        position = game.play(position, game.parse_move(position, text))
    return position


@pytest.mark.parametrize("depth", range(len(PERFT)))
def test_perft_from_the_start(depth: int) -> None:
    game = shogi()
    assert game.perft(game.initial(), depth) == PERFT[depth]


def test_start_and_sfen_round_trip() -> None:
    game = shogi()
    assert game.position_text(game.initial()) == START
    assert game.parse_position("startpos") == game.initial()
    assert game.parse_position("sfen " + START) == game.initial()
    text = "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5"
    assert game.position_text(game.parse_position(text)) == text
    assert game.position_text(game.parse_position("4k4/9/9/9/9/9/9/9/4K4 b 2P3pR 1")) == (
        "4k4/9/9/9/9/9/9/9/4K4 b R2P3p 1"
    )


def test_captures_go_to_hand_unpromoted_and_come_back_as_drops() -> None:
    game = shogi()
    position = play(game, START, "7g7f 3c3d 8h2b+")
    assert game.position_text(position).split()[2] == "B"
    position = play(game, game.position_text(position), "3a2b")  # the horse is taken: a bishop in hand
    assert game.position_text(position).split()[2] == "Bb"
    assert {"B*5e", "B*1b"} <= {game.move_text(position, m) for m in game.legal_moves(position)}
    assert game.in_hand(position) == {"black": {"bishop": 1}, "white": {"bishop": 1}}


def test_promotion_is_optional_in_the_zone_and_forced_where_a_piece_would_be_stuck() -> None:
    game = shogi()
    moves = usi(game, "4k4/9/9/P8/9/9/9/9/4K4 b - 1")  # a pawn on 9d steps into the zone
    assert {"9d9c", "9d9c+"} <= moves
    assert usi(game, "4k4/P8/9/9/9/9/9/9/4K4 b - 1") >= {"9b9a+"}
    assert "9b9a" not in usi(game, "4k4/P8/9/9/9/9/9/9/4K4 b - 1")
    knight = usi(game, "4k4/9/9/N8/9/9/9/9/4K4 b - 1")  # 9d -> 8b: two ranks from the end
    assert "9d8b+" in knight and "9d8b" not in knight
    leaving = usi(game, "4k4/9/B8/9/9/9/9/9/4K4 b - 1")  # a bishop leaving the zone may promote
    assert {"9c5g", "9c5g+"} <= leaving
    assert "5i5h+" not in usi(game, START)  # kings never promote


def test_drops_obey_dead_squares_two_pawns_and_pawn_drop_mate() -> None:
    game = shogi()
    moves = usi(game, "4k4/9/9/9/9/9/9/9/4K4 b PNL 1")
    assert not {m for m in moves if m.startswith(("P*", "L*")) and m.endswith("a")}
    assert not {m for m in moves if m.startswith("N*") and m[-1] in "ab"}
    assert "P*5b" in moves
    nifu = usi(game, "4k4/9/9/9/9/4P4/9/9/K8 b P 1")
    assert not {m for m in nifu if m.startswith("P*5")} and "P*4e" in nifu
    assert "P*5e" in usi(shogi(two_pawns_forbidden=False), "4k4/9/9/9/9/4P4/9/9/K8 b P 1")
    # White's king on 1a, hemmed in by its own pieces; a pawn dropped on 1b would mate.
    boxed = "7nk/7s1/8G/9/9/9/9/9/K8 b P 1"
    assert "P*1b" not in usi(game, boxed)
    assert "P*1b" in usi(shogi(pawn_drop_mate_forbidden=False), boxed)
    # ...but a pawn that moves there to mate may.
    moved = play(game, "7nk/7s1/8P/9/9/9/9/9/K7L b - 1", "1c1b+")
    ending = game.ending(moved)
    assert ending is not None and ending.result == "black"


def test_checks_must_be_answered_and_pins_hold() -> None:
    game = shogi()
    moves = usi(game, "4k4/9/9/9/4r4/9/9/9/4K4 b G 1")  # the rook checks down the file
    assert moves == {"5i4i", "5i6i", "5i4h", "5i6h", "G*5h", "G*5g", "G*5f"}
    pinned = usi(game, "4k4/9/9/9/4r4/9/9/4G4/4K4 b - 1")
    assert {m for m in pinned if m.startswith("5h")} == {"5h5g"}  # along the file only


def test_fourfold_repetition_draws_and_perpetual_check_loses() -> None:
    game = shogi()
    cycle = "5i4h 5a4b 4h5i 4b5a "
    position = play(game, START, cycle * 3)
    ending = game.ending(position)
    assert ending is not None and ending.result == "draw" and "sennichite" in ending.reason
    assert game.ending(play(game, START, cycle * 2)) is None
    # White's rook checks down the 5- and 4-files in turn while Black's king steps aside.
    checks = "4k4/9/9/9/9/9/r8/9/4K4 w - 1"
    perpetual = "9g5g 5i4i 5g4g 4i5i 4g5g 5i4i 5g4g 4i5i 4g5g 5i4i 5g4g 4i5i 4g5g"
    ending = game.ending(play(game, checks, perpetual))
    assert ending is not None and ending.result == "black" and "perpetual" in ending.reason
    lenient = shogi(perpetual_check_loses=False)
    ending = lenient.ending(play(lenient, checks, perpetual))
    assert ending is not None and ending.result == "draw"


def test_positions_the_rules_cannot_reach_are_refused() -> None:
    game = shogi()
    for sfen, why in [
        ("P3k4/9/9/9/9/9/9/9/4K4 b - 1", "could never move"),
        ("4k4/9/9/9/4P4/4P4/9/9/4K4 b - 1", "two pawns on one file"),
        ("4k4/9/9/9/9/9/9/9/3KK4 b - 1", "2 kings"),
        ("4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "pawns, but a set has 18"),
        ("4k4/9/9/9/9/9/9/4r4/4K4 w - 1", "in check"),
        ("4k4/9/9 b - 1", "9 ranks"),
        ("4k4/9/9/9/9/9/9/9/4K4 b +K 1", "not like"),
        ("4k4/9/9/9/9/9/9/9/4+G4 b - 1", "does not promote"),
    ]:
        with pytest.raises(BoardgenError, match=why):
            game.parse_position(sfen)
    game.parse_position("4k4/9/9/9/9/9/9/9/9 b 2G 1")  # a problem: Black has no king


def test_moves_are_read_in_usi_and_by_squares() -> None:
    game = shogi()
    start = game.initial()
    assert game.parse_move(start, "7g7f") == game.parse_move(start, "c3-c4")
    position = play(game, START, "7g7f 3c3d")
    assert game.parse_move(position, "8h2b+") == game.parse_move(position, "b2xh8+")
    assert game.move_text(position, game.parse_move(position, "b2-h8")) == "8h2b"
    with pytest.raises(BoardgenError, match="not legal"):
        game.parse_move(start, "P*5e")
    with pytest.raises(BoardgenError, match="write it in USI"):
        game.parse_move(start, "pawn forward")


def test_rule_switches_are_checked() -> None:
    with pytest.raises(BoardgenError, match="repetitions must be 0"):
        shogi(repetitions=1)
    with pytest.raises(BoardgenError, match="unknown shogi parameter"):
        shogi(nifu=True)


def test_cli_perft() -> None:
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "boardgen", "perft", "shogi", "3"], capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["1", "30", "2", "900", "3", "25470"]
