"""PGN records: chess games read (SAN, long algebraic and UCI moves, comments, NAGs,
variations as a tree), replayed to their recorded results, and written back."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import boardgen
from boardgen.cli import main
from boardgen.errors import BoardgenError
from boardgen.records.detect import record_format
from boardgen.records.pgn import read_pgn, write_pgn
from tests.support.tools import DATA

GAMES = DATA / "chess"

#: The real games of tests/data/chess (SOURCES.md): file, games, plies of each, results.
PUBLISHED = [
    (
        "kasparov-deep-blue-1997.pgn",
        [89, 89, 95, 111, 98, 37],
        ["1-0", "1-0", "1/2-1/2", "1/2-1/2", "1/2-1/2", "1-0"],
    ),
    ("molinari-bordais-1979.pgn", [10], ["0-1"]),
    ("nepomniachtchi-liren-game1.pgn", [97], ["1/2-1/2"]),
    ("cutechess-fischerrandom.pgn", [120, 99, 70, 107], ["0-1", "1-0", "0-1", "1-0"]),
    ("uci-moves.pgn", [113], ["1/2-1/2"]),
]


@pytest.mark.parametrize(("file", "plies", "results"), PUBLISHED, ids=[p[0] for p in PUBLISHED])
def test_published_games_replay_to_their_recorded_results(
    file: str, plies: list[int], results: list[str]
) -> None:
    records = boardgen.read_records(GAMES / file)
    assert [len(r.plies) for r in records] == plies
    assert [r.result for r in records] == results
    for record in records:
        assert record.format == "pgn" and record.numbered_in_pairs
        end = record.positions()[-1].ending()
        if end is not None:  # the game ended on the board: its result is the rule's
            winner = {"white": "1-0", "black": "0-1", "draw": "1/2-1/2"}[end.result]
            assert record.result == winner, (file, end)
        else:  # resigned or agreed: the board says nothing against the result
            assert record.result in ("1-0", "0-1", "1/2-1/2")


def test_the_mates_and_the_chess960_games() -> None:
    mate = boardgen.read_records(GAMES / "molinari-bordais-1979.pgn")[0]
    assert mate.plies[-1].move.text == "Nd3#" and mate.positions()[-1].outcome() == "black"
    random = boardgen.read_records(GAMES / "cutechess-fischerrandom.pgn")
    assert {r.game.id for r in random} == {"chess960"}
    assert random[0].start.text == "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1"
    assert random[0].plies[0].comment == "+0.13/12 0.29s"
    assert any(p.move.text.startswith("O-O") for r in random for p in r.plies)


def test_deep_blue_1997_game_six() -> None:
    game = boardgen.read_records(GAMES / "kasparov-deep-blue-1997.pgn")[5]
    assert (game.player("white"), game.player("black")) == ("Deep Blue (Computer)", "Garry Kasparov")
    assert [p.written for p in game.plies[:6]] == ["e4", "c6", "d4", "d5", "Nc3", "dxe4"]
    assert game.plies[-1].number == 19 and game.plies[-1].written == "c4"


def test_uci_moves_are_read_and_written_back_in_san() -> None:
    record = boardgen.read_records(GAMES / "uci-moves.pgn")[0]
    assert record.plies[0].written == "g1f3" and record.plies[0].move.text == "Nf3"
    text = boardgen.write_pgn(record)
    assert "1. Nf3 c5 2. e4 d6" in text and "e1c1" not in text and "O-O-O" in text
    again = read_pgn(text)[0]
    assert [p.move.text for p in again.plies] == [p.move.text for p in record.plies]


ANNOTATED = """\
[Event "Casual game"]
[Site "Berlin"]
[Date "1852.??.??"]
[White "Anderssen, Adolf"]
[Black "Dufresne, Jean"]
[Result "1-0"]

{The Evergreen Game, opening only.} 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 $1 {the Evans
Gambit} Bxb4 (4... Bb6 5. a4 (5. b5 Na5) 5... a6) 5. c3 Ba5 6. d4 exd4 7. O-O! d3?!
; a rest-of-line comment
8. Qb3 Qf6 9. e5 Qg6 10. Re1 Nge7 11. Ba3 b5 12. Qxb5 Rb8 13. Qa4 Bb6 14. Nbd2 Bb7
15. Ne4 Qf5 16. Bxd3 Qh5 17. Nf6+ gxf6 18. exf6 Rg8 19. Rad1 Qxf3 20. Rxe7+ Nxe7
21. Qxd7+ Kxd7 22. Bf5+ Ke8 23. Bd7+ Kf8 24. Bxe7# 1-0
"""


def test_comments_nags_and_variations_as_a_tree() -> None:
    record = read_pgn(ANNOTATED)[0]
    assert record.comment == "The Evergreen Game, opening only."
    assert record.plies[6].nags == ("$1",) and record.plies[6].comment == "the Evans Gambit"
    assert record.plies[12].nags == ("!",) and record.plies[13].nags == ("?!",)
    assert record.plies[13].comment == "a rest-of-line comment"
    side = record.plies[7].lines[0]  # 4... Bb6 instead of 4... Bxb4
    assert [p.move.text for p in side.plies] == ["Bb6", "a4", "a6"]
    assert side.plies[0].number == 4 and side.plies[1].number == 5
    assert [p.move.text for p in side.plies[1].lines[0].plies] == ["b5", "Na5"]
    end = record.positions()[-1]
    assert record.plies[-1].move.text == "Bxe7#" and end.outcome() == "white"


def test_what_is_written_reads_back_the_same() -> None:
    record = read_pgn(ANNOTATED)[0]
    text = write_pgn(record)
    assert text.startswith('[Event "Casual game"]\n[Site "Berlin"]\n[Date "1852.??.??"]\n[Round "?"]\n')
    moves = " ".join(text.split())  # after a comment or a variation, Black's move gets its number
    assert "4. b4 $1 {the Evans Gambit} 4... Bxb4 (4... Bb6 5. a4 (5. b5 Na5) 5... a6) 5. c3" in moves
    assert "7. O-O! d3?! {a rest-of-line comment} 8. Qb3" in moves
    again = read_pgn(text)[0]
    assert again.positions() == record.positions() and again.result == "1-0"
    assert [(p.comment, p.nags) for p in again.plies] == [(p.comment, p.nags) for p in record.plies]
    assert write_pgn(again) == text
    assert all(len(line) <= 79 for line in text.splitlines())


def test_a_game_from_a_fen_writes_setup_and_fen() -> None:
    record = read_pgn('[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 60"]\n60. a8=Q+ Kd7 61. Qb7+ *')[0]
    assert record.plies[0].number == 60 and record.plies[2].number == 61
    text = write_pgn(record)
    assert '[SetUp "1"]' in text and '[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 60"]' in text
    assert "60. a8=Q+ Kd7 61. Qb7+ *" in text
    black = read_pgn('[FEN "4k3/8/8/8/8/8/8/4K2R b K - 3 12"] 12... Kd7 13. O-O *')[0]
    assert "12... Kd7 13. O-O *" in write_pgn(black)


def test_the_format_is_told_by_its_content() -> None:
    assert record_format("1. e4 e5 2. Nf3 *", "<text>") == "pgn"
    assert record_format('[Event "x"]\n1. d4 Nf6 *', "<text>") == "pgn"
    assert record_format('[Event "x"]\n{a note} 1. Nf3 *', "<text>") == "pgn"
    assert record_format("1. O-O *", "<text>") == "pgn"
    assert record_format('[FEN "8/8/8/8/8/8/8/K1k5 w - - 0 1"]\n*', "<text>") == "pgn"
    assert record_format('[Variant "Chess960"]', "<text>") == "pgn"
    assert record_format("1. 11-15 23-19 *", "<text>") == "pdn"
    assert record_format('[GameType "25"]\n1. c3-d4 f6-e5 *', "<text>") == "pdn"
    assert record_format("1. c3d4 f6e5 *", "<text>") == "pdn"
    assert record_format("1. g1f3 c7c5 *", "game.pgn") == "pgn"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "1. e4 e5 2. Nf4 *",
            "<pgn>:1:13: move 2 (Nf4): move 'Nf4' is not legal here; legal moves: Ba6, Bb5",
        ),
        ("1. e4 e5 3. Nf3 *", "<pgn>:1:10: move number 3: this is move 2"),
        ('[Variant "Crazyhouse"]\n1. e4 *', "<pgn>:1:1: Variant 'Crazyhouse' is not a game boardgen plays"),
        ("1. e4 -- 2. d4 *", "<pgn>:1:7: a null move ('--', 'Z0') is no move of chess"),
        (
            '[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n*',
            "<pgn>:1:1: FEN: position '8/8/8/8/8/8/8/8 w - - 0 1': White has 0 kings",
        ),
        ("1. e4 {never closed", "<pgn>:1:7: comment '{' is never closed"),
        ("1. e4 (1. d4 *", "<pgn>:1:7: variation '(' is never closed"),
        ("1. e4 e5 2. Rf3 *", "<pgn>:1:13: move 2 (Rf3): move 'Rf3' is not legal"),
    ],
)
def test_a_bad_record_is_refused_at_its_place(text: str, message: str) -> None:
    with pytest.raises(BoardgenError) as info:
        read_pgn(text)
    assert str(info.value).startswith(message)
    assert "\n" not in str(info.value)


def test_bad_games_can_be_skipped_and_the_others_read() -> None:
    text = '[Event "1"]\n1. e4 e5 *\n\n[Event "2"]\n1. e5 *\n\n[Event "3"]\n1. d4 d5 *\n'
    seen: list[BoardgenError] = []
    records = read_pgn(text, skip_bad=True, on_error=seen.append)
    assert [r.tags["Event"] for r in records] == ["1", "3"]
    assert len(seen) == 1 and str(seen[0]).startswith("<pgn>:5:4: move 1 (e5)")


def test_write_pgn_refuses_a_draughts_record() -> None:
    draughts = boardgen.read_records("examples/tinsley-chinook-1992-game32.pdn")[0]
    with pytest.raises(BoardgenError, match="write_pgn\\(\\) writes games of chess"):
        boardgen.write_pgn(draughts)


def test_the_game_command_reads_and_writes_pgn(tmp_path: Path) -> None:
    runner = CliRunner()
    listing = runner.invoke(main, ["game", str(GAMES / "kasparov-deep-blue-1997.pgn")])
    assert listing.exit_code == 0, listing.output
    assert listing.stdout.splitlines()[5] == "6\tchess\tDeep Blue (Computer) - Garry Kasparov\t37 plies\t1-0"
    ply = runner.invoke(main, ["game", str(GAMES / "molinari-bordais-1979.pgn"), "--ply", "10"])
    assert ply.stdout.strip() == "r1bqkb1r/pp1ppppp/5n2/2p5/2P1P3/2Nn2P1/PP1PNP1P/R1BQKB1R w KQkq - 1 6"
    out = tmp_path / "uci.pgn"
    written = runner.invoke(main, ["game", str(GAMES / "uci-moves.pgn"), "-o", str(out)])
    assert written.exit_code == 0, written.output
    assert "1. Nf3 c5" in out.read_text("utf-8")
    wrong = runner.invoke(main, ["game", str(GAMES / "uci-moves.pgn"), "-o", str(tmp_path / "x.pdn")])
    assert wrong.exit_code == 2 and "a PGN record is written back as .pgn" in wrong.stderr


def test_a_pgn_game_becomes_a_game_sheet_and_an_animation(tmp_path: Path) -> None:
    runner = CliRunner()
    game = str(GAMES / "molinari-bordais-1979.pgn")
    sheet, gif = tmp_path / "mate.pdf", tmp_path / "mate.gif"
    assert runner.invoke(main, ["game", game, "-o", str(sheet), "--every", "5"]).exit_code == 0
    assert runner.invoke(main, ["game", game, "-o", str(gif), "--width", "200"]).exit_code == 0
    assert sheet.read_bytes().startswith(b"%PDF") and gif.read_bytes().startswith(b"GIF8")
    last = boardgen.read_records(GAMES / "molinari-bordais-1979.pgn")[0].diagrams()[-1]
    assert "In check: the king on e1." in last and "Last move: b4 to d3." in last
