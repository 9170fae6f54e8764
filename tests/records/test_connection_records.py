"""Published Hex and Havannah games replayed by the connection family.

``examples/games/hex-11-*.sgf`` are Computer Olympiad games (2008, 2009, 2010) as
HexGui and twogtp.py saved them for the Benzene team; ``examples/games/havannah-8-*.hgf``
are Little Golem games as Little Golem exported them. Each file's header cites its
source; the record below the header is the source's, byte for byte. Every ply must be
the engine's legal move, and the end must agree with the record: a game whose last
move is a stone ends there with that stone's player winning (and with the shape the
test names), a resignation is the loser's, and ``RE`` names the same winner.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardgen.errors import BoardgenError
from boardgen.records.sgf.hex_havannah import (
    Replay,
    parse_hex_sgf,
    parse_lg_havannah,
    read_connection_record,
    record_game,
    replay_record,
)
from boardgen.rules.connection import SWAP

GAMES = Path(__file__).resolve().parents[2] / "examples" / "games"
RECORDS = sorted([*GAMES.glob("hex-*.sgf"), *GAMES.glob("havannah-*.hgf")])
SOURCE = re.compile(r"^% Source: https?://", re.MULTILINE)


def test_there_are_hex_and_havannah_records() -> None:
    names = [p.name for p in RECORDS]
    assert sum(n.startswith("hex-11-") for n in names) == 3
    assert sum(n.startswith("havannah-8-") for n in names) == 3


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_published_connection_game_replays_to_its_end(path: Path) -> None:
    text = path.read_text(encoding="latin-1")
    assert SOURCE.search(text), f"{path.name} does not cite its source"
    assert "github.com/" in text and re.search(r"commit [0-9a-f]{40}", text)
    record = read_connection_record(path)
    replay = replay_record(record)
    game = replay.game
    assert path.stem.startswith(game.spec.id), f"{path.name} is named after another board"
    # Every ply is one of the engine's legal moves, and playing it gives the next position.
    assert len(replay.positions) == len(replay.moves) + 1
    for before, move, after in zip(replay.positions, replay.moves, replay.positions[1:], strict=False):
        assert move in game.legal_moves(before)
        assert game.play(before, move) == after
    ending = game.ending(replay.positions[-1])
    last_mover = game.to_move(replay.positions[-2])
    if not replay.ended_by:
        # The last stone completes the winning shape, and the record names the same winner.
        assert ending is not None and ending.result == last_mover
        assert replay.positions[-2].winner < 0 and replay.positions[-1].goal
    else:
        assert ending is None or ending.result != replay.loser
    if replay.winner:
        assert replay.winner != replay.loser
        assert ending is None or ending.result == replay.winner


def _replay(name: str) -> Replay:
    return replay_record(read_connection_record(GAMES / name))


def test_the_2008_olympiad_game_ends_with_blacks_chain() -> None:
    replay = _replay("hex-11-mohex-wolve-2008.sgf")
    assert len(replay.moves) == 59 and replay.game.spec.id == "hex-11"
    end = replay.positions[-1]
    assert end.goal == "connect" and replay.game.ending(end).result == "red"  # type: ignore[union-attr]
    assert replay.game.move_text(replay.positions[-2], replay.moves[-1]) == "c1"


def test_the_2009_olympiad_game_swaps_sides_and_names_the_player() -> None:
    record = read_connection_record(GAMES / "hex-11-mohex-wolve-2009.sgf")
    assert record.properties["PB"] == ["Mohex 0.9.GIT"] and record.result == "B+"
    assert record.moves[:3] == (("B", "a9"), ("W", "swap-pieces"), ("W", "b10"))
    replay = replay_record(record)
    # HexGui's swap trades colours and moves no stone: 88 moves, 86 stones, one resignation.
    assert len(record.moves) == 88 and len(replay.moves) == 86 and SWAP not in replay.moves
    # White's k6 completes White's chain; Black then resigns. RE[B+] is PB, MoHex, who
    # after Wolve's swap held White's stones.
    assert replay.game.ending(replay.positions[-1]).result == "blue"  # type: ignore[union-attr]
    assert (replay.ended_by, replay.loser, replay.winner) == ("resign", "red", "blue")


def test_the_havannah_games_end_with_a_bridge_a_ring_and_a_fork() -> None:
    shapes = {
        "havannah-8-christian-freeling-wanderer-lg1157520.hgf": ("bridge", 81, "white", False),
        "havannah-8-bill-collins-jamjam-lg1048010.hgf": ("ring", 72, "black", True),
        "havannah-8-tobrt-tumrak-lg1066763.hgf": ("fork", 84, "black", True),
    }
    for name, (goal, plies, winner, swapped) in shapes.items():
        replay = _replay(name)
        assert replay.game.params.swap is swapped
        assert (SWAP in replay.moves) is swapped and len(replay.moves) == plies
        assert replay.positions[-1].goal == goal and replay.winner == winner


def test_little_golems_swap_takes_the_first_stone_over_on_its_cell() -> None:
    replay = _replay("havannah-8-bill-collins-jamjam-lg1048010.hgf")
    game, after_swap = replay.game, replay.positions[2]
    assert replay.moves[1] == SWAP
    first_stone = replay.moves[0]
    assert game.pieces(after_swap)[first_stone].player == "black"
    assert game.to_move(after_swap) == "white"


def test_little_golem_cells_are_read_row_by_row() -> None:
    # Row A is the first row of 8 cells, row H the middle one (15), row O the last (8);
    # past the middle, boardgen's line letters start further on.
    record = parse_lg_havannah("(;SZ[8];W[A1];B[H15];W[O8];B[I1])")
    replay = replay_record(record)
    names = [replay.game.move_text(p, m) for p, m in zip(replay.positions, replay.moves, strict=False)]
    assert names == ["a1", "o8", "o15", "b9"]


def test_bad_records_name_the_problem_and_its_place() -> None:
    with pytest.raises(BoardgenError, match="GM\\[1\\] is not a game of Hex"):
        parse_hex_sgf("(;GM[1]SZ[11];B[a1])")
    with pytest.raises(BoardgenError, match="off a 11x11 board") as off:
        parse_hex_sgf("(;GM[11]SZ[11]\n;B[a1]\n;W[l1])")
    assert off.value.mark is not None and off.value.mark.line == 3
    with pytest.raises(BoardgenError, match="a swap is the second player's first move"):
        replay_record(parse_hex_sgf("(;GM[11]SZ[11];B[a1];W[b2];B[swap-pieces])"))
    with pytest.raises(BoardgenError, match="out of turn"):
        replay_record(parse_hex_sgf("(;GM[11]SZ[11];B[a1];B[b2])"))
    with pytest.raises(BoardgenError, match=r"move 3 .*the cell is taken"):
        replay_record(parse_hex_sgf("(;GM[11]SZ[11];B[a1];W[b2];B[a1])"))
    with pytest.raises(BoardgenError, match="ended with resign"):
        replay_record(parse_lg_havannah("(;SZ[8];W[A1];B[resign];W[B2])"))
    with pytest.raises(BoardgenError, match="off a board of base 8"):
        parse_lg_havannah("(;SZ[8];W[A9])")
    with pytest.raises(BoardgenError, match="no shipped board plays hex of size 13"):
        record_game(parse_hex_sgf("(;GM[11]SZ[13];B[a1])"))


def test_a_bad_file_is_one_located_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.sgf"
    path.write_text("% a header\n(;GM[11]SZ[11]\n;B[a1];W[zz])\n", encoding="utf-8")
    with pytest.raises(BoardgenError) as error:
        read_connection_record(path)
    assert str(error.value).startswith(f"{path}:3:7: Hex SGF move 2 (W[zz])")
    assert "\n" not in str(error.value)
