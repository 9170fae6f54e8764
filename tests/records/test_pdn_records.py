"""Game records as real collections write them, read like ``chess.pgn`` reads PGN: the forms
of PDN 3.0 and of programs (intermediate squares, ellipses, leading zeros, squares without
a separator), a collection read game by game with bad games reported and skipped, variations
played, move numbers checked, sources of every kind, and the ``game`` command's outputs."""

from __future__ import annotations

import io
import pydoc
from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner

import boardgen
from boardgen import iter_pdn, parse_pdn, read_pdn, write_pdn
from boardgen.cli import main

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED = ROOT / "examples" / "tinsley-chinook-1992-game32.pdn"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


# -- forms of moves -------------------------------------------------------------------------


def test_intermediate_squares_of_a_king_taking_two_on_one_line() -> None:
    # PDN 3.0 names the square just behind the first piece taken (32); the engine's own
    # path may land elsewhere on that line: the record means the move taking 37, 23 and 9.
    (record,) = read_pdn('[GameType "20"][FEN "W:WK46:B37,23,9"] 1. 46x32x14x3 *')
    (ply,) = record.plies
    assert ply.written == "46x32x14x3" and ply.move.path[0] == "a1" and ply.after.text == "B:WK3:B"
    assert sorted(ply.move.captured) == sorted(
        boardgen.load("international-draughts").position("W:WK46:B37,23,9").move("46x3").captured
    )
    with pytest.raises(boardgen.BoardgenError, match="not legal here"):  # a square off the line
        read_pdn('[GameType "20"][FEN "W:WK46:B37,23,9"] 1. 46x31x14x3 *')


def test_ellipsis_leading_zeros_and_squares_without_a_separator() -> None:
    (record,) = read_pdn('[FEN "W:W27,K30:B23,14"] 1. ... 27x18x9 *')
    assert record.plies[0].number == 1 and record.plies[0].written == "27x18x9"
    (zeros,) = read_pdn("1. 011-15 23-019 2. 08-11 *")
    assert [p.move.text for p in zeros.plies] == ["11-15", "23-19", "8-11"]
    (russian,) = read_pdn('[GameType "25"] 1. c3d4 f6e5 2. d4xf6 g7xe5 *')
    assert [p.move.text for p in russian.plies] == ["22-18", "11-15", "18x11", "8x15"]


def test_move_numbers_are_checked() -> None:
    with pytest.raises(boardgen.BoardgenError) as caught:
        read_pdn("1. 11-15 23-19\n3. 8-11 *", file="n.pdn")
    assert str(caught.value) == "n.pdn:2:1: move number 3: this is move 2"
    with pytest.raises(boardgen.BoardgenError, match=r"^<pdn>:1:17: move number 2: this is move 1$"):
        read_pdn("1. 11-15 23-19 (2... 22-18) 2. 8-11 *")
    # a game from a set-up may start at any number, and variations count from their move
    (record,) = read_pdn('[FEN "B:W22,27:B11,14"] 34. 14-17 (34. 11-15 22-18 35. 15x22) 22x13 35. 11-15 *')
    assert [p.number for p in record.plies] == [34, 34, 35]
    assert [p.number for p in record.plies[0].lines[0].plies] == [34, 34, 35]


# -- variations -----------------------------------------------------------------------------


def test_variations_are_played_and_their_positions_reachable() -> None:
    text = "1. 11-15 23-19 (1... 22-18 2. 15x22 25x18 (2... 26x17 $2)) 2. 8-11 *"
    (record,) = read_pdn(text)
    (side,) = record.plies[1].lines
    assert [p.written for p in side.plies] == ["22-18", "15x22", "25x18"]
    assert side.plies[0].before == record.plies[1].before  # an alternative to 23-19
    assert side.plies[2].lines[0].plies[0].nags == ("$2",)
    assert side.plies[2].lines[0].plies[0].before == side.plies[2].before
    assert side.positions()[-1] == boardgen.load("american-checkers").start.play("11-15").play("22-18").play(
        "15x22"
    ).play("25x18")
    assert record.plies[1].variations == ("1... 22-18 2. 15x22 25x18 (2... 26x17 $2)",)
    (again,) = read_pdn(write_pdn(record))
    assert again.plies[1].variations == record.plies[1].variations


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1. 11-15 23-19 (5. 1-99 zz) *", "<pdn>:1:25: unexpected 'zz': not a move"),
        (
            "1. 11-15 23-19 (1... 22-17 2. 9-13 17-13) *",
            "<pdn>:1:36: move 2 (17-13): move '17-13' is not legal",
        ),
        ("1. 11-15 23-19 (1... 11-16) *", "<pdn>:1:22: move 1 (11-16): move '11-16' is not legal"),
        ("1. 11-15 23-19 ) *", "<pdn>:1:16: ')' closes no variation"),
    ],
)
def test_a_bad_variation_is_located(text: str, message: str) -> None:
    with pytest.raises(boardgen.BoardgenError) as caught:
        read_pdn(text)
    assert str(caught.value).startswith(message), str(caught.value)


# -- collections ----------------------------------------------------------------------------

COLLECTION = """\
[Event "one"]
1. 11-15 23-19 *

[Event "two: an illegal move"]
1. 11-15 23-19 2. 8-13 *

[Event "three: not PDN at all"]
1. 11-15 ?? zz {
} *

[Event "four"]
[FEN "W::"]
*

[Event "five"]
1. 9-14 *
"""


def test_a_collection_is_read_game_by_game_and_bad_games_skipped_on_request() -> None:
    with pytest.raises(boardgen.BoardgenError, match=r"^c.pdn:5:19: move 2 \(8-13\)"):
        read_pdn(COLLECTION, file="c.pdn")
    games = iter_pdn(COLLECTION, file="c.pdn")
    assert next(games).tags["Event"] == "one"  # the first game is read before the bad one
    errors: list[boardgen.BoardgenError] = []
    good = read_pdn(COLLECTION, file="c.pdn", skip_bad=True, on_error=errors.append)
    assert [r.tags["Event"] for r in good] == ["one", "five"]
    assert [str(e).split(": ")[0] for e in errors] == ["c.pdn:5:19", "c.pdn:8:13", "c.pdn:12:1"]
    assert "FEN: position 'W::': no pieces on the board" in str(errors[2])
    assert len(read_pdn(COLLECTION, skip_bad=True)) == 2


def test_game_skip_bad_reports_one_line_per_bad_game(tmp_path: Path) -> None:
    path = tmp_path / "c.pdn"
    path.write_text(COLLECTION)
    code, out, err = run("game", str(path))
    # The listing streams game by game: the games before the first bad one are listed.
    assert code == 2 and err.count("\n") == 1
    assert [line.split("\t")[0] for line in out.splitlines()] == ["1"]
    code, out, err = run("game", str(path), "--skip-bad")
    assert code == 0 and [line.split("\t")[0] for line in out.splitlines()] == ["1", "2"]
    assert [line.split(": ")[0] for line in err.splitlines()] == [
        f"{path}:5:19",
        f"{path}:8:13",
        f"{path}:12:1",
    ]


# -- sources and the API --------------------------------------------------------------------


def test_read_pdn_takes_a_path_text_or_a_file_object() -> None:
    by_path = read_pdn(PUBLISHED)
    text = PUBLISHED.read_text("utf-8")
    assert read_pdn(str(PUBLISHED))[0].plies == by_path[0].plies
    assert read_pdn(text)[0].plies == by_path[0].plies == parse_pdn(text)[0].plies
    assert read_pdn(io.StringIO(text))[0].plies == by_path[0].plies
    with PUBLISHED.open("rb") as handle:
        (record,) = read_pdn(handle)
    assert record.plies == by_path[0].plies and record.file == str(PUBLISHED)
    with pytest.raises(boardgen.BoardgenError, match=r"^nowhere\.pdn: no such file"):
        read_pdn("nowhere.pdn")
    with pytest.raises(TypeError):
        read_pdn(42)  # type: ignore[arg-type]


def test_a_bad_fen_is_located_at_its_tag() -> None:
    with pytest.raises(boardgen.BoardgenError) as caught:
        read_pdn('[Event "x"]\n[Round "1"]\n  [FEN "W:W99:B1"]\n*', file="f.pdn")
    assert str(caught.value).startswith("f.pdn:3:3: FEN: ")


def test_a_record_shows_itself_short_and_help_lists_the_pdn_names() -> None:
    (record,) = read_pdn(PUBLISHED)
    assert repr(record) == "<GameRecord american-checkers: Chinook - Tinsley, Marion, 71 plies, 1/2-1/2>"
    page = pydoc.render_doc(boardgen, renderer=pydoc.plaintext)
    for name in ("read_pdn", "write_pdn", "iter_pdn", "GameRecord"):
        assert name in page
    assert {"GameRecord", "iter_pdn", "read_pdn", "write_pdn"} <= set(dir(boardgen))


def test_api_misuse_of_records_is_a_boardgen_error() -> None:
    (record,) = read_pdn(PUBLISHED)
    with pytest.raises(boardgen.BoardgenError, match="every: write a number of moves from 1 to 100, not 0"):
        record.sheet(every=0)
    with pytest.raises(boardgen.BoardgenError, match="size: write a width in pixels from 16 to 4000"):
        record.animation(width=-5)
    with pytest.raises(boardgen.BoardgenError, match="ply 72 is out of range"):
        record.position(72)


# -- the game command -----------------------------------------------------------------------


def test_game_draws_one_position_as_svg_or_png(tmp_path: Path) -> None:
    from PIL import Image

    code, _, err = run("game", str(PUBLISHED), "--ply", "4", "-o", str(tmp_path / "p.svg"))
    assert code == 0, err
    (record,) = read_pdn(PUBLISHED)
    expected = boardgen.svg(record.position(4), lastmove=record.plies[3].move)
    assert (tmp_path / "p.svg").read_text("utf-8").split("\n", 1)[1] == expected
    code, _, err = run("game", str(PUBLISHED), "--ply", "0", "--width", "300", "-o", str(tmp_path / "p.png"))
    assert code == 0, err
    with Image.open(tmp_path / "p.png") as image:
        assert image.width == 300


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--every", "5", "-o", "x.gif"], "--every does not apply to a .gif output"),
        (["--width", "500", "-o", "x.pdf"], "--size does not apply to a .pdf output"),
        (["--lang", "fr", "-o", "x.pdn"], "--lang does not apply to a .pdn output"),
        (["--paper", "a3"], "--paper does not apply without -o"),
        (["-o", "x.svg"], "one position needs --ply N"),
        (["--ply", "3", "-o", "x.pdf"], "with --ply, write the position as .svg or .png"),
    ],
)
def test_game_refuses_options_it_would_ignore(args: list[str], message: str, tmp_path: Path) -> None:
    code, _, err = run(
        "game", str(PUBLISHED), *[str(tmp_path / a) if a.startswith("x.") else a for a in args]
    )
    assert code == 2 and message in err
    assert list(tmp_path.iterdir()) == []


def test_the_game_sheet_prints_nags(tmp_path: Path) -> None:
    path = tmp_path / "g.pdn"
    path.write_text('[Black "Ann"][White "Bob"] 1. 11-15 $1 23-19 $6 2. 8-11 $14 22-17 *')
    code, _, err = run("game", str(path), "-o", str(tmp_path / "s.pdf"))
    assert code == 0, err
    pdf = pypdfium2.PdfDocument(str(tmp_path / "s.pdf"))
    text = pdf[0].get_textpage().get_text_range()
    assert "11-15!" in text and "23-19?!" in text and "8-11 $14" in text


def test_the_game_sheet_prints_side_lines_numbered_with_their_nags_and_comments(tmp_path: Path) -> None:
    """A side line is printed after the move it replaces, numbered from where it starts
    (``1...`` for Black's reply), with NAGs as symbols and a side line inside it."""
    path = tmp_path / "g.pdn"
    path.write_text(
        '[Black "Ann"][White "Bob"] 1. 11-15 23-19 (1... 22-18 15x22 25x18 {A quieter line.}'
        " (2... 26x17 $2 8-11)) 2. 8-11 22-17 $1 *"
    )
    code, _, err = run("game", str(path), "-o", str(tmp_path / "s.pdf"))
    assert code == 0, err
    pdf = pypdfium2.PdfDocument(str(tmp_path / "s.pdf"))
    text = " ".join(pdf[0].get_textpage().get_text_range().split())
    assert "23-19 (1... 22-18 2. 15x22 25x18 A quieter line. (2... 26x17? 3. 8-11)) 2. 8-11 22-17!" in text


def test_a_bracket_inside_a_tag_value_does_not_start_a_game() -> None:
    """Games are split at a tag that follows moves; a ``]`` inside a quoted tag value
    (fuzzing wrote ``[Black "]Bob"]``) once made the rest of the tag read as moves, so the
    next tag started a game of its own and the real moves were lost."""
    text = '[Black "]Bob"]\n[White "Ann \\"]\\" Lee"]\n1. 11-15 23-19 *\n'
    (record,) = parse_pdn(text)
    assert record.tags == {"Black": "]Bob", "White": 'Ann "]" Lee'} and len(record.plies) == 2
