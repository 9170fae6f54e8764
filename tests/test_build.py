"""``boardgen build``: every file for every game, byte-identical from one build to the next."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from boardgen.cli import main
from boardgen.descriptor import load_variant

IDS = ["american-checkers", "catchup", "hex9-checkers", "kruzno-checkers", "pool-checkers", "variante-dames"]
FILES = [
    "board.pdf",
    "board.svg",
    "pieces.pdf",
    "rules-de.pdf",
    "rules-en.pdf",
    "rules-fr.pdf",
    "start.pdf",
    "start.svg",
]
BOOKLETS = ["booklet-de.pdf", "booklet-en.pdf", "booklet-fr.pdf"]


def expected_files() -> list[str]:
    """Every game's fixed files, one SVG per example move of its descriptor, and the booklets."""
    names = ["index.html", *BOOKLETS]
    for vid in IDS:
        examples = [f"example-{e.id}.svg" for e in load_variant(vid).examples]
        names += [f"{vid}/{name}" for name in [*FILES, *examples]]
    return sorted(names)


def build(out: Path) -> dict[str, bytes]:
    result = CliRunner().invoke(main, ["build", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_build_writes_every_file_of_every_game_and_is_deterministic(tmp_path: Path) -> None:
    first = build(tmp_path / "one")
    assert sorted(first) == expected_files()
    assert all(len(load_variant(vid).examples) >= 2 for vid in IDS)
    second = build(tmp_path / "two")
    assert first == second
    assert not list((tmp_path / "one").rglob("*.part"))


def test_build_summary_reports_files_and_pages(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    summary = result.output.splitlines()[-1]
    assert summary.startswith(f"built {len(expected_files())} files (")
    assert "PDF pages" in summary
