"""What a build works out once and reuses: results remembered per object.

A build renders the same game many times over: its board in three languages, its rule
sheet alone and in two booklets, its start diagram at the same size each time. The
parts that do not depend on the language (a diagram's scene, the cell size that fits a
page, a sheet's layout, a board's tiles) are worked out once per process and kept here,
per owner object (a variant, an artwork). Entries are keyed by the owner's identity,
the owner itself is kept with them (so an id is never reused for another object while
its entry lives), and only the last few owners are kept, so memory stays bounded
however many games a process sees. A build, which renders a known set of games and
comes back to each one for the booklets, keeps them all (:func:`keep_at_least`).
"""

from __future__ import annotations

__all__ = ["Memo", "keep_at_least", "known", "remembered"]

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from ..descriptor.model import Variant


class Memo:
    """Results per owner object and key, for the last ``kept`` owners."""

    def __init__(self, kept: int = 8) -> None:
        self.kept = kept
        self._owners: OrderedDict[int, tuple[object, dict[Hashable, Any]]] = OrderedDict()

    def recall(self, owner: object, key: Hashable, make: Callable[[], Any]) -> Any:
        """``make()``, or what it gave before for this ``owner`` and ``key``."""
        entry = self._owners.get(id(owner))
        if entry is None or entry[0] is not owner:
            entry = (owner, {})
            self._owners[id(owner)] = entry
            while len(self._owners) > max(self.kept, _LEAST[0]):
                self._owners.popitem(last=False)
        self._owners.move_to_end(id(owner))
        if key not in entry[1]:
            entry[1][key] = make()
        return entry[1][key]

    def has(self, owner: object, key: Hashable) -> bool:
        """Whether there is a result for this ``owner`` and ``key``."""
        entry = self._owners.get(id(owner))
        return entry is not None and entry[0] is owner and key in entry[1]


#: The fewest owners every memo keeps (one slot, set by :func:`keep_at_least`).
_LEAST: list[int] = [0]


def keep_at_least(owners: int) -> None:
    """Make every memo, made or to be made, keep at least ``owners`` owners: a build of
    ``n`` games keeps each game's pictures, layouts and tile plans for the booklets,
    which come back to every game after its own files (with the last few kept, each
    booklet drew and cut every board again: a quarter of a library build's work)."""
    _LEAST[0] = owners


#: Per game: what every file of a variant shares.
_PER_VARIANT = Memo()


def remembered(variant: Variant, key: Hashable, make: Callable[[], Any]) -> Any:
    """``make()``, or what it gave before for this ``variant`` and ``key``."""
    return _PER_VARIANT.recall(variant, key, make)


def known(variant: Variant, key: Hashable) -> bool:
    """Whether :func:`remembered` has a result for this ``variant`` and ``key``."""
    return _PER_VARIANT.has(variant, key)
