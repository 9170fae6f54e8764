"""The xiangqi family's switches, read from ``rules.params``.

The moves of the pieces are not switches: they are xiangqi. What rule books differ on
is how a game ends without a mate, and these are the switches (defaults: the Asian
Xiangqi Federation's rules as Fairy-Stockfish plays them, see docs/guide/xiangqi.md):

``repetitions`` (default 3)
    A position (the pieces and the side to move) standing for the third time ends
    the game; 0: repetition never ends it.
``perpetual_check_loses`` (default true)
    When a repetition ends the game and one side gave check with every one of its
    moves since the position first stood, that side loses (both: a draw). False: every
    repetition is a draw.
``perpetual_chase_loses`` (default true)
    Likewise for a side that chased the same piece of the other side with every move
    (see :mod:`.chase` for what counts as a chase). Checks are judged first.
``quiet_move_limit`` (default 50)
    The game is drawn once this many moves by each side (twice as many plies) have
    been played without a capture; 0: no limit.
``checks_counted`` (default 10)
    Of the checks one side gives in that stretch, only this many count towards the
    limit (the Asian rule: a losing side cannot check its way to the limit); each
    check beyond it adds a ply to the limit.
``stalemate_loses`` (default true)
    A side that is not in check but has no legal move loses, as xiangqi has it (a
    checkmated side always loses); false: such a stalemate is a draw.
"""

from __future__ import annotations

__all__ = ["XiangqiParams", "parse_params"]

from collections.abc import Mapping
from typing import Any

from ...foundation.values import frozen
from ..params import ParamError, plain_error, read_switches


@frozen
class XiangqiParams:
    """The xiangqi family's rule switches, checked."""

    repetitions: int = 3
    perpetual_check_loses: bool = True
    perpetual_chase_loses: bool = True
    quiet_move_limit: int = 50
    checks_counted: int = 10
    stalemate_loses: bool = True


def parse_params(raw: Mapping[str, Any], error: ParamError | None = None) -> XiangqiParams:
    values = read_switches(
        "xiangqi",
        raw,
        XiangqiParams(),
        error,
        ranges={"repetitions": (0, 10), "quiet_move_limit": (0, 1000), "checks_counted": (0, 1000)},
    )
    if values["repetitions"] == 1:
        fail = error or plain_error
        raise fail(
            ("repetitions",), "repetitions must be 0 (never) or from 2 to 10: a position always stands once"
        )
    return XiangqiParams(**values)
