"""Shared test set-up: the shipped games only (a developer's BOARDGEN_VARIANTS is ignored)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from filelock import FileLock

from boardgen.descriptor import load_all
from boardgen.outputs.build import build_all


@pytest.fixture(autouse=True)
def _project_variants(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("BOARDGEN_VARIANTS", raising=False)
    yield


@pytest.fixture
def in_tmp(tmp_path: Path) -> Iterator[Path]:
    """Run a test inside an empty folder (so nothing can be written elsewhere unnoticed)."""
    old = Path.cwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(old)


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One real build (every file of every game, booklets, index.html), shared by the tests
    that check outputs as a user receives them; read only.

    Under pytest-xdist (``make test`` runs two workers) the workers share one build: the
    first to need it builds it under a file lock, in the run's common temporary folder,
    and the others wait for it rather than building it again.
    """
    base = tmp_path_factory.getbasetemp()  # a worker's is .../pytest-N/popen-gwK
    common = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    out, done = common / "shared-build", common / "shared-build.done"
    with FileLock(str(common / "shared-build.lock")):
        if not done.exists():
            shutil.rmtree(out, ignore_errors=True)  # what a worker killed mid-build left
            out.mkdir()
            with pytest.MonkeyPatch.context() as patch:
                patch.delenv("BOARDGEN_VARIANTS", raising=False)
                build_all(out, load_all())
            done.touch()
    return out
