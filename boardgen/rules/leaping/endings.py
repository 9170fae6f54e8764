"""How a leaping game ends: no pieces, no move, and the counted draws.

* A player with no pieces left has lost (every source: "capture all the pieces").
* A player with pieces but no legal move loses or draws (``no_legal_move``).
* ``quiet_move_draw: N``: drawn once N moves in a row moved no man and captured
  nothing (Pool: 25): N moves by each player (2N plies), or N single moves with
  ``quiet_move_count: single-moves``; ``outcome`` is given the count in plies.
* ``three_kings_vs_one: N``: when one side has exactly three kings and nothing else and
  the other a single king, the stronger side must win within N of its own moves; after
  its Nth such move the game is drawn (Pool: 13).
"""

from __future__ import annotations

__all__ = ["DRAW", "outcome", "reason", "strong_side"]

DRAW = "draw"


def strong_side(men: tuple[int, int], kings: tuple[int, int]) -> int | None:
    """The player number with three lone kings against one lone king, if any."""
    for p in (0, 1):
        o = 1 - p
        if not men[p] and not men[o] and kings[p].bit_count() == 3 and kings[o].bit_count() == 1:
            return p
    return None


def outcome(
    players: tuple[str, str],
    men: tuple[int, int],
    kings: tuple[int, int],
    turn: int,
    quiet: int,
    lone: int,
    has_move: bool,
    no_legal_move: str,
    quiet_limit: int | None,
    lone_limit: int | None,
) -> str | None:
    """Winner's player id, ``"draw"``, or None while the game goes on."""
    winner = players[1 - turn]
    if not (men[turn] | kings[turn]):
        return winner
    if not has_move:
        return winner if no_legal_move == "loses" else DRAW
    if quiet_limit is not None and quiet >= quiet_limit:
        return DRAW
    if lone_limit is not None and lone >= lone_limit and strong_side(men, kings) is not None:
        return DRAW
    return None


def reason(
    players: tuple[str, str],
    men: tuple[int, int],
    kings: tuple[int, int],
    turn: int,
    quiet: int,
    has_move: bool,
    quiet_limit: int | None,
    lone_limit: int | None,
) -> str:
    """Why :func:`outcome` ended the game, tested in the same order, in a few words."""
    mover = players[turn]
    if not (men[turn] | kings[turn]):
        return f"{mover} has no pieces left"
    if not has_move:
        return f"{mover} has no legal move"
    if quiet_limit is not None and quiet >= 2 * quiet_limit:
        return f"quiet-move rule: {quiet_limit} moves each without a man moving or a capture"
    return f"three kings against one: {lone_limit} moves of the three kings without a win"
