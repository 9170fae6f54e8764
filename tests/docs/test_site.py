"""The documentation site, built for real as ``make docs`` builds it (Sphinx, MyST,
``-W --keep-going``: any warning fails), from scratch in a temporary folder, and read as
a visitor gets it: every page there, every diagram drawn inline by boardgen's directive,
every image present, the generated references complete."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import click
import pytest

import boardgen
from boardgen.cli import main
from tests.support.tools import ROOT

pytest.importorskip("myst_parser")
pytest.importorskip("sphinx_click")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site in HTML, built once for the module with the Makefile's flags."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    flags = re.search(r"^docs:.*\n\t\$\(BIN\)/sphinx-build (.*) docs docs/_build/html$", makefile, re.M)
    assert flags, "make docs runs sphinx-build"
    assert "-W" in flags[1].split() and "--keep-going" in flags[1].split()
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            *flags[1].split(),
            "-d",
            str(out / "doctrees"),
            "docs",
            str(out / "html"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr and "ERROR" not in done.stderr, done.stderr
    return out / "html"


class _Page(HTMLParser):
    """What a page holds: image sources, the figures the directive made, and its text."""

    def __init__(self) -> None:
        super().__init__()
        self.images: list[str] = []
        self.figures = 0
        self.svgs = 0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "img":
            self.images.append(values.get("src") or "")
        if tag == "figure" and "boardgen" in (values.get("class") or "").split():
            self.figures += 1
        if tag == "svg":
            self.svgs += 1

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _read(page: Path) -> _Page:
    parsed = _Page()
    parsed.feed(page.read_text(encoding="utf-8"))
    return parsed


def _sources() -> list[str]:
    docs = ROOT / "docs"
    return sorted(
        p.relative_to(docs).with_suffix("").as_posix() for p in docs.rglob("*.md") if "_build" not in p.parts
    )


def test_every_page_is_built(site: Path) -> None:
    for name in _sources():
        assert (site / f"{name}.html").exists(), name
    assert len(_sources()) >= 25


def test_diagrams_are_drawn_inline_and_images_exist(site: Path) -> None:
    figures = 0
    for name in _sources():
        page = _read(site / f"{name}.html")
        figures += page.figures
        assert page.svgs >= page.figures, name
        for source in page.images:
            if not source.startswith(("http:", "https:", "data:")):
                assert (site / name).parent.joinpath(source.split("?")[0]).resolve().exists(), (name, source)
    assert figures >= 70  # the site is the showcase: every board drawn by the directive


def test_descriptor_reference_has_every_key_of_the_schema(site: Path) -> None:
    schema = json.loads((ROOT / "boardgen" / "descriptor" / "descriptor.schema.json").read_text())
    text = " ".join(_read(site / "reference" / "descriptor.html").text)
    keys = set(schema["properties"]) | set(schema["$defs"])
    for definition in schema["$defs"].values():
        keys |= set(definition.get("properties", {}))
    assert sorted(key for key in keys if key not in text) == []


def test_command_line_reference_has_every_command_and_option(site: Path) -> None:
    html = (site / "reference" / "cli.html").read_text(encoding="utf-8")
    context = click.Context(main)
    assert isinstance(main, click.Group)
    for name in main.list_commands(context):
        command = main.get_command(context, name)
        assert command is not None and f'id="boardgen-{name}"' in html, name
        for param in command.params:
            for option in getattr(param, "opts", []):
                if option.startswith("--"):
                    assert f'"cmdoption-boardgen-{name}-{option[2:]}"' in html, (name, option)


def test_api_reference_has_every_public_name(site: Path) -> None:
    html = (site / "reference" / "api.html").read_text(encoding="utf-8")
    for name in set(boardgen.__all__) - {"__version__"}:
        assert f'id="boardgen.{name}"' in html, name
