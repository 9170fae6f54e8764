"""The Sphinx extension and the Markdown block, run by the real tools.

A small Sphinx project is built with ``-W`` (warnings are errors) for HTML and
LaTeX; Markdown is converted by Python-Markdown, with the extension and through
pymdownx.superfences as MkDocs users set it up.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import boardgen

sphinx_build = pytest.importorskip("sphinx.cmd.build")
markdown = pytest.importorskip("markdown")

PAGE = """\
Diagrams
========

The king takes two men:

.. boardgen:: american-checkers
   :position: W:W27,K30:B23,14
   :move: 27x18x9
   :arrows: 30-26:green 32-28
   :fill: 14:#123456
   :flipped:
   :coordinates: no
   :size: 320
   :caption: White's king takes two men.

.. boardgen:: pool-checkers
   :lastmove: 11-15
"""


def _project(root: Path, page: str) -> Path:
    source = root / "src"
    source.mkdir()
    (source / "conf.py").write_text('extensions = ["boardgen.sphinx"]\nproject = "t"\n')
    (source / "index.rst").write_text(page)
    return source


def _build(source: Path, out: Path, builder: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = sphinx_build.build_main(["-W", "-q", "-E", "-b", builder, str(source), str(out)])
    return code, capsys.readouterr().err


def test_sphinx_html_inlines_the_svg_with_its_caption(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _project(tmp_path, PAGE)
    code, err = _build(source, tmp_path / "html", "html", capsys)
    assert code == 0, err
    html = (tmp_path / "html" / "index.html").read_text()
    assert html.count('<figure class="boardgen">') == 2 and html.count("<svg") == 2
    assert "<figcaption>White's king takes two men.</figcaption>" in html
    start = html.index("<svg")
    svg = html[start : html.index("</svg>", start) + len("</svg>")]
    root = ET.fromstring(svg)
    assert root.get("width") == "320"
    desc = root.findtext("{http://www.w3.org/2000/svg}desc") or ""
    assert "White to move plays 27x18x9." in desc and "Drawn from Black's side." in desc
    assert "#123456" in svg and "#2e9e44" in svg
    assert not list((tmp_path / "html" / "_images").glob("*"))  # inline: no image files to lose


def test_sphinx_latex_makes_a_pdf_figure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _project(tmp_path, PAGE)
    code, err = _build(source, tmp_path / "latex", "latex", capsys)
    assert code == 0, err
    tex = next((tmp_path / "latex").glob("*.tex")).read_text()
    names = [
        line.split("{")[1].rstrip("}") for line in tex.splitlines() if line.startswith("\\includegraphics")
    ]
    assert len(names) == 2 and "\\caption{White" in tex
    for name in names:
        assert (tmp_path / "latex" / name).read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize(
    "option,message",
    [
        (":move: 11-17", "boardgen: move: move '11-17' is not legal here"),
        (":arrows: 11-99", "boardgen: no square numbered 99"),
        (":fill: d4:mauve", "boardgen: fill: 'mauve' is not a colour"),
        (":size: huge", "boardgen: size: write a width in pixels"),
        (":flipped: maybe", "boardgen: flipped: write yes or no"),
    ],
)
def test_sphinx_bad_options_are_warnings_at_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, message: str
) -> None:
    page = "Title\n=====\n\n.. boardgen:: american-checkers\n   " + option + "\n"
    source = _project(tmp_path, page)
    code, err = _build(source, tmp_path / "html", "html", capsys)
    assert code != 0  # -W turns the warning into a failed build
    assert f"index.rst:4: WARNING: {message}" in err


def test_sphinx_unknown_game_is_a_warning_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _project(tmp_path, "T\n=\n\n.. boardgen:: americn-checkers\n")
    code, err = _build(source, tmp_path / "html", "html", capsys)
    assert code != 0 and "index.rst:4: WARNING: boardgen: no variant 'americn-checkers'" in err


BLOCK = """\
# Openings

```boardgen
game: american-checkers
move: 11-15
arrows: 22-18:green
caption: Black's most popular first move.
```

After the block.
"""


def test_markdown_block_becomes_an_inline_figure() -> None:
    html = markdown.markdown(BLOCK, extensions=["boardgen.markdown", "fenced_code"])
    assert html.startswith("<h1>Openings</h1>") and "<p>After the block.</p>" in html
    assert html.count('<figure class="boardgen"><svg') == 1
    assert "<figcaption>Black&#x27;s most popular first move.</figcaption>" in html
    assert "Black to move plays 11-15." in html and "<code>" not in html
    expected = boardgen.svg(boardgen.load("american-checkers").start, move="11-15", arrows=["22-18:green"])
    assert expected in html


def test_markdown_through_pymdownx_superfences() -> None:
    from boardgen.markdown import superfences_format

    config = {"custom_fences": [{"name": "boardgen", "class": "boardgen", "format": superfences_format}]}
    html = markdown.markdown(
        BLOCK, extensions=["pymdownx.superfences"], extension_configs={"pymdownx.superfences": config}
    )
    assert html.count('<figure class="boardgen"><svg') == 1 and "Black to move plays 11-15." in html


def test_markdown_errors_name_the_line() -> None:
    with pytest.raises(boardgen.BoardgenError) as caught:
        markdown.markdown(BLOCK.replace("move: 11-15", "move: 11-17"), extensions=["boardgen.markdown"])
    assert str(caught.value).startswith("<markdown>:5:1: move: move '11-17' is not legal here")
    with pytest.raises(boardgen.BoardgenError, match=r"^<markdown>:4:1: gaem: unknown option"):
        markdown.markdown(BLOCK.replace("game:", "gaem:"), extensions=["boardgen.markdown"])
    with pytest.raises(boardgen.BoardgenError, match="never closed"):
        markdown.markdown("```boardgen\ngame: american-checkers\n", extensions=["boardgen.markdown"])
