"""Finding a game: a variant id or descriptor file read, its rules engine built, and kept.

The model's own way in: :mod:`boardgen.records.pdn` opens the game a record's ``[GameType]``
names with :func:`open_game`. :func:`boardgen.load` (the public API) opens games the same
way, asking for its own kind of :class:`~boardgen.model.positions.Game` (one that draws itself
in notebooks) and for the printability check of ``boardgen validate`` before the first
use; both stay above this layer, passed in, so finding a game knows nothing of them.
"""

from __future__ import annotations

__all__ = ["find_variant", "open_game"]

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from ..descriptor import load_variant
from ..descriptor.compiled import is_verified
from ..descriptor.library import ENV_VAR, Library
from ..descriptor.model import Variant
from ..rules.registry import make_game
from .positions import Game

AnyGame = TypeVar("AnyGame", bound=Game)

#: Games opened so far, by descriptor file (device, inode, modification time, size) and kind
#: of game.
_OPENED: dict[tuple[int, int, int, int, type[Game]], Game] = {}
#: Files ids were found at, by the id, the working folder, and the folders searched with
#: their state (a file added to or removed from a folder changes its modification time).
_FOUND: dict[tuple[Any, ...], Path] = {}
#: The library last searched, by the working folder and the folders with their state (as
#: :data:`_FOUND`): a page drawing several games lists the shipped folder once, not per game.
_LIBRARY: dict[tuple[Any, ...], Library] = {}


def find_variant(ref: str | Path, folders: Sequence[str | Path] = ()) -> Variant:
    """The checked descriptor ``ref`` names: a variant id or a descriptor file.

    Ids are looked up in ``folders`` (in order), then in the folders of the
    ``BOARDGEN_VARIANTS`` environment variable, then among the shipped games.
    """
    text = str(ref)
    if folders:
        return Library([Path(f) for f in folders]).load(text)
    return load_variant(text)


def _stamp(path: Path) -> tuple[int, int, int, int] | None:
    """The file ``path`` is (its device and inode, whatever links lead to it: a resolved
    path took a ``lstat`` per folder of it on every diagram) and its state."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return (stat.st_dev, stat.st_ino, stat.st_mtime_ns, stat.st_size)


def _library(state: tuple[Any, ...], folders: Sequence[str | Path]) -> Library:
    """The library of ``folders`` (and ``BOARDGEN_VARIANTS``) in ``state`` (see
    :data:`_LIBRARY`), made again only when that changes; only the last one is kept."""
    library = _LIBRARY.get(state)
    if library is None:
        library = Library([Path(f) for f in folders])
        _LIBRARY.clear()
        _LIBRARY[state] = library
    return library


def open_game(
    ref: str | Path,
    *,
    folders: Sequence[str | Path] = (),
    kind: type[AnyGame] = Game,  # type: ignore[assignment]
    check: Callable[[Variant], None] | None = None,
) -> AnyGame:
    """The game ``ref`` names (see :func:`find_variant`), as a ``kind`` of game.

    Its engine is built, and ``check`` run, once per unchanged file: opening it again
    returns the same game after a few ``stat`` calls, without reading the file. A
    shipped game read from the compiled descriptors (:mod:`boardgen.descriptor.compiled`)
    passed ``check`` when it was compiled, so it is not checked again.
    """
    if not isinstance(ref, (str, Path)):
        raise TypeError(f"load() takes a variant id or a descriptor path, not {type(ref).__name__}")
    if isinstance(folders, (str, Path)):
        raise TypeError("folders must be a list of folders, not one folder")
    text = str(ref)
    env_folders = [Path(p) for p in os.environ.get(ENV_VAR, "").split(os.pathsep) if p]
    searched = [Path(f) for f in folders] + env_folders
    lookup = (text, os.getcwd(), tuple((str(f), _stamp(f)) for f in searched))
    known = _FOUND.get(lookup)
    stamp = _stamp(known) if known is not None else None
    found = _OPENED.get((*stamp, kind)) if stamp is not None else None
    if found is None:
        library = _library(lookup[1:], folders)
        path = library.path(text)
        variant = library.load(text)
        stamp = _stamp(variant.file)
        _FOUND[lookup] = path
        found = _OPENED.get((*stamp, kind)) if stamp is not None else None
        if found is None:
            if check is not None and not is_verified(variant):
                check(variant)
            found = kind(variant, make_game(variant.game_spec(), variant.rules.family))
            if stamp is not None:
                _OPENED[(*stamp, kind)] = found
    assert isinstance(found, kind)
    return found
