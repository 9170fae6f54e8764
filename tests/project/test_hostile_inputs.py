"""Hostile records, batches, file arguments, outputs and terminals, through the command line.

The corpus beside the descriptors of ``tests/data/hostile/``:

* ``pdn/`` holds PDN records written to break the reader and the game sheet (numbers of
  5,000 digits, superscript and Arabic-Indic digits, a 20,000-word tag, a 50,000-
  character comment, 5,000 variations, variations nested 1,000 deep, escape sequences in
  tags, NUL bytes, Latin-1). ``pdn/EXPECTED.tsv`` gives, for ``game FILE -o sheet.pdf``,
  the exit status and the one line (empty when the sheet is written).
* ``batch/`` holds ``diagram --batch`` files (bad UTF-8, an unclosed quote, a line
  asking for help or for another batch, a bad second line, a target named twice or that
  is a folder, the batch file as its own target, 201 arrows, an escape sequence in a
  file name). ``batch/EXPECTED.tsv`` gives the exit status, the one line, and the files
  written (none when refused: a bad line leaves nothing).

Then the classes of issue 22 that need a live file system or process: FIFOs, devices,
folders and dangling links as inputs; endless input; outputs that would replace the
input or follow a link out of their folder; stale numbered files; a closed stdout; no
terminal; the capture search on a 100x100 board. Each case runs in a fresh process under
a timeout, so unbounded work fails the test instead of hanging it; no timing is asserted.
"""

from __future__ import annotations

import itertools
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import boardgen

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = Path(__file__).parents[1] / "data" / "hostile"
TIMEOUT = 60


def _rows(path: Path) -> list[list[str]]:
    return [line.split("\t") for line in path.read_text("utf-8").splitlines()]


PDN = {row[0]: (int(row[1]), row[2]) for row in _rows(HOSTILE / "pdn" / "EXPECTED.tsv")}
BATCH = {row[0]: (int(row[1]), row[2], row[3]) for row in _rows(HOSTILE / "batch" / "EXPECTED.tsv")}


def cli(*args: str, cwd: Path, **options: object) -> subprocess.CompletedProcess[bytes]:
    """``boardgen ARGS`` in a fresh process, killed (and the test failed) past TIMEOUT."""
    env = {**os.environ, "BOARDGEN_VARIANTS": str(ROOT / "variants")}
    command = [sys.executable, "-m", "boardgen", *args]
    options = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **options}
    return subprocess.run(command, cwd=cwd, env=env, timeout=TIMEOUT, check=False, **options)  # type: ignore[call-overload,no-any-return]


def one_line(stderr: bytes) -> str:
    """The single line of a refusal: no traceback, nothing else."""
    text = stderr.decode("utf-8")
    assert "Traceback" not in text, text
    lines = text.splitlines()
    assert len(lines) == 1, text
    return lines[0]


def files_in(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


# -- the corpus ---------------------------------------------------------------------------


def test_every_hostile_record_and_batch_has_an_expected_outcome() -> None:
    assert sorted(PDN) == sorted(p.name for p in (HOSTILE / "pdn").glob("*.pdn"))
    assert sorted(BATCH) == sorted(p.name for p in (HOSTILE / "batch").glob("*.txt"))
    for name, (status, message) in PDN.items():
        assert status in (0, 2) and (status == 0) == (message == ""), name
        assert not message or message.startswith(f"{name}:"), name
    for name, (status, message, _) in BATCH.items():
        assert status in (0, 2) and (status == 0) == (message == ""), name


@pytest.mark.parametrize("name", sorted(PDN))
def test_a_hostile_record_gives_a_sheet_or_one_located_line(name: str, tmp_path: Path) -> None:
    shutil.copy(HOSTILE / "pdn" / name, tmp_path / name)
    status, message = PDN[name]
    result = cli("game", name, "-o", "sheet.pdf", cwd=tmp_path)
    if status == 0:
        assert result.returncode == 0, result.stderr
        assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")
        return
    assert result.returncode == 2
    assert one_line(result.stderr) == message
    assert files_in(tmp_path) == [name]


#: Records the reader accepts and only the game sheet refuses (a row taller than a page).
SHEET_ONLY = {n for n, (_, message) in PDN.items() if "game sheet cannot be laid out" in message}


@pytest.mark.parametrize(
    "name", sorted(n for n, (status, _) in PDN.items() if status == 2 and n not in SHEET_ONLY)
)
def test_the_api_refuses_a_hostile_record_with_the_same_line(name: str, in_tmp: Path) -> None:
    shutil.copy(HOSTILE / "pdn" / name, in_tmp / name)
    with pytest.raises(boardgen.BoardgenError) as caught:
        boardgen.read_pdn(name)
    assert str(caught.value) == PDN[name][1]


@pytest.mark.parametrize("name", sorted(BATCH))
def test_a_hostile_batch_draws_all_or_writes_nothing(name: str, tmp_path: Path) -> None:
    shutil.copy(HOSTILE / "batch" / name, tmp_path / name)
    status, message, written = BATCH[name]
    result = cli("diagram", "--batch", name, cwd=tmp_path)
    assert result.returncode == status, result.stderr
    expected = sorted([name, *(w.encode().decode("unicode_escape") for w in written.split())])
    assert files_in(tmp_path) == expected
    if status:
        assert one_line(result.stderr) == message
        assert result.stdout == b""


# -- terminal output ------------------------------------------------------------------------


def test_tag_values_reach_the_terminal_escaped(tmp_path: Path) -> None:
    name = "tag-escape-sequences.pdn"
    shutil.copy(HOSTILE / "pdn" / name, tmp_path / name)
    result = cli("game", name, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = result.stdout.decode()
    assert "\x1b" not in out and "\x07" not in out
    lines = out.splitlines()  # each line is one game's: the newline in [Black] forges none
    assert [line.split("\t")[0] for line in lines] == [str(i) for i in range(1, len(lines) + 1)]
    assert all(line.count("\t") == 4 for line in lines)
    assert "\\x1b]0;owned\\x07" in out and "\\tforged\\tgame" in out


@pytest.mark.parametrize("command", ["render", "diagram"])
def test_a_file_name_with_an_escape_sequence_is_echoed_escaped(command: str, tmp_path: Path) -> None:
    name = "\x1b]0;owned\x07.svg"
    result = cli(command, "catchup", "-o", name, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == b"wrote \\x1b]0;owned\\x07.svg\n"
    assert files_in(tmp_path) == [name]


def test_a_batch_names_its_files_escaped(tmp_path: Path) -> None:
    shutil.copy(HOSTILE / "batch" / "escape-in-name.txt", tmp_path)
    result = cli("diagram", "--batch", "escape-in-name.txt", cwd=tmp_path)
    assert result.stdout == b"wrote \\x1b]0;owned\\x07.svg\n"


@pytest.mark.parametrize("command", [["list"], ["build", "catchup", "--out", "out"], ["validate", "catchup"]])
def test_a_closed_standard_output_is_not_a_traceback(command: list[str], tmp_path: Path) -> None:
    result = cli(*command, cwd=tmp_path, stdout=None, pass_fds=(), preexec_fn=lambda: os.close(1))
    assert result.returncode in (0, 1), result.stderr
    assert result.stderr == b""


def test_boardgen_alone_prints_its_help_on_lines(tmp_path: Path) -> None:
    result = cli(cwd=tmp_path)
    assert result.returncode == 2
    text = result.stderr.decode()
    assert text.startswith("Usage: ") and "boardgen [OPTIONS] COMMAND" in text.splitlines()[0]
    assert "\\n" not in text and "Error:" not in text
    assert "Commands:" in text.splitlines()


def test_a_terminal_that_cannot_be_opened_is_not_called_a_fifo(tmp_path: Path) -> None:
    if not os.path.exists("/dev/tty"):
        pytest.skip("no /dev/tty here")
    result = cli("render", "catchup", "-o", "/dev/tty", cwd=tmp_path, start_new_session=True)
    assert result.returncode == 2
    assert one_line(result.stderr) == (
        "/dev/tty: is a device that cannot be opened here (a terminal: this process has none)"
    )


# -- file arguments ---------------------------------------------------------------------------


def _special(kind: str, path: Path) -> str:
    """Make ``path`` a special file of ``kind``; the message reading it must give."""
    if kind == "fifo":
        os.mkfifo(path)
        return "is a FIFO (a named pipe), not a file: only regular files are read"
    if kind == "folder":
        path.mkdir()
        return "is a folder, not a file: only regular files are read"
    if kind == "dangling link":
        path.symlink_to("nowhere/at-all")
        return "is a symbolic link to a missing file"
    if kind == "missing":
        return "no such file"
    path.symlink_to("/dev/zero")
    return "is a character device, not a file: only regular files are read"


KINDS = ["fifo", "folder", "dangling link", "missing", "device"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_record_that_is_not_a_regular_file_is_refused_at_once(kind: str, tmp_path: Path) -> None:
    reason = _special(kind, tmp_path / "g.pdn")
    if kind == "folder":  # click refuses a folder for FILE before boardgen reads it
        result = cli("game", "g.pdn", cwd=tmp_path)
        assert result.returncode == 2 and b"is a directory" in result.stderr
    else:
        result = cli("game", "g.pdn", cwd=tmp_path)
        assert result.returncode == 2
        assert one_line(result.stderr) == f"g.pdn: {reason}"
    with pytest.raises(boardgen.BoardgenError, match="^" + str(tmp_path / "g.pdn").replace(".", r"\.")):
        boardgen.read_pdn(tmp_path / "g.pdn")


@pytest.mark.parametrize("kind", KINDS)
def test_a_batch_file_that_is_not_a_regular_file_is_refused_at_once(kind: str, tmp_path: Path) -> None:
    reason = _special(kind, tmp_path / "b.txt")
    result = cli("diagram", "--batch", "b.txt", cwd=tmp_path)
    assert result.returncode == 2
    assert one_line(result.stderr) == f"b.txt: {reason}"


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "folder"])  # a folder of descriptors is one
def test_a_descriptor_that_is_not_a_regular_file_is_refused_at_once(kind: str, tmp_path: Path) -> None:
    reason = _special(kind, tmp_path / "g.yaml")
    result = cli("validate", "g.yaml", cwd=tmp_path)
    assert result.returncode == 2
    assert one_line(result.stderr) == f"g.yaml: {reason}"  # named once, not 'g.yaml: g.yaml: ...'


def test_endless_standard_input_is_refused_past_the_batch_limit(tmp_path: Path) -> None:
    from boardgen.cli._diagram import MAX_BATCH_BYTES

    result = cli("diagram", "--batch", "-", cwd=tmp_path, input=b"y\n" * (MAX_BATCH_BYTES // 2 + 1))
    assert result.returncode == 2
    assert one_line(result.stderr) == "<stdin>: the file is too big (the limit is 4194304 bytes, 4 MiB)"


def test_too_many_lines_in_a_batch_are_refused_before_drawing(tmp_path: Path) -> None:
    from boardgen.cli._diagram import MAX_BATCH_LINES

    (tmp_path / "many.txt").write_text("".join(f"catchup -o d{i}.svg\n" for i in range(MAX_BATCH_LINES + 1)))
    result = cli("diagram", "--batch", "many.txt", cwd=tmp_path)
    assert result.returncode == 2
    assert (
        one_line(result.stderr) == f"many.txt:{MAX_BATCH_LINES + 1}:1: more than 10,000 diagrams in one batch"
    )
    assert files_in(tmp_path) == ["many.txt"]


def test_a_huge_record_is_refused_without_being_read_whole(tmp_path: Path) -> None:
    from boardgen.records.pdn.tokens import MAX_PDN_BYTES

    with open(tmp_path / "big.pdn", "wb") as handle:
        handle.truncate(MAX_PDN_BYTES + 1)  # sparse: costs no disk
    result = cli("game", "big.pdn", cwd=tmp_path)
    assert result.returncode == 2
    assert one_line(result.stderr) == "big.pdn: the file is too big (the limit is 16777216 bytes, 16 MiB)"


def test_too_many_games_in_a_file_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import boardgen.records.pdn.collection as collection
    import boardgen.records.pdn.reader as reader

    monkeypatch.setattr(collection, "MAX_GAMES", 3)
    with pytest.raises(boardgen.BoardgenError) as caught:
        reader.parse_pdn("1. 11-15 *\n" * 4, file="many.pdn")
    assert str(caught.value) == "many.pdn:4:1: more than 3 games in one file"


def test_a_listing_stops_at_the_game_asked_for(tmp_path: Path) -> None:
    """--number 1 plays only the first game: the second one's bad move is never met."""
    (tmp_path / "two.pdn").write_text("1. 11-15 *\n1. 11-99 *\n")
    result = cli("game", "two.pdn", "--number", "1", "--ply", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    listing = cli("game", "two.pdn", cwd=tmp_path)
    assert listing.returncode == 2 and listing.stdout.startswith(b"1\tamerican-checkers")


def test_a_huge_player_name_is_refused_quickly(tmp_path: Path) -> None:
    (tmp_path / "g.pdn").write_text('[White "' + "W" * 1_000_000 + '"]\n1. 11-15 *\n')
    result = cli("game", "g.pdn", "-o", "sheet.pdf", cwd=tmp_path)
    assert result.returncode == 2
    assert (
        one_line(result.stderr) == "g.pdn:1:1: tag [White] of 1,000,000 characters is too long (at most 500)"
    )


def test_too_many_plies_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import boardgen.records.pdn.reader as reader

    monkeypatch.setattr(reader, "MAX_PLIES", 3)
    with pytest.raises(boardgen.BoardgenError) as caught:
        reader.parse_pdn("1. 11-15 23-19 2. 8-11 22-17 *", file="g.pdn")
    assert str(caught.value) == "g.pdn:1:24: more than 3 plies in one game"


# -- outputs -------------------------------------------------------------------------------------


def _record(folder: Path) -> Path:
    record = folder / "g.pdn"
    record.write_text('[White "Ann"]\n1. 11-15 23-19 2. 8-11 *\n%escape line\n[White "Cy"]\n1. 9-14 *\n')
    return record


def test_a_record_is_never_its_own_output(tmp_path: Path) -> None:
    record = _record(tmp_path)
    before = record.read_bytes()
    result = cli("game", "g.pdn", "-o", "g.pdn", cwd=tmp_path)
    assert result.returncode == 2
    assert one_line(result.stderr) == "g.pdn: is the record being read: choose another output name"
    assert record.read_bytes() == before
    (tmp_path / "link.pdn").symlink_to("g.pdn")
    result = cli("game", "g.pdn", "-o", "link.pdn", cwd=tmp_path)
    assert result.returncode == 2 and record.read_bytes() == before


def test_a_folder_of_plies_follows_no_link_and_writes_nothing_when_refused(tmp_path: Path) -> None:
    _record(tmp_path)
    (tmp_path / "outside.txt").write_text("mine")
    (tmp_path / "plies").mkdir()
    (tmp_path / "plies" / "ply-002.svg").symlink_to("../outside.txt")
    result = cli("game", "g.pdn", "-o", "plies/", cwd=tmp_path)
    assert result.returncode == 2
    assert one_line(result.stderr).startswith("plies/ply-002.svg: is not a regular file")
    assert (tmp_path / "outside.txt").read_text() == "mine"
    assert files_in(tmp_path / "plies") == ["ply-002.svg"]  # plies 0 and 1 not written either


def test_a_folder_of_plies_loses_the_plies_of_a_longer_game(tmp_path: Path) -> None:
    _record(tmp_path)
    plies = tmp_path / "plies"
    plies.mkdir()
    for name in ("ply-003.svg", "ply-017.svg", "ply-1000.svg", "notes.svg", "ply-x.svg"):
        (plies / name).write_text("old")
    result = cli("game", "g.pdn", "-o", "plies/", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert files_in(plies) == [
        "notes.svg",
        "ply-000.svg",
        "ply-001.svg",
        "ply-002.svg",
        "ply-003.svg",
        "ply-x.svg",
    ]
    assert (plies / "ply-003.svg").read_text() != "old"


@pytest.mark.parametrize("target", ["/dev/null", "plain"])
def test_a_file_is_not_taken_for_a_folder_of_plies(target: str, tmp_path: Path) -> None:
    _record(tmp_path)
    (tmp_path / "plain").write_text("mine")
    result = cli("game", "g.pdn", "-o", target, cwd=tmp_path)
    assert result.returncode == 2
    assert f"-o {target}: is " in result.stderr.decode()
    assert (tmp_path / "plain").read_text() == "mine"
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_an_empty_build_folder_is_refused(tmp_path: Path) -> None:
    result = cli("build", "catchup", "--out", "", cwd=tmp_path)
    assert result.returncode == 2
    assert b"give a folder name" in result.stderr
    assert files_in(tmp_path) == []


def test_a_long_name_never_deletes_another_targets_temporary_file(tmp_path: Path) -> None:
    from boardgen.foundation.fileio import _part_name

    first, second = "a" * 210 + "-one.svg", "a" * 210 + "-two.svg"
    others = tmp_path / _part_name(first)
    others.write_text("being written by another process")
    result = cli("render", "catchup", "-o", second, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert others.exists()
    stale = tmp_path / _part_name(second)
    stale.write_text("left by a killed write")
    assert cli("render", "catchup", "-o", second, cwd=tmp_path).returncode == 0
    assert not stale.exists() and others.exists()


def test_a_rule_sheet_that_cannot_fit_fails_validate_and_build_writes_nothing(tmp_path: Path) -> None:
    shutil.copy(HOSTILE / "sheet" / "rule-sheet-too-tall.yaml", tmp_path / "rule-sheet-too-tall.yaml")
    validated = cli("validate", "rule-sheet-too-tall.yaml", cwd=tmp_path)
    assert validated.returncode == 1
    assert b"FAIL rule sheet fits the paper" in validated.stdout
    built = cli("build", "rule-sheet-too-tall.yaml", "--out", "out", cwd=tmp_path)
    assert built.returncode == 2
    assert "starting diagram would be" in one_line(built.stderr)
    assert files_in(tmp_path) == ["rule-sheet-too-tall.yaml"]
    rules = cli("render", "rule-sheet-too-tall.yaml", "--what", "rules", "-o", "r.pdf", cwd=tmp_path)
    assert rules.returncode == 2 and "does not fit on A4 paper" in one_line(rules.stderr)
    board = cli("render", "rule-sheet-too-tall.yaml", "-o", "board.svg", cwd=tmp_path)  # a board is no sheet
    assert board.returncode == 0, board.stderr


# -- the capture search on a 100x100 board ---------------------------------------------------------


def _letters(x: int) -> str:
    name, n = "", x + 1
    while n:
        n, r = divmod(n - 1, 26)
        name = chr(97 + r) + name
    return name


def _chain() -> str:
    """One man before a snake of 1,225 men on a 100x100 board: one capture of them all."""
    walk = []
    for band in range(13):
        walk += [(i, 4 * band + i % 2) for i in range(50)]
        if band < 12:
            walk += [(i, 4 * band + 2 + (48 - i) % 2) for i in range(48, 0, -1)]
    taken = [(a[0] + b[0], a[1] + b[1]) for a, b in itertools.pairwise(walk)]
    return "W:Wa1:B" + ",".join(f"{_letters(x)}{y + 1}" for x, y in taken)


def _lattice(side: int) -> str:
    """One man before a lattice of men: each capture opens new ones, without end."""
    men = [(2 * i + 1, 2 * j + 1) for i in range(side) for j in range(side)]
    return "W:Wa1:B" + ",".join(f"{_letters(x)}{y + 1}" for x, y in men)


def _kings(count: int) -> str:
    import random

    rng = random.Random(1)
    cells = [(x, y) for y in range(10, 90) for x in range(100) if (x + y) % 2 == 0]
    kings = ",".join(f"K{_letters(x)}{y + 1}" for x, y in rng.sample(cells, count))
    return f"W:W{kings}:Bb100,d100,f100"


BIG = "square-100-flying.yaml"


@pytest.fixture
def board100(tmp_path: Path) -> Path:
    shutil.copy(HOSTILE / BIG, tmp_path / BIG)
    return tmp_path


def test_a_capture_of_1225_men_is_listed_not_a_recursion_error(board100: Path) -> None:
    result = cli("moves", BIG, "--position", _chain(), cwd=board100)
    assert result.returncode == 0, result.stderr[-500:]
    lines = result.stdout.decode().splitlines()
    assert len(lines) == 1 and lines[0].count("x") == 1225


@pytest.mark.parametrize("command", [["moves"], ["perft", "1"]])
def test_a_lattice_of_men_is_refused_at_the_work_bound(command: list[str], board100: Path) -> None:
    result = cli(command[0], BIG, *command[1:], "--position", _lattice(30), cwd=board100)
    assert result.returncode == 2
    assert "the capture search here passes 2,000,000 steps" in one_line(result.stderr)


def test_moves_of_a_hundred_flying_kings_are_listed_within_the_bound(board100: Path) -> None:
    result = cli("moves", BIG, "--position", _kings(100), cwd=board100)
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) > 5_000


# -- maker files ---------------------------------------------------------------------------------

DESCRIPTORS = {row[0]: (int(row[1]), row[2]) for row in _rows(HOSTILE / "EXPECTED.tsv") if row[1] != "0"}
MAKER_FORMATS = ("laser", "dxf", "stl")


@pytest.mark.parametrize(
    ("name", "fmt"), [(name, MAKER_FORMATS[i % 3]) for i, name in enumerate(sorted(DESCRIPTORS))]
)
def test_a_descriptor_render_refuses_is_refused_as_a_maker_file_too(
    name: str, fmt: str, tmp_path: Path
) -> None:
    """render --format laser|dxf|stl once wrote a board from a descriptor whose example
    render refuses (a position with millions of capture sequences)."""
    shutil.copy(HOSTILE / name, tmp_path / name)
    suffix = "svg" if fmt == "laser" else fmt
    result = cli("render", name, "--format", fmt, "-o", f"out.{suffix}", cwd=tmp_path)
    assert result.returncode == 2
    assert one_line(result.stderr) == DESCRIPTORS[name][1]
    assert files_in(tmp_path) == [name]


# -- API numeric edges (fixed by the docs helper, issue 22 item 13) ---------------------------------


@pytest.mark.parametrize(
    ("call", "value"),
    [
        ("png dpi", 0), ("png dpi", -1), ("png dpi", float("nan")), ("png dpi", float("inf")),
        ("svg size", float("nan")), ("svg size", float("inf")), ("svg size", 0),
        ("sheet every", 0), ("sheet every", -5),
    ],
)  # fmt: skip
def test_the_api_refuses_numeric_edges_with_its_own_error(call: str, value: object) -> None:
    game = boardgen.load("american-checkers")
    what, key = call.split()
    with pytest.raises(boardgen.BoardgenError, match=f"^{key}: "):
        if what == "png":
            boardgen.png(game.start, dpi=value)  # type: ignore[arg-type]
        elif what == "svg":
            boardgen.svg(game.start, size=value)  # type: ignore[arg-type]
        else:
            boardgen.read_pdn(ROOT / "examples" / "tinsley-chinook-1992-game32.pdn")[0].sheet(every=value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "game_id",
    [
        "go-9", "lines-of-action", "othello", "nine-mens-morris", "chinese-checkers", "hex-11",
        "breakthrough", "catchup", "chess", "american-checkers",
    ],
)  # fmt: skip
@pytest.mark.parametrize("tail", ["/" + "9" * 10_000, "x" * 10_000, ":" + "a1," * 3_000])
def test_a_10_kb_position_is_named_in_a_short_line(game_id: str, tail: str) -> None:
    """Every family's position reader quotes a long position cut short, as the leaping
    family did: the stone families echoed all 10 KB of it in their one line."""
    game = boardgen.load(game_id)
    with pytest.raises(boardgen.BoardgenError) as caught:
        game.position("B:a1:W:h8/B" + tail)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 800, message[:900]


@pytest.mark.parametrize(
    "game_id",
    ["go-9", "lines-of-action", "othello", "nine-mens-morris", "chinese-checkers", "hex-11", "breakthrough"],
)
def test_a_10_kb_move_is_named_in_a_short_line(game_id: str) -> None:
    game = boardgen.load(game_id)
    for text in ("x" * 10_000, "a1-" * 3_000, "\x07" * 10_000):
        with pytest.raises(boardgen.BoardgenError) as caught:
            game.start.play(text)
        message = str(caught.value)
        assert "\n" not in message and len(message) < 800, message[:900]
