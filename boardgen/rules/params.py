"""Reading a family's switches from ``rules.params``, the same way for every family.

A family declares its switches as a frozen dataclass whose defaults are the most
common rules; :func:`read_switches` refuses unknown names (suggesting the closest),
and values of the wrong type or outside the allowed choices or range, each through
the loader's error factory so the message points at the descriptor line.
"""

from __future__ import annotations

__all__ = ["ParamError", "plain_error", "read_switches"]

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import BoardgenError, closest

#: Builds the error for a key below ``rules.params`` (the registry's ParamErrorFactory).
ParamError = Callable[[tuple[str | int, ...], str], BoardgenError]


def plain_error(key: tuple[str | int, ...], message: str) -> BoardgenError:
    return BoardgenError(message, key=".".join(("rules", "params", *map(str, key))))


def read_switches(
    family: str,
    raw: Mapping[str, Any],
    defaults: Any,
    error: ParamError | None = None,
    *,
    choices: Mapping[str, tuple[str, ...]] | None = None,
    ranges: Mapping[str, tuple[float, float]] | None = None,
) -> dict[str, Any]:
    """The checked values of ``defaults``' fields, overridden by ``raw``.

    A field's type is its default's: bool, int, float (an int is accepted), str (one
    of ``choices[name]``) or a mapping (checked by the family itself).
    """
    fail = error or plain_error
    names = [f.name for f in dataclasses.fields(defaults)]
    for name in raw:
        if name not in names:
            close = closest(str(name), names)
            hint = f"did you mean {close!r}?" if close else f"known: {', '.join(names) or 'none'}"
            raise fail((str(name),), f"unknown {family} parameter {name!r}; {hint}")
    values: dict[str, Any] = {}
    for name in names:
        default = getattr(defaults, name)
        value = raw.get(name, default)
        shown = repr(value)[:40]
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise fail((name,), f"{name} must be true or false, not {shown}")
        elif isinstance(default, (int, float)) and not isinstance(default, bool):
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
            if isinstance(default, int) and not isinstance(value, int):
                ok = False
            low, high = (ranges or {}).get(name, (float("-inf"), float("inf")))
            if not ok or not low <= value <= high:
                kind = "a whole number" if isinstance(default, int) else "a number"
                bounds = f" from {low:g} to {high:g}" if (ranges or {}).get(name) else ""
                raise fail((name,), f"{name} must be {kind}{bounds}, not {shown}")
        elif isinstance(default, str):
            allowed = (choices or {}).get(name, ())
            if value not in allowed:
                raise fail((name,), f"{name} must be one of {', '.join(allowed)}, not {shown}")
        values[name] = value
    return values
