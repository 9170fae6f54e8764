"""Shogi's board as bits, and each piece's steps and lines from every square, precomputed.

The 81 squares are numbered ``y * 9 + x``: ``x`` from Black's (sente's) left, which is
file 9 in shogi's numbering, ``y`` from Black's side, which is rank ``i``. A set of
squares is an ``int``. Sliding pieces (lance, bishop, rook and their promoted forms)
reach along rays: the ray from a square in a direction, cut at the first piece in the
way (the first set bit of ``ray & occupied``, the lowest for rays that climb the
numbering and the highest for those that descend).

Made once per process, on first use (a few milliseconds).
"""

from __future__ import annotations

__all__ = [
    "BISHOP",
    "DRAGON",
    "GOLD",
    "HORSE",
    "KINDS",
    "KING",
    "KNIGHT",
    "LANCE",
    "PAWN",
    "PROMOTED",
    "ROOK",
    "SILVER",
    "Tables",
    "tables",
]

import functools

from ...foundation.values import frozen

SIZE = 9
SQUARES = SIZE * SIZE

#: Piece kinds; a piece is its kind plus 16 for White (gote). Kinds 1-7 can be held in
#: hand and dropped; 9-14 are promoted pieces, 8 the king.
PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK, KING = 1, 2, 3, 4, 5, 6, 7, 8
TOKIN, PLANCE, PKNIGHT, PSILVER, HORSE, DRAGON = 9, 10, 11, 12, 13, 14
#: A kind's promoted kind (the kinds that promote).
PROMOTED = {PAWN: TOKIN, LANCE: PLANCE, KNIGHT: PKNIGHT, SILVER: PSILVER, BISHOP: HORSE, ROOK: DRAGON}
#: A promoted kind's unpromoted one (what a captured piece becomes in hand).
BASE = {v: k for k, v in PROMOTED.items()}
#: The kinds as the descriptor names them.
KINDS = {
    PAWN: "pawn",
    LANCE: "lance",
    KNIGHT: "knight",
    SILVER: "silver",
    GOLD: "gold",
    BISHOP: "bishop",
    ROOK: "rook",
    KING: "king",
    TOKIN: "tokin",
    PLANCE: "promoted-lance",
    PKNIGHT: "promoted-knight",
    PSILVER: "promoted-silver",
    HORSE: "horse",
    DRAGON: "dragon",
}

#: The eight directions as (dx, dy), Black's forward being dy = +1.
N, S, E, W, NE, NW, SE, SW = (0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)
DIRECTIONS = (N, S, E, W, NE, NW, SE, SW)
#: Directions whose rays climb the numbering (first blocker: lowest bit).
RISING = frozenset({N, E, NE, NW})

_STEPS = {
    PAWN: (N,),
    KNIGHT: ((1, 2), (-1, 2)),
    SILVER: (N, NE, NW, SE, SW),
    GOLD: (N, NE, NW, E, W, S),
    KING: DIRECTIONS,
}


def _flip(step: tuple[int, int], side: int) -> tuple[int, int]:
    return step if side == 0 else (step[0], -step[1])


@frozen
class Tables:
    """Steps, rays and zones (see the module's docstring); lists are indexed by square."""

    #: [side][kind][square] -> the squares a stepping piece reaches (gold-like for the
    #: promoted small pieces; the king's steps for kings).
    steps: tuple[tuple[tuple[int, ...], ...], ...]
    #: [side][kind][square] -> where a stepping piece of ``side`` attacking the square stands.
    step_from: tuple[tuple[tuple[int, ...], ...], ...]
    #: [direction index][square] -> the squares beyond it in that direction, to the edge.
    rays: tuple[tuple[int, ...], ...]
    #: [side] -> the three ranks where the side's pieces promote.
    zone: tuple[int, int]
    #: [side][kind] -> the squares a piece of that kind may not stay on unpromoted (no
    #: move left): the last rank for pawns and lances, the last two for knights.
    dead: tuple[tuple[int, ...], ...]
    #: [x] -> the squares of file x.
    files: tuple[int, ...]


def _on(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


@functools.cache
def tables() -> Tables:
    rays = []
    for dx, dy in DIRECTIONS:
        row = []
        for s in range(SQUARES):
            x, y = s % SIZE + dx, s // SIZE + dy
            mask = 0
            while _on(x, y):
                mask |= 1 << (y * SIZE + x)
                x, y = x + dx, y + dy
            row.append(mask)
        rays.append(tuple(row))
    steps: list[tuple[tuple[int, ...], ...]] = []
    step_from: list[tuple[tuple[int, ...], ...]] = []
    zone = []
    dead = []
    for side in (0, 1):
        by_kind: list[tuple[int, ...]] = []
        from_kind: list[tuple[int, ...]] = []
        for kind in range(15):
            pattern = _STEPS.get(GOLD if kind in (TOKIN, PLANCE, PKNIGHT, PSILVER) else kind, ())
            reach = [0] * SQUARES
            came = [0] * SQUARES
            for s in range(SQUARES):
                for step in pattern:
                    dx, dy = _flip(step, side)
                    x, y = s % SIZE + dx, s // SIZE + dy
                    if _on(x, y):
                        t = y * SIZE + x
                        reach[s] |= 1 << t
                        came[t] |= 1 << s
            by_kind.append(tuple(reach))
            from_kind.append(tuple(came))
        steps.append(tuple(by_kind))
        step_from.append(tuple(from_kind))
        ranks = [(6, 7, 8), (0, 1, 2)][side]
        zone.append(sum(1 << (y * SIZE + x) for y in ranks for x in range(SIZE)))
        last = 8 if side == 0 else 0
        second = 7 if side == 0 else 1
        rank = [sum(1 << (y * SIZE + x) for x in range(SIZE)) for y in range(SIZE)]
        deadly = [0] * 15
        deadly[PAWN] = deadly[LANCE] = rank[last]
        deadly[KNIGHT] = rank[last] | rank[second]
        dead.append(tuple(deadly))
    files = tuple(sum(1 << (y * SIZE + x) for y in range(SIZE)) for x in range(SIZE))
    return Tables(
        steps=tuple(steps),
        step_from=tuple(step_from),
        rays=tuple(rays),
        zone=(zone[0], zone[1]),
        dead=tuple(dead),
        files=files,
    )
