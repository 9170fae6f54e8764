"""Hostile input and faults, through the command line: a located line or a bounded answer.

``tests/data/hostile/`` holds descriptors written as an attacker or an unlucky user
would (unpaired quotes, control characters, lone surrogates, huge numbers, non-ASCII
digits, a chain of 1,000 region references, YAML aliases that multiply region work,
a position with millions of capture sequences, Catchup on big boards, texts the font
cannot draw, ...). ``EXPECTED.tsv`` gives for each: the exit status of ``validate``
(2 bad input, 1 a failed check, 0 fine) and the one line ``render`` must print (empty
when it renders). Each runs in a fresh process under a timeout, so work without bound
fails the test instead of hanging it; no timing is asserted.

The rest are faults of the output target and of the options: special files written in
place and never replaced, links, full disks, names too long, ``-o -``, two builds into
one folder, a symbolic link inside ``--out``, workers of a build killed with SIGKILL.
"""

from __future__ import annotations

import errno
import fcntl
import os
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from boardgen.cli import main

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = Path(__file__).parents[1] / "data" / "hostile"
ROWS = [line.split("\t", 2) for line in (HOSTILE / "EXPECTED.tsv").read_text("utf-8").splitlines()]
EXPECTED = {name: (int(status), message) for name, status, message in ROWS}
#: Generous: every case finishes in a few seconds; without the bounds some ran for minutes.
TIMEOUT = 60
#: 24 men scattered so that a flying king has over 100,000 capture sequences.
EXPLODING = "W:WKd4:Ba2,a4,a6,a8,b3,b5,b7,c2,c4,c6,c8,d3,d5,d7,e2,e4,e6,e8,f3,f5,f7,g2,g4,g6"


def cli(*args: str, cwd: Path, **options: object) -> subprocess.CompletedProcess[bytes]:
    """``boardgen ARGS`` in a fresh process, killed (and the test failed) past TIMEOUT."""
    env = {**os.environ, "BOARDGEN_VARIANTS": str(ROOT / "variants")}
    command = [sys.executable, "-m", "boardgen", *args]
    options = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **options}
    return subprocess.run(command, cwd=cwd, env=env, timeout=TIMEOUT, check=False, **options)  # type: ignore[call-overload,no-any-return]


def one_line(stderr: str | bytes) -> str:
    """The single line of a refusal: no traceback, nothing else."""
    text = stderr.decode("utf-8") if isinstance(stderr, bytes) else stderr
    assert "Traceback" not in text, text
    lines = text.splitlines()
    assert len(lines) == 1, text
    return lines[0]


def usage_error(stderr: str) -> str:
    """click's usage error: its one ``Error:`` line (after the usage reminder), no traceback."""
    assert "Traceback" not in stderr, stderr
    errors = [line for line in stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, stderr
    return errors[0]


def files_in(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


# -- the corpus ----------------------------------------------------------------------------


def test_every_hostile_file_has_an_expected_outcome() -> None:
    assert sorted(EXPECTED) == sorted(p.name for p in HOSTILE.glob("*.yaml"))
    for name, (status, message) in EXPECTED.items():
        assert status in (0, 1, 2)
        assert (status == 0) == (message == ""), name
        assert not message or message.startswith(f"{name}:"), name


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_render_refuses_with_one_line_or_draws_within_the_time_bound(name: str, tmp_path: Path) -> None:
    shutil.copy(HOSTILE / name, tmp_path / name)
    status, message = EXPECTED[name]
    result = cli("render", name, "-o", "out/board.svg", cwd=tmp_path)
    if status == 0:
        assert result.returncode == 0, result.stderr
        ET.fromstring((tmp_path / "out" / "board.svg").read_bytes())  # well-formed
        return
    assert result.returncode == 2
    assert one_line(result.stderr) == message
    assert result.stdout == b""
    assert files_in(tmp_path) == [name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_validate_gives_the_status_and_the_located_line(name: str, in_tmp: Path) -> None:
    shutil.copy(HOSTILE / name, in_tmp / name)
    status, message = EXPECTED[name]
    result = CliRunner().invoke(main, ["validate", name])
    assert result.exit_code == status, result.output
    assert "Traceback" not in result.output
    if status == 2:
        assert result.stderr == message + "\n" and result.stdout == ""
    elif status == 1:
        failed = [line for line in result.stdout.splitlines() if ": FAIL " in line]
        assert failed and failed[0].endswith(": " + message)
    assert files_in(in_tmp) == [name]


@pytest.mark.parametrize("what", ["rules", "board", "start"])
def test_a_big_catchup_board_prints_within_the_time_bound(what: str, tmp_path: Path) -> None:
    name = "catchup-side-14.yaml"
    shutil.copy(HOSTILE / name, tmp_path / name)
    result = cli("render", name, "--what", what, "-o", "out.pdf", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    data = (tmp_path / "out.pdf").read_bytes()
    assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")


@pytest.mark.parametrize("name", ["glyph-missing.yaml", "unknown-topic.yaml"])
def test_validate_runs_the_checks_that_rule_sheets_and_builds_run(name: str, tmp_path: Path) -> None:
    """What once passed validate and then stopped a build half-way is a failed check."""
    shutil.copy(HOSTILE / name, tmp_path / name)
    result = cli("render", name, "--what", "rules", "-o", "r.pdf", cwd=tmp_path)
    assert result.returncode == 2 and one_line(result.stderr) == EXPECTED[name][1]
    assert files_in(tmp_path) == [name]


# -- unbounded work --------------------------------------------------------------------------


@pytest.mark.parametrize("command", [["moves"], ["perft", "1"], ["perft", "2", "--divide"]])
def test_an_exploding_capture_position_is_refused_not_truncated(command: list[str], tmp_path: Path) -> None:
    result = cli(command[0], "variante-dames", *command[1:], "--position", EXPLODING, cwd=tmp_path)
    assert result.returncode == 2
    assert "more than 100,000 capture sequences" in one_line(result.stderr)


def test_counting_and_listing_agree_just_below_the_capture_bound() -> None:
    from boardgen.descriptor import load_variant
    from boardgen.rules.registry import make_game

    variant = load_variant("variante-dames")
    game = make_game(variant.game_spec(), variant.rules.family)
    position = game.parse_position(EXPLODING.rsplit(",", 4)[0])  # 20 men: 26,610 sequences
    moves = game.legal_moves(position)
    assert len(moves) == game.perft(position, 1) == 26_610
    assert len({game.move_text(position, m) for m in moves}) == len(moves)


def test_too_many_placement_turns_to_list_are_refused_but_counted(tmp_path: Path) -> None:
    name = "catchup-side-14.yaml"
    shutil.copy(HOSTILE / name, tmp_path / name)
    position = "W:e5:B:f6,f7/W/rose"  # black rose to 2: a catch-up turn of up to 3 stones
    listed = cli("moves", name, "--position", position, cwd=tmp_path)
    assert listed.returncode == 2
    assert "too many to list (at most 100,000)" in one_line(listed.stderr)
    counted = cli("perft", name, "1", "--position", position, cwd=tmp_path)
    assert counted.returncode == 0
    empty = 547 - 3
    turns = empty + empty * (empty - 1) // 2 + empty * (empty - 1) * (empty - 2) // 6
    assert counted.stdout.decode().split() == ["1", str(turns)]


def test_a_png_too_big_for_memory_is_refused(in_tmp: Path) -> None:
    result = CliRunner().invoke(
        main, ["diagram", "hex9-checkers", "--cell-size", "150", "--dpi", "1200", "-o", "x.png"]
    )
    assert result.exit_code == 2
    assert one_line(result.stderr).startswith("the PNG would be ")
    assert files_in(in_tmp) == []


# -- bad options ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["diagram", "catchup", "--size", "nan", "-o", "x.svg"], "from 16 to 4000, not 'nan'"),
        (["diagram", "catchup", "--cell-size", "inf", "-o", "x.svg"], "from 3 to 150, not 'inf'"),
        (["diagram", "catchup", "--dpi", "0", "-o", "x.png"], "from 36 to 1200 dpi, not '0'"),
        (["render", "catchup", "--cell-size", "nan", "-o", "x.svg"], "'nan' is not a number"),
        (["render", "catchup", "-o", ""], "-o needs a file name"),
        (["render", "catchup", "-o", "x.jpg"], "'x.jpg' does not end in .svg or .pdf"),
        (["render", "catchup", "-o", "x.png"], "'x.png' does not end in .svg or .pdf"),
        (["diagram", "catchup", "-o", "x.svg.jpg"], "does not end in .svg or .pdf or .png"),
        (["render", "catchup", "--format", "svg", "-o", "x.pdf"], "--format svg does not match"),
    ],
)
def test_bad_options_are_usage_errors_and_write_nothing(args: list[str], error: str, in_tmp: Path) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert error in usage_error(result.stderr)
    assert files_in(in_tmp) == []


def test_a_name_longer_than_a_file_name_may_be_is_one_line(in_tmp: Path) -> None:
    result = CliRunner().invoke(main, ["render", "catchup", "-o", "b" * 300 + ".svg"])
    assert result.exit_code == 2
    assert one_line(result.stderr).endswith("cannot write: the file name is too long (at most 255 bytes)")
    assert files_in(in_tmp) == []


def test_a_file_where_a_folder_should_be_is_one_line(in_tmp: Path) -> None:
    (in_tmp / "plain").write_text("mine")
    result = CliRunner().invoke(main, ["render", "catchup", "-o", "plain/board.svg"])
    assert result.exit_code == 2
    assert one_line(result.stderr).startswith("plain/board.svg: cannot write: ")
    assert files_in(in_tmp) == ["plain"] and (in_tmp / "plain").read_text() == "mine"


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS, errno.EACCES])
def test_a_failing_disk_is_one_line_and_leaves_nothing(
    code: int, in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import boardgen.foundation.fileio

    def failing(fd: int, data: object) -> int:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(boardgen.foundation.fileio.os, "write", failing)
    monkeypatch.setattr(boardgen.foundation.fileio, "_anonymous", lambda folder: None)  # the named way too
    (in_tmp / "board.svg").write_text("old")
    for anonymous in (True, False):
        if anonymous:
            monkeypatch.undo()
            monkeypatch.setattr(boardgen.foundation.fileio.os, "write", failing)
        result = CliRunner().invoke(main, ["render", "catchup", "-o", "board.svg"])
        assert result.exit_code == 2
        assert one_line(result.stderr) == f"board.svg: cannot write: {os.strerror(code)}"
        assert files_in(in_tmp) == ["board.svg"] and (in_tmp / "board.svg").read_text() == "old"


def test_a_full_device_is_one_line(in_tmp: Path) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    result = CliRunner().invoke(main, ["render", "catchup", "-o", "/dev/full"])
    assert result.exit_code == 2
    assert one_line(result.stderr) == f"/dev/full: cannot write: {os.strerror(errno.ENOSPC)}"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_is_one_line(in_tmp: Path) -> None:
    (in_tmp / "locked").mkdir(mode=0o555)
    result = CliRunner().invoke(main, ["render", "catchup", "-o", "locked/board.svg"])
    assert result.exit_code == 2
    assert one_line(result.stderr).startswith("locked/board.svg: cannot write: ")
    assert files_in(in_tmp) == ["locked"]


# -- output targets: written to, never replaced ---------------------------------------------------


def test_a_character_device_is_written_to_not_replaced(in_tmp: Path) -> None:
    result = CliRunner().invoke(main, ["render", "catchup", "-o", "/dev/null"])
    assert result.exit_code == 0, result.output
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_fifo_is_written_to_not_replaced(in_tmp: Path) -> None:
    fifo = in_tmp / "pipe.svg"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    time.sleep(0.2)  # let the reader open its end (the writer refuses a FIFO nobody reads)
    result = CliRunner().invoke(main, ["render", "catchup", "-o", str(fifo)])
    reader.join(timeout=TIMEOUT)
    assert result.exit_code == 0, result.output
    ET.fromstring(received[0])
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_fifo_nobody_reads_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.svg"
    os.mkfifo(fifo)
    result = cli("render", "catchup", "-o", str(fifo), cwd=tmp_path)
    assert result.returncode == 2
    assert one_line(result.stderr) == f"{fifo}: is a FIFO that no process is reading"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_link_to_standard_output_is_written_through(tmp_path: Path) -> None:
    (tmp_path / "out.svg").symlink_to("/proc/self/fd/1")
    result = cli("render", "catchup", "-o", "out.svg", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(b"<?xml") and b"</svg>" in result.stdout
    assert (tmp_path / "out.svg").is_symlink()


def test_a_link_to_a_file_replaces_the_file_and_keeps_the_link(in_tmp: Path) -> None:
    (in_tmp / "real.svg").write_text("old")
    (in_tmp / "link.svg").symlink_to("real.svg")
    result = CliRunner().invoke(main, ["render", "catchup", "-o", "link.svg"])
    assert result.exit_code == 0, result.output
    assert (in_tmp / "link.svg").is_symlink()
    ET.fromstring((in_tmp / "real.svg").read_bytes())


@pytest.mark.parametrize("kind", ["dangling link", "folder"])
def test_targets_that_cannot_take_a_file_are_refused(kind: str, in_tmp: Path) -> None:
    target = in_tmp / "t.svg"
    if kind == "folder":
        target.mkdir()
        expected = "t.svg: is a folder, not a file: not replaced"
    else:
        target.symlink_to("missing/elsewhere.svg")
        expected = "t.svg: is a symbolic link to a missing file"
    result = CliRunner().invoke(main, ["render", "catchup", "-o", "t.svg"])
    assert result.exit_code == 2
    assert one_line(result.stderr) == expected
    assert files_in(in_tmp) == ["t.svg"]


@pytest.mark.parametrize(("fmt", "command"), [("svg", "render"), ("pdf", "render"), ("png", "diagram")])
def test_dash_writes_to_standard_output(fmt: str, command: str, tmp_path: Path) -> None:
    result = cli(command, "catchup", "--format", fmt, "-o", "-", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    magic = {"svg": b"<?xml", "pdf": b"%PDF", "png": b"\x89PNG"}[fmt]
    assert result.stdout.startswith(magic) and result.stderr == b""
    assert files_in(tmp_path) == []


def test_a_pdf_is_not_sent_to_a_terminal(tmp_path: Path) -> None:
    leader, follower = os.openpty()
    try:
        result = cli(
            "render",
            "catchup",
            "--format",
            "pdf",
            "-o",
            "-",
            cwd=tmp_path,
            stdout=follower,
            stderr=subprocess.PIPE,
        )
    finally:
        os.close(follower)
        os.close(leader)
    assert result.returncode == 2
    assert "refusing to write a PDF to a terminal" in usage_error(result.stderr.decode())


def test_a_killed_writes_leftover_is_removed_by_the_next_write_and_no_other(in_tmp: Path) -> None:
    (in_tmp / ".board.svg.0123456789ab.part").write_text("half")  # as a SIGKILL would leave
    (in_tmp / ".board.svg.part").write_text("another program's")
    (in_tmp / ".other.svg.0123456789ab.part").write_text("not this target's")
    result = CliRunner().invoke(main, ["render", "catchup", "-o", "board.svg"])
    assert result.exit_code == 0, result.output
    assert files_in(in_tmp) == [".board.svg.part", ".other.svg.0123456789ab.part", "board.svg"]


# -- builds ------------------------------------------------------------------------------------


def test_a_build_does_not_write_through_a_symbolic_link_in_its_folder(tmp_path: Path) -> None:
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / "catchup").symlink_to(elsewhere)
    result = CliRunner().invoke(main, ["build", "--out", str(out), "--quiet", "--jobs", "1"])
    assert result.exit_code == 2
    assert one_line(result.stderr).startswith(f"{out / 'catchup'}: is a symbolic link: ")
    assert files_in(elsewhere) == [] and files_in(out) == ["catchup"]


def test_a_second_build_into_the_same_folder_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    fd = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as a running build holds it
        result = CliRunner().invoke(main, ["build", "--out", str(out), "--quiet"])
    finally:
        os.close(fd)
    assert result.exit_code == 2
    assert (
        one_line(result.stderr)
        == f"{out}: another boardgen build is writing into this folder: wait for it to end"
    )
    assert files_in(out) == []


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(word) for word in text.split()]


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_workers_die_with_a_build_killed_with_sigkill(tmp_path: Path) -> None:
    out = tmp_path / "out"
    env = {**os.environ, "BOARDGEN_VARIANTS": str(ROOT / "variants")}
    # The six games of the brief: with the whole library (32 games) the two workers spend
    # their first minute on the booklets, which are handed out first, before any file is written.
    games = ("american-checkers", "catchup", "hex9-checkers", "kruzno-checkers", "pool-checkers")
    command = [sys.executable, "-m", "boardgen", "build", *games, "variante-dames"]
    command += ["--out", str(out), "--jobs", "2", "--quiet"]
    build = subprocess.Popen(command, env=env, cwd=tmp_path)
    deadline = time.monotonic() + TIMEOUT
    while not (out.exists() and any(p.suffix == ".svg" for p in out.rglob("*"))):
        assert time.monotonic() < deadline and build.poll() is None, "the build wrote nothing"
        time.sleep(0.05)
    workers = _children(build.pid)
    assert workers, "no worker processes found"
    build.send_signal(signal.SIGKILL)
    build.wait(timeout=TIMEOUT)
    while any(_alive(pid) for pid in workers):
        assert time.monotonic() < deadline, "workers outlived the killed build"
        time.sleep(0.05)


@pytest.mark.parametrize("ref", ["a" * 300, "a" * 300 + ".yaml", "a" * 5000])
def test_a_variant_name_too_long_for_the_file_system_is_one_line(ref: str, in_tmp: Path) -> None:
    result = CliRunner().invoke(main, ["validate", ref])
    assert result.exit_code == 2
    assert one_line(result.stderr).endswith(os.strerror(errno.ENAMETOOLONG))


def test_the_temporary_file_has_no_name_while_it_is_written(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """So a render killed while writing (SIGKILL cannot be caught) leaves nothing behind."""
    import boardgen.foundation.fileio

    seen: list[list[str]] = []
    real_write = os.write

    def watching(fd: int, data: bytes) -> int:
        seen.append(sorted(os.listdir(in_tmp)))
        return real_write(fd, data)

    monkeypatch.setattr(boardgen.foundation.fileio.os, "write", watching)
    result = CliRunner().invoke(main, ["render", "catchup", "-o", "board.svg"])
    assert result.exit_code == 0, result.output
    if not seen:
        pytest.skip("no anonymous temporary files on this file system")
    assert all(names == [] for names in seen)
    assert files_in(in_tmp) == ["board.svg"]
