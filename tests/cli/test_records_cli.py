"""``boardgen game`` with the records of Go, Hex and Havannah, as a user runs it.

Every action the PDN side has works on the shipped SGF and ``.hgf`` records: the
listing, ``--ply``, the game sheet (its diagrams wide enough for a 19x19 board, the
stones of each row numbered), the animation, the folder of plies and, for Go, the game
written back as SGF. What does not apply is refused; a bad record is one located line
and nothing is written.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from PIL import Image

from boardgen.cli import main

GAMES = Path(__file__).resolve().parents[2] / "examples" / "games"
GO = str(GAMES / "go-ray-natsukaze-2019-uec.sgf")
HEX = str(GAMES / "hex-11-mohex-wolve-2009.sgf")
HAVANNAH = str(GAMES / "havannah-8-bill-collins-jamjam-lg1048010.hgf")
NS = {"svg": "http://www.w3.org/2000/svg"}


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    "path,line",
    [
        (GO, "1\tgo-19\tRay - Natsukaze\t377 plies\tW+3.5\n"),
        (
            str(GAMES / "go-alphago-lee-sedol-2016-game2.sgf"),
            "1\tgo-19\tAlphaGo - Lee Sedol\t211 plies\tB+Resign\n",
        ),
        (HEX, "1\thex-11\tWolve 0.9.GIT - Mohex 0.9.GIT\t86 plies\t0-1\n"),
        (str(GAMES / "hex-11-mohex-wolve-2008.sgf"), "1\thex-11\tRed - Blue\t59 plies\t1-0\n"),
        (HAVANNAH, "1\thavannah-8\tBill Collins - jamjam\t72 plies\t0-1\n"),
    ],
)
def test_the_listing_names_the_game_players_plies_and_result(path: str, line: str) -> None:
    assert run("game", path) == (0, line, "")


def test_a_position_after_n_plies_as_text_svg_and_png(in_tmp: Path) -> None:
    code, out, _ = run("game", GO, "--ply", "3")
    assert code == 0 and out == "B:d17,r16:W:d4/W/-/0/0-0/3\n"
    assert run("game", HAVANNAH, "--ply", "2")[1] == "W:-:B:f10/W\n"  # Little Golem's swap
    assert run("game", GO, "--ply", "10", "-o", "p.svg") == (0, "wrote p.svg\n", "")
    desc = ET.parse(in_tmp / "p.svg").getroot().findtext("svg:desc", namespaces=NS) or ""
    assert desc.endswith("Last move: r15.")  # a stone placed is tinted as its move
    assert run("game", HEX, "--ply", "86", "-o", "p.png", "--width", "300")[0] == 0
    with Image.open(in_tmp / "p.png") as image:
        assert image.width == 300
    code, _, err = run("game", GO, "--ply", "378")
    assert code == 2 and err == "ply 378 is out of range: this game has 377 plies (0 to 377)\n"


@pytest.mark.parametrize(
    "lang,words",
    [
        (
            "en",
            ["Ray against Natsukaze", "Go (19x19) · 377 moves", "Rules", "Japanese", "Komi", "After 50. s12"],
        ),
        (
            "fr",
            ["Ray contre Natsukaze", "Go (19x19) · 377 coups", "Règles", "Japanese", "Komi", "Après 50. s12"],
        ),
    ],
)
def test_a_go_game_sheet_numbers_each_move_and_draws_a_diagram_every_50(
    in_tmp: Path, lang: str, words: list[str]
) -> None:
    assert run("game", GO, "-o", "go.pdf", "--lang", lang) == (0, "wrote go.pdf\n", "")
    with pdfplumber.open(in_tmp / "go.pdf") as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
        # the x of each vertical line of the diagrams (the board is one surface, its lines on it)
        page = pdf.pages[0]
        files = sorted({round(o["x0"], 2) for o in page.lines if o["x0"] == o["x1"]})
        assert len(pdf.pages) == 4
    for word in [*words, "1. d17", "2. d4", "376. pass", "377. pass", "W+3.5"]:
        assert word in text, word
    assert text.count("After" if lang == "en" else "Après") == 8  # 50, 100, ... 350, 377
    # The 19x19 board gets a wider diagram: at least 3.6 mm between lines (58 mm gave 2.6).
    steps = [b - a for a, b in itertools.pairwise(files) if b - a > 2]
    assert min(steps) / 72 * 25.4 >= 3.6


def test_a_hex_sheet_in_german_keeps_the_swap(in_tmp: Path) -> None:
    assert run("game", HEX, "-o", "hex.pdf", "--lang", "de", "--every", "40")[0] == 0
    with pdfplumber.open(in_tmp / "hex.pdf") as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    for word in [
        "Wolve 0.9.GIT gegen Mohex 0.9.GIT",
        "86 Züge",
        "Rot: Wolve",
        "1. a9 swap-pieces",
        "Nach 40.",
    ]:
        assert word in text, word


def test_an_animation_and_a_folder_of_plies(in_tmp: Path) -> None:
    assert run("game", HEX, "-o", "hex.gif", "--width", "120") == (0, "wrote hex.gif\n", "")
    with Image.open(in_tmp / "hex.gif") as image:
        assert image.n_frames == 87
    assert run("game", HAVANNAH, "-o", "plies/") == (0, "wrote 73 files in plies\n", "")
    assert len(list((in_tmp / "plies").iterdir())) == 73


def test_a_go_record_is_written_back_as_sgf(in_tmp: Path) -> None:
    assert run("game", GO, "-o", "again.sgf") == (0, "wrote again.sgf\n", "")
    assert run("game", "again.sgf") == run("game", GO)
    assert run("game", "again.sgf", "--ply", "377") == run("game", GO, "--ply", "377")


@pytest.mark.parametrize(
    "path,target,error",
    [
        (GO, "again.pdn", "-o again.pdn: a Go record is written back as .sgf\n"),
        (
            HEX,
            "again.sgf",
            "-o again.sgf: a hex-11 record is read only; Go, PDN and PGN records are written back\n",
        ),
        (
            str(GAMES.parent / "tinsley-chinook-1992-game32.pdn"),
            "again.sgf",
            "-o again.sgf: a PDN record is written back as .pdn\n",
        ),
    ],
)
def test_a_record_is_written_back_only_in_its_own_format(
    in_tmp: Path, path: str, target: str, error: str
) -> None:
    assert run("game", path, "-o", target) == (2, "", error)
    assert list(in_tmp.iterdir()) == []


def test_an_option_that_changes_nothing_is_refused(in_tmp: Path) -> None:
    code, _, err = run("game", GO, "-o", "g.gif", "--every", "10")
    assert code == 2 and "--every does not apply to a .gif output" in err
    code, _, err = run("game", HEX, "-o", "s.pdf", "--width", "300")
    assert code == 2 and "--size does not apply to a .pdf output" in err
    assert list(in_tmp.iterdir()) == []


def test_a_bad_record_is_one_located_line_and_nothing_is_written(in_tmp: Path) -> None:
    Path("bad.sgf").write_text("% a header\n(;GM[1]SZ[19]\n;B[dd];W[dd])\n", encoding="utf-8")
    for target in ("sheet.pdf", "game.gif", "out/", "again.sgf"):
        code, out, err = run("game", "bad.sgf", "-o", target)
        assert (code, out) == (2, "")
        assert err == "bad.sgf:3:7: SGF move 2 (W[dd]): illegal move d16: the point is taken\n"
    Path("big.sgf").write_text("(;GM[1]SZ[25];B[aa])", encoding="utf-8")
    code, _, err = run("game", "big.sgf")
    assert code == 2 and err.startswith("big.sgf:1:8: SGF: SZ[25]: boardgen ships Go on 9x9 (go-9)")
    assert sorted(p.name for p in in_tmp.iterdir()) == ["bad.sgf", "big.sgf"]


def test_a_collection_numbers_and_skips_its_games(in_tmp: Path) -> None:
    Path("c.sgf").write_text("(;GM[1]SZ[9];B[ee])(;GM[1]SZ[9];B[aa];B[aa])(;GM[11]SZ[11];B[f6])\n")
    code, out, err = run("game", "c.sgf", "--skip-bad")
    assert code == 0 and out == "1\tgo-9\tBlack - White\t1 plies\t*\n2\thex-11\tRed - Blue\t1 plies\t*\n"
    assert err.startswith("c.sgf:1:38: SGF move 2 (B[aa]): ")
    assert run("game", "c.sgf", "--skip-bad", "--number", "2", "--ply", "1")[1] == "R:f6:B:-/B\n"
    code, out, err = run("game", "c.sgf", "--number", "3", "--ply", "1")  # the bad game stops the reading
    assert (code, out) == (2, "") and err.startswith("c.sgf:1:38: SGF move 2 (B[aa]): ")


def test_a_descriptor_given_must_fit_the_record() -> None:
    code, _, err = run("game", GO, "--variant", "go-9")
    assert code == 2 and err.startswith(
        f"{GO}:14:1: SGF: SZ[19]: go-9 (go, lines 9x9) cannot play a Go record"
    )


def test_a_descriptor_of_the_records_size_plays_it(in_tmp: Path) -> None:
    """No game ships 7x7 Go: a descriptor of that size, given with --variant, plays the record."""
    nine = (GAMES.parents[1] / "variants" / "go-9.yaml").read_text(encoding="utf-8")
    seven = (
        nine.replace("id: go-9", "id: go-7")
        .replace("width: 9", "width: 7")
        .replace("height: 9", "height: 7")
        .replace("marks: [c3, g3, e5, c7, g7]", "marks: [c3, e3, d4, c5, e5]")
    )
    Path("go-7.yaml").write_text(seven, encoding="utf-8")
    Path("s7.sgf").write_text("(;GM[1]SZ[7]KM[9]PB[Ann]PW[Bob];B[dd];W[cc];B[ee])", encoding="utf-8")
    assert run("game", "s7.sgf")[0] == 2
    assert run("game", "s7.sgf", "--variant", "go-7.yaml") == (0, "1\tgo-7\tAnn - Bob\t3 plies\t*\n", "")
