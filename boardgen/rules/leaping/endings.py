"""How a leaping game ends: no pieces, no move, and the draws the rules count.

Tested in this order, the first that holds ends the game:

* A player with no pieces left has lost (every source: "capture all the pieces").
* A player with pieces but no legal move loses or draws (``no_legal_move``).
* ``repetition_draw: N``: the same placement with the same player to move has
  occurred N times (see draws.py for what the position remembers).
* ``quiet_move_draw: N``: drawn once N moves in a row moved no man and captured
  nothing (Pool: 25): N moves by each player (2N plies), or N single moves with
  ``quiet_move_count: single-moves``.
* ``three_kings_vs_one: N``: when one side has exactly three kings and nothing else and
  the other a single king, the stronger side must win within N of its own moves; after
  its Nth such move the game is drawn (Pool: 13).
* ``endgame_draws``: the first entry that applies to the material has run its moves
  by each player (see material.py).
"""

from __future__ import annotations

__all__ = ["DRAW", "verdict"]

from .draws import endgame_entry, repeats
from .params import LeapingParams
from .position import Position, strong_side

DRAW = "draw"


def verdict(
    players: tuple[str, str], pos: Position, has_move: bool, params: LeapingParams
) -> tuple[str, str] | None:
    """The winner's player id or ``"draw"``, and why in a few words; None while the
    game goes on."""
    mover = players[pos.turn]
    winner = players[1 - pos.turn]
    if not (pos.men[pos.turn] | pos.kings[pos.turn]):
        return winner, f"{mover} has no pieces left"
    if not has_move:
        return (winner if params.no_legal_move == "loses" else DRAW), f"{mover} has no legal move"
    limit = params.repetition_draw
    if limit is not None and repeats(pos.seen) >= limit:
        return DRAW, f"repetition: the same position with {mover} to move for the {_nth(limit)} time"
    plies = params.quiet_move_plies
    if plies is not None and pos.quiet >= plies:
        n = params.quiet_move_draw
        each = " each" if params.quiet_move_count == "each-player" else ""
        return DRAW, f"quiet-move rule: {n} moves{each} without a man moving or a capture"
    lone = params.three_kings_vs_one
    if lone is not None and pos.lone >= lone and strong_side(pos.men, pos.kings) is not None:
        return DRAW, f"three kings against one: {lone} moves of the three kings without a win"
    if params.endgame_draws:
        i = endgame_entry(params, pos.men, pos.kings)
        entry = params.endgame_draws[i] if i is not None else None
        if entry is not None and pos.endgame >= entry.plies:
            unless = "a capture or a crowning" if entry.restart_on_change else "a win"
            return DRAW, f"endgame rule: {entry.material_text()}, {entry.moves} moves each without {unless}"
    return None


def _nth(n: int) -> str:
    words = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}
    if n in words:
        return words[n]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
