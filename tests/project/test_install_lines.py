"""Every install line the documentation gives installs *this* project, with its extras.

The lines are read where users read them: the ``pip install`` commands of the
````` ```console ````` blocks of README.md and of every page under docs/. Each distinct
line is run as a user would type it, in a fresh virtual environment, **offline**: no
package index at all, only the wheel ``make dist`` builds (in ``dist/`` of a clean copy
of the checkout, where the line runs) and a folder of the dependencies' wheels fetched
once beforehand. So ``boardgen-print`` can only come from our wheel, and ``.`` from our
source; a line naming a distribution we do not build (``boardgen``, an unrelated project
on the index) fails to install. Each environment must then import boardgen from itself
(not the checkout), under the distribution name ``boardgen-print``, with every extra the
line asked for importable.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.wheel

#: The module each extra brings (what a user of the extra imports or runs).
EXTRA_MODULES = {
    "sphinx": ("sphinx",),
    "markdown": ("markdown",),
    "studio": ("starlette", "uvicorn"),
    "print-shop": ("pikepdf",),
    "maker": ("ezdxf",),
}
_CONSOLE = re.compile(r"^(`{3,})console[ \t]*\n(.*?)^\1[ \t]*$", re.M | re.S)
#: A requirement that names this project: the checkout, our wheel, or our distribution name.
_OURS = re.compile(r"^(\.|boardgen-print|dist/boardgen_print-[^\[]+\.whl)(\[[a-z,-]+\])?$")


def install_lines() -> list[tuple[str, str]]:
    """(page, line) for each ``$ pip install ...`` of a console block in the docs."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    found = []
    for page in pages:
        for block in _CONSOLE.finditer(page.read_text("utf-8")):
            for line in block.group(2).splitlines():
                if line.startswith("$ pip install"):
                    found.append((page.relative_to(ROOT).as_posix(), line[2:].strip()))
    return found


def _requirements(line: str) -> list[str]:
    """The requirement words of a ``pip install`` line (options and their values left out)."""
    words = shlex.split(line, comments=True)[2:]
    out: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in ("--find-links", "-f", "--index-url", "-i", "--extra-index-url", "-c", "-r"):
            skip = True
        elif not word.startswith("-"):
            out.append(word)
    return out


def test_the_docs_give_install_lines_and_each_names_this_project() -> None:
    lines = install_lines()
    assert any(page == "README.md" for page, _ in lines), "README.md gives no ```console install line"
    for page, line in lines:
        for requirement in _requirements(line):
            assert _OURS.match(requirement), (
                f"{page}: {line!r}: {requirement!r} is not this project: write '.[extra]' (a checkout) "
                "or 'boardgen-print[extra]' --find-links dist (the wheel make dist builds)"
            )
            extras = re.findall(r"\[([a-z,-]+)\]", requirement)
            for extra in ",".join(extras).split(",") if extras else ():
                assert extra in EXTRA_MODULES, f"{page}: {line!r}: no extra {extra!r}"


@dataclass(frozen=True)
class Workshop:
    """A clean copy of the checkout with ``dist/`` built, and the dependencies' wheels."""

    source: Path
    wheelhouse: Path


@pytest.fixture(scope="module")
def workshop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workshop]:
    base = tmp_path_factory.mktemp("install")
    source = base / "boardgen"
    ignore = shutil.ignore_patterns(".git", ".venv", "*.egg-info", "build", "dist", "output", "__pycache__")
    shutil.copytree(ROOT, source, ignore=ignore)
    build = [sys.executable, "-m", "build", "--no-isolation", "--wheel", "--outdir", str(source / "dist")]
    built = subprocess.run(
        [*build, str(source)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (wheel,) = (source / "dist").glob("boardgen_print-*.whl")
    shutil.rmtree(source / "build", ignore_errors=True)
    # Fetched once, with the machine's own pip settings: the dependencies of every extra
    # and the build backend (a checkout line builds from source). The lines then run with
    # no index at all.
    wheelhouse = base / "wheelhouse"
    download = [sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:"]
    fetched = subprocess.run(
        [*download, "--dest", str(wheelhouse), f"{wheel}[{','.join(EXTRA_MODULES)}]", "setuptools>=77"],
        capture_output=True,
        text=True,
    )
    assert fetched.returncode == 0, fetched.stderr[-3000:]
    for ours in wheelhouse.glob("boardgen_print-*"):
        ours.unlink()  # the wheel comes from dist/, as the line says, or not at all
    yield Workshop(source, wheelhouse)


def _distinct() -> list[str]:
    return list(dict.fromkeys(line for _, line in install_lines()))


@pytest.mark.parametrize("line", _distinct())
def test_each_install_line_installs_boardgen_offline(line: str, workshop: Workshop, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    words = shlex.split(line, comments=True)
    assert words[:2] == ["pip", "install"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_") and k != "PYTHONPATH"}
    env["PIP_CONFIG_FILE"] = os.devnull  # no index, no mirror: the line and our folders only
    offline = ["--no-index", "--find-links", str(workshop.wheelhouse), "--disable-pip-version-check"]
    ran = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", *offline, *words[2:]],
        cwd=workshop.source,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert ran.returncode == 0, f"{line}\n{ran.stdout[-2000:]}{ran.stderr[-3000:]}"
    shutil.rmtree(workshop.source / "build", ignore_errors=True)
    groups = [group for r in _requirements(line) for group in re.findall(r"\[([a-z,-]+)\]", r)]
    extras = {extra for group in groups for extra in group.split(",")}
    modules = [m for extra in sorted(extras) for m in EXTRA_MODULES[extra]]
    probe = (
        "import importlib, importlib.metadata as m, boardgen, sys\n"
        "print(m.version('boardgen-print'), boardgen.__version__)\n"
        "print(boardgen.__file__)\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "print(boardgen.load('go-9').id)\n"
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    checked = subprocess.run([str(python), "-c", probe], cwd=empty, env=env, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr[-3000:]
    versions, location, game = checked.stdout.splitlines()
    assert versions.split()[0] == versions.split()[1]
    assert Path(location).is_relative_to(venv), location  # not the checkout
    assert game == "go-9"
