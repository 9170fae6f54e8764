"""What a build works out once per game and reuses: results remembered per variant.

A build renders the same game many times over: its board in three languages, its rule
sheet alone and in two booklets, its start diagram at the same size each time. The
parts that do not depend on the language (a diagram's scene, the cell size that fits a
page, a sheet's layout) are worked out once per process and kept here, per variant
object. Entries are keyed by the variant's identity, the variant itself is kept with
them (so an id is never reused for another object while its entry lives), and only the
last few variants are kept, so memory stays bounded however many games a process sees.
"""

from __future__ import annotations

__all__ = ["remembered"]

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from .descriptor.model import Variant

#: How many variants' results are kept at once.
KEPT = 8

_KEPT: OrderedDict[int, tuple[Variant, dict[Hashable, Any]]] = OrderedDict()


def remembered(variant: Variant, key: Hashable, make: Callable[[], Any]) -> Any:
    """``make()``, or what it gave before for this ``variant`` and ``key``."""
    entry = _KEPT.get(id(variant))
    if entry is None or entry[0] is not variant:
        entry = (variant, {})
        _KEPT[id(variant)] = entry
        while len(_KEPT) > KEPT:
            _KEPT.popitem(last=False)
    _KEPT.move_to_end(id(variant))
    if key not in entry[1]:
        entry[1][key] = make()
    return entry[1][key]
