"""The placement family's switches, read from ``rules.params``.

Every number of the turn structure is a parameter, so no rule depends on which game
is being played; the defaults are Catchup's:

``opening_stones`` (default 1)
    Most stones the first player may place on the game's very first turn.
``stones_per_turn`` (default 2)
    Most stones on any later turn.
``catchup_stones`` (default 3)
    Most stones on a catch-up turn: one where the opponent's score rose on their last
    turn and is, at the start of this turn, at least the mover's score. Must be at
    least ``stones_per_turn``, or catching up would be a penalty.

Every turn places at least one stone, and never more than there are empty cells.
"""

from __future__ import annotations

__all__ = ["DEFAULTS", "ParamError", "PlacementParams", "parse_params"]

from collections.abc import Callable, Mapping
from typing import Any

from ...errors import BoardgenError, closest
from ...foundation.values import frozen

#: Builds the error for a key below ``rules.params`` (the registry's ParamErrorFactory).
ParamError = Callable[[tuple[str | int, ...], str], BoardgenError]


@frozen
class PlacementParams:
    """Per-turn stone limits; see the module docstring for what each one means."""

    opening_stones: int = 1
    stones_per_turn: int = 2
    catchup_stones: int = 3


#: Catchup's values, which are also what an empty ``params`` block means.
DEFAULTS = PlacementParams()

_NAMES = ("opening_stones", "stones_per_turn", "catchup_stones")

#: Most stones any turn may allow: a turn's choices grow as cells to that power.
MAX_STONES = 10


def _plain_error(key: tuple[str | int, ...], message: str) -> BoardgenError:
    return BoardgenError(message, key=".".join(("rules", "params", *map(str, key))))


def parse_params(raw: Mapping[str, Any], error: ParamError = _plain_error) -> PlacementParams:
    """Checked params from a descriptor's ``rules.params`` mapping.

    Unknown names and values that are not whole numbers of at least 1 are refused
    through ``error`` (which locates them in the descriptor when the loader passes
    one); by default the error's key is ``rules.params.<name>``.
    """
    for name in raw:
        if name not in _NAMES:
            close = closest(str(name), _NAMES)
            hint = f"did you mean {close!r}?" if close else f"known: {', '.join(_NAMES)}"
            raise error((str(name),), f"unknown placement parameter {name!r}; {hint}")
    values: dict[str, int] = {}
    for name in _NAMES:
        value = raw.get(name, getattr(DEFAULTS, name))
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_STONES:
            shown = repr(value) if not isinstance(value, int) or abs(value) < 10**12 else "a huge number"
            raise error((name,), f"{name} must be a whole number from 1 to {MAX_STONES}, not {shown}")
        values[name] = value
    params = PlacementParams(**values)
    if params.catchup_stones < params.stones_per_turn:
        raise error(
            ("catchup_stones",),
            f"catchup_stones ({params.catchup_stones}) must be at least stones_per_turn "
            f"({params.stones_per_turn}): a catch-up turn may not allow fewer stones than a normal one",
        )
    return params
