"""``boardgen build``: every file for every game, byte-identical from one build to the next."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from boardgen.cli import main

IDS = ["american-checkers", "catchup", "hex9-checkers", "kruzno-checkers", "pool-checkers", "variante-dames"]
FILES = ["board.pdf", "board.svg", "start.pdf", "start.svg"]


def build(out: Path) -> dict[str, bytes]:
    result = CliRunner().invoke(main, ["build", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_build_writes_four_files_per_game_and_is_deterministic(tmp_path: Path) -> None:
    first = build(tmp_path / "one")
    assert sorted(first) == [f"{vid}/{name}" for vid in IDS for name in FILES]
    second = build(tmp_path / "two")
    assert first == second
    assert not list((tmp_path / "one").rglob("*.part"))


def test_build_summary_reports_files_and_pages(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    summary = result.output.splitlines()[-1]
    assert summary.startswith("built 24 files (")
    assert "PDF pages" in summary
