"""The connection family's switches, read from ``rules.params``.

``connect`` (default: none)
    Per player id, the board sides their chain must join, e.g.
    ``{black: [north, south], white: [west, east]}`` (Hex). Side names are the
    board's (:func:`boardgen.rules.connection.sides.board_sides`).
``connect_all_sides`` (default false)
    A chain that touches every side of the board wins (the game of Y); a corner cell
    touches both its sides.
``ring`` (default false)
    A closed loop of one's stones around at least one cell, whoever holds it, wins.
``bridge`` (default false)
    A chain joining two corner cells wins.
``fork`` (default false)
    A chain touching three sides wins; corner cells belong to no side (Havannah).
``swap`` (default false)
    The pie rule: the second player's first move may be to take over the first
    stone instead of placing one (written ``swap``).
"""

from __future__ import annotations

__all__ = ["ConnectionParams", "parse_params"]

from collections.abc import Mapping
from dataclasses import field
from typing import Any

from ...foundation.values import frozen
from ..params import ParamError, plain_error, read_switches


@frozen
class ConnectionParams:
    """The connection family's rule switches, checked (``rules.params``: a switch left out
    takes the value given here)."""

    connect: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    connect_all_sides: bool = False
    ring: bool = False
    bridge: bool = False
    fork: bool = False
    swap: bool = False


def parse_params(raw: Mapping[str, Any], error: ParamError | None = None) -> ConnectionParams:
    fail = error or plain_error
    values = read_switches("connection", raw, ConnectionParams(), error)
    connect = values["connect"]
    if not isinstance(connect, Mapping):
        raise fail(
            ("connect",), "connect must map each player id to the sides to join, e.g. {black: [north, south]}"
        )
    checked: dict[str, tuple[str, ...]] = {}
    for player, sides in connect.items():
        if not isinstance(sides, list) or len(sides) < 2 or not all(isinstance(s, str) for s in sides):
            raise fail(("connect", str(player)), "name at least two sides to join, e.g. [north, south]")
        checked[str(player)] = tuple(sides)
    values["connect"] = checked
    params = ConnectionParams(**values)
    if not (checked or params.connect_all_sides or params.ring or params.bridge or params.fork):
        raise fail((), "a connection game needs a goal: connect, connect_all_sides, ring, bridge or fork")
    return params
