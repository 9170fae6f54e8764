"""The compiled shipped descriptors (boardgen/descriptor/builtin.pickle): current, the same
games the YAML gives, and never used when it no longer matches its YAML or the code."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import boardgen
import boardgen.descriptor.model
from boardgen.descriptor import compiled
from boardgen.descriptor.builtin import builtin_dir
from boardgen.descriptor.library import Library

SHIPPED = sorted(builtin_dir().glob("*.yaml"))


def test_the_compiled_file_is_current() -> None:
    data = compiled._stored()
    assert data is not None, "stale: run  make compiled"
    assert sorted(data["variants"]) == [p.name for p in SHIPPED], "run make compiled"
    for path in SHIPPED:
        assert compiled.cached_variant(path) is not None, (
            f"{path.name}: run make compiled"
        )


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_a_compiled_game_is_the_game_its_yaml_gives(path: Path) -> None:
    stored = compiled.cached_variant(path)
    assert stored is not None and compiled.is_verified(stored)
    (fresh,), errors = Library(builtin=True, environ={}).load_many([path])
    assert not errors
    assert _comparable(stored) == _comparable(dataclasses.replace(fresh, origin=None)) and stored.file == path


def _comparable(variant: object) -> object:
    """A Variant with its grid (compared by identity) written out as its cells and names."""
    assert isinstance(variant, boardgen.descriptor.model.Variant)
    grid = variant.grid
    cells = tuple((grid.coords(c), grid.name(c)) for c in grid.cells())
    board = dataclasses.replace(variant.board, grid=None)  # type: ignore[arg-type]
    return (dataclasses.replace(variant, board=board), type(grid).__name__, cells)


def test_a_stale_entry_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    data = compiled._stored()
    assert data is not None
    changed = {**data, "variants": {k: ("0" * 64, v) for k, (_, v) in data["variants"].items()}}
    monkeypatch.setattr(compiled, "_stored", lambda: changed)
    assert compiled.cached_variant(builtin_dir() / "american-checkers.yaml") is None
    monkeypatch.setattr(compiled, "_stored", lambda: None)  # another fingerprint: nothing is used
    assert compiled.cached_variant(builtin_dir() / "american-checkers.yaml") is None


def test_a_users_file_is_never_taken_from_it(tmp_path: Path) -> None:
    copy = tmp_path / "american-checkers.yaml"
    copy.write_bytes((builtin_dir() / "american-checkers.yaml").read_bytes())
    assert compiled.cached_variant(copy) is None
    game = boardgen.load(copy)
    assert not compiled.is_verified(game.variant) and game.variant.file == copy


def test_load_returns_the_same_game_until_its_file_changes(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    text = (builtin_dir() / "pool-checkers.yaml").read_text("utf-8").replace("id: pool-checkers", "id: mine")
    path.write_text(text, "utf-8")
    first = boardgen.load("mine", folders=[tmp_path])
    assert boardgen.load("mine", folders=[tmp_path]) is first
    path.write_text(text.replace("en: Pool Checkers", "en: My Checkers"), "utf-8")
    assert boardgen.load("mine", folders=[tmp_path]).title == "My Checkers"
