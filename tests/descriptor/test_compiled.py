"""The compiled shipped descriptors (boardgen/descriptor/builtin.pickle, made by ``make``, never
committed): the same games the YAML gives, and never used when it no longer matches its
YAML or the code, so a contributor never has to remember to make it."""

from __future__ import annotations

import dataclasses
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

import boardgen
import boardgen.descriptor.model
from boardgen.descriptor import compiled
from boardgen.descriptor.builtin import builtin_dir
from boardgen.descriptor.library import Library
from boardgen.outputs.validate import compile_builtin
from tests.support.tools import ROOT

SHIPPED = sorted(builtin_dir().glob("*.yaml"))


@pytest.fixture(scope="module")
def fresh_file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The shipped games compiled now by the code under test, read in place of the file
    ``make`` made (which may be absent, or stale for code edited since)."""
    target = tmp_path_factory.mktemp("compiled") / "builtin.pickle"
    compile_builtin(target)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compiled, "CACHE_FILE", target)
        compiled._stored.cache_clear()
        compiled._variant.cache_clear()
        yield target
    compiled._stored.cache_clear()
    compiled._variant.cache_clear()


def test_every_shipped_game_is_compiled_and_current(fresh_file: Path) -> None:
    data = compiled._stored()
    assert data is not None and sorted(data["variants"]) == [p.name for p in SHIPPED]
    assert all(compiled.cached_variant(path) is not None for path in SHIPPED)


def test_the_makefile_makes_it_before_it_builds_tests_or_packs() -> None:
    """No committed copy to forget: git ignores the file, and every make target that
    reads it depends on it, so it is made again whenever a game or the code is newer."""
    made = "boardgen/descriptor/builtin.pickle"
    ignored = subprocess.run(["git", "check-ignore", "-q", made], cwd=ROOT)
    assert ignored.returncode == 0, "builtin.pickle must be ignored by git"
    tracked = subprocess.run(["git", "ls-files", "--error-unmatch", made], cwd=ROOT, capture_output=True)
    assert tracked.returncode != 0, "builtin.pickle must not be committed"
    makefile = (ROOT / "Makefile").read_text()
    rule = "$(COMPILED): $(RUN_STAMP) $(wildcard variants/*.yaml) $(shell find boardgen -name '*.py')"
    assert f"COMPILED := {made}" in makefile and rule in makefile
    for target in ("boards", "library", "test", "dist"):
        assert re.search(rf"^{target}:[^\n]*\$\(COMPILED\)", makefile, flags=re.M), target


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_a_compiled_game_is_the_game_its_yaml_gives(path: Path, fresh_file: Path) -> None:
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


def test_a_stale_entry_is_not_used(monkeypatch: pytest.MonkeyPatch, fresh_file: Path) -> None:
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
