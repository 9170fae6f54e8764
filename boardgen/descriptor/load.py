"""Finding and loading descriptors by id or by path.

The shipped games live in the top-level ``variants/`` folder of the project; the wheel
carries them as ``boardgen/variants/``. :func:`builtin_dir` finds whichever exists, so a
checkout and an installed package see the same games.
"""

from __future__ import annotations

__all__ = ["builtin_dir", "load_all", "load_variant", "variant_ids", "variants_dir"]

import os
import re
from pathlib import Path

from ..errors import BoardgenError, closest
from .model import Variant
from .parse import ID_PATTERN, parse_variant
from .yamlload import load_file

_PACKAGE = Path(__file__).resolve().parents[1]


def builtin_dir() -> Path:
    """The folder of the games boardgen ships: inside the installed package, else the checkout's."""
    packaged = _PACKAGE / "variants"
    return packaged if packaged.is_dir() else _PACKAGE.parent / "variants"


def variants_dir() -> Path:
    """Where the bundled descriptors live.

    ``BOARDGEN_VARIANTS`` wins; otherwise ``variants/`` of the current directory when it
    exists (a user's own collection), else the project's ``variants/``.
    """
    env = os.environ.get("BOARDGEN_VARIANTS")
    if env:
        return Path(env)
    local = Path("variants")
    if local.is_dir():
        return local
    return builtin_dir()


def variant_ids(directory: Path | None = None) -> list[str]:
    folder = directory or variants_dir()
    return sorted(p.stem for p in folder.glob("*.yaml"))


def load_variant(ref: str, directory: Path | None = None) -> Variant:
    """Load ``ref``: a variant id (``pool-checkers``) or a path to a YAML file."""
    looks_like_path = ref.endswith((".yaml", ".yml")) or os.sep in ref or "/" in ref
    if looks_like_path:
        return parse_variant(load_file(ref))
    if not re.fullmatch(ID_PATTERN, ref):
        raise BoardgenError(f"'{ref}' is neither a variant id nor a .yaml file")
    folder = directory or variants_dir()
    path = folder / f"{ref}.yaml"
    if not path.is_file():
        known = variant_ids(folder)
        close = closest(ref, known, cutoff=0.5)
        hint = f"; did you mean {close}?" if close else f" (known: {', '.join(known) or 'none'})"
        raise BoardgenError(f"no variant '{ref}'{hint}")
    return parse_variant(load_file(path, display=str(path)))


def load_all(directory: Path | None = None) -> list[Variant]:
    folder = directory or variants_dir()
    return [load_variant(vid, folder) for vid in variant_ids(folder)]
