"""What the README, CONTRIBUTING.md and the documentation site name exists: file paths,
``make`` targets, ``boardgen`` commands and their options, the constants of the limits
table, the public names of the API; the README stays short and its pictures are the
ones boardgen draws today. A statement the code has outgrown fails here."""

from __future__ import annotations

import fnmatch
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

import boardgen
from boardgen.cli import main
from tests.support.doctexts import DOCS, boardgen_invocations, code_spans, console_lines, links
from tests.support.tools import ROOT

#: What the repository holds at its top (its folders and files, not what a build makes).
TOP = {p.name for p in ROOT.iterdir()} - {".venv", "output", "library", "dist", "build", ".git"}
#: Where builds write: named in the docs, absent from a fresh checkout.
MADE = [line.strip().rstrip("/") for line in (ROOT / ".gitignore").read_text().splitlines() if line.strip()]
#: A path as the docs write one: folders and a name, placeholders as <id> or *.
PATH = re.compile(r"[\w.*<>\-]+(?:/[\w.*<>\-]*)+|[\w\-]+\.(?:md|toml|in|py|json|yaml|txt)|Makefile|LICENSE")


def _named_paths(path: Path) -> list[str]:
    """The repository paths ``path`` names: in inline code, and as links to files."""
    found = []
    for span in code_spans(path):
        found += [word for word in span.split() if PATH.fullmatch(word)]
    for target in links(path):
        if not re.match(r"[a-z]+:", target) and not target.startswith("#"):
            found.append(
                (path.parent / target.split("#")[0]).resolve().relative_to(ROOT).as_posix()
                if target.split("#")[0]
                else ""
            )
    return [p.rstrip("/.,:;") for p in found if p]


#: Paths the docs tell a contributor to create (the example of a new language).
TO_CREATE = {"boardgen/texts/es"}


def _exists(name: str) -> bool:
    pattern = re.sub(r"<[^>]+>", "*", name)
    if "*" in pattern:
        return any(ROOT.glob(pattern))
    return (ROOT / pattern).exists()


def _checked(name: str) -> bool:
    """Whether ``name`` is a path of this repository (not one a build makes or a user's)."""
    first = name.split("/")[0]
    if first not in TOP:
        return False
    return not any(
        name == made or name.startswith(made + "/") or fnmatch.fnmatch(name, made) for made in MADE
    )


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_the_docs_name_exists(doc: Path) -> None:
    named = [name for name in _named_paths(doc) if _checked(name) and name not in TO_CREATE]
    missing = sorted({name for name in named if not _exists(name)})
    assert missing == [], f"{doc.relative_to(ROOT)} names paths that do not exist: {missing}"


def _make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][\w-]*):", text, flags=re.M))


def test_every_make_target_the_docs_name_exists() -> None:
    targets = _make_targets()
    named: dict[str, str] = {}
    for doc in DOCS:
        texts = [*code_spans(doc), *(line for _, line in console_lines(doc))]
        for text in texts:
            for target in re.findall(r"(?:^|\s)make ([a-z][\w-]*)", text):
                named.setdefault(target, str(doc.relative_to(ROOT)))
    assert {"boards", "test", "docs", "lint", "fuzz", "assembly", "textfit", "crosscheck", "bench"} <= set(
        named
    )
    unknown = {target: doc for target, doc in named.items() if target not in targets}
    assert unknown == {}


def _options(command: click.Command) -> set[str]:
    names = set()
    for param in command.params:
        names.update(getattr(param, "opts", ()))
        names.update(getattr(param, "secondary_opts", ()))
    return names | {"--help", "-h"}


def _commands() -> dict[str, click.Command]:
    context = click.Context(main)
    assert isinstance(main, click.Group)
    return {name: main.get_command(context, name) for name in main.list_commands(context)}  # type: ignore[misc]


def test_every_command_and_option_the_docs_give_exists() -> None:
    commands = _commands()
    group = _options(main)
    wrong = []
    count = 0
    for doc in DOCS:
        for where, words in boardgen_invocations(doc):
            count += 1
            if not words or words[0].startswith("-"):
                unknown = [w for w in words if w.startswith("-") and w.split("=")[0] not in group]
                wrong += [f"{where}: boardgen {w}" for w in unknown]
                continue
            name, rest = words[0], words[1:]
            if name not in commands:
                wrong.append(f"{where}: no command {name!r}")
                continue
            known = _options(commands[name])
            for word in rest:
                option = word.strip("[]").split("=")[0]
                if option.startswith("-") and option not in known and option != "-":
                    wrong.append(f"{where}: boardgen {name} has no option {option}")
    assert count > 100  # the docs show the command line at work
    assert wrong == []


#: Options the docs give for tools other than boardgen, and why.
OTHER_TOOLS = {
    "-W": "sphinx-build: warnings are errors",
    "--keep-going": "sphinx-build",
    "--strict": "mkdocs build",
    "--no-isolation": "python -m build",
    "--hypothesis-show-statistics": "pytest",
    "--out": "scripts/readme_pictures.py (and boardgen build)",
    "--pyproject": "scripts/import_graph.py",
    "--positions": "benchmarks/crosscheck.py",
    "--quick": "benchmarks/bench_openspiel.py",
    "--divide": "boardgen perft",
}


def test_every_option_the_docs_mention_belongs_to_a_command() -> None:
    """An option named on its own in the text (`--fit-sheets`) is one some command has."""
    every = set(_options(main)).union(*(_options(c) for c in _commands().values())) | set(OTHER_TOOLS)
    unknown = set()
    for doc in DOCS:
        for span in code_spans(doc):
            first = span.split()[0] if span.split() else ""
            if re.fullmatch(r"--?[a-z][\w-]*", first.split("=")[0].split("/")[0]):
                option = first.split("=")[0].split("/")[0]
                if option not in every:
                    unknown.add(f"{doc.relative_to(ROOT)}: {option}")
    assert unknown == set()


def test_the_limits_table_names_constants_that_exist() -> None:
    """Each constant in the limits table is defined in the file the table names (``same
    file``: the row's or the row above's), and each option it names is in its file."""
    text = (ROOT / "docs" / "reference" / "limits.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| what")]
    checked = 0
    last_file: str | None = None
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        if len(cells) < 3 or set(cells[0]) <= {"-", " "}:
            continue
        for part in cells[2].split(";"):
            names = re.findall(r"`([A-Z][A-Z_0-9]+|--[a-z-]+)`", part)
            files = re.findall(r"`(boardgen/[\w/.*]+\.py)`", part)
            if "same file" in part:
                files = [last_file] if last_file else []
            if files:
                last_file = files[-1]
            for name in names:
                sources = [p for f in files for p in ROOT.glob(f)]
                assert sources, f"limits table: no file for {name} in {part!r}"
                pattern = re.escape(name) if name.startswith("--") else rf"^\s*{re.escape(name)}\b.*="
                assert any(re.search(pattern, p.read_text(encoding="utf-8"), re.M) for p in sources), (
                    f"limits table: {name} is not defined in {files}"
                )
                checked += 1
    assert checked > 50


def test_code_cites_documents_that_exist() -> None:
    """Comments and docstrings that send the reader to a page name one that exists."""
    cited = set()
    places = [*ROOT.glob("boardgen/**/*.py"), *ROOT.glob("tests/**/*.py"), *ROOT.glob("benchmarks/*.py")]
    places += [
        *ROOT.glob("scripts/*"),
        ROOT / "pyproject.toml",
        ROOT / "Makefile",
        *ROOT.glob("variants/*.yaml"),
    ]
    for place in places:
        if place.is_file() and "__pycache__" not in place.parts:
            text = place.read_text(encoding="utf-8", errors="replace")
            cited.update(re.findall(r"(?<![\w/])(docs/[\w/.\-]+\.md|CONTRIBUTING\.md)(?!:\d)", text))
            assert not re.search(r"README(?:'s)?[,:]? \"", text), (
                f"{place}: cites a section of the old README"
            )
    assert cited
    assert sorted(name for name in cited if not (ROOT / name).exists()) == []


def test_every_public_name_is_in_the_api_reference() -> None:
    page = (ROOT / "docs" / "reference" / "api.md").read_text(encoding="utf-8")
    documented = set(
        re.findall(r"^\.\. auto(?:function|class|exception):: boardgen\.(\w+)$", page, flags=re.M)
    )
    assert set(boardgen.__all__) - {"__version__"} == documented


def test_the_readme_is_short_and_for_users() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 400
    text = "\n".join(lines)
    for stale in ("leaping_sheet.py", "placement_sheet.py", "the six descriptors", "tests/test_packaging.py"):
        assert stale not in text
    for part in ("## Install", "## Quick start", "## The studio", "## Documentation"):
        assert part in text


def test_install_lines_install_this_project_never_the_other_boardgen() -> None:
    """`boardgen` on PyPI is someone else's project: every install line installs the
    checkout or the wheel `make dist` builds."""
    for doc in DOCS:
        for where, line in console_lines(doc):
            if line.startswith("pip install"):
                target = line.split(maxsplit=2)[2].strip("'\"")
                assert target.startswith((".", "dist/boardgen_print-")), f"{where}: {line}"


def test_the_readme_pictures_are_what_boardgen_draws_today(tmp_path: Path) -> None:
    """Regenerate them (``make pictures``) when this fails, look at them, and commit."""
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "readme_pictures.py"), "--out", str(tmp_path)],
        check=True,
        cwd=tmp_path,
    )
    for made in sorted(tmp_path.glob("readme-*.png")):
        committed = ROOT / "docs" / "img" / made.name
        assert committed.read_bytes() == made.read_bytes(), f"{committed} is stale: run make pictures"
    assert len(list(tmp_path.glob("readme-*.png"))) == 2
