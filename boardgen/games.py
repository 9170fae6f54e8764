"""Finding a game: a variant id or descriptor file read, its rules engine built, and kept.

The model's own way in: :mod:`boardgen.pdn` opens the game a record's ``[GameType]``
names with :func:`open_game`. :func:`boardgen.load` (the public API) opens games the same
way, asking for its own kind of :class:`~boardgen.positions.Game` (one that draws itself
in notebooks) and for the printability check of ``boardgen validate`` before the first
use; both stay above this layer, passed in, so finding a game knows nothing of them.
"""

from __future__ import annotations

__all__ = ["find_variant", "open_game"]

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from .descriptor import load_variant
from .descriptor.library import Library
from .descriptor.model import Variant
from .positions import Game
from .rules.registry import make_game

AnyGame = TypeVar("AnyGame", bound=Game)

#: Games opened so far, by descriptor file, its modification time and the kind of game.
_OPENED: dict[tuple[str, float, type[Game]], Game] = {}


def find_variant(ref: str | Path, folders: Sequence[str | Path] = ()) -> Variant:
    """The checked descriptor ``ref`` names: a variant id or a descriptor file.

    Ids are looked up in ``folders`` (in order), then in the folders of the
    ``BOARDGEN_VARIANTS`` environment variable, then among the shipped games.
    """
    text = str(ref)
    if folders:
        return Library([Path(f) for f in folders]).load(text)
    return load_variant(text)


def open_game(
    ref: str | Path,
    *,
    folders: Sequence[str | Path] = (),
    kind: type[AnyGame] = Game,  # type: ignore[assignment]
    check: Callable[[Variant], None] | None = None,
) -> AnyGame:
    """The game ``ref`` names (see :func:`find_variant`), as a ``kind`` of game.

    The descriptor is read each time (it is small), but its engine is built, and
    ``check`` run, once per unchanged file: opening it again returns the same game.
    """
    variant = find_variant(ref, folders)
    try:
        stamp = variant.file.stat().st_mtime
    except OSError:  # pragma: no cover - the file was just read
        stamp = 0.0
    key = (str(variant.file.resolve()), stamp, kind)
    found = _OPENED.get(key)
    if found is None:
        if check is not None:
            check(variant)
        found = _OPENED[key] = kind(variant, make_game(variant.game_spec(), variant.rules.family))
    assert isinstance(found, kind)
    return found
