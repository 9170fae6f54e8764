"""The Sphinx directive in MyST Markdown pages (```` ```{boardgen} GAME ```` fences), as the
project's own documentation site uses it: built for real by Sphinx with myst-parser, with
``-W``, and the same figures as the reStructuredText directive gives."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

sphinx_build = pytest.importorskip("sphinx.cmd.build")
pytest.importorskip("myst_parser")

RST = """\
Diagrams
========

See :numref:`fig-king`.

.. boardgen:: american-checkers
   :position: W:W27,K30:B23,14
   :move: 27x18x9
   :arrows: 30-26:green 32-28
   :fill: 14:#123456
   :flipped:
   :size: 320
   :name: fig-king
   :align: right
   :alt: A king about to take two men
   :caption: White's king takes *two* men.

.. boardgen:: pool-checkers
   :position: W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15
   :lastmove: 11-15
"""

MYST = """\
# Diagrams

See {numref}`fig-king`.

```{boardgen} american-checkers
:position: W:W27,K30:B23,14
:move: 27x18x9
:arrows: 30-26:green 32-28
:fill: 14:#123456
:flipped:
:size: 320
:name: fig-king
:align: right
:alt: A king about to take two men
:caption: White's king takes *two* men.
```

```{boardgen} pool-checkers
---
position: W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15
lastmove: 11-15
---
```
"""

#: One mistake per fence; the line each is reported at follows the text.
MISTAKES = """\
# Mistakes

```{boardgen} american-checkers
:move: 11-17
```

```{boardgen} american-checkers
:position: W:W27,K30:B23,14
:fill: d4:mauve
```

```{boardgen} americn-checkers
```

```{boardgen} american-checkers
:colur: red
```

```{boardgen}
:move: 11-15
```
"""


def _build(root: Path, name: str, page: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    source = root / f"src-{name}"
    source.mkdir()
    (source / "conf.py").write_text(
        'extensions = ["myst_parser", "boardgen.sphinx"]\nproject = "t"\nnumfig = True\n'
    )
    (source / name).write_text(page)
    out = root / f"html-{name}"
    code = sphinx_build.build_main(["-E", "-W", "--keep-going", "-b", "html", str(source), str(out)])
    captured = capsys.readouterr()
    html = (out / "index.html").read_text() if (out / "index.html").exists() else ""
    return code, captured.err + captured.out, html


def _figures(html: str) -> list[str]:
    return re.findall(r"<figure class=\"boardgen.*?</figure>", html, flags=re.S)


def test_myst_fences_draw_the_figures_the_rst_directive_draws(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err, rst = _build(tmp_path, "index.rst", RST, capsys)
    assert code == 0, err
    code, err, myst = _build(tmp_path, "index.md", MYST, capsys)
    assert code == 0, err
    assert len(_figures(myst)) == 2
    assert _figures(myst) == _figures(rst)  # same SVG, caption, number, label, alignment
    assert '<span class="std std-numref">Fig. 1</span>' in myst


def test_myst_mistakes_are_warnings_at_their_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err, _ = _build(tmp_path, "index.md", MISTAKES, capsys)
    assert code != 0
    for line, message in [
        (4, "WARNING: boardgen: move: move '11-17' is not legal here"),
        (9, "WARNING: boardgen: fill: 'mauve' is not a colour"),
        (12, "WARNING: boardgen: game: no variant 'americn-checkers'"),
        (16, "WARNING: boardgen: colur: unknown option; did you mean colour?"),  # at the option's line
        (19, 'ERROR: Error in "boardgen" directive:\n1 argument(s) required, 0 supplied.'),
    ]:
        assert f"index.md:{line}: {message}" in err, (line, err)
