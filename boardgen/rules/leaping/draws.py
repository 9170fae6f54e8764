"""The draws that depend on the game's history: repetition and counted endgames.

Both are kept in the position only when the descriptor switches them on, so every
other game's positions stay as small as before, and perft never looks at them.

* ``repetition_draw: N``: the position keeps ``seen``, the placements (pieces and the
  player to move) since the last move that can never be undone: a capture, or a man
  move when men cannot step back the way they came (a crowning is a man move). A
  placement seen N times draws the game.
* ``endgame_draws``: the position keeps ``endgame``, the plies played since the
  material of the first entry that applies arose (see material.py).
"""

from __future__ import annotations

__all__ = ["Placement", "counts", "endgame_entry", "men_step_back", "next_endgame", "next_seen", "repeats"]

from .material import Counts
from .params import LeapingParams
from .tables import Tables

#: A placement as repetition compares it: men and kings per player, and who moves.
Placement = tuple[tuple[int, int], tuple[int, int], int]


def counts(men: tuple[int, int], kings: tuple[int, int]) -> Counts:
    return (men[0].bit_count(), kings[0].bit_count(), men[1].bit_count(), kings[1].bit_count())


def endgame_entry(params: LeapingParams, men: tuple[int, int], kings: tuple[int, int]) -> int | None:
    """Index of the first ``endgame_draws`` entry that applies to these pieces, if any."""
    c = counts(men, kings)
    for i, entry in enumerate(params.endgame_draws):
        if entry.applies(c):
            return i
    return None


def next_endgame(
    params: LeapingParams,
    before: tuple[tuple[int, int], tuple[int, int]],
    after: tuple[tuple[int, int], tuple[int, int]],
    count: int,
) -> int:
    """The endgame count after a move from the pieces ``before`` to ``after``:
    one more while the same entry applies (and, with ``restart_on_change``, nothing
    was captured or crowned), else 0."""
    now = endgame_entry(params, *after)
    if now is None or now != endgame_entry(params, *before):
        return 0
    if params.endgame_draws[now].restart_on_change and counts(*before) != counts(*after):
        return 0
    return count + 1


def men_step_back(t: Tables, p: int) -> bool:
    """Whether player ``p``'s men can undo a step (sideways men, for instance)."""
    steps = set(t.man_step[p])
    return any((right, left) in steps for left, right in steps)


def next_seen(
    t: Tables, seen: tuple[Placement, ...], p: int, captured: bool, man_moved: bool, placement: Placement
) -> tuple[Placement, ...]:
    """``seen`` after player ``p``'s move to ``placement``: started afresh after a move
    that no later move can undo, since no earlier placement can come back."""
    if captured or (man_moved and not men_step_back(t, p)):
        return (placement,)
    return (*seen, placement)


def repeats(seen: tuple[Placement, ...]) -> int:
    """How many times the current placement (the last one in ``seen``) has occurred."""
    return seen.count(seen[-1]) if seen else 0
