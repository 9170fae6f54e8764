"""The command line follows its options: each one given applies or is refused (exit 2),
``--lang`` in any case, paper sizes up to A0 and any ``WIDTHxHEIGHT``, finished games
said to be over, ``perft --distinct``, and Ctrl-C exiting 130."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path

import jsonschema
import pdfplumber
import pypdf
import pytest
import yaml
from click.testing import CliRunner

from boardgen.cli import main
from boardgen.descriptor import load_variant
from boardgen.foundation.paper import PAPERS, paper_named
from boardgen.rules.registry import make_game

ROOT = Path(__file__).resolve().parents[2]
MM = 72 / 25.4


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


# -- --lang ------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["FR", "Fr", "fr"])
def test_lang_takes_any_case_of_a_known_code(code: str, in_tmp: Path) -> None:
    code_, _, err = run("render", "pool-checkers", "--what", "rules", "--lang", code, "-o", "r.pdf")
    assert code_ == 0, err
    assert pypdf.PdfReader("r.pdf").trailer["/Root"]["/Lang"] == "fr"
    swapped = code.upper().swapcase()
    assert run("render", "pool-checkers", "--what", "start", "--lang", swapped, "-o", "b.svg")[0] == 0
    title = ET.parse("b.svg").getroot().findtext("{http://www.w3.org/2000/svg}title", "")
    assert title == "Dames Pool (American Pool)\u00a0: position de départ", "French, set the French way"


@pytest.mark.parametrize("what", ["board", "start", "rules"])
@pytest.mark.parametrize("code", ["xx", "fr-CA", "EN_GB"])
def test_an_unknown_language_is_one_line_and_exit_2(what: str, code: str, in_tmp: Path) -> None:
    status, out, err = run("render", "pool-checkers", "--what", what, "--lang", code, "-o", "x.pdf")
    assert status == 2
    assert err == f"--lang: no text catalogue for language {code!r} (known: en, de, fr)\n"
    assert out == "" and list(in_tmp.iterdir()) == []


# -- every option applies or is refused ----------------------------------------------------

REFUSED = [
    (["--what", "rules", "--cell-size", "20"], "--cell-size does not apply to a rule sheet"),
    (["--what", "rules", "--no-coordinates"], "--no-coordinates does not apply to a rule sheet"),
    (["--what", "rules", "--coordinates"], "--coordinates does not apply to a rule sheet"),
    (["--what", "rules", "--landscape"], "--landscape does not apply to a rule sheet"),
    (
        ["--what", "rules", "--cell-size", "20", "--portrait"],
        "--cell-size and --portrait do not apply to a rule sheet",
    ),
    (["--format", "svg", "--paper", "a3"], "--paper does not apply to an SVG board"),
    (["--format", "svg", "--landscape"], "--landscape does not apply to an SVG board"),
    (
        ["--what", "start", "--format", "svg", "--cell-size", "20", "--paper", "a3"],
        "--paper does not apply to an SVG with --cell-size",
    ),
]


@pytest.mark.parametrize(("options", "message"), REFUSED, ids=[" ".join(options) for options, _ in REFUSED])
def test_an_option_that_would_not_apply_is_refused(options: list[str], message: str, in_tmp: Path) -> None:
    name = "out.svg" if "svg" in options else "out.pdf"
    result = CliRunner().invoke(main, ["render", "pool-checkers", *options, "-o", name])
    assert result.exit_code == 2
    assert f"Error: {message}" in result.stderr and "Traceback" not in result.output
    assert list(in_tmp.iterdir()) == []


def test_options_that_apply_are_taken(in_tmp: Path) -> None:
    """The paper fits a start diagram's cell size in an SVG; the same options on PDFs."""
    for options in (
        ["--what", "start", "--format", "svg", "--paper", "a3", "--landscape"],
        ["--what", "start", "--format", "pdf", "--cell-size", "20", "--paper", "a3", "--no-coordinates"],
        ["--what", "board", "--format", "pdf", "--cell-size", "20", "--paper", "a3", "--portrait"],
        ["--what", "rules", "--paper", "letter", "--lang", "de"],
    ):
        name = "out.svg" if "svg" in options else "out.pdf"
        status, _, err = run("render", "pool-checkers", *options, "-o", name)
        assert status == 0, (options, err)
    small = run("render", "kruzno-checkers", "--what", "start", "--format", "svg", "-o", "a4.svg")
    large = run("render", "kruzno-checkers", "--what", "start", "--paper", "a2", "-o", "a2.svg")
    assert small[0] == large[0] == 0
    width = [
        float(ET.parse(name).getroot().get("width", "").removesuffix("mm")) for name in ("a4.svg", "a2.svg")
    ]
    assert width[1] > width[0], "the start diagram grows to fit the larger paper"


def test_diagram_refuses_dpi_without_png(in_tmp: Path) -> None:
    status, _, err = run("diagram", "catchup", "--dpi", "100", "-o", "d.svg")
    assert status == 2 and err == "--dpi does not apply to SVG output: it has no pixels\n"
    (in_tmp / "lines.txt").write_text("catchup -o a.svg\ncatchup --dpi 90 -o b.pdf\n")
    status, _, err = run("diagram", "--batch", "lines.txt")
    assert status == 2 and err == "lines.txt:2:1: --dpi does not apply to PDF output: it has no pixels\n"
    assert sorted(p.name for p in in_tmp.iterdir()) == ["lines.txt"]
    assert run("diagram", "catchup", "--dpi", "72", "-o", "d.png")[0] == 0


def test_diagram_refuses_options_beside_batch(in_tmp: Path) -> None:
    (in_tmp / "lines.txt").write_text("catchup -o a.svg\n")
    result = CliRunner().invoke(main, ["diagram", "--batch", "lines.txt", "--flipped", "--format", "png"])
    assert result.exit_code == 2
    assert "Error: --flipped and --format do not apply with --batch" in result.stderr
    assert sorted(p.name for p in in_tmp.iterdir()) == ["lines.txt"]
    assert run("diagram", "--batch", "lines.txt")[0] == 0


# -- paper ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("A2", (420, 594)),
        ("a1", (594, 841)),
        ("a0", (841, 1189)),
        ("Tabloid", (279.4, 431.8)),
        ("ledger", (431.8, 279.4)),
        ("500x700", (500, 700)),
        ("500 x 700 mm", (500, 700)),
        ("297.5X210", (297.5, 210)),
    ],
)
def test_paper_names_and_sizes(name: str, size: tuple[float, float]) -> None:
    paper = paper_named(name)
    assert (paper.width, paper.height) == size


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "b5",
            "unknown paper size 'b5' (known: A4, Letter, A3, A2, A1, A0, Tabloid, Ledger, or WIDTHxHEIGHT",
        ),
        ("90x200", "paper '90x200': each side must be 100 to 2000 mm"),
        ("500x2500", "paper '500x2500': each side must be 100 to 2000 mm"),
        ("500x", "unknown paper size '500x'"),
    ],
)
def test_bad_paper_is_one_line_and_exit_2(name: str, message: str, in_tmp: Path) -> None:
    status, _, err = run("render", "pool-checkers", "--format", "pdf", "--paper", name, "-o", "b.pdf")
    assert status == 2 and err.startswith(message) and err.count("\n") == 1
    assert list(in_tmp.iterdir()) == []


def pages(path: str) -> list[tuple[float, float]]:
    """Each page's size in mm."""
    return [
        (round(float(page.mediabox.width) / MM), round(float(page.mediabox.height) / MM))
        for page in pypdf.PdfReader(path).pages
    ]


@pytest.mark.parametrize(
    ("variant", "cell", "paper", "size"),
    [
        ("american-checkers", "40", "a2", (420, 594)),
        ("hex9-checkers", "30", "a1", (594, 841)),
        ("kruzno-checkers", "20", "ledger", (432, 279)),
        ("kruzno-checkers", "40", "600x500", (600, 500)),
    ],
)
def test_a_board_that_fits_one_sheet_is_one_page(
    variant: str, cell: str, paper: str, size: tuple[int, int], in_tmp: Path
) -> None:
    assert run("render", variant, "--cell-size", cell, "--paper", paper, "-o", "one.pdf")[0] == 0
    (page,) = pages("one.pdf")
    assert sorted(page) == sorted(size), "one sheet, turned whichever way it fits"
    assert run("render", variant, "--cell-size", cell, "--paper", "a4", "-o", "tiled.pdf")[0] == 0
    assert len(pages("tiled.pdf")) > 1


def test_a_rule_sheet_on_a_small_sheet_stacks_what_stood_side_by_side(in_tmp: Path) -> None:
    """On A6 the list of components no longer fits beside the starting diagram (it was
    refused as too small for the sheet): the two now stand one under the other."""
    status, _, err = run("render", "kruzno-checkers", "--what", "rules", "--paper", "105x148", "-o", "r.pdf")
    assert status == 0, err
    with pdfplumber.open(in_tmp / "r.pdf") as pdf:
        assert len(pdf.pages) > 2
        for page in pdf.pages:
            w, h = page.width, page.height
            inside = [c["x0"] >= 0 and c["x1"] <= w and c["bottom"] <= h for c in page.chars]
            assert all(inside)


def with_paper(in_tmp: Path, paper: str) -> Path:
    text = (ROOT / "variants" / "american-checkers.yaml").read_text("utf-8")
    assert "print:\n  cell_size: 40\n" in text
    path = in_tmp / "american-checkers.yaml"
    path.write_text(text.replace("print:\n  cell_size: 40\n", f"print:\n  cell_size: 40\n  paper: {paper}\n"))
    return path


@pytest.mark.parametrize("paper", ["a2", "A1", "tabloid", "500x700", '"420 x 594 mm"'])
def test_descriptor_paper_takes_every_size_and_the_schema_agrees(paper: str, in_tmp: Path) -> None:
    path = with_paper(in_tmp, paper)
    assert load_variant(str(path)).print.paper == yaml.safe_load(paper)
    schema = json.loads(resources.files("boardgen.descriptor").joinpath("descriptor.schema.json").read_text())
    jsonschema.validate(yaml.safe_load(path.read_text("utf-8")), schema)


def test_descriptor_paper_a2_prints_the_board_on_one_sheet(in_tmp: Path) -> None:
    path = with_paper(in_tmp, "a2")
    assert run("render", str(path), "-o", "board.pdf")[0] == 0
    assert pages("board.pdf") == [(420, 594)]


@pytest.mark.parametrize(
    ("paper", "message"),
    [
        ("b5", "print.paper: unknown paper size 'b5'"),
        ("50x50", "print.paper: paper '50x50': each side must be 100 to 2000 mm"),
    ],
)
def test_descriptor_bad_paper_is_located(paper: str, message: str, in_tmp: Path) -> None:
    path = with_paper(in_tmp, paper)
    status, _, err = run("validate", str(path))
    assert status == 2
    assert err.startswith(f"{path}:48:10: {message}"), err
    if paper == "b5":  # the schema checks the form; the loader also checks the range
        schema = json.loads(
            resources.files("boardgen.descriptor").joinpath("descriptor.schema.json").read_text()
        )
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(yaml.safe_load(path.read_text("utf-8")), schema)
    assert list(PAPERS) == ["a4", "letter", "a3", "a2", "a1", "a0", "tabloid", "ledger"]


# -- finished games ------------------------------------------------------------------------

OVER = [
    (
        "pool-checkers",
        "W:WK6:BK27:quiet=50",
        "a draw (quiet-move rule: 25 moves each without a man moving or a capture)",
    ),
    (
        "pool-checkers",
        "B:WK25,K30,K31:BK4:lone=13",
        "a draw (three kings against one: 13 moves of the three kings",
    ),
    ("american-checkers", "B:W8,11:B4", "white wins (black has no legal move)"),
    ("american-checkers", "B:W8:B", "white wins (black has no pieces left)"),
    ("variante-dames", "B:Wd6:B", "white wins (black has no pieces left)"),
]


@pytest.mark.parametrize(("variant", "position", "why"), OVER)
def test_moves_and_perft_say_the_game_is_over_and_why(variant: str, position: str, why: str) -> None:
    status, out, err = run("moves", variant, "--position", position)
    assert status == 0 and out == ""
    assert err.startswith(f"the game is over: {why}") and err.count("\n") == 1
    status, out, err = run("perft", variant, "3", "--divide", "--position", position)
    assert status == 0 and out == "1 0\n2 0\n3 0\n"
    assert err.startswith(f"the game is over: {why}")


def test_a_position_one_move_before_the_quiet_draw_still_has_moves() -> None:
    status, out, err = run("moves", "pool-checkers", "--position", "B:WK6:BK32:quiet=49")
    assert status == 0 and err == "" and out.endswith("quiet=50\n")


def test_catchup_on_a_full_board_is_over_with_its_groups() -> None:
    variant = load_variant("catchup")
    game = make_game(variant.game_spec(), variant.rules.family)
    position = game.initial()
    while moves := game.legal_moves(position):
        position = game.play(position, moves[0])
    ending = game.ending(position)
    assert ending is not None
    status, out, err = run("moves", "catchup", "--position", game.position_text(position))
    assert status == 0 and out == ""
    assert err == f"{ending}\n" and "the board is full; groups " in err


# -- perft --distinct ----------------------------------------------------------------------

LOOP = "W:W21,22,23,24,25,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,12,17,18"


def test_perft_distinct_counts_each_resulting_position_once() -> None:
    assert run("perft", "pool-checkers", "1", "--position", LOOP)[1] == "1 4\n"
    assert run("perft", "pool-checkers", "1", "--position", LOOP, "--distinct")[1] == "1 3\n"
    status, out, _ = run("perft", "pool-checkers", "2", "--position", LOOP, "--distinct", "--divide")
    lines = out.splitlines()
    assert status == 0 and [line.split("\t")[0] for line in lines[:-2]] == ["21x14", "22x13x6x15x22", "23x14"]
    assert sum(int(line.split("\t")[1]) for line in lines[:-2]) == int(lines[-1].split()[1])


def test_perft_distinct_matches_the_published_pool_table_at_depth_8() -> None:
    table = json.loads((ROOT / "tests" / "data" / "leaping_perft.json").read_text())["games"]["pool-checkers"]
    status, out, _ = run("perft", "pool-checkers", "8", "--distinct")
    assert status == 0 and out.splitlines()[-1] == f"8 {table['distinct'][7]}"
    assert table["distinct"][7] != table["counts"][7]


def test_perft_distinct_changes_nothing_for_catchup() -> None:
    assert run("perft", "catchup", "2")[1] == run("perft", "catchup", "2", "--distinct")[1]


# -- Ctrl-C --------------------------------------------------------------------------------


def rendering(pid: int, out: Path, workers: int) -> bool:
    """Whether the build is under way: its first file written (one worker: the files come
    in order), or its workers started and ignoring SIGINT (two: the long booklets come
    first). A signal that lands while a process forks is lost inside Python's own fork
    handlers, so the test waits until the workers are past that."""
    if workers == 1:
        return any(p.is_file() and not p.name.endswith(".part") for p in out.rglob("*"))
    children = Path(f"/proc/{pid}/task/{pid}/children")
    found = children.read_text().split() if children.exists() else []
    return len(found) >= workers and all(ignores_sigint(int(child)) for child in found)


def ignores_sigint(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    mask = next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:"))
    return bool(int(mask, 16) >> (signal.SIGINT - 1) & 1)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc to see the build's workers")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_a_build_with_status_130_and_whole_files(tmp_path: Path, jobs: str) -> None:
    """A real SIGINT to the whole process group, as a terminal sends it on Ctrl-C."""
    out = tmp_path / "out"
    env = {**os.environ, "BOARDGEN_VARIANTS": str(ROOT / "variants")}
    command = [sys.executable, "-m", "boardgen", "build", "--out", str(out), "--jobs", jobs, "--quiet"]
    process = subprocess.Popen(command, env=env, cwd=tmp_path, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 120
    while not rendering(process.pid, out, workers=int(jobs)):
        assert time.monotonic() < deadline and process.poll() is None, "the build never started rendering"
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert err.decode().strip() == "interrupted"
    assert not list(out.rglob("*.part"))
    written = [p for p in out.rglob("*") if p.is_file()]
    assert not (out / "index.html").exists()
    for path in written:
        data = path.read_bytes()
        assert data.rstrip().endswith(b"%%EOF" if path.suffix == ".pdf" else b"</svg>")


# -- --fit-sheets ------------------------------------------------------------------------


def test_render_offers_the_cell_size_that_saves_sheets_and_fit_sheets_takes_it(in_tmp: Path) -> None:
    """Hexdame's 40 mm hexagons need six A4 tiles; a little smaller, four: render says
    so, and --fit-sheets prints the board that way."""
    code, _, err = run("render", "hexdame", "-o", "board.pdf")
    assert code == 0
    before = len(pypdf.PdfReader("board.pdf").pages)
    assert "--fit-sheets" in err and f"instead of {before}" in err
    code, _, err = run("render", "hexdame", "--fit-sheets", "-o", "fitted.pdf")
    assert code == 0
    after = len(pypdf.PdfReader("fitted.pdf").pages)
    assert after < before and f"{after} pages instead of {before}" in err
    code, _, err = run("render", "american-checkers", "--fit-sheets", "-o", "one.pdf")
    assert code == 0 and "note" not in err  # one page already: nothing to save
    code, _, err = run("render", "hexdame", "--fit-sheets", "-o", "board.svg")
    assert code == 2 and "--fit-sheets" in err and not Path("board.svg").exists()
