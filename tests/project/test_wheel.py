"""The package as a user installs it: sdist and wheel built, the wheel installed in a fresh
virtual environment outside the checkout and run from an empty folder.

Inside the checkout every data file is found next to the code whatever the packaging
says, so only an installed wheel proves that the games, the text catalogues and the
schema travel with it. The build and the install happen once for the module (about
25 s, most of it pip installing the dependencies from its cache); each test then runs
the installed ``boardgen`` in a subprocess, with no ``BOARDGEN_VARIANTS`` and no
``PYTHONPATH``, so nothing can be borrowed from the checkout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader
from setuptools import find_packages

ROOT = Path(__file__).resolve().parents[2]
IDS = sorted(p.stem for p in (ROOT / "variants").glob("*.yaml"))

pytestmark = pytest.mark.wheel

#: What a checkout holds besides its sources (environments, caches, build products).
_NOT_SOURCE = (
    ".git",
    ".venv",
    "*.egg-info",
    "build",
    "dist",
    "output",
    "__pycache__",
    ".*_cache",
    ".hypothesis",
)


def data_files() -> list[str]:
    """Every file the package needs besides its modules, as paths inside the wheel."""
    package = ROOT / "boardgen"
    found = [
        p.relative_to(ROOT).as_posix()
        for p in package.rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts
    ]
    examples = [
        f"boardgen/{p.relative_to(ROOT).as_posix()}"
        for p in (ROOT / "examples").rglob("*")
        if p.suffix in (".pdn", ".sgf", ".hgf", ".txt")
    ]
    return sorted(found + [f"boardgen/variants/{vid}.yaml" for vid in IDS] + examples)


@dataclass(frozen=True)
class Installed:
    """The built distributions and the virtual environment the wheel went into."""

    wheel: Path
    sdist: Path
    bin: Path
    home: Path

    def run(self, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        """``boardgen ARGS`` from the installed console script, in an empty folder."""
        env = {k: v for k, v in os.environ.items() if k not in ("BOARDGEN_VARIANTS", "PYTHONPATH")}
        env["PATH"] = f"{self.bin}{os.pathsep}{env.get('PATH', '')}"
        return subprocess.run(
            [str(self.bin / "boardgen"), *args],
            cwd=cwd or self.home,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    """Build sdist and wheel (the wheel from the sdist), install the wheel in a fresh venv."""
    base = tmp_path_factory.mktemp("wheel")
    # A clean copy, as CI's fresh clone: setuptools would otherwise reuse the file list of
    # the checkout's boardgen.egg-info and hide a file the configuration leaves out.
    source = base / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*_NOT_SOURCE))
    dist = base / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(source)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (wheel,) = dist.glob("boardgen_print-*.whl")
    (sdist,) = dist.glob("boardgen_print-*.tar.gz")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python")]
    subprocess.run(
        [*pip, "install", "--quiet", "--disable-pip-version-check", str(wheel)],
        check=True,
        capture_output=True,
    )
    home = base / "empty"
    home.mkdir()
    yield Installed(wheel, sdist, venv / "bin", home)


def test_every_code_package_is_listed_in_pyproject() -> None:
    """Packages are listed by hand (one is mapped onto variants/): a new one must be added."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    unlisted = set(find_packages(str(ROOT), include=["boardgen", "boardgen.*"])) - set(config["packages"])
    assert not unlisted, f"add to [tool.setuptools] packages in pyproject.toml: {sorted(unlisted)}"
    assert config["package-dir"] == {"boardgen.variants": "variants", "boardgen.examples": "examples"}


def test_wheel_holds_every_data_file_and_the_licence(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    missing = [name for name in data_files() if name not in names]
    assert not missing, f"not in the wheel: {missing}"
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
    assert not any(name.startswith(("tests/", "variants/")) for name in names)


def test_sdist_holds_games_texts_docs_and_tests(installed: Installed) -> None:
    with tarfile.open(installed.sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    wanted = [
        p.replace("boardgen/variants/", "variants/").replace("boardgen/examples/", "examples/")
        for p in data_files()
    ]
    wanted += ["LICENSE", "README.md", "Makefile", "pyproject.toml", "docs/rules.md", "tests/conftest.py"]
    wanted += [p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "data" / "bad").glob("*.yaml")]
    missing = [name for name in wanted if name not in names]
    assert not missing, f"not in the sdist: {missing}"
    assert not any("__pycache__" in name for name in names)


def test_installed_package_is_the_wheel_not_the_checkout(installed: Installed) -> None:
    probe = "import boardgen, boardgen.descriptor.load as l; print(boardgen.__file__); print(l.builtin_dir())"
    result = subprocess.run(
        [str(installed.bin / "python"), "-c", probe],
        cwd=installed.home,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k not in ("BOARDGEN_VARIANTS", "PYTHONPATH")},
    )
    assert result.returncode == 0, result.stderr
    module, games = result.stdout.split()
    venv = installed.bin.parent
    assert Path(module).is_relative_to(venv) and Path(games).is_relative_to(venv)
    assert Path(games).name == "variants"


def test_list_shows_the_six_games_from_an_empty_folder(installed: Installed) -> None:
    result = installed.run("list")
    assert result.returncode == 0, result.stderr
    assert [line.split()[0] for line in result.stdout.splitlines()] == IDS
    assert result.stderr == ""
    assert list(installed.home.iterdir()) == []


def test_render_validate_and_a_french_rule_sheet(installed: Installed, tmp_path: Path) -> None:
    board = installed.run("render", "american-checkers", "-o", str(tmp_path / "board.svg"))
    assert board.returncode == 0, board.stderr
    assert ET.parse(tmp_path / "board.svg").getroot().tag == "{http://www.w3.org/2000/svg}svg"
    start = installed.run("render", "catchup", "--what", "start", "-o", str(tmp_path / "start.pdf"))
    assert start.returncode == 0, start.stderr
    assert (tmp_path / "start.pdf").read_bytes().startswith(b"%PDF")
    checks = installed.run("validate", *IDS)
    assert checks.returncode == 0, checks.stdout + checks.stderr
    assert {line.split(":")[0] for line in checks.stdout.splitlines()} == set(IDS)
    assert " FAIL " not in checks.stdout
    rules = installed.run(
        "render", "pool-checkers", "--what", "rules", "--lang", "FR", "-o", str(tmp_path / "regles.pdf")
    )
    assert rules.returncode == 0, rules.stderr
    reader = PdfReader(tmp_path / "regles.pdf")
    assert reader.metadata is not None and reader.metadata.title
    text = "".join(page.extract_text() for page in reader.pages)
    assert "Dames" in text or "dames" in text
    assert "prise" in text.lower()


#: One game of each board shape and rule family (the six of the brief among them): what
#: the wheel must carry to build them all. Every game's own build is checked in-process.
WHEEL_BUILD = (
    "kruzno-checkers", "catchup", "american-checkers", "variante-dames", "go-9", "hex-11",
    "game-of-y", "chinese-checkers", "nine-mens-morris", "xiangqi", "oware", "othello",
    "breakthrough", "lines-of-action",
)  # fmt: skip


def test_build_from_an_empty_folder_matches_the_checkouts_build(installed: Installed, built: Path) -> None:
    """A game of every shape and family, built from the installed wheel, byte for byte the
    same as the checkout's build of them; booklets and gallery made for that choice."""
    result = installed.run("build", *WHEEL_BUILD, "--quiet", "--jobs", "2")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
    out = installed.home / "output"
    ours = {p.relative_to(out).as_posix(): p for p in out.rglob("*") if p.is_file()}
    theirs = {
        p.relative_to(built).as_posix(): p
        for vid in WHEEL_BUILD
        for p in (built / vid).rglob("*")
        if p.is_file()
    }
    books = {name for name in ours if "/" not in name}
    assert {"index.html", "booklet-en.pdf", "booklet-fr.pdf", "booklet-de.pdf"} <= books
    assert sorted(set(ours) - books) == sorted(theirs)
    assert all(f"{vid}/rules-fr.pdf" in ours for vid in WHEEL_BUILD)
    different = [name for name in theirs if ours[name].read_bytes() != theirs[name].read_bytes()]
    assert not different, f"the installed build differs from the checkout's in {different}"


USER_GAME = """\
format: 1
id: knights-cross
title: {en: Knights' cross, fr: La croix des cavaliers, de: Springerkreuz}
players:
  - {id: gold, name: {en: Gold, fr: Or, de: Gold}, colour: "#e0b83a", letter: G}
  - {id: iron, name: {en: Iron, fr: Fer, de: Eisen}, colour: "#3c4148", letter: I}
  - {id: rose, name: {en: Rose, fr: Rose, de: Rosa}, colour: "#e06f8b", letter: R}
first: gold
board:
  kind: points
  width: 5
  height: 5
  points: [c1, c2, a3, b3, c3, d3, e3, c4, c5]
  lines: [[c1, c5], [a3, e3]]
  point_style: dots
pieces:
  - {id: knight, name: {en: knight, fr: cavalier, de: Springer}, glyph: "♞"}
setup:
  gold: {knight: {cells: [c1]}}
  iron: {knight: {cells: [a3]}, count: 3}
  rose: {knight: {cells: [e3]}}
rules: {family: none}
print: {cell_size: 30}
sheet:
  en: {intro: "Reach the centre first."}
  fr: {intro: "Atteignez le centre le premier."}
  de: {intro: "Erreiche als Erster die Mitte."}
"""


def test_a_print_only_game_of_ones_own_from_an_empty_folder(installed: Installed, tmp_path: Path) -> None:
    """A designer's own game (three players, a board of points and lines, a glyph, pieces
    in hand), written in an empty folder, validates and builds with the installed wheel."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "knights-cross.yaml").write_text(USER_GAME, "utf-8")
    checks = installed.run("validate", "knights-cross.yaml", cwd=folder)
    assert checks.returncode == 0, checks.stdout + checks.stderr
    assert "no engine checks its rules" in checks.stdout
    built = installed.run("build", "knights-cross.yaml", "--out", "print", "--quiet", cwd=folder)
    assert built.returncode == 0, built.stderr
    out = folder / "print" / "knights-cross"
    start = PdfReader(out / "start-en.pdf")
    fonts = {
        str(font.get_object()["/BaseFont"]).split("+")[-1]
        for page in start.pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert "DejaVuSans" in fonts  # the symbol font ships in the wheel and is embedded
    rules = "".join(page.extract_text() for page in PdfReader(out / "rules-de.pdf").pages)
    assert "Erreiche als Erster die Mitte." in rules


def test_the_readmes_game_record_example_runs_from_the_wheel(installed: Installed, tmp_path: Path) -> None:
    """``boardgen examples`` puts the shipped records where the docs' commands look."""
    copied = installed.run("examples", cwd=tmp_path)
    assert copied.returncode == 0, copied.stderr
    assert (tmp_path / "examples" / "tinsley-chinook-1992-game32.pdn").is_file()
    assert (tmp_path / "examples" / "games" / "russian-draughts-kuperman-mirotin-1950.pdn").is_file()
    sheet = installed.run("game", "examples/tinsley-chinook-1992-game32.pdn", "-o", "sheet.pdf", cwd=tmp_path)
    assert sheet.returncode == 0, sheet.stderr
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")
    again = installed.run("examples", cwd=tmp_path)
    assert again.returncode == 0 and "kept" in again.stdout
    python = (
        "import boardgen\n"
        "record = boardgen.read_pdn('examples/tinsley-chinook-1992-game32.pdn')[0]\n"
        "print(record.tags['White'], len(record.plies), record.result)\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("BOARDGEN_VARIANTS", "PYTHONPATH")}
    result = subprocess.run(
        [str(installed.bin / "python"), "-c", python], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    assert result.returncode == 0 and result.stdout == "Tinsley, Marion 71 1/2-1/2\n", result.stderr


#: The tests that read the example records (examples/), run from the unpacked sdist.
_SDIST_TESTS = [
    "tests/records/test_pdn.py",
    "tests/records/test_pdn_records.py",
    "tests/cli/test_game_cli.py",
    "tests/records/test_published_records.py",
    "tests/records/test_published_games.py",
]


def test_the_example_records_tests_pass_from_the_unpacked_sdist(installed: Installed, tmp_path: Path) -> None:
    with tarfile.open(installed.sdist) as archive:
        archive.extractall(tmp_path, filter="data")
    (unpacked,) = tmp_path.iterdir()
    env = {k: v for k, v in os.environ.items() if k not in ("BOARDGEN_VARIANTS", "PYTHONPATH")}
    probe = subprocess.run(
        [sys.executable, "-c", "import boardgen; print(boardgen.__file__)"],
        cwd=unpacked,
        capture_output=True,
        text=True,
        env={**env, "PYTHONPATH": str(unpacked)},
    )
    assert Path(probe.stdout.strip()).is_relative_to(unpacked), probe.stdout + probe.stderr
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *_SDIST_TESTS],
        cwd=unpacked,
        capture_output=True,
        text=True,
        env={**env, "PYTHONPATH": str(unpacked)},
        timeout=900,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert result.stdout.rstrip().endswith("[100%]") and "F" not in result.stdout.split("[")[0]
