"""The commands a user types, through click's CliRunner."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from boardgen import __version__
from boardgen.cli import main


def test_list_shows_every_game_with_its_cell_count() -> None:
    result = CliRunner().invoke(main, ["list"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) == 38  # six original, eleven draughts, Breakthrough, LOA, 19 classic boards
    table = {line.split()[0]: line for line in lines}
    assert "91 cells" in table["kruzno-checkers"]
    assert "hexhex side 9" in table["hex9-checkers"] and "217 cells" in table["hex9-checkers"]
    assert table["catchup"].endswith("cells  en de fr")
    assert "square 8x8" in table["variante-dames"]
    assert "square 10x10" in table["international-draughts"]
    assert "hexhex side 5" in table["hexdame"] and "61 cells" in table["hexdame"]
    assert "lines 19x19" in table["go-19"] and "361 cells" in table["go-19"]
    assert "rhombus 11x11" in table["hex-11"] and "star" in table["chinese-checkers"]


def test_every_command_has_help() -> None:
    for command in ([], ["list"], ["render"], ["build"], ["validate"]):
        result = CliRunner().invoke(main, [*command, "--help"])
        assert result.exit_code == 0 and "Usage:" in result.output


@pytest.mark.parametrize("fmt", ["svg", "pdf"])
def test_render_writes_the_requested_file(fmt: str, in_tmp: Path) -> None:
    out = in_tmp / f"start.{fmt}"
    result = CliRunner().invoke(main, ["render", "pool-checkers", "--what", "start", "-o", str(out)])
    assert result.exit_code == 0, result.output
    head = out.read_bytes()[:5]
    assert head == (b"%PDF-" if fmt == "pdf" else b"<?xml")
    assert [p.name for p in in_tmp.iterdir()] == [out.name]


def test_render_accepts_a_path_to_a_descriptor(in_tmp: Path) -> None:
    source = Path(__file__).resolve().parents[2] / "variants" / "catchup.yaml"
    result = CliRunner().invoke(main, ["render", str(source), "--cell-size", "12", "-o", "c.svg"])
    assert result.exit_code == 0, result.output
    assert 'width="' in (in_tmp / "c.svg").read_text("utf-8")


def test_python_dash_m_works() -> None:
    result = subprocess.run([sys.executable, "-m", "boardgen", "--version"], capture_output=True, text=True)
    assert result.returncode == 0
    assert result.stdout.startswith("boardgen, version ")


def test_version_and_command_suggestions() -> None:
    runner = CliRunner()
    version = runner.invoke(main, ["--version"])
    assert version.exit_code == 0 and version.output == f"boardgen, version {__version__}\n"
    typo = runner.invoke(main, ["buidl"])
    assert typo.exit_code == 2 and "Did you mean 'build'?" in typo.stderr


def test_shell_completion_offers_variant_ids_then_files() -> None:
    runner = CliRunner()
    env = {"_BOARDGEN_COMPLETE": "bash_complete", "COMP_WORDS": "boardgen render po", "COMP_CWORD": "2"}
    result = runner.invoke(main, [], env=env, prog_name="boardgen")
    assert result.output.split() == ["plain,pool-checkers"]
    env["COMP_WORDS"] = "boardgen validate my/"
    result = runner.invoke(main, [], env=env, prog_name="boardgen")
    assert result.output.split() == ["file,my/"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rendr"], "Error: No such command 'rendr'. Did you mean 'render'? (see 'boardgen --help')"),
        (["render"], "Error: Missing argument 'VARIANT'. (see 'boardgen render --help')"),
        (
            ["diagram", "catchup", "--size", "nan", "-o", "x.svg"],
            "Error: Invalid value for '--size': write a width in pixels from 16 to 4000, not 'nan' "
            "(see 'boardgen diagram --help')",
        ),
        (
            ["perft", "catchup", "0"],
            "Error: Invalid value for 'DEPTH': 0 is not in the range 1<=x<=64. (see 'boardgen perft --help')",
        ),
    ],
)
def test_a_usage_error_is_one_line(args: list[str], message: str, in_tmp: Path) -> None:
    result = CliRunner().invoke(main, args, prog_name="boardgen")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [message]
    assert list(in_tmp.iterdir()) == []


def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    # `boardgen render ... -o - | head -c 0`: the reader is gone before the PDF is written.
    command = [sys.executable, "-m", "boardgen", "render", "hex9-checkers", "--what", "rules", "-o", "-"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    status = process.wait(timeout=60)
    assert process.stderr.read() == b""  # no "Broken pipe", no traceback
    assert status == 141  # 128 + SIGPIPE, as a shell reports a program ended by it
