"""Every broken descriptor in tests/data/bad gives its one-line message and exit 2.

``EXPECTED.tsv`` has one row per file: its name, the exit status of ``validate`` (2 for
a descriptor that cannot be read, 1 for one that reads but fails a setup check) and the
exact line ``FILE:LINE:COL: key.path: what is wrong``. ``render`` refuses every one of
them with that line and exit 2, and writes nothing; ``validate`` prints the line on
stderr (bad input) or as the FAIL line of the check (a failed check).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from boardgen.cli import main

BAD = Path(__file__).parents[1] / "data" / "bad"
ROWS = [line.split("\t", 2) for line in (BAD / "EXPECTED.tsv").read_text("utf-8").splitlines()]
EXPECTED = {name: (int(status), message) for name, status, message in ROWS}


def test_every_bad_file_has_an_expected_message() -> None:
    assert sorted(EXPECTED) == sorted(p.name for p in BAD.glob("*.yaml"))
    assert len(EXPECTED) >= 30
    for name, (status, message) in EXPECTED.items():
        assert status in (1, 2)
        assert message.startswith(f"{name}:") and "Traceback" not in message


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_render_refuses_with_one_located_line(name: str, in_tmp: Path) -> None:
    shutil.copy(BAD / name, in_tmp / name)
    result = CliRunner().invoke(main, ["render", name, "-o", "out/board.svg"])
    assert result.exit_code == 2, result.output
    assert result.stderr == EXPECTED[name][1] + "\n"
    assert result.stdout == ""
    assert sorted(p.name for p in in_tmp.iterdir()) == [name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_validate_reports_bad_input_or_the_failed_check(name: str, in_tmp: Path) -> None:
    shutil.copy(BAD / name, in_tmp / name)
    status, message = EXPECTED[name]
    result = CliRunner().invoke(main, ["validate", name])
    assert result.exit_code == status, result.output
    if status == 2:
        assert result.stderr == message + "\n" and result.stdout == ""
    else:
        failed = [line for line in result.stdout.splitlines() if ": FAIL " in line]
        assert failed and failed[0].endswith(": " + message)
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


def test_a_format_that_contradicts_the_file_name_is_refused(in_tmp: Path) -> None:
    result = CliRunner().invoke(main, ["render", "catchup", "--format", "pdf", "-o", "x.svg"])
    assert result.exit_code == 2
    assert "--format pdf does not match the file name 'x.svg'" in result.stderr
    assert not (in_tmp / "x.svg").exists()
