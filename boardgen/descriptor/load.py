"""Loading descriptors by id or by path: the short forms of :class:`~.library.Library`.

``load_variant("pool-checkers")`` finds the id in the user's folders
(``BOARDGEN_VARIANTS``) and then among the shipped games; a path to a YAML file is
read as it is. ``load_all(folder)`` reads every descriptor of one folder.
"""

from __future__ import annotations

__all__ = ["builtin_dir", "load_all", "load_variant", "variant_ids"]

from pathlib import Path

from .builtin import builtin_dir
from .library import Library
from .model import Variant


def load_variant(ref: str, directory: Path | None = None) -> Variant:
    """The game ``ref`` names: an id (``pool-checkers``) or a path to a YAML file.

    Ids are looked up in ``directory`` alone when given, else in the user's folders and
    the shipped games.
    """
    return _library(directory).load(ref)


def load_all(directory: Path | None = None) -> list[Variant]:
    """Every game of ``directory`` (default: the user's folders and the shipped games)."""
    return _library(directory).load_all()


def variant_ids(directory: Path | None = None) -> list[str]:
    """The ids reachable from ``directory`` (default: the user's folders and the shipped games)."""
    return _library(directory).ids()


def _library(directory: Path | None) -> Library:
    return Library() if directory is None else Library([directory], builtin=False, environ={})
