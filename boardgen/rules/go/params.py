"""The Go family's switches, read from ``rules.params``.

``suicide`` (default false)
    Whether a stone may be placed where its own group is left without a liberty
    (the group is then removed, as New Zealand and Tromp-Taylor rules allow).
``ko`` (default ``simple``)
    ``simple``: a stone that has just captured a single stone, alone and in atari,
    may not be retaken at once. ``positional``: no move may recreate a board
    position seen earlier in the game (positional superko).
``repetition_draws`` (default false)
    A move that recreates an earlier board position is allowed and ends the game
    drawn (OpenSpiel's reading of superko).
``scoring`` (default ``area``)
    ``area``: stones on the board plus empty points reached by one colour only.
    ``territory``: those empty points plus captured stones (dead stones included).
``komi`` (default 7.5)
    Points added to White's score; a half point rules out drawn games.
``handicap`` (default 0)
    Black stones placed on the star points before the game (2 to 9); White then
    moves first.
``handicap_compensation`` (default false)
    White also receives one point per handicap stone (area scoring's custom).
``move_limit`` (default 0: none)
    The game stops after this many moves (passes included) and is scored as it stands.
"""

from __future__ import annotations

__all__ = ["GoParams", "parse_params"]

from collections.abc import Mapping
from typing import Any

from ...foundation.values import frozen
from ..params import ParamError, plain_error, read_switches


@frozen
class GoParams:
    """The Go family's rule switches, checked (``rules.params``: a switch left out
    takes the value given here)."""

    suicide: bool = False
    ko: str = "simple"
    repetition_draws: bool = False
    scoring: str = "area"
    komi: float = 7.5
    handicap: int = 0
    handicap_compensation: bool = False
    move_limit: int = 0


def parse_params(raw: Mapping[str, Any], error: ParamError | None = None) -> GoParams:
    values = read_switches(
        "go",
        raw,
        GoParams(),
        error,
        choices={"ko": ("simple", "positional"), "scoring": ("area", "territory")},
        ranges={"komi": (-1000, 1000), "handicap": (0, 9), "move_limit": (0, 100_000)},
    )
    if values["handicap"] == 1:
        raise (error or plain_error)(("handicap",), "handicap must be 0 or 2 to 9 stones, not 1")
    values["komi"] = float(values["komi"])
    return GoParams(**values)
