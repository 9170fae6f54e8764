"""One way in for every record format: ``boardgen.read_records`` / ``iter_records``.

The shipped records (``examples/games/*.sgf``, ``*.hgf``, the PDN games) are read through
the one entry point; each gives a :class:`boardgen.GameRecord` with tags, plies, a
result and positions, the same kind of value a PDN game is. Hostile records (a
truncated game, bad points, a 10 KB value, a huge board, a FIFO) each give one located
line. Go records are written back as SGF and read back the same.
"""

from __future__ import annotations

import io
import os
import threading
from pathlib import Path

import pytest

import boardgen
from boardgen.records.detect import record_format
from boardgen.records.sgf import tree as sgftree
from boardgen.scene.shapes import Group, Text
from boardgen.sheets.gamesheet import segments, stone_numbers

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "examples" / "games"
GO = sorted(GAMES.glob("go-*.sgf"))
HEX = sorted(GAMES.glob("hex-*.sgf"))
HAVANNAH = sorted(GAMES.glob("havannah-*.hgf"))


def test_the_public_names_are_exported() -> None:
    for name in ("read_records", "iter_records", "write_sgf"):
        assert name in boardgen.__all__ and getattr(boardgen, name).__doc__


@pytest.mark.parametrize("path", [*GO, *HEX, *HAVANNAH], ids=lambda p: p.name)
def test_every_shipped_record_reads_as_a_game_record(path: Path) -> None:
    (record,) = boardgen.read_records(path)
    assert isinstance(record, boardgen.GameRecord) and record.file == str(path)
    assert (
        record.game.id == {"go": "go-19", "hex": "hex-11", "havannah": "havannah-8"}[path.name.split("-")[0]]
    )
    assert record.format == ("hgf" if path.suffix == ".hgf" else "sgf")
    assert not record.numbered_in_pairs
    positions = record.positions()
    assert len(positions) == len(record.plies) + 1 and positions[0] == record.start
    for ply in record.plies:
        assert ply.number == ply.index  # one number per ply, as the players number moves
        assert ply.before.play(ply.move) == ply.after  # every ply is the engine's own move
        assert ply.written == ply.move.text and ply.mark is not None
    assert record.result != "*" and record.tags["Result"] == record.result


def test_a_go_record_keeps_its_komi_rules_and_players() -> None:
    (record,) = boardgen.read_records(GAMES / "go-ray-natsukaze-2019-uec.sgf")
    assert (record.tags["Black"], record.tags["White"], record.tags["Event"]) == (
        "Ray",
        "Natsukaze",
        "11th UEC Cup (UEC Cup 2019)",
    )
    assert (record.tags["Komi"], record.tags["Rules"], record.tags["Date"], record.tags["SZ"]) == (
        "6.5",
        "Japanese",
        "2019-12-14",
        "19",
    )
    assert record.plies[0].written == "d17" and record.plies[-1].written == "pass"
    assert record.tags["GC"] == "White wins by 3.5 points." and not any(p.comment for p in record.plies)
    end = record.positions()[-1]
    assert end.score() == {"black": 49.0, "white": 52.5}  # territory, komi 6.5: W+3.5
    assert end.outcome() == "white"
    shipped = boardgen.load("go-19")
    assert record.game is not shipped and record.game.variant is shipped.variant


def test_a_go_record_whose_komi_is_the_boards_plays_on_the_shipped_game() -> None:
    (record,) = boardgen.read_records("(;GM[1]SZ[9]KM[7.5];B[ee])")
    assert record.game is boardgen.load("go-9") and record.start == record.game.start


def test_set_up_stones_passes_and_comments() -> None:
    text = "(;GM[1]SZ[9]HA[2]AB[cc][gg]PL[W]C[two stones];W[ee]C[centre];B[];W[dd];W[ff])"
    (record,) = boardgen.read_records(text)
    assert record.start.turn == "white" and set(record.start.pieces()) == {"c7", "g3"}
    assert record.start != record.game.start and record.comment == "two stones"
    assert [p.written for p in record.plies] == ["e5", "pass", "d6", "pass", "f4"]  # a pass left out
    assert record.plies[0].comment == "centre" and record.tags["Handicap"] == "2"
    assert record.result == "*" and "Result" not in record.tags


def test_a_hex_swap_trades_the_players_and_stays_in_the_record() -> None:
    (record,) = boardgen.read_records(GAMES / "hex-11-mohex-wolve-2009.sgf")
    assert len(record.plies) == 86 and record.plies[0].comment == "swap-pieces"
    # MoHex moved first with Black (red); after Wolve's swap Wolve holds red, MoHex blue.
    assert (record.player("red"), record.player("blue")) == ("Wolve 0.9.GIT", "Mohex 0.9.GIT")
    assert record.result == "0-1" and record.tags["RE"] == "B+" and record.tags["Termination"] == "resign"
    assert record.positions()[-1].outcome() == "blue"


def test_a_hex_record_without_a_result_takes_the_winning_chain() -> None:
    (record,) = boardgen.read_records(GAMES / "hex-11-mohex-wolve-2008.sgf")
    assert record.result == "1-0" and "RE" not in record.tags and record.player("red") == "Red"


def test_a_havannah_record_names_the_first_player_white() -> None:
    (record,) = boardgen.read_records(GAMES / "havannah-8-bill-collins-jamjam-lg1048010.hgf")
    assert (record.player("white"), record.player("black")) == ("Bill Collins", "jamjam")
    assert record.plies[1].written == "swap" and record.game.engine.params.swap  # type: ignore[attr-defined]
    assert record.result == "0-1" and record.tags["RE"] == "W" and "Event" not in record.tags  # EV[null]


def test_the_format_is_told_by_content_with_the_name_a_hint(tmp_path: Path) -> None:
    assert record_format("% header\n\n(;GM[1])", "x.txt") == "sgf"
    assert record_format('[Event "x"]\n1. 11-15 *', "x.sgf") == "pdn"
    assert record_format("From: a mail\n(;GM[1]SZ[9])", "x.sgf") == "sgf"
    assert record_format("From: a mail\n(;GM[1]SZ[9])", "x.pdn") == "pdn"
    # Little Golem writes no GM: its cells (a capital and a number) say Havannah.
    (record,) = boardgen.read_records("(;FF[4]SZ[8]RU[LG];W[H8];B[G7])")
    assert record.game.id == "havannah-8" and record.format == "hgf"
    (pdn,) = boardgen.read_records("1. 11-15 23-19 *")
    assert pdn.format == "pdn" and pdn.numbered_in_pairs and pdn == boardgen.read_pdn("1. 11-15 23-19 *")[0]
    path = tmp_path / "game.sgf"
    path.write_text("(;GM[1]SZ[9];B[ee])", encoding="utf-8")
    assert boardgen.read_records(str(path))[0].file == str(path)
    with open(path, "rb") as handle:
        assert [p.written for p in boardgen.read_records(handle)[0].plies] == ["e5"]
    assert boardgen.read_records(io.StringIO("(;GM[1]SZ[9];B[ee])"), file="s.sgf")[0].file == "s.sgf"


def test_a_collection_is_read_game_by_game_and_bad_ones_can_be_skipped() -> None:
    text = "(;GM[1]SZ[9];B[ee])\n(;GM[1]SZ[9];B[ee];W[ee])\n(;GM[11]SZ[11];B[a1])"
    games = boardgen.iter_records(text, file="c.sgf")
    assert next(games).game.id == "go-9"
    with pytest.raises(boardgen.BoardgenError, match=r"^c\.sgf:2:19: SGF move 2 \(W\[ee\]\): .*taken"):
        next(games)
    seen: list[str] = []
    kept = boardgen.read_records(text, file="c.sgf", on_error=lambda e: seen.append(str(e)))
    assert [r.game.id for r in kept] == ["go-9", "hex-11"] and len(seen) == 1
    assert len(boardgen.read_records(text, skip_bad=True)) == 2


def test_a_game_given_must_fit_the_record() -> None:
    (record,) = boardgen.read_records("(;GM[1]SZ[9];B[ee])", game="go-9")
    assert record.game.id == "go-9"
    with pytest.raises(boardgen.BoardgenError, match=r"^g\.sgf:1:8: SGF: SZ\[9\]: go-19 .*cannot play"):
        boardgen.read_records("(;GM[1]SZ[9];B[ee])", file="g.sgf", game="go-19")
    with pytest.raises(
        boardgen.BoardgenError, match=r"hex-11 \(connection, rhombus 11x11\) cannot play a Go"
    ):
        boardgen.read_records("(;GM[1]SZ[11];B[ee])", game=boardgen.load("hex-11"))


def test_go_records_are_written_back_and_read_the_same() -> None:
    for path in [*GO, None]:
        source = path or "(;GM[1]SZ[9]HA[2]AB[cc][gg]PL[W]PB[A]C[x\\]y];W[ee]C[a\\\\b];B[])"
        (record,) = boardgen.read_records(source)
        text = boardgen.write_sgf(record)
        (again,) = boardgen.read_records(text, file="again.sgf")
        size = str(record.game.variant.grid.width)
        # FF[4] is the syntax written; GM and SZ are always said, the rest comes back as read.
        assert (
            again.tags == {**record.tags, "GM": "1", "FF": "4", "SZ": size} and again.result == record.result
        )
        assert [(p.written, p.comment) for p in again.plies] == [(p.written, p.comment) for p in record.plies]
        assert again.positions() == record.positions() and again.comment == record.comment
        assert max(len(line) for line in text.splitlines()) <= 79 or path is not None
        assert boardgen.write_sgf(again) == text


def test_writing_back_refuses_what_it_cannot_write() -> None:
    (hexgame,) = boardgen.read_records(HEX[0])
    with pytest.raises(boardgen.BoardgenError, match="write_sgf writes Go records, not hex-11"):
        boardgen.write_sgf(hexgame)
    with pytest.raises(boardgen.BoardgenError, match="write_pdn writes PDN records"):
        boardgen.write_sgf(boardgen.read_pdn("1. 11-15 *")[0])
    with pytest.raises(TypeError, match="write_sgf\\(\\) takes a GameRecord"):
        boardgen.write_sgf("(;GM[1])")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="read_records takes a path, a record's text or a file object"):
        boardgen.read_records(42)  # type: ignore[arg-type]


# -- hostile records: one located line each ------------------------------------------------------

HOSTILE = [
    ("(;GM[1]SZ[19];B[dd];W[", "t.sgf:1:21: SGF: property W has a value that never closes (no ']')"),
    ("(;GM[1]SZ[19];B[dd]\n;W[pp]", "t.sgf:2:7: SGF: the record ends before its last ')'"),
    ("(;GM[1]SZ[19]\n;B[dd];W[zz])", "t.sgf:2:7: SGF: move 2 (W, node 2): 'zz' is off a 19x19 board"),
    ("(;GM[1]SZ[19];B[d5])", "t.sgf:1:14: SGF: move 1 (B, node 1): 'd5' is not a point"),
    (
        "(;GM[1]SZ[19]PB[" + "x" * 10_240 + "])",
        "t.sgf:1:16: SGF: property PB has a value of more than 4,000 characters",
    ),
    (
        "(;GM[1]SZ[19];B[" + "a" * 10_240 + "])",
        "t.sgf:1:16: SGF: property B has a value of more than 4,000 characters",
    ),
    (
        "(;GM[1]SZ[" + "9" * 30 + "])",
        "t.sgf:1:8: SGF: SZ[99999999999999999999... (30 characters)] is not the size of a square board",
    ),
    ("(;GM[1]SZ[53])", "t.sgf:1:8: SGF: SZ[53]: boards from 2 to 52 points a side"),
    (
        "(;GM[1]SZ[25])",
        "t.sgf:1:8: SGF: SZ[25]: boardgen ships Go on 9x9 (go-9), 13x13 (go-13), 19x19 (go-19); "
        "give a descriptor of a 25x25 board with --variant",
    ),
    (
        "(;GM[11]SZ[13];B[a1])",
        "t.sgf:1:9: SGF: SZ[13]: boardgen ships Hex on 11x11 (hex-11), 14x14 (hex-14); "
        "give a descriptor of a 13x13 board with --variant",
    ),
    (
        "(;GM[2]SZ[8])",
        "t.sgf:1:3: SGF: GM[2] is not a game whose records boardgen reads: Go (GM[1]), Hex (GM[11]) "
        "and Little Golem's Havannah (.hgf)",
    ),
    (
        "(;GM[1]SZ[9]KM[5000])",
        "t.sgf:1:13: SGF: KM[5000]: komi must be a number from -1000 to 1000, not 5000.0",
    ),
    ("(;GM[1]SZ[9]AB[ee]AW[ee])", "t.sgf:1:19: SGF: AB and AW both put a stone on ee"),
    (
        "(;GM[11]SZ[11];B[a1];W[a1])",
        "t.sgf:1:21: Hex record move 2 (W[a1]): move 'a1': the cell is taken or the game is over",
    ),
]


@pytest.mark.parametrize("text,line", HOSTILE, ids=[line.split(": ", 1)[1][:40] for _, line in HOSTILE])
def test_a_hostile_record_is_one_located_line(text: str, line: str) -> None:
    with pytest.raises(boardgen.BoardgenError) as caught:
        boardgen.read_records(text, file="t.sgf")
    assert str(caught.value) == line


def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.sgf"
    os.mkfifo(fifo)
    done: list[str] = []
    thread = threading.Thread(target=lambda: done.append(_error(fifo)), daemon=True)
    thread.start()
    thread.join(10)
    assert done == [f"{fifo}: is a FIFO (a named pipe), not a file: only regular files are read"]


def _error(path: Path) -> str:
    try:
        boardgen.read_records(path)
    except boardgen.BoardgenError as error:
        return str(error)
    return "read"


BOUNDS = [
    (
        "MAX_NODES",
        3,
        "(;GM[1]SZ[9];B[aa];W[bb];B[cc])",
        "t.sgf:1:25: SGF: more than 3 nodes in one game's main line",
    ),
    (
        "MAX_VARIATIONS",
        2,
        "(;GM[1]SZ[9](;B[aa])(;B[bb])(;B[cc]))",
        "t.sgf:1:29: SGF: more than 2 variations in one game",
    ),
    (
        "MAX_TREE_NODES",
        4,
        "(;GM[1]SZ[9](;B[aa];W[bb])(;B[bb];W[aa]))",
        "t.sgf:1:34: SGF: more than 4 nodes in one game",
    ),
]


@pytest.mark.parametrize("name,value,text,line", BOUNDS, ids=[b[0] for b in BOUNDS])
def test_the_tree_is_bounded(
    monkeypatch: pytest.MonkeyPatch, name: str, value: int, text: str, line: str
) -> None:
    monkeypatch.setattr(sgftree, name, value)
    with pytest.raises(boardgen.BoardgenError) as caught:
        boardgen.read_records(text, file="t.sgf")
    assert str(caught.value) == line


def test_plies_and_games_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgen.records import formats as records
    from boardgen.records.sgf import boards as sgfboards

    monkeypatch.setattr(sgfboards, "MAX_PLIES", 2)
    with pytest.raises(boardgen.BoardgenError, match=r"^t\.sgf:1:25: more than 2 plies in one game$"):
        boardgen.read_records("(;GM[1]SZ[9];B[aa];W[bb];B[cc])", file="t.sgf")
    monkeypatch.setattr(records, "MAX_GAMES", 2)
    with pytest.raises(boardgen.BoardgenError, match=r"^t\.sgf:3:2: more than 2 games in one file$"):
        boardgen.read_records("(;GM[1]SZ[9])\n(;GM[1]SZ[9])\n(;GM[1]SZ[9])", file="t.sgf")


def test_variations_are_kept_beside_the_main_line() -> None:
    text = "(;GM[1]SZ[9];B[ee](;W[cc](;B[gg])(;B[gc]))(;W[gg];B[cc]))"
    (record,) = boardgen.read_records(text)
    assert [p.written for p in record.plies] == ["e5", "c7", "g3"]
    assert record.plies[1].variations == ("g3 c7",) and record.plies[2].variations == ("g7",)


# -- the game sheet's numbered stones -------------------------------------------------------------


def test_a_sheet_row_numbers_the_stones_still_standing() -> None:
    # White's b9 is taken by Black's b8 at move 5: its number goes with it.
    (record,) = boardgen.read_records("(;GM[1]SZ[9];B[aa];W[ba];B[ca];W[ee];B[bb];W[ff])")
    rows = segments(record, 5)
    assert [len(r) for r in rows] == [5, 1]
    assert stone_numbers(record, rows[0]) == {"a9": "1", "c9": "3", "e5": "4", "b8": "5"}
    assert stone_numbers(record, segments(record, 3)[0]) == {"a9": "1", "b9": "2", "c9": "3"}
    assert stone_numbers(record, rows[1]) == {"f4": "6"}
    (pdn,) = boardgen.read_pdn("1. 11-15 23-19 *")
    assert stone_numbers(pdn, pdn.plies) == {} and [len(r) for r in segments(pdn, 1)] == [2]


def test_labels_are_written_in_the_ink_that_reads_on_each_stone() -> None:
    position = boardgen.load("go-9").position("B:e5:W:c3/B")
    drawn = boardgen.draw.diagrams.scene(position, labels={"e5": "1", "c3": "12", "a1": "x"})
    groups = [item for item in drawn.items if isinstance(item, Group) and item.label == "labels"]
    texts = {t.text: t for t in groups[0].items if isinstance(t, Text)}
    assert texts["1"].fill == "#f4eee0" and texts["12"].fill == "#2a1d14"  # light on black, dark on white
    assert texts["1"].size > texts["12"].size > 0 and texts["1"].anchor == "middle"
    assert "Labelled: e5 1, c3 12, a1 x." in drawn.description
