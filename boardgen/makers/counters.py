"""The counters a maker cuts or prints, with a mark per player that a finger can read.

The set is the print-and-play set (:func:`boardgen.render.counter_pages.counter_sets`):
the same men, spares, kings and stones, at the same diameters, so cut or printed
counters fit the printed board. Players are told apart without colour, which a blind
player (and a one-colour plywood sheet) needs:

* the first player's counters are plain; the others' carry 1 to 5 raised (3D) or
  engraved (laser) dots in a ring near the rim: a finger counts them;
* 3D-printed counters also change outline by player (round, hexagonal, square,
  octagonal, pentagonal, triangular), a second mark felt at the edge;
* kings carry a crown, in relief on a 3D counter and engraved on a cut one.
"""

from __future__ import annotations

__all__ = ["OUTLINE_SIDES", "Counter", "counter_layout", "dot_centres", "inradius", "makers_counters"]

import math

from ..descriptor.model import Variant
from ..foundation.values import frozen
from ..render.counter_pages import counter_sets

#: Sides of each player's counter outline in 3D (0: a circle), by player index.
OUTLINE_SIDES = (0, 6, 4, 8, 5, 3)
#: Room between counters on the sheet or the printer's bed, in mm (a laser's kerf and more).
GAP = 3.0


@frozen
class Counter:
    """One counter: whose (``player`` index in the descriptor), what, how wide (mm)."""

    player: int
    kind: str  # "man", "king", "stone" or "pawn"
    diameter: float


def makers_counters(variant: Variant) -> list[Counter]:
    """Every counter of the game's set, player by player, in the pieces sheet's order.

    King marks of the paper set are half-size discs laid on a man; a cut or printed king
    is a full counter with a crown, so it takes a man's diameter.
    """
    index = {p.id: i for i, p in enumerate(variant.players)}
    man = {s.player: s.diameter for s in counter_sets(variant) if s.kind == "man"}
    counters: list[Counter] = []
    for s in counter_sets(variant):
        diameter = man.get(s.player, s.diameter) if s.kind == "king" else s.diameter
        counters.extend(Counter(index[s.player], s.kind, diameter) for _ in range(s.count))
    return counters


def counter_layout(counters: list[Counter], width: float) -> tuple[list[tuple[float, float]], float]:
    """Centres of ``counters`` packed in rows across a sheet ``width`` mm wide, and the
    height used; each counter stands in a square of its diameter plus :data:`GAP`."""
    centres: list[tuple[float, float]] = []
    x = y = GAP
    row = 0.0
    for counter in counters:
        cell = counter.diameter + GAP
        if x + cell > width and x > GAP:
            x, y = GAP, y + row
            row = 0.0
        centres.append((x + counter.diameter / 2, y + counter.diameter / 2))
        x += cell
        row = max(row, cell)
    return centres, y + row


def inradius(player: int, radius: float) -> float:
    """The radius of the largest circle inside the player's 3D outline of ``radius``."""
    sides = OUTLINE_SIDES[player % len(OUTLINE_SIDES)]
    return radius if sides == 0 else radius * math.cos(math.pi / sides)


def dot_centres(player: int, cx: float, cy: float, reach: float) -> list[tuple[float, float]]:
    """Where the player's dots go on a counter whose face holds a circle of ``reach`` mm
    at ``(cx, cy)``: none for the first player, then ``player`` dots on a ring at three
    quarters of it, the first at the top (the middle stays free for a king's crown)."""
    ring = reach * 0.75
    return [
        (cx + ring * math.sin(2 * math.pi * k / player), cy - ring * math.cos(2 * math.pi * k / player))
        for k in range(player)
    ]
