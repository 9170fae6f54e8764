"""Where the project lies, and the system tools a test needs."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

#: The checkout's root (the folder holding pyproject.toml).
ROOT = Path(__file__).resolve().parents[2]
#: The tests' own files: broken descriptors, hostile inputs, families, a plug-in.
DATA = ROOT / "tests" / "data"


def need_tool(name: str) -> str:
    """The path of a system tool the test needs (scripts/system-deps installs them).

    Missing on a developer's machine: the test is skipped, saying how to install it.
    Missing in CI (``CI`` set): the test fails, since CI must prove the outputs.
    """
    found = shutil.which(name)
    if found:
        return found
    message = f"{name} is not installed (run: bash scripts/system-deps)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)
