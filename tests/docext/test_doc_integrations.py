"""The Sphinx extension and the Markdown block, run by the real tools.

A small Sphinx project is built with ``-W`` (warnings are errors) for HTML and
LaTeX; Markdown is converted by Python-Markdown, with the extension and through
pymdownx.superfences as MkDocs users set it up.
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import boardgen

sphinx_build = pytest.importorskip("sphinx.cmd.build")
markdown = pytest.importorskip("markdown")

PAGE = """\
Diagrams
========

The king takes two men, as :numref:`fig-king` shows (see :ref:`fig-king`):

.. boardgen:: american-checkers
   :position: W:W27,K30:B23,14
   :move: 27x18x9
   :arrows: 30-26:green 32-28
   :fill: 14:#123456
   :flipped:
   :coordinates: no
   :size: 320
   :name: fig-king
   :align: right
   :alt: A king about to take two men
   :caption: White's king takes *two* men.

.. boardgen:: pool-checkers
   :position: W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15
   :lastmove: 11-15
"""


def _project(root: Path, page: str, conf: str = "") -> Path:
    source = root / "src"
    source.mkdir()
    (source / "conf.py").write_text(f'extensions = ["boardgen.sphinx"]\nproject = "t"\nnumfig = True\n{conf}')
    (source / "index.rst").write_text(page)
    return source


def _build(
    source: Path, out: Path, builder: str, capsys: pytest.CaptureFixture[str], *, fresh: bool = True
) -> tuple[int, str]:
    args = ["-W", "--keep-going", "-b", builder, str(source), str(out)]
    code = sphinx_build.build_main(["-E", *args] if fresh else args)
    captured = capsys.readouterr()
    return code, captured.err + captured.out


def test_sphinx_html_diagrams_are_numbered_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _project(tmp_path, PAGE)
    code, err = _build(source, tmp_path / "html", "html", capsys)
    assert code == 0, err
    html = (tmp_path / "html" / "index.html").read_text()
    assert html.count('<figure class="boardgen') == 2 and html.count("<svg") == 2
    assert '<figure class="boardgen align-right" id="fig-king">' in html
    assert '<span class="caption-text">White\u2019s king takes <em>two</em> men.</span>' in html
    assert '<span class="caption-number">Fig. 1 </span>' in html
    assert (
        '<a class="reference internal" href="#fig-king"><span class="std std-numref">Fig. 1</span></a>'
        in html
    )
    assert '<span class="std std-ref">White\u2019s king takes two men.</span>' in html
    start = html.index("<svg")
    svg = html[start : html.index("</svg>", start) + len("</svg>")]
    root = ET.fromstring(svg)
    assert root.get("width") == "320" and root.get("aria-label") == "A king about to take two men"
    desc = root.findtext("{http://www.w3.org/2000/svg}desc") or ""
    assert "White to move plays 27x18x9." in desc and "Drawn from Black's side." in desc
    assert "#123456" in svg and "#2e9e44" in svg
    assert not list((tmp_path / "html" / "_images").glob("*"))  # inline: no image files to lose


def test_sphinx_latex_makes_a_pdf_figure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _project(tmp_path, PAGE)
    code, err = _build(source, tmp_path / "latex", "latex", capsys)
    assert code == 0, err
    tex = next((tmp_path / "latex").glob("*.tex")).read_text()
    names = re.findall(r"\\sphinxincludegraphics(?:\[[^]]*\])?\{([^}]+)\}", tex)
    assert len(names) == 2 and "\\caption{White" in tex and "\\label{\\detokenize{index:fig-king}}" in tex
    assert "\\sphinxincludegraphics[width=320\\sphinxpxdimen]" in tex  # :size: is honoured in print
    assert "\\begin{wrapfigure}{r}" in tex  # and :align:
    for name in names:
        assert (tmp_path / "latex" / name).read_bytes().startswith(b"%PDF-")


#: A page with one mistake per diagram, each on its own line (the number after the text).
MISTAKES = """\
Mistakes
========

.. boardgen:: american-checkers
   :move: 11-17

.. boardgen:: american-checkers
   :position: W:W27,K30:B23,14
   :arrows: 11-99

.. boardgen:: american-checkers
   :fill: d4:mauve

.. boardgen:: american-checkers
   :size: huge

.. boardgen:: american-checkers
   :caption: fine
   :flipped: maybe

.. boardgen:: americn-checkers

.. boardgen:: american-checkers
   :colours: dark:#12 light:#eee

.. boardgen:: american-checkers
   :cell_size: 999

.. boardgen:: american-checkers
   :lastmove: 11-99
"""


def test_sphinx_site_with_mistakes_reports_each_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _project(tmp_path, MISTAKES)
    code, err = _build(source, tmp_path / "html", "html", capsys)
    assert code != 0  # -W turns the warnings into a failed build
    for line, message in [
        (5, "move: move '11-17' is not legal here"),
        (9, "arrows: no square numbered 99"),
        (12, "fill: 'mauve' is not a colour"),
        (15, "size: write a width in pixels"),
        (19, "flipped: write yes or no"),
        (21, "game: no variant 'americn-checkers'"),
        (24, "colours: '#12' is not a colour"),
        (27, "cell_size: write millimetres per cell from 3 to 150"),
        (30, "lastmove: no square numbered 99"),
    ]:
        assert f"index.rst:{line}: WARNING: boardgen: {message}" in err, (line, err)


def test_sphinx_own_games_by_setting_and_by_path_rebuild_when_edited(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = "Own\n===\n\n.. boardgen:: mini-checkers\n\n.. boardgen:: ../games/mini-checkers.yaml\n"
    source = _project(
        tmp_path, "Top\n===\n\n.. toctree::\n\n   sub/own\n", 'boardgen_variants = ["../games"]\n'
    )
    (source / "sub").mkdir()
    (source / "sub" / "own.rst").write_text(page.replace("../games", "../../games"))
    games = tmp_path / "games"
    games.mkdir()
    mini = (Path(__file__).parents[1] / "data" / "user" / "mini-checkers.yaml").read_text("utf-8")
    (games / "mini-checkers.yaml").write_text(mini)
    code, err = _build(source, tmp_path / "html", "html", capsys)
    assert code == 0, err
    before = (tmp_path / "html" / "sub" / "own.html").read_text()
    assert before.count("<svg") == 2
    edited = mini.replace("en: Mini Checkers", "en: Tiny Checkers")
    assert edited != mini
    (games / "mini-checkers.yaml").write_text(edited)
    code, err = _build(source, tmp_path / "html", "html", capsys, fresh=False)
    assert code == 0, err
    after = (tmp_path / "html" / "sub" / "own.html").read_text()
    assert "Tiny Checkers" in after and "Tiny Checkers" not in before


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
    assert "<figcaption>Black's most popular first move.</figcaption>" in html
    assert "Black to move plays 11-15." in html and "<code>" not in html
    expected = boardgen.svg(boardgen.load("american-checkers").start, move="11-15", arrows=["22-18:green"])
    alt = 'role="img" aria-label="American Checkers: Black plays 11-15"'  # the default alternative text
    assert expected.replace('role="img"', alt, 1) in html


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


def test_markdown_code_blocks_stay_code() -> None:
    """A fenced example of the syntax (inside a ````markdown```` block) is not drawn."""
    text = "````markdown\n```boardgen\ngame: nope\n```\n````\n\n" + BLOCK
    html = markdown.markdown(text, extensions=["boardgen.markdown", "fenced_code"])
    assert html.count("<svg") == 1 and "game: nope" in html


#: A page with front matter and one mistake per block; (line, message) for each.
MKDOCS_PAGE = """\
---
title: Mistakes
---
# Mistakes

```boardgen
game: american-checkers
move: 32-27x
```

````markdown
```boardgen
game: a-block-shown-as-code
```
````

```boardgen
game: american-checkers
caption: fine
arrows: 11-99
```

```boardgen
gaem: american-checkers
```

```boardgen
caption: no game
```

```boardgen
game: american-checkers
size: 10
```

```boardgen
game: american-checkers
move: 11-15
```
"""
MKDOCS_MISTAKES = [
    (8, "move: '' is not a square number"),
    (20, "arrows: no square numbered 99"),
    (24, "gaem: unknown option"),
    (28, "game: say which game"),
    (33, "size: write a width in pixels from 16 to 4000"),
]
PLAIN = "markdown_extensions:\n  - boardgen.markdown\n"
SUPERFENCES = """\
markdown_extensions:
  - pymdownx.superfences:
      custom_fences:
        - name: boardgen
          class: boardgen
          format: !!python/name:boardgen.markdown.superfences_format
"""


@pytest.mark.parametrize("setup", [PLAIN, SUPERFENCES], ids=["extension", "superfences"])
def test_mkdocs_strict_build_fails_at_each_mistake(tmp_path: Path, setup: str) -> None:
    pytest.importorskip("mkdocs")
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: t\n" + setup)
    (tmp_path / "docs" / "index.md").write_text(MKDOCS_PAGE)
    strict = [sys.executable, "-m", "mkdocs", "build", "--strict"]
    run = subprocess.run(strict, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and "Traceback" not in run.stderr, run.stderr
    for line, message in MKDOCS_MISTAKES:
        assert f"WARNING -  docs/index.md:{line}:1: {message}" in run.stderr, (line, run.stderr)
    assert f"Aborted with {len(MKDOCS_MISTAKES)} warnings in strict mode" in run.stdout + run.stderr
    # without --strict the site is built, each mistake shown where its diagram would be
    relaxed = subprocess.run(strict[:-1], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert relaxed.returncode == 0, relaxed.stderr
    html = (tmp_path / "site" / "index.html").read_text()
    assert html.count('class="boardgen-error"') == len(MKDOCS_MISTAKES) and html.count("<svg") == 1
    assert "a-block-shown-as-code" in html


def test_superfences_errors_escape_in_plain_markdown() -> None:
    from boardgen.markdown import superfences_format

    config = {"custom_fences": [{"name": "boardgen", "class": "boardgen", "format": superfences_format}]}
    with pytest.raises(boardgen.BoardgenError, match=r"^<markdown>:5:1: move: move '11-17' is not legal"):
        markdown.markdown(
            BLOCK.replace("move: 11-15", "move: 11-17"),
            extensions=["pymdownx.superfences"],
            extension_configs={"pymdownx.superfences": config},
        )
