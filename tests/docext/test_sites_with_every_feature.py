"""A Sphinx site and an MkDocs site with every feature of the pages (marks, labels,
numbered moves, part boards, a study, turned discs, records at a ply, after a named
move and over a range of moves, SGF variations and Othello transcripts as records,
languages, figure options, Markdown captions, blocks inside admonitions, paths
relative to the page, one's own games by setting), built for real with ``-W`` and
``--strict``; then each of six mistakes alone (unknown game, illegal position, illegal
move, bad size, unknown option, bad colour) must fail the build at its page and line."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.tools import ROOT

sphinx_build = pytest.importorskip("sphinx.cmd.build")
pytest.importorskip("mkdocs")

AFTER_11_15 = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"
CORNER = "B:c16,d16,e17,c15:W:d17,c17,e16,d15,e15/B"

#: Each feature as (options of a diagram, what its HTML must hold); the record paths are
#: relative to the page, which stands one folder down (``guide/``).
FEATURES: list[tuple[dict[str, str], tuple[str, ...]]] = [
    (
        {"game": "go-19", "position": CORNER, "marks": "c14:triangle e18:circle:red", "labels": "b18:A"},
        ('aria-label="marks"', 'aria-label="labels"'),
    ),
    (
        {
            "game": "go-19",
            "position": "B:b3,a2,b1:W:c3,b2,d2,c1/B",
            "sequence": "c2 q16 q4 b2 r16 r4 c2",
            "window": "a1-e5",
        },
        ("7 at 1", 'aria-label="cut edges"'),
    ),
    ({"game": "go-9", "position": "B:a1:W:a2,b1/B", "study": "yes"}, ("Black (1): a1",)),
    ({"game": "othello", "move": "d3", "lang": "fr"}, ("Pions retourn\u00e9s", "Othello : Noirs joue d3")),
    (
        {
            "game": "american-checkers",
            "position": AFTER_11_15,
            "lastmove": "11-15",
            "flip": "yes",
            "arrow": "22-22:green",
            "alt": "After the first move",
            "align": "center",
            "name": "fig-first",
        },
        ('aria-label="After the first move"', "Circles: c3."),
    ),
    (
        {"record": "../games/game32.pdn", "ply": "4", "caption": "After *four* plies."},
        ("<em>four</em>", "Last move: "),
    ),
    (
        {"record": "../games/game32.pdn", "after": "5...", "moves": "1-5"},
        ("1. 9-13 22-18 2. 10-15 25-22", "Last move"),
    ),
    (
        {"record": "../games/tree.sgf", "moves": "1-3"},
        ("Moves numbered in the order played: 1 e5, 2 c7, 3 d6",),
    ),
    ({"record": "../games/woc.txt", "number": "3", "ply": "60", "lang": "de"}, ("am Zug",)),
    ({"game": "mini-checkers", "window": "a1-d4"}, ('aria-label="cut edges"',)),
]

#: (option written wrong, what the message says, the option whose line it names).
MISTAKES = [
    ({"game": "no-such-game"}, "no variant 'no-such-game'", "game"),
    ({"game": "go-9", "position": "B:a1:W:a2,b1/B"}, "have no liberty", "position"),
    ({"game": "american-checkers", "move": "11-17"}, "move '11-17' is not legal here", "move"),
    ({"game": "american-checkers", "size": "9000"}, "size: write a width in pixels from 16 to 4000", "size"),
    ({"game": "american-checkers", "flipd": "yes"}, "flipd: unknown option; did you mean flip?", "flipd"),
    ({"game": "american-checkers", "marks": "d4:circle:mauve"}, "'mauve' is not a colour", "marks"),
]


def _files(root: Path) -> None:
    """The records and the own game the pages name, in ``games/`` beside the pages."""
    games = root / "games"
    games.mkdir(parents=True)
    shutil.copy(ROOT / "examples" / "tinsley-chinook-1992-game32.pdn", games / "game32.pdn")
    shutil.copy(ROOT / "examples" / "games" / "othello-woc-2010.txt", games / "woc.txt")
    (games / "tree.sgf").write_text("(;GM[1]SZ[9];B[ee];W[cc](;B[dd];W[gg])(;B[cd]C[side]))\n")
    shutil.copy(ROOT / "tests" / "data" / "user" / "mini-checkers.yaml", games / "mini-checkers.yaml")


# -- Sphinx ---------------------------------------------------------------------------


def _directive(options: dict[str, str]) -> list[str]:
    options = dict(options)
    argument = options.pop("game", None) or options.pop("record")
    return [f".. boardgen:: {argument}", *(f"   :{k}: {v}" for k, v in options.items()), ""]


def _sphinx(root: Path, blocks: list[dict[str, str]]) -> tuple[int, str, Path]:
    source = root / "src"
    (source / "guide").mkdir(parents=True)
    _files(source)
    (source / "conf.py").write_text(
        'extensions = ["boardgen.sphinx"]\nproject = "t"\nboardgen_variants = ["games"]\nnumfig = True\n'
    )
    (source / "index.rst").write_text("Home\n====\n\n.. toctree::\n\n   guide/page\n")
    lines = ["Page", "====", ""]
    for block in blocks:
        lines += _directive(block)
    (source / "guide" / "page.rst").write_text("\n".join(lines) + "\n")
    out = root / "html"
    run = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(source), str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    return run.returncode, run.stderr, out


def test_a_sphinx_site_with_every_feature_builds_under_W(tmp_path: Path) -> None:
    code, err, out = _sphinx(tmp_path, [block for block, _ in FEATURES])
    assert code == 0, err
    html = (out / "guide" / "page.html").read_text("utf-8")
    assert html.count("<svg") == len(FEATURES)
    for block, wanted in FEATURES:
        for text in wanted:
            assert text in html, (block, text)


@pytest.mark.parametrize(("mistake", "message", "key"), MISTAKES, ids=[m[2] for m in MISTAKES])
def test_each_mistake_fails_the_sphinx_build_at_its_line(
    tmp_path: Path, mistake: dict[str, str], message: str, key: str
) -> None:
    blocks = [FEATURES[0][0], mistake]
    code, err, _ = _sphinx(tmp_path, blocks)
    assert code != 0
    lines = ["Page", "====", "", *_directive(blocks[0]), *_directive(mistake)]
    if key == "game":
        wanted = next(i for i, text in enumerate(lines, 1) if "no-such-game" in text)
    else:
        wanted = max(i for i, text in enumerate(lines, 1) if text.strip().startswith(f":{key}:"))
    assert re.search(rf"guide/page\.rst:{wanted}: WARNING: boardgen: .*{re.escape(message)}", err), err


# -- MkDocs ---------------------------------------------------------------------------


def _fence(options: dict[str, str], indent: str = "") -> list[str]:
    return [f"{indent}```boardgen", *(f"{indent}{k}: {v}" for k, v in options.items()), f"{indent}```", ""]


def _mkdocs(
    root: Path, blocks: list[dict[str, str]], strict: bool = True
) -> tuple[int, str, Path, list[str]]:
    docs = root / "docs"
    (docs / "guide").mkdir(parents=True)
    _files(docs)
    (root / "mkdocs.yml").write_text(
        "site_name: t\nwatch:\n  - docs/games\nmarkdown_extensions:\n  - admonition\n"
        "  - boardgen.markdown:\n      variants: [docs/games]\n"
    )
    (docs / "index.md").write_text("# Home\n\n[The page](guide/page.md)\n")
    lines = ["---", "title: Page", "---", "# Page", ""]
    for number, block in enumerate(blocks):
        if number == 1:  # the second block inside an admonition
            lines += ['!!! note "A note"', "", *_fence(block, "    ")]
        else:
            lines += _fence(block)
    (docs / "guide" / "page.md").write_text("\n".join(lines) + "\n")
    command = [sys.executable, "-m", "mkdocs", "build", *(["--strict"] if strict else [])]
    run = subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=300)
    return run.returncode, run.stdout + run.stderr, root / "site", lines


def test_an_mkdocs_site_with_every_feature_builds_under_strict(tmp_path: Path) -> None:
    code, log, site, _ = _mkdocs(tmp_path, [block for block, _ in FEATURES])
    assert code == 0, log
    html = (site / "guide" / "page" / "index.html").read_text("utf-8")
    assert html.count("<svg") == len(FEATURES) and "boardgen-error" not in html
    assert re.search(
        r'<div class="admonition note">\s*<p class="admonition-title">A note</p>\s*<figure', html
    )
    assert 'id="fig-first"' in html and "align-center" in html
    for block, wanted in FEATURES:
        for text in wanted:
            assert text in html, (block, text)


@pytest.mark.parametrize(("mistake", "message", "key"), MISTAKES, ids=[m[2] for m in MISTAKES])
def test_each_mistake_fails_the_mkdocs_build_at_its_line(
    tmp_path: Path, mistake: dict[str, str], message: str, key: str
) -> None:
    code, log, _, lines = _mkdocs(tmp_path, [FEATURES[0][0], mistake])
    assert code != 0 and "Traceback" not in log
    wanted = max(i for i, text in enumerate(lines, 1) if text.strip().startswith(f"{key}:"))
    assert re.search(rf"docs/guide/page\.md:{wanted}:1: .*{re.escape(message)}", log), log


def test_a_missing_record_is_named_by_its_path(tmp_path: Path) -> None:
    code, log, _, _ = _mkdocs(tmp_path, [{"record": "../games/nowhere.pdn"}])
    assert code != 0
    missing = tmp_path / "docs" / "guide" / ".." / "games" / "nowhere.pdn"
    assert f"record: no such file: {missing}" in log, log
