"""Othello transcripts and WTHOR-derived game lists read as records."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import boardgen
from boardgen.cli import main
from boardgen.records.detect import record_format

ROOT = Path(__file__).resolve().parents[2]
WOC = ROOT / "examples" / "games" / "othello-woc-2010.txt"
GAME = (
    "f5d6c3d3c4f4f6f3e6e7d7g6f8f7h6c5c6d8e3b6g4b4b5h3h4e2d2g3f1f2g5e8c8c7a3e1d1c1b1c2a6g2b8a5g8h5"
    "h1a7b2g1a4b7h2a2a8a1b3h7g7h8"
)


def test_the_championship_transcripts_are_records_with_their_passes() -> None:
    records = boardgen.read_records(WOC)
    assert [r.result for r in records] == ["64-0", "40-24", "32-32"]
    first = records[0]
    assert first.format == "othello" and first.tags["White"] == "Terkelsen Signe"
    assert sum(p.written == "pass" for p in first.plies) == 7 and first.plies[-1].after.outcome() == "black"
    assert [p.written for p in first.plies[:3]] == ["f5", "f6", "e6"]  # capitals read as cells


def test_a_game_list_reads_its_header_as_tags() -> None:
    text = f"number;black;white;result;moves\n7;Ann;Bob;32-32;{GAME}\n8;Cy;Di;;{GAME[:20]}\n"
    first, second = boardgen.read_records(text, file="list.csv")
    assert first.tags["Black"] == "Ann" and first.tags["number"] == "7" and first.result == "32-32"
    assert len(second.plies) == 10 and second.result == "*"
    assert record_format(text, "list.csv") == "othello"
    assert record_format('[Event "x"]\n1. 11-15 23-19 *', "g.pdn") == "pdn"


def test_an_illegal_move_is_refused_at_its_line_and_column() -> None:
    with pytest.raises(boardgen.BoardgenError, match=r"^t\.txt:2:5: move 3 \(a1\): move 'a1' is not legal"):
        boardgen.read_records("% a comment\nf5d6a1", file="t.txt")


def test_the_game_command_lists_and_draws_othello(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["game", str(WOC)])
    assert result.exit_code == 0 and result.output.splitlines()[2].endswith("62 plies\t32-32")
    result = CliRunner().invoke(main, ["game", str(WOC), "--ply", "1", "-o", "p.svg"])
    assert result.exit_code == 0, result.stderr
    assert "Last move: f5." in Path("p.svg").read_text("utf-8")
