"""The vocabulary table (docs/reference/options.md) against the code: every option each
front end takes is a row, and every name a row gives is one its front end takes."""

from __future__ import annotations

import inspect
import re

import pytest

import boardgen
from boardgen.api.gamerecord import GameRecord
from boardgen.cli._diagram import diagram
from boardgen.cli._game import game
from boardgen.docext.blocks import ALIASES, FIGURE_OPTIONS, OPTIONS, REFUSED
from boardgen.model.positions import Game
from tests.support.tools import ROOT

PAGE = ROOT / "docs" / "reference" / "options.md"
COLUMNS = ("option", "Python", "diagram", "game", "pages", "meaning")


def rows() -> list[dict[str, str]]:
    lines = [line for line in PAGE.read_text("utf-8").splitlines() if line.startswith("| ")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    assert tuple(header) == COLUMNS
    found = []
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        assert len(cells) == len(COLUMNS), line
        found.append(dict(zip(COLUMNS, cells, strict=True)))
    return found


def _ticked(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def _command_options(command: object) -> set[str]:
    names: set[str] = set()
    for param in command.params:  # type: ignore[attr-defined]
        names.update(param.opts + param.secondary_opts)
    return names


@pytest.mark.parametrize(("command", "column"), [(diagram, "diagram"), (game, "game")])
def test_every_command_option_is_in_the_table_and_nothing_else(command: object, column: str) -> None:
    listed = {name for row in rows() for name in _ticked(row[column]) if name.startswith("-")}
    taken = {name for name in _command_options(command) if name.startswith("-")} - {"--help"}
    assert taken - listed == set(), f"add to the {column} column: {sorted(taken - listed)}"
    assert listed - taken == set(), f"not options of boardgen {column}: {sorted(listed - taken)}"


def test_every_page_option_is_in_the_table_and_nothing_else() -> None:
    listed: set[str] = set()
    refused: set[str] = set()
    for row in rows():
        if row["pages"] == "refused":
            refused.add(row["option"])
            continue
        listed.update(name for name in _ticked(row["pages"]) if not name.startswith("boardgen_"))
    taken = set(OPTIONS) | set(ALIASES) | set(FIGURE_OPTIONS) | {"variants"}
    assert taken - listed == set(), f"add to the pages column: {sorted(taken - listed)}"
    assert listed - taken == set(), f"not options of the pages: {sorted(listed - taken)}"
    assert refused == set(REFUSED)


def test_every_python_keyword_is_in_the_table_and_is_taken() -> None:
    listed = {name[:-1] for row in rows() for name in _ticked(row["Python"]) if name.endswith("=")}
    drawing = {name for f in (boardgen.svg, boardgen.png) for name in inspect.signature(f).parameters}
    drawing -= {"position"}
    assert drawing - listed == set(), f"add to the Python column: {sorted(drawing - listed)}"
    callables = [boardgen.svg, boardgen.png, boardgen.pdf, GameRecord.sheet, GameRecord.animation]
    taken = {name for f in callables for name in inspect.signature(f).parameters}
    assert listed - taken == set(), f"not keywords of the API: {sorted(listed - taken)}"
    assert "study" in inspect.signature(Game.position).parameters


def test_the_aliases_in_the_table_are_the_codes() -> None:
    by_name = {row["option"]: row for row in rows()}
    for alias, own in ALIASES.items():
        assert alias in _ticked(by_name[own]["pages"]), (alias, own)
