"""An upper bound on the highest score each player can reach, proved by counting.

The scoring track must have an oval for every score that can occur. Scores never
fall (stones stay put, so groups only grow or merge), hence a player's highest score
is their score when the board is full, which is at most the number of stones they
own then. This module bounds that number; the argument (also in
``docs/rules.md, Catchup``) holds for every complete game:

Say the game lasts ``T`` turns; the first player then has ``ceil(T/2)`` of them and
the other player ``floor(T/2)``, and the board is full: ``N_P + N_Q = cells``, where
``N_X`` is the number of stones X owns at the end, setup stones included.

1. Every turn places at least one stone, so each player placed at least one stone per
   turn they had.
2. A turn places at most ``opening_stones`` (the first turn), ``catchup_stones`` (a
   catch-up turn) or ``stones_per_turn`` (any other turn).
3. A catch-up turn needs the opponent's score to have risen on the turn just before.
   Different turns of P follow different turns of Q, and Q's score, a whole number
   that never falls, rises from its starting value to at most ``max(1, N_Q)``; so P
   has at most ``max(1, N_Q) - start_Q`` catch-up turns (and never one on the
   opening).

So ``N_P - setup_P <= opening + stones_per_turn * k + (catchup - stones_per_turn) *
min(k, max(1, N_Q) - start_Q)`` with ``k`` P's turns after the opening, the same holds
with P and Q swapped, and each side's placed stones are at least its turn count. The
largest ``N_P`` meeting all of these, over every ``T`` and every split of the cells,
bounds P's score. The search takes turns times log(cells) steps (a bisection per turn).

Not used, so the bound stays valid on any board: the geometry (a single stone joins
at most three groups on hexes) and the second half of the catch-up condition (the
opponent's score is at least the mover's).
"""

from __future__ import annotations

__all__ = ["score_bounds"]

from .params import PlacementParams


def _most_placed(params: PlacementParams, turns: int, opens: bool, rises_of_opponent: int) -> int:
    """Most stones a player can place in ``turns`` turns (``opens``: one is the opening)."""
    if turns == 0:
        return 0
    later = turns - 1 if opens else turns
    extra = params.catchup_stones - params.stones_per_turn
    return (
        (params.opening_stones if opens else 0)
        + params.stones_per_turn * later
        + extra * min(later, rises_of_opponent)
    )


def score_bounds(
    params: PlacementParams,
    cells: int,
    setup: tuple[int, int],
    start_scores: tuple[int, int],
    first: int,
) -> tuple[int, int]:
    """An upper bound on each player's score over every complete game.

    ``cells`` is the number of playable cells, ``setup`` the stones each player owns
    at the start, ``start_scores`` their starting scores, ``first`` the index of the
    player who opens. See the module docstring for why the bound is sound.
    """
    empty = cells - setup[0] - setup[1]
    bounds = list(start_scores)
    for total_turns in range(1, empty + 1):
        turns = ((total_turns + 1) // 2, total_turns // 2)
        if first == 1:
            turns = (turns[1], turns[0])
        for p in (0, 1):
            q = 1 - p

            def fits_p(owned_q: int, p: int = p, q: int = q, turns: tuple[int, int] = turns) -> bool:
                """P placed no more than it can: holds from some ``owned_q`` upwards."""
                rises_q = max(1, owned_q) - start_scores[q]
                return cells - owned_q - setup[p] <= _most_placed(params, turns[p], p == first, rises_q)

            def fits_q(owned_q: int, p: int = p, q: int = q, turns: tuple[int, int] = turns) -> bool:
                """Q placed no more than it can: holds up to some ``owned_q``."""
                rises_p = max(1, cells - owned_q) - start_scores[p]
                return owned_q - setup[q] <= _most_placed(params, turns[q], q == first, rises_p)

            # P's stones are largest where Q's are fewest: the least owned_q meeting both
            # limits. fits_p only turns true as owned_q grows (its left side falls, its
            # right side never does, as catchup_stones >= stones_per_turn) and fits_q only
            # turns false, so one bisection finds it: O(cells log cells), not cells squared.
            low, high = setup[q] + turns[q], cells - setup[p] - turns[p]
            if low > high or not fits_p(high):
                continue
            while low < high:
                middle = (low + high) // 2
                if fits_p(middle):
                    high = middle
                else:
                    low = middle + 1
            if fits_q(low) and cells - low > bounds[p]:
                bounds[p] = cells - low
    return bounds[0], bounds[1]
