"""One vocabulary for diagram options: the Python API, the command line, the Sphinx
directive and the Markdown block take the same names with the same meanings, and every
builder honours them (LaTeX included).

:data:`TABLE` holds each option once, written the four ways; every row is drawn by each
front end and the pictures must be the same bytes.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import boardgen
from boardgen.cli import main
from boardgen.docext.blocks import OPTIONS

sphinx_build = pytest.importorskip("sphinx.cmd.build")
markdown = pytest.importorskip("markdown")

GAME = "american-checkers"
KING = "W:W27,K30:B23,14"
AFTER = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"  # after 11-15

#: (API keywords, command-line arguments, Sphinx/Markdown options) for each option.
TABLE: list[tuple[dict[str, Any], list[str], dict[str, str]]] = [
    ({}, [], {}),
    ({"position": KING}, ["--position", KING], {"position": KING}),
    ({"move": "11-15"}, ["--move", "11-15"], {"move": "11-15"}),
    (
        {"position": KING, "move": "27x18x9"},
        ["--position", KING, "--move", "27x18x9"],
        {"position": KING, "move": "27x18x9"},
    ),
    (
        {"arrows": ["22-18:green", "11-15"]},
        ["--arrows", "22-18:green", "--arrow", "11-15"],
        {"arrows": "22-18:green 11-15"},
    ),
    (
        {"fill": {"15": "#123456", "d4": None}},
        ["--fill", "15:#123456", "--fill", "d4"],
        {"fill": "15:#123456 d4"},
    ),
    (
        {"position": AFTER, "lastmove": "11-15"},
        ["--position", AFTER, "--lastmove", "11-15"],
        {"position": AFTER, "lastmove": "11-15"},
    ),
    ({"flipped": True}, ["--flipped"], {"flipped": "yes"}),
    ({"coordinates": False}, ["--no-coordinates"], {"coordinates": "no"}),
    ({"size": 320}, ["--size", "320"], {"size": "320"}),
    ({"cell_size": 12}, ["--cell-size", "12"], {"cell_size": "12"}),
    (
        {"size": 200, "cell_size": 6},
        ["--size", "200", "--cell-size", "6"],
        {"size": "200px", "cell_size": "6mm"},
    ),
    (
        {"colours": {"dark": "#556b2f", "black": "red", "arrow": "#000"}, "arrows": ["9-14"]},
        ["--colours", "dark:#556b2f", "--colours", "black:red arrow:#000", "--arrow", "9-14"],
        {"colours": "dark:#556b2f black:red arrow:#000", "arrows": "9-14"},
    ),
]


GO = "go-19"
CORNER = "B:c16,d16,e17,c15:W:d17,c17,e16,d15,e15/B"
#: The options of Go's marks, numbered moves and part boards, written the four ways.
GO_TABLE: list[tuple[dict[str, Any], list[str], dict[str, str]]] = [
    (
        {"position": CORNER, "marks": ["c14:triangle", "e18:circle:red"], "labels": ["b18:A"]},
        ["--position", CORNER, "--mark", "c14:triangle", "--marks", "e18:circle:red", "--label", "b18:A"],
        {"position": CORNER, "marks": "c14:triangle e18:circle:red", "labels": "b18:A"},
    ),
    (
        {"position": CORNER, "sequence": "d18 b17 e14", "first_number": 5},
        ["--position", CORNER, "--sequence", "d18 b17 e14", "--first-number", "5"],
        {"position": CORNER, "sequence": "d18 b17 e14", "first_number": "5"},
    ),
    (
        {"window": "a11-k19", "lang": "fr"},
        ["--window", "a11-k19", "--lang", "fr"],
        {"window": "a11-k19", "lang": "fr"},
    ),
    (
        {"position": "B:a1:W:a2,b1/B", "study": True},
        ["--position", "B:a1:W:a2,b1/B", "--study"],
        {"position": "B:a1:W:a2,b1/B", "study": "yes"},
    ),
]


def _bare(html: str) -> str:
    """A page's HTML without the alternative texts the pages add to each picture."""
    return re.sub(r'role="img" aria-label="[^"]*"', 'role="img"', html)


def _api_svg(keywords: dict[str, Any], game_id: str = GAME) -> str:
    options = dict(keywords)
    game = boardgen.load(game_id)
    study = options.pop("study", False)
    position = game.position(options.pop("position"), study=study) if "position" in options else game.start
    return boardgen.svg(position, **options)


def _api_pdf(keywords: dict[str, Any]) -> bytes:
    options = {k: v for k, v in keywords.items() if k not in ("position", "size")}
    game = boardgen.load(GAME)
    position = game.position(keywords["position"]) if "position" in keywords else game.start
    return boardgen.pdf(position, **options)


def test_the_table_covers_every_drawing_option() -> None:
    named = {name for _, _, block in TABLE + GO_TABLE for name in block}
    records = {"record", "number", "ply", "after", "moves"}  # tests/docext/test_records_in_pages.py
    assert named | {"game", "caption"} | records == set(OPTIONS)


@pytest.mark.parametrize(("keywords", "args", "block"), GO_TABLE)
def test_go_marks_read_the_same_in_every_front_end(
    keywords: dict[str, Any], args: list[str], block: dict[str, str], tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["diagram", GO, *args, "-o", "d.svg"])
    assert result.exit_code == 0, result.stderr
    api = _api_svg(keywords, GO)
    assert Path("d.svg").read_text("utf-8").split("\n", 1)[1] == api
    fence = "\n".join([f"game: {GO}", *(f"{k}: {v}" for k, v in block.items())])
    html = markdown.markdown(f"```boardgen\n{fence}\n```", extensions=["boardgen.markdown"])
    assert api in _bare(html)


@pytest.mark.parametrize(("keywords", "args", "block"), TABLE)
def test_command_line_draws_what_the_api_draws(
    keywords: dict[str, Any], args: list[str], block: dict[str, str], tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["diagram", GAME, *args, "-o", "d.svg"])
    assert result.exit_code == 0, result.stderr
    text = Path("d.svg").read_text("utf-8")
    assert text.split("\n", 1)[1] == _api_svg(keywords)
    if "size" not in keywords:
        result = CliRunner().invoke(main, ["diagram", GAME, *args, "-o", "d.pdf"])
        assert result.exit_code == 0, result.stderr
        assert Path("d.pdf").read_bytes() == _api_pdf(keywords)


def test_png_size_is_pixels_in_the_api_and_on_the_command_line(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    from PIL import Image

    for game_id in (GAME, "international-draughts", "hex9-checkers"):
        result = CliRunner().invoke(main, ["diagram", game_id, "--size", "333", "-o", "d.png"])
        assert result.exit_code == 0, result.stderr
        assert Path("d.png").read_bytes() == boardgen.png(boardgen.load(game_id).start, size=333)
        with Image.open("d.png") as image:
            assert image.width == 333  # exactly, not a pixel more


def _block(options: dict[str, str]) -> str:
    return "\n".join([f"game: {GAME}", *(f"{k}: {v}" for k, v in options.items())])


def test_markdown_draws_what_the_api_draws() -> None:
    page = "\n\n".join(f"```boardgen\n{_block(block)}\n```" for _, _, block in TABLE)
    html = _bare(markdown.markdown(page, extensions=["boardgen.markdown"]))
    for keywords, _, _ in TABLE:
        assert _api_svg(keywords) in html, keywords


def _rst(options: dict[str, str]) -> str:
    return "\n".join([f".. boardgen:: {GAME}", *(f"   :{k}: {v}" for k, v in options.items())])


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("vocabulary")
    (root / "src").mkdir()
    (root / "src" / "conf.py").write_text('extensions = ["boardgen.sphinx"]\nproject = "t"\n')
    page = "Options\n=======\n\n" + "\n\n".join(_rst(block) for _, _, block in TABLE) + "\n"
    (root / "src" / "index.rst").write_text(page)
    return root


def test_sphinx_html_draws_what_the_api_draws(site: Path) -> None:
    assert (
        sphinx_build.build_main(["-W", "-q", "-E", "-b", "html", str(site / "src"), str(site / "html")]) == 0
    )
    html = _bare((site / "html" / "index.html").read_text("utf-8"))
    for keywords, _, _ in TABLE:
        assert _api_svg(keywords) in html, keywords


def test_sphinx_latex_honours_every_option(site: Path) -> None:
    assert (
        sphinx_build.build_main(["-W", "-q", "-E", "-b", "latex", str(site / "src"), str(site / "tex")]) == 0
    )
    tex = next((site / "tex").glob("*.tex")).read_text("utf-8")
    included = re.findall(r"\\sphinxincludegraphics(?:\[width=([^]]*)\])?\{([^}]+)\}", tex)
    assert len(included) == len(TABLE)
    for (keywords, _, _), (width, name) in zip(TABLE, included, strict=True):
        data = (site / "tex" / name).read_bytes()
        assert data == _api_pdf(keywords), keywords  # cell_size, colours, flipped ... in print
        assert name == f"boardgen-{hashlib.sha1(data).hexdigest()[:16]}.pdf"
        expected = f"{keywords['size']}\\sphinxpxdimen" if "size" in keywords else ""
        assert width == expected, keywords


@pytest.mark.parametrize(
    ("keywords", "args", "block", "message"),
    [
        ({"size": 0}, ["--size", "0"], {"size": "0"}, "size: write a width in pixels from 16 to 4000, not"),
        (
            {"cell_size": 999},
            ["--cell-size", "999"],
            {"cell_size": "999"},
            "cell_size: write millimetres per cell from 3 to 150, not",
        ),
        (
            {"colours": {"dark": "mauve"}},
            ["--colours", "dark:mauve"],
            {"colours": "dark:mauve"},
            "'mauve' is not a colour",
        ),
        (
            {"colours": {"nope": "red"}},
            ["--colours", "nope:red"],
            {"colours": "nope:red"},
            "colours: unknown key 'nope'",
        ),
        ({"arrows": ["11-99"]}, ["--arrow", "11-99"], {"arrows": "11-99"}, "no square numbered 99"),
    ],
)
def test_mistakes_read_the_same_everywhere(
    keywords: dict[str, Any],
    args: list[str],
    block: dict[str, str],
    message: str,
    tmp_path: Path,
    monkeypatch: Any,
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(boardgen.BoardgenError) as api:
        _api_svg(keywords)
    assert message in str(api.value)
    result = CliRunner().invoke(main, ["diagram", GAME, *args, "-o", "d.svg"])
    said = message.split(": ", 1)[-1]  # the command line names the option its own way: '--size'
    assert result.exit_code == 2 and said in result.stderr and not list(tmp_path.iterdir())
    with pytest.raises(boardgen.BoardgenError) as md:
        markdown.markdown(f"```boardgen\n{_block(block)}\n```", extensions=["boardgen.markdown"])
    assert message in str(md.value)
