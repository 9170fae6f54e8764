"""Typed, located access to a loaded descriptor.

Each accessor checks one value and, when it is wrong, raises a BoardgenError that
points at the value's line and column and names its key path, so a user never has to
guess which of several ``side:`` keys is meant. Unknown keys are refused with a
"did you mean" hint, because a misspelt optional key would otherwise be silently
ignored.
"""

from __future__ import annotations

__all__ = ["Reader"]

import re
from collections.abc import Collection, Sequence
from typing import Any

from ..errors import BoardgenError, closest, shown
from .yamlload import Loaded, PathKey


def _kind(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"a boolean ({str(value).lower()})"
    if isinstance(value, int):
        return f"a whole number ({_show(value)})"
    if isinstance(value, float):
        return f"a number ({value})"
    if isinstance(value, str):
        return f"text ({value!r})" if len(value) <= 30 else "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


class Reader:
    """Checks values of a :class:`Loaded` document by key path."""

    def __init__(self, loaded: Loaded) -> None:
        self.loaded = loaded

    def error(self, path: PathKey, message: str, *, at_key: bool = False) -> BoardgenError:
        return self.loaded.error(path, message, at_key=at_key)

    def has(self, path: PathKey) -> bool:
        try:
            self._value(path)
        except KeyError:
            return False
        return True

    def get(self, path: PathKey) -> Any:
        try:
            return self._value(path)
        except KeyError:
            raise self.error(path, f"required key '{path[-1]}' is missing") from None

    def _value(self, path: PathKey) -> Any:
        node: Any = self.loaded.data
        for part in path:
            in_mapping = isinstance(node, dict) and isinstance(part, str) and part in node
            in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
            if in_mapping or in_list:
                node = node[part]
            else:
                raise KeyError(part)
        return node

    # -- containers ------------------------------------------------------------------

    def mapping(
        self, path: PathKey, *, required: Collection[str] = (), optional: Collection[str] = ()
    ) -> dict[str, Any]:
        """A mapping holding every ``required`` key and no key outside both sets."""
        value = self.get(path)
        if not isinstance(value, dict):
            raise self.error(path, f"expected a mapping of keys, got {_kind(value)}")
        allowed = [*required, *optional]
        for key in value:
            if key not in allowed:
                raise self.error((*path, key), _unknown(key, allowed), at_key=True)
        for key in required:
            if key not in value:
                raise self.error((*path, key), f"required key '{key}' is missing")
        return value

    def free_mapping(self, path: PathKey) -> dict[str, Any]:
        """A mapping whose keys the caller checks (names chosen by the author)."""
        value = self.get(path)
        if not isinstance(value, dict):
            raise self.error(path, f"expected a mapping of keys, got {_kind(value)}")
        return value

    def sequence(self, path: PathKey, *, min_items: int = 0) -> list[Any]:
        value = self.get(path)
        if not isinstance(value, list):
            raise self.error(path, f"expected a list, got {_kind(value)}")
        if len(value) < min_items:
            raise self.error(path, f"expected at least {min_items} item(s), got {len(value)}")
        return value

    # -- scalars ---------------------------------------------------------------------

    def string(
        self,
        path: PathKey,
        *,
        choices: Sequence[str] | None = None,
        pattern: str | None = None,
        what: str = "",
        max_length: int | None = None,
    ) -> str:
        value = self.get(path)
        if not isinstance(value, str):
            hint = ""
            if isinstance(value, bool) and choices is None:
                hint = " (quote it if you mean the word)"
            raise self.error(path, f"expected text{what and ' (' + what + ')'}, got {_kind(value)}{hint}")
        if max_length is not None and len(value) > max_length:
            raise self.error(
                path, f"text of {len(value):,} characters is too long here: at most {max_length}"
            )
        if choices is not None and value not in choices:
            raise self.error(path, _unknown(value, choices, noun="value"))
        if pattern is not None and not re.fullmatch(pattern, value):
            raise self.error(path, f"{shown(value)} is not {what or 'valid here'}")
        return value

    def integer(self, path: PathKey, *, minimum: int, maximum: int, unit: str = "") -> int:
        value = self.get(path)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(path, f"expected a whole number, got {_kind(value)}")
        _check_range(self, path, value, minimum, maximum, unit)
        return value

    def number(self, path: PathKey, *, minimum: float, maximum: float, unit: str = "") -> float:
        value = self.get(path)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.error(path, f"expected a number, got {_kind(value)}")
        if value != value:  # NaN
            raise self.error(path, "expected a number, got NaN")
        _check_range(self, path, value, minimum, maximum, unit)
        return float(value)

    def boolean(self, path: PathKey) -> bool:
        value = self.get(path)
        if not isinstance(value, bool):
            raise self.error(path, f"expected true or false, got {_kind(value)}")
        return value


def _show(value: float) -> str:
    """A number as a message quotes it: short, whatever its size (never an OverflowError)."""
    if isinstance(value, int) and value.bit_length() > 50:
        digits = int(value.bit_length() * 0.30103) + 1
        return f"a{' negative' if value < 0 else ''} number of about {digits} digits"
    return f"{value:g}"


def _check_range(
    reader: Reader, path: PathKey, value: float, minimum: float, maximum: float, unit: str
) -> None:
    if not minimum <= value <= maximum:
        suffix = f" {unit}" if unit else ""
        given = _show(value)
        given += suffix if given[0] in "-0123456789" else ""
        raise reader.error(path, f"{given} is out of range: expected {minimum:g} to {maximum:g}{suffix}")


def _unknown(word: str, allowed: Sequence[str], *, noun: str = "key") -> str:
    message = f"unknown {noun} {shown(word)}"
    close = closest(word, allowed)
    if close:
        return f"{message}: did you mean '{close}'?"
    listed = ", ".join(allowed)
    return f"{message} (expected one of: {listed})" if listed else message
