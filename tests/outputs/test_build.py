"""``boardgen build``: every file for every game, the same bytes from any build, never half a file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from boardgen.cli import main
from boardgen.descriptor import load_variant

ROOT = Path(__file__).resolve().parents[2]
#: The games these tests build (the six of ``make boards``; the library has more).
IDS = ["american-checkers", "catchup", "hex9-checkers", "kruzno-checkers", "pool-checkers", "variante-dames"]
#: Files without words, then one file per language for each kind with words.
FILES = ["board.svg", "start.svg"] + [
    f"{what}-{lang}.pdf" for what in ("board", "pieces", "rules", "start") for lang in ("de", "en", "fr")
]
BOOKLETS = [f"booklet-{lang}{edition}.pdf" for lang in ("de", "en", "fr") for edition in ("", "-fold")]


def expected_files() -> list[str]:
    """Every game's fixed files, one SVG per example move of its descriptor, the booklets, the gallery."""
    names = ["index.html", *BOOKLETS]
    for vid in IDS:
        examples = [f"example-{e.id}.svg" for e in load_variant(vid).examples]
        names += [f"{vid}/{name}" for name in [*FILES, *examples]]
    return sorted(names)


def build(out: Path, *options: str) -> dict[str, bytes]:
    result = CliRunner().invoke(main, ["build", "--out", str(out), "--quiet", *options, *IDS])
    assert result.exit_code == 0, result.output
    assert result.output == ""
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_build_writes_every_file_the_same_with_one_worker_or_two(tmp_path: Path) -> None:
    first = build(tmp_path / "one", "--jobs", "1")
    assert sorted(first) == expected_files()
    assert all(len(load_variant(vid).examples) >= 2 for vid in IDS)
    second = build(tmp_path / "two", "--jobs", "2")
    assert first == second


def test_build_summary_reports_files_pages_and_workers(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "--out", str(tmp_path), "--jobs", "2", *IDS])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1, "piped: no progress, only the summary"
    assert lines[0].startswith(f"built {len(expected_files())} files (")
    assert "PDF pages" in lines[0] and lines[0].endswith("with 2 workers")


def complete(path: Path) -> bool:
    """A whole file: PDFs end with their trailer, SVG and HTML parse or close."""
    data = path.read_bytes()
    if path.suffix == ".pdf":
        return data.rstrip().endswith(b"%%EOF")
    if path.suffix == ".svg":
        ET.fromstring(data)
        return True
    return data.rstrip().endswith(b"</html>")


def start_build(out: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "BOARDGEN_VARIANTS": str(ROOT / "variants")}
    command = [sys.executable, "-m", "boardgen", "build", "--out", str(out), "--jobs", "1", "--quiet", *IDS]
    return subprocess.Popen(command, env=env, cwd=ROOT)


def wait_for_files(out: Path, count: int) -> None:
    deadline = time.monotonic() + 60
    while len([p for p in out.rglob("*") if p.is_file()]) < count:
        assert time.monotonic() < deadline, "the build wrote nothing"
        time.sleep(0.02)


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_a_killed_build_leaves_only_whole_files(tmp_path: Path, how: signal.Signals) -> None:
    out = tmp_path / "out"
    process = start_build(out)
    wait_for_files(out, 12)
    process.send_signal(how)
    process.wait(timeout=30)
    outputs = [p for p in out.rglob("*") if p.is_file() and not p.name.endswith(".part")]
    assert 12 <= len(outputs) < len(expected_files())
    assert all(complete(p) for p in outputs)
    leftovers = list(out.rglob("*.part"))
    if how == signal.SIGTERM:
        assert process.returncode == 128 + signal.SIGTERM and leftovers == []
    else:
        (out / "american-checkers" / ".board-en.pdf.0123456789ab.part").write_bytes(b"%PDF-1.4 half")
        (out / "american-checkers" / ".download.part").write_bytes(b"another program's")
        build(out)
        assert [p.name for p in out.rglob("*.part")] == [".download.part"]


def test_build_writes_nothing_outside_its_folder(in_tmp: Path) -> None:
    (in_tmp / "out").mkdir()
    (in_tmp / "out" / "notes.txt").write_text("mine")
    build(in_tmp / "out" / "site", "--jobs", "2")
    assert sorted(p.relative_to(in_tmp).as_posix() for p in in_tmp.rglob("*") if "site" not in p.parts) == [
        "out",
        "out/notes.txt",
    ]
    assert (in_tmp / "out" / "notes.txt").read_text() == "mine"


def test_sigterm_exit_status_survives_reportlab_reraising_it() -> None:
    """reportlab re-creates an exception raised during layout with an annotated message;
    the SIGTERM exit must still leave with status 143 (128 + SIGTERM), not 1."""
    from reportlab.lib.utils import annotateException

    from boardgen.cli._boards import _Terminated

    with pytest.raises(SystemExit) as info:
        try:
            raise _Terminated
        except SystemExit:
            annotateException("\nhandle_pageBegin args=()")
    assert info.value.code == 128 + signal.SIGTERM
    assert isinstance(info.value, _Terminated)
