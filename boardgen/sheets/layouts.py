"""Rule-sheet layouts worked out by one process of a build, passed on to the others.

Choosing a sheet's layout sets it in trial once or more (see
:func:`boardgen.sheets.rulesheet.sheet_story`); the sheet's file and the reading
booklet of its language set it alike, and a build makes them in different processes.
So a build's workers report the layouts they choose (:func:`found`), the build hands
them to its other workers with their next jobs (:func:`take`), and a booklet sets
every sheet as its file did without trying any layout again. Outside a build nothing
is given and nothing is kept.
"""

from __future__ import annotations

__all__ = ["Key", "Layout", "found", "given", "note", "take"]

from collections.abc import Mapping

from ..foundation.paper import Paper

#: A sheet's layout: examples side by side, and their scale.
Layout = tuple[int, float]
#: Whose layout: the variant's id, the language, the paper and the edition.
Key = tuple[str, str, Paper, str]

_GIVEN: dict[Key, Layout] = {}
#: The layouts chosen here since the last :func:`found`; None: not in a build.
_FOUND: list[dict[Key, Layout] | None] = [None]


def take(layouts: Mapping[Key, Layout]) -> None:
    """Use ``layouts``, chosen elsewhere in this build, and from now on keep the layouts
    chosen here for :func:`found`."""
    _GIVEN.update(layouts)
    if _FOUND[0] is None:
        _FOUND[0] = {}


def given(key: Key) -> Layout | None:
    """The layout chosen elsewhere in this build for ``key``, if any."""
    return _GIVEN.get(key)


def note(key: Key, layout: Layout) -> None:
    """Keep ``layout``, just chosen here, for :func:`found` (in a build only)."""
    if _FOUND[0] is not None:
        _FOUND[0][key] = layout


def found() -> dict[Key, Layout]:
    """The layouts chosen here since the last call."""
    layouts = _FOUND[0] or {}
    if _FOUND[0] is not None:
        _FOUND[0] = {}
    return layouts
