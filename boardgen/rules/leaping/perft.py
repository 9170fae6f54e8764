"""Perft: the number of move paths of a given length, the move generator's test.

Fast because it never builds a position object: it recurses on four bitboards, counts
the last ply's moves in bulk (popcounts for steps), and plays two capture paths that
end alike (same origin, destination, captured set and crowning) only once, counting
the result twice. With ``distinct=True`` such paths count once instead: a move is then
its result (origin, destination, captured set, crowning), which is how some published
tables count (e.g. DCTL's Russian and Pool tables, which drop duplicate captures).
Draw counters (25-move rule, three kings against one) are ignored,
as in the published tables it is checked against; a side with no move simply adds 0.
"""

from __future__ import annotations

__all__ = ["perft", "successors"]

from collections.abc import Iterator

from .movegen import MoveGen
from .position import Pieces, apply_pieces

#: (origin, destination, captured bitboard, promoted) of a move in internal numbers.
Outcome = tuple[int, int, int, bool]


def successors(gen: MoveGen, p: int, mm: int, mk: int, om: int, ok: int) -> Iterator[tuple[Pieces, int]]:
    """Each distinct result of a legal move, with how many move paths lead to it."""
    t = gen.t
    caps = gen.captures(p, mm, mk, om, ok)
    if caps:
        grouped: dict[Outcome, int] = {}
        for path, taken_cells, promoted in caps:
            taken = 0
            for c in taken_cells:
                taken |= 1 << c
            key = (path[0], path[-1], taken, promoted)
            grouped[key] = grouped.get(key, 0) + 1
        for (origin, dest, taken, promoted), n in grouped.items():
            yield apply_pieces(t, mm, mk, om, ok, origin, dest, taken, promoted), n
        return
    for path, _, promoted in gen.steps(p, mm, mk, om, ok):
        yield apply_pieces(t, mm, mk, om, ok, path[0], path[1], 0, promoted), 1


def perft(
    gen: MoveGen, p: int, mm: int, mk: int, om: int, ok: int, depth: int, distinct: bool = False
) -> int:
    """Leaf count of the move tree ``depth`` plies deep from player ``p`` to move."""
    if depth <= 0:
        return 1
    if depth == 1:
        if not distinct:
            return gen.count(p, mm, mk, om, ok)
        caps = gen.captures(p, mm, mk, om, ok)
        if caps:
            return len({(m[0][0], m[0][-1], frozenset(m[1]), m[2]) for m in caps})
        return gen.count(p, mm, mk, om, ok)
    total = 0
    o = 1 - p
    below = depth - 1
    for (nmm, nmk, nom, nok), n in successors(gen, p, mm, mk, om, ok):
        if distinct:
            total += perft(gen, o, nom, nok, nmm, nmk, below, True)
        else:
            total += n * perft(gen, o, nom, nok, nmm, nmk, below)
    return total
