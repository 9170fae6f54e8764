"""The ``game`` command and the ``diagram`` command's new options, as a user runs them."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from PIL import Image

from boardgen.cli import main

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED = str(ROOT / "examples" / "tinsley-chinook-1992-game32.pdn")
NS = {"svg": "http://www.w3.org/2000/svg"}


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_game_lists_the_games_and_prints_a_position_after_a_ply() -> None:
    code, out, _ = run("game", PUBLISHED)
    assert code == 0 and out == "1\tamerican-checkers\tChinook - Tinsley, Marion\t71 plies\t1/2-1/2\n"
    assert (
        run("game", PUBLISHED, "--ply", "0")[1]
        == "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12\n"
    )
    assert run("game", PUBLISHED, "--ply", "2")[1].startswith("B:W18,")
    code, _, err = run("game", PUBLISHED, "--ply", "80")
    assert code == 2 and "ply 80 is out of range" in err


@pytest.mark.parametrize(
    "lang,words",
    [
        ("en", ["Game record", "Result", "After 13. 13-17"]),
        ("fr", ["Feuille de partie", "Résultat", "Après 13. 13-17"]),
        ("de", ["Partieprotokoll", "Ergebnis", "Nach 13. 13-17"]),
    ],
)
def test_game_sheet_in_each_language(in_tmp: Path, lang: str, words: list[str]) -> None:
    code, out, _ = run("game", PUBLISHED, "-o", "sheet.pdf", "--lang", lang, "--every", "12")
    assert code == 0 and out == "wrote sheet.pdf\n"
    with pdfplumber.open(in_tmp / "sheet.pdf") as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    for word in [
        *words,
        "Chinook",
        "Tinsley, Marion",
        "Silicon Graphics World Checkers Championship",
        "13-17",
        "22x15x24",
    ]:
        assert word in text, word
    assert "a man walks deep into" in text.replace("\n", " ")  # the comment, beside its diagram


def test_game_animation_has_a_frame_per_position(in_tmp: Path) -> None:
    assert run("game", PUBLISHED, "-o", "game.gif", "--width", "200")[0] == 0
    with Image.open(in_tmp / "game.gif") as image:
        assert image.n_frames == 72 and image.width == pytest.approx(200, abs=1)


def test_game_folder_has_an_svg_per_ply(in_tmp: Path) -> None:
    code, out, _ = run("game", PUBLISHED, "-o", "plies/")
    assert code == 0 and out == "wrote 72 files in plies\n"
    files = sorted((in_tmp / "plies").iterdir())
    assert files[0].name == "ply-000.svg" and files[-1].name == "ply-071.svg"
    last = ET.parse(files[-1]).getroot()
    assert "Last move: c3 to e5 to g3." in (last.findtext("svg:desc", namespaces=NS) or "")


def test_game_rewritten_as_pdn(in_tmp: Path) -> None:
    assert run("game", PUBLISHED, "-o", "again.pdn")[0] == 0
    assert run("game", "again.pdn", "--ply", "71")[1] == "W:W30,K6,K10:B12,23,K24\n"


def test_a_bad_record_writes_nothing(in_tmp: Path) -> None:
    Path("bad.pdn").write_text('[Event "x"]\n1. 11-15 23-19\n2. 8-13 *\n')
    for target in ("sheet.pdf", "game.gif", "out/"):
        code, out, err = run("game", "bad.pdn", "-o", target)
        assert code == 2 and out == ""
        assert (
            err == "bad.pdn:3:4: move 2 (8-13): move '8-13' is not legal here; "
            "legal moves: 7-11, 8-11, 9-13, 9-14, 10-14, 12-16, 15-18\n"
        )
    assert sorted(p.name for p in in_tmp.iterdir()) == ["bad.pdn"]
    code, _, err = run("game", "bad.pdn", "-o", "x.txt")
    assert code == 2 and "write a .pdf" in err


def test_diagram_move_arrow_fill_and_lastmove(in_tmp: Path) -> None:
    code, _, _ = run(
        "diagram",
        "american-checkers",
        "--position",
        "W:W27,K30:B23,14",
        "--move",
        "27x18x9",
        "--arrow",
        "30-26:green",
        "--fill",
        "14:#123456",
        "--highlight",
        "10",
        "-o",
        "d.svg",
    )
    assert code == 0
    text = (in_tmp / "d.svg").read_text()
    root = ET.fromstring(text)
    desc = root.findtext("svg:desc", namespaces=NS) or ""
    assert "White to move plays 27x18x9." in desc and "Arrow: c1 to d2." in desc
    assert "#2e9e44" in text and "#123456" in text and "#ffd23f" in text
    assert root.find(".//svg:g[@aria-label='captured']", NS) is not None
    code, _, _ = run(
        "diagram",
        "american-checkers",
        "--lastmove",
        "11-15",
        "--position",
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15",
        "-o",
        "l.svg",
    )
    assert code == 0 and "Last move: f6 to e5." in (in_tmp / "l.svg").read_text()


def test_diagram_batch_draws_many_in_one_process(in_tmp: Path) -> None:
    Path("lines.txt").write_text(
        "# one diagram per line\n"
        "american-checkers --move 11-15 -o a.svg\n"
        "\n"
        "pool-checkers --arrow 22-18:red -o 'b c.png' --dpi 50\n"
        "catchup --fill e5:yellow -o c.pdf\n"
    )
    code, out, _ = run("diagram", "--batch", "lines.txt")
    assert code == 0 and out == "wrote a.svg\nwrote b c.png\nwrote c.pdf\n"
    with Image.open(in_tmp / "b c.png") as image:
        assert image.format == "PNG"
    code, out, _ = run("diagram", "--batch", "-", stdin="american-checkers -o s.svg\n")
    assert code == 0 and (in_tmp / "s.svg").exists()


def test_a_bad_batch_line_is_located_and_nothing_is_written(in_tmp: Path) -> None:
    Path("lines.txt").write_text("american-checkers -o a.svg\namerican-checkers --move 11-17 -o b.svg\n")
    code, out, err = run("diagram", "--batch", "lines.txt")
    assert code == 2 and out == ""
    assert err.startswith("lines.txt:2:1: move '11-17' is not legal here")
    Path("lines.txt").write_text("american-checkers --arrow 11-15:mauve -o a.svg\n")
    assert run("diagram", "--batch", "lines.txt")[2].startswith("lines.txt:1:1: 'mauve' is not a colour")
    Path("lines.txt").write_text("american-checkers --nope -o a.svg\n")
    assert run("diagram", "--batch", "lines.txt")[2].startswith("lines.txt:1:1: No such option '--nope'")
    assert sorted(p.name for p in in_tmp.iterdir()) == ["lines.txt"]
    assert run("diagram", "american-checkers", "--batch", "lines.txt")[0] == 2
    assert run("diagram", "-o", "x.svg")[0] == 2


def test_api_png_matches_the_cli(in_tmp: Path) -> None:
    import boardgen

    assert run("diagram", "american-checkers", "--move", "11-15", "--dpi", "60", "-o", "m.png")[0] == 0
    game = boardgen.load("american-checkers")
    data = boardgen.png(game.start, move="11-15", dpi=60)
    assert (in_tmp / "m.png").read_bytes() == data
    with Image.open(io.BytesIO(data)) as image:
        assert image.info["dpi"][0] == pytest.approx(60, abs=0.5)


def test_game_sheet_of_a_set_up_position_starts_with_its_diagram(in_tmp: Path) -> None:
    Path("setup.pdn").write_text('[GameType "25"]\n[FEN "W:W27,K30:B23,14"]\n1... 27x18x9 {both men} *\n')
    code, _, err = run("game", "setup.pdn", "-o", "r.pdf")  # GameType 25: Russian draughts
    assert code == 0 and Path("r.pdf").exists(), err
    code, _, _ = run("game", "setup.pdn", "--variant", "american-checkers", "-o", "s.pdf")
    assert code == 0
    with pdfplumber.open(in_tmp / "s.pdf") as pdf:
        text = pdf.pages[0].extract_text() or ""
    assert "Starting position" in text and "After 1... 27x18x9" in text and "both men" in text
