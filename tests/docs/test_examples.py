"""The documentation's examples run: every Python block is executed, every descriptor
written out in full validates, and every console block's commands run, in order, against
the real command line in an empty folder holding what a reader has (the example records
`boardgen examples` copies, the site's own game), each expected to succeed and to write
the file it names. An example that no longer works fails here."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.support.doctexts import DOCS, Block, blocks, console_lines
from tests.support.tools import ROOT

PYTHON = [block for doc in DOCS for block in blocks(doc) if block.info == "python"]
DESCRIPTORS = [
    block
    for doc in DOCS
    for block in blocks(doc)
    if block.info == "yaml" and block.text.startswith("format: 1")
]
CONSOLE = [doc for doc in DOCS if console_lines(doc)]

#: Console lines not run here, and why.
NOT_RUN = {
    "make ": "make targets are checked to exist (test_references); make test runs this",
    "pip install": "install lines are run by the packaging tests, in a fresh environment",
    "boardgen serve": "the studio runs until stopped; tests/studio drives it",
}


@pytest.fixture
def reader_folder(tmp_path: Path) -> Path:
    """An empty folder with what a reader of the docs has at hand: the example records
    (as `boardgen examples` copies them) and the site's own game."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    shutil.copytree(ROOT / "docs" / "_games", tmp_path / "docs" / "_games")
    return tmp_path


def _environment() -> dict[str, str]:
    environment = {key: value for key, value in os.environ.items() if key != "BOARDGEN_VARIANTS"}
    environment["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{environment.get('PATH', '')}"
    return environment


@pytest.mark.parametrize("block", PYTHON, ids=lambda b: b.where)
def test_python_examples_run(block: Block, reader_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(reader_folder)
    code = compile(textwrap.dedent(block.text), block.where, "exec")
    exec(code, {"__name__": "__docs__"})


@pytest.mark.parametrize("block", DESCRIPTORS, ids=lambda b: b.where)
def test_descriptors_written_in_full_validate(block: Block, tmp_path: Path) -> None:
    game_id = next(
        line.split(":", 1)[1].strip() for line in block.text.splitlines() if line.startswith("id:")
    )
    path = tmp_path / f"{game_id}.yaml"
    path.write_text(block.text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "boardgen", "validate", str(path)],
        capture_output=True,
        text=True,
        env=_environment(),
        check=False,
    )
    assert done.returncode == 0, f"{block.where}: {done.stdout}{done.stderr}"


def _written(words: list[str]) -> str | None:
    """The file a command names with ``-o``/``--output`` (or ``--out``), if any."""
    for flag in ("-o", "--output", "--out"):
        if flag in words[:-1]:
            return words[words.index(flag) + 1]
    return None


@pytest.mark.parametrize("doc", CONSOLE, ids=lambda p: str(p.relative_to(ROOT)))
def test_console_examples_run(doc: Path, reader_folder: Path) -> None:
    ran = 0
    for where, line in console_lines(doc):
        if line.startswith(tuple(NOT_RUN)):
            continue
        done = subprocess.run(
            ["bash", "-c", line],
            cwd=reader_folder,
            capture_output=True,
            text=True,
            env=_environment(),
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, f"{where}: $ {line}\n{done.stderr}"
        target = _written(shlex.split(line))
        if target and target != "-":
            assert (reader_folder / target).exists(), f"{where}: $ {line} wrote no {target}"
        ran += 1
    skipped = [line for _, line in console_lines(doc) if line.startswith(tuple(NOT_RUN))]
    assert ran + len(skipped) == len(console_lines(doc))
