"""Shared test set-up: run from the project root so ``variants/`` is found."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _project_variants(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("BOARDGEN_VARIANTS", str(ROOT / "variants"))
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
