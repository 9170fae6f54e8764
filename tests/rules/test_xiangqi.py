"""Xiangqi: the pieces' moves, the palace and river, the facing generals, perft, FEN,
WXF, the end of the game (checkmate, stalemate, repetition with perpetual check or
chase, the quiet-move limit) and the switches."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from boardgen.descriptor import load_variant
from boardgen.errors import BoardgenError
from boardgen.rules.registry import make_game
from boardgen.rules.xiangqi.game import XiangqiGame
from tests.support.fairy_oracle import pyffish

#: Perft from the start, as published (depth 4, 3,290,240, runs in make bench and crosscheck).
PERFT = [1, 44, 1920, 79666]
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def xiangqi(**params: Any) -> XiangqiGame:
    variant = load_variant("xiangqi")
    spec = variant.game_spec()
    if params:
        spec = replace(spec, params={**spec.params, **params})
    game = make_game(spec, "xiangqi")
    assert isinstance(game, XiangqiGame)
    return game


def texts(game: XiangqiGame, fen: str) -> set[str]:
    position = game.parse_position(fen)
    return {game.move_text(position, m) for m in game.legal_moves(position)}


def play(game: XiangqiGame, fen: str, moves: str) -> Any:
    position = game.parse_position(fen)
    for text in moves.split():
        position = game.play(position, game.parse_move(position, text))
    return position


@pytest.mark.parametrize("depth", range(len(PERFT)))
def test_perft_from_the_start(depth: int) -> None:
    game = xiangqi()
    assert game.perft(game.initial(), depth) == PERFT[depth]


def test_start_is_the_fen_start() -> None:
    game = xiangqi()
    assert game.position_text(game.initial()) == START
    assert game.parse_position(START) == game.initial()


def test_horse_is_blocked_by_its_leg_and_elephant_by_its_eye() -> None:
    game = xiangqi()
    moves = texts(game, START)
    assert {"b1-a3", "b1-c3"} <= moves and "b1-d2" not in moves  # c1's elephant on the leg
    assert {"c1-a3", "c1-e3"} <= moves
    eye = texts(game, "3k5/9/9/9/9/9/9/9/1N7/2B1K4 w - - 0 1")  # b2 is the eye towards a3
    assert "c1-a3" not in eye and "c1-e3" in eye


def test_elephants_stay_home_and_advisors_in_the_palace() -> None:
    game = xiangqi()
    moves = texts(game, "3k5/9/9/9/9/2B6/9/9/4A4/4K4 w - - 0 1")
    assert not {m for m in moves if m.startswith("c5-") and m[-1] in "78"}  # never over the river
    assert {"e2-d1", "e2-f1", "e2-d3", "e2-f3"} <= moves
    corner = texts(game, "3k5/9/9/9/9/9/9/3A5/9/4K4 w - - 0 1")
    assert {m for m in corner if m.startswith("d3-")} == {"d3-e2"}


def test_soldiers_move_sideways_only_across_the_river() -> None:
    game = xiangqi()
    home = texts(game, "4k4/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1")
    assert {m for m in home if m.startswith("e4")} == {"e4-e5"}
    across = texts(game, "3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1")
    assert {m for m in across if m.startswith("e6")} == {"e6-e7", "e6-d6", "e6-f6"}


def test_cannon_needs_exactly_one_screen_to_capture() -> None:
    game = xiangqi()
    assert "b3xb10" in texts(game, START)
    moves = texts(game, "3k5/9/9/9/9/1r7/9/1C7/9/4K4 w - - 0 1")  # no screen: no capture
    assert "b3xb5" not in moves and "b3-b4" in moves and "b3-b5" not in moves


def test_generals_may_not_face_each_other() -> None:
    game = xiangqi()
    moves = texts(game, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1")
    assert moves == {"d1-d2"}
    pinned = texts(game, "4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1")  # the horse shields the generals
    assert not {m for m in pinned if m.startswith("e6")}
    with pytest.raises(BoardgenError, match="in check"):
        game.parse_position("4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1")


def test_checkmate_and_stalemate_lose() -> None:
    game = xiangqi()
    final = play(game, "3k5/4R4/9/9/9/9/9/9/9/2R1K4 w - - 0 1", "c1-d1")
    ending = game.ending(final)
    assert ending is not None and ending.result == "red" and "checkmated" in ending.reason
    assert game.legal_moves(final) == []
    # A stalemate (no check, no move) loses, or draws under the switch.
    stuck = "3k5/4R4/9/9/9/9/9/9/9/4K4 b - - 0 1"
    ending = game.ending(game.parse_position(stuck))
    assert ending is not None and ending.result == "red" and "no legal move" in ending.reason
    lenient = xiangqi(stalemate_loses=False)
    ending = lenient.ending(lenient.parse_position(stuck))
    assert ending is not None and ending.result == "draw"


def test_third_repetition_draws_and_perpetual_check_loses() -> None:
    game = xiangqi()
    quiet = "4ka3/9/4b4/9/9/9/9/9/9/3AK4 w - - 0 1"
    cycle = "d1-e2 f10-e9 e2-d1 e9-f10 "
    position = play(game, quiet, cycle * 2)
    ending = game.ending(position)
    assert ending is not None and ending.result == "draw" and "three times" in ending.reason
    assert game.legal_moves(position) == []
    never = xiangqi(repetitions=0)
    assert never.ending(play(never, quiet, cycle * 2)) is None
    # Red's chariot checks from e8, e7... and back: every red move a check.
    checks = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1"
    perpetual = "a2-e2 e10-f10 e2-f2 f10-e10 f2-e2 e10-f10 e2-f2 f10-e10 f2-e2"
    ending = game.ending(play(game, checks, perpetual))
    assert ending is not None and ending.result == "black" and "perpetual" in ending.reason
    lenient = xiangqi(perpetual_check_loses=False, perpetual_chase_loses=False)
    ending = lenient.ending(play(lenient, checks, perpetual))
    assert ending is not None and ending.result == "draw"


def test_quiet_move_limit_counts_checks_as_the_asian_rules_do() -> None:
    game = xiangqi(quiet_move_limit=3, repetitions=0)
    position = play(game, "4ka3/9/4b4/9/9/9/9/9/9/3AK4 w - - 0 1", "d1-e2 f10-e9 e2-d1 e9-f10 d1-e2")
    assert game.ending(position) is None
    ending = game.ending(game.play(position, game.parse_move(position, "f10-e9")))
    assert ending is not None and ending.result == "draw" and "without a capture" in ending.reason
    assert game.position_text(position).endswith(" 5 3")


def test_positions_the_rules_cannot_reach_are_refused() -> None:
    game = xiangqi()
    for fen, why in [
        ("4k4/9/9/9/9/9/9/9/9/9 w - - 0 1", "one general"),
        ("4k4/9/9/9/9/9/9/9/9/5K3 w - - 0 1", ""),
        ("4k4/9/9/9/9/9/9/9/9/2A1K4 w - - 0 1", "advisor cannot stand on c1"),
        ("4k4/9/9/9/9/9/9/9/9/B3K4 w - - 0 1", "elephant cannot stand on a1"),
        ("4k4/9/9/9/9/9/9/9/P8/4K4 w - - 0 1", "soldier cannot stand on a2"),
        ("4k4/9/9/9/9/9/9/9/9/3KK4 w - - 0 1", "one general"),
        ("4k4/9/9 w", "10 ranks"),
        ("4k4/9/9/9/9/9/9/9/9/4K4X w", "not a xiangqi piece letter"),
        ("4k4/9/9/9/9/9/9/9/9/4K4 x", "side to move"),
    ]:
        if why:
            with pytest.raises(BoardgenError, match=why):
                game.parse_position(fen)
        else:
            game.parse_position(fen)  # f1 is in the palace: fine


def test_moves_are_read_by_points_and_in_wxf() -> None:
    game = xiangqi()
    start = game.initial()
    assert game.parse_move(start, "h3-e3") == game.parse_move(start, "C2.5") == game.parse_move(start, "C2=5")
    assert game.parse_move(start, "h1-g3") == game.parse_move(start, "H2+3")
    assert game.wxf(start, game.parse_move(start, "i1-i2")) == "R1+1"
    with pytest.raises(BoardgenError, match="not legal"):
        game.parse_move(start, "C2+9")
    with pytest.raises(BoardgenError, match="write the point left"):
        game.parse_move(start, "nonsense")


@pytest.mark.skipif(pyffish is None, reason="pyffish (Fairy-Stockfish) cannot be imported here")
def test_wxf_as_fairy_stockfish_writes_it() -> None:
    """Random games: every move's WXF text is Fairy-Stockfish's (tandem pieces included)."""
    import random

    assert pyffish is not None
    game = xiangqi()
    rng = random.Random(5)
    checked = tandem = 0
    for _ in range(6):
        position = game.initial()
        fen = game.position_text(position)
        moves: list[str] = []
        for _ in range(120):
            legal = game.legal_moves(position)
            if not legal:
                break
            for move in rng.sample(legal, min(4, len(legal))):
                key = _key(game, move)
                theirs = pyffish.get_san("xiangqi", fen, key, False, pyffish.NOTATION_XIANGQI_WXF)
                ours = game.wxf(position, move)
                theirs = theirs.replace("=", ".")
                if ours != theirs:
                    # Fairy-Stockfish marks tandem pieces only where the file would be
                    # ambiguous; WXF (and boardgen) mark them always.
                    plain = ours[0] + theirs[1] + ours[2:]
                    assert ours[1] in "+-" and plain == theirs, (fen, key, ours, theirs)
                    tandem += 1
                checked += 1
            move = rng.choice(legal)
            moves.append(_key(game, move))
            position = game.play(position, move)
            fen, moves = game.position_text(position), []
    assert checked > 1000 and tandem < checked / 20


def _key(game: XiangqiGame, move: Any) -> str:
    name = game.spec.grid.name
    cf, ct = game.cell_of[move[0]], game.cell_of[move[1]]
    assert cf is not None and ct is not None
    return name(cf) + name(ct)


def test_rule_switches_are_checked() -> None:
    with pytest.raises(BoardgenError, match="repetitions must be 0"):
        xiangqi(repetitions=1)
    with pytest.raises(BoardgenError, match="unknown xiangqi parameter"):
        xiangqi(perpetual_checks_lose=True)
    with pytest.raises(BoardgenError, match="quiet_move_limit must be a whole number"):
        xiangqi(quiet_move_limit=-1)


def test_a_board_of_another_size_is_refused() -> None:
    variant = load_variant("xiangqi")
    spec = variant.game_spec()
    small = load_variant("go-9").game_spec()
    with pytest.raises(BoardgenError, match="9 files by 10 ranks"):
        make_game(replace(spec, grid=small.grid), "xiangqi")


def test_cli_perft_and_validate(tmp_path: Any) -> None:
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "boardgen", "perft", "xiangqi", "3"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.split() == ["1", "44", "2", "1920", "3", "79666"]
    checks = subprocess.run(
        [sys.executable, "-m", "boardgen", "validate", "xiangqi"], capture_output=True, text=True
    ).stdout
    assert re.search(r"xiangqi: ok   xiangqi moves: the xiangqi engine plays the setup", checks)
    assert "FAIL" not in checks
