"""Every broken descriptor in tests/data/bad gives its one-line message and exit 2."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from boardgen.cli import main

BAD = Path(__file__).parent / "data" / "bad"
EXPECTED = dict(line.split("\t", 1) for line in (BAD / "EXPECTED.tsv").read_text("utf-8").splitlines())


def test_every_bad_file_has_an_expected_message() -> None:
    assert sorted(EXPECTED) == sorted(p.name for p in BAD.glob("*.yaml"))
    assert len(EXPECTED) >= 25


@pytest.mark.parametrize("name", sorted(EXPECTED))
@pytest.mark.parametrize("command", ["render", "validate"])
def test_bad_descriptor(name: str, command: str, in_tmp: Path) -> None:
    shutil.copy(BAD / name, in_tmp / name)
    args = [command, name] + (["-o", "out/board.svg"] if command == "render" else [])
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert result.stderr == EXPECTED[name] + "\n"
    assert "Traceback" not in result.output
    assert not (in_tmp / "out").exists()
    assert sorted(p.name for p in in_tmp.iterdir()) == [name]


def test_unknown_variant_id(in_tmp: Path) -> None:
    result = CliRunner().invoke(main, ["render", "kruzno", "-o", "x.svg"])
    assert result.exit_code == 2
    assert result.stderr.startswith("no variant 'kruzno'; did you mean kruzno-checkers?")
    assert not (in_tmp / "x.svg").exists()


def test_bad_option_is_a_usage_error(in_tmp: Path) -> None:
    result = CliRunner().invoke(main, ["render", "catchup", "--cell-size", "0", "-o", "x.svg"])
    assert result.exit_code == 2
    assert "--cell-size" in result.stderr
