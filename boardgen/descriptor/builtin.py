"""Where the games boardgen ships live.

They are the top-level ``variants/`` folder of the project (the design card); the wheel
and the sdist carry that folder as ``boardgen/variants/``. :func:`builtin_dir` finds
whichever exists, so a checkout and an installed package see the same games.
"""

from __future__ import annotations

__all__ = ["builtin_dir"]

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]


def builtin_dir() -> Path:
    """The folder of the shipped descriptors: inside the installed package, else the checkout's."""
    packaged = _PACKAGE / "variants"
    return packaged if packaged.is_dir() else _PACKAGE.parent / "variants"
