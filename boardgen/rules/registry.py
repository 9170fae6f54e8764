"""Rule families by name: the built-in ones and those installed as plug-ins.

A descriptor names its family with ``rules.family``; :func:`family` finds the
:class:`~.family.RuleFamily` of that name. The built-in families are listed here; any
installed distribution adds its own under the entry-point group ``boardgen.families``
(see CONTRIBUTING.md, "Adding a rule family"), for example in its ``pyproject.toml``::

    [project.entry-points."boardgen.families"]
    in-a-row = "boardgen_inarow:FAMILY"

Nothing is imported before it is used: a family's module is imported the first time a
descriptor names it, and the installed distributions are scanned only for a name that
is not built in (or to list every name in an error), so start-up stays fast. A
plug-in cannot take a built-in family's name: the built-in one is always found first.
"""

from __future__ import annotations

__all__ = [
    "BUILTIN",
    "ENTRY_POINT_GROUP",
    "ParamErrorFactory",
    "UnknownFamily",
    "check_params",
    "family",
    "forget_plugins",
    "make_game",
    "names",
]

import functools
import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..errors import BoardgenError
from .base import Engine
from .family import ParamErrorFactory, RuleFamily
from .spec import GameSpec

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

#: The entry-point group third-party families register under.
ENTRY_POINT_GROUP = "boardgen.families"

#: Built-in family name -> ``module:attribute`` of its :class:`RuleFamily`.
BUILTIN: Mapping[str, str] = {
    "leaping": "boardgen.rules.leaping.family:FAMILY",
    "placement": "boardgen.rules.placement.family:FAMILY",
    "reversi": "boardgen.rules.reversi.family:FAMILY",
    "race": "boardgen.rules.race.family:FAMILY",
    "go": "boardgen.rules.go.family:FAMILY",
    "connection": "boardgen.rules.connection.family:FAMILY",
    "lines": "boardgen.rules.lines.family:FAMILY",
    "morris": "boardgen.rules.morris.family:FAMILY",
    "hop": "boardgen.rules.hop.family:FAMILY",
    "none": "boardgen.rules.printonly.family:FAMILY",
}


class UnknownFamily(BoardgenError):
    """No family, built in or installed, has the name a descriptor gives."""


@functools.cache
def _plugins() -> dict[str, EntryPoint]:
    """Installed families by name, the first distribution (by name) winning a tie."""
    from importlib.metadata import entry_points  # lazy: only for a name not built in (start-up speed)

    found: dict[str, EntryPoint] = {}
    points = sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: (p.name, _distribution(p), p.value))
    for point in points:
        if point.name not in BUILTIN:
            found.setdefault(point.name, point)
    return found


def _distribution(point: EntryPoint) -> str:
    dist = getattr(point, "dist", None)
    return str(getattr(dist, "name", "") or "")


def names() -> tuple[str, ...]:
    """Every family name a descriptor may use, sorted (scans the installed distributions)."""
    return tuple(sorted({*BUILTIN, *_plugins()}))


def forget_plugins() -> None:
    """Forget the installed families found so far (for a program or a test that
    installs one while running); built-in families stay loaded."""
    _plugins.cache_clear()
    _loaded.cache_clear()


@functools.cache
def _loaded(name: str) -> RuleFamily[Any]:
    if name in BUILTIN:
        module, _, attribute = BUILTIN[name].partition(":")
        found: Any = getattr(importlib.import_module(module), attribute)
        origin = BUILTIN[name]
    else:
        point = _plugins().get(name)
        if point is None:
            raise UnknownFamily(
                f"unknown rule family '{name}' (known: {', '.join(names())})", key="rules.family"
            )
        origin = f"entry point '{name} = {point.value}' of {_distribution(point) or 'an installed package'}"
        try:
            found = point.load()
            if isinstance(found, type) and issubclass(found, RuleFamily):
                found = found()
        except Exception as exc:  # a broken plug-in must not look like a boardgen bug
            raise BoardgenError(
                f"rule family '{name}' cannot be loaded from {origin}: {type(exc).__name__}: {exc}",
                key="rules.family",
            ) from None
    if not isinstance(found, RuleFamily):
        raise BoardgenError(
            f"rule family '{name}': {origin} gives {type(found).__name__}, not a RuleFamily",
            key="rules.family",
        )
    if found.name != name:
        raise BoardgenError(
            f"rule family '{name}': {origin} gives the family named '{found.name}'", key="rules.family"
        )
    return found


def family(name: str) -> RuleFamily[Any]:
    """The family called ``name``, its module imported on first use.

    Raises :class:`UnknownFamily` (listing the known names) when there is none, and a
    BoardgenError keyed ``rules.family`` when an installed one cannot be loaded.
    """
    return _loaded(name)


def check_params(name: str, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
    """Let family ``name`` refuse unknown or ill-typed switches, located through ``error``."""
    family(name).check_params(params, error)


def make_game(spec: GameSpec, name: str) -> Engine:
    """The game ``spec`` as family ``name`` plays it."""
    game: Engine = family(name).make_game(spec)
    return game
