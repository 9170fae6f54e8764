"""The shogi family's switches, read from ``rules.params``.

The moves of the pieces, drops and promotion are shogi itself; what a player might
want otherwise (a teaching game, a problem) are these switches (defaults: the Japan
Shogi Association's rules, as Fairy-Stockfish plays them; see docs/guide/shogi.md):

``repetitions`` (default 4)
    A position (the pieces on the board, the pieces in hand and the side to move)
    standing for the fourth time ends the game (sennichite); 0: never.
``perpetual_check_loses`` (default true)
    When a repetition ends the game and one side gave check with every one of its
    moves since the position first stood, that side loses; otherwise it is a draw
    (the association replays the game with colours reversed; boardgen records a draw).
``two_pawns_forbidden`` (default true)
    No pawn may be dropped on a file where its side already has an unpromoted pawn
    (nifu).
``pawn_drop_mate_forbidden`` (default true)
    No pawn may be dropped to give checkmate (uchifuzume); a pawn moved there may.
``stalemate_loses`` (default true)
    A side with no legal move loses even when not in check (as shogi has it; it
    hardly ever happens); false: a draw.
"""

from __future__ import annotations

__all__ = ["ShogiParams", "parse_params"]

from collections.abc import Mapping
from typing import Any

from ...foundation.values import frozen
from ..params import ParamError, plain_error, read_switches


@frozen
class ShogiParams:
    """The shogi family's rule switches, checked."""

    repetitions: int = 4
    perpetual_check_loses: bool = True
    two_pawns_forbidden: bool = True
    pawn_drop_mate_forbidden: bool = True
    stalemate_loses: bool = True


def parse_params(raw: Mapping[str, Any], error: ParamError | None = None) -> ShogiParams:
    values = read_switches("shogi", raw, ShogiParams(), error, ranges={"repetitions": (0, 10)})
    if values["repetitions"] == 1:
        fail = error or plain_error
        raise fail(
            ("repetitions",), "repetitions must be 0 (never) or from 2 to 10: a position always stands once"
        )
    return ShogiParams(**values)
