"""Catchup's scoring track: numbered ovals on a circle around the board.

Number 1 sits at the bottom, nearest the players, and the numbers climb clockwise.
A circle rather than a hexagon keeps every oval the same distance from its neighbours,
so none overlap at the board's corners.

Score pawns: on the start oval (1), which is twice as long as the others, both pawns
stand inside it beside the number. On any other oval a pawn stands just outside the
ring, next to its number, so that the number stays readable. A pawn's move (a score
that has just risen) is drawn as the pawn on its old oval, the new oval tinted, a
dashed ghost of the pawn beside it and an arrow along the track from one to the other.
"""

from __future__ import annotations

__all__ = ["TRACK_EXTENT", "PawnMove", "track_gap", "track_items"]

import math
from collections.abc import Mapping
from dataclasses import dataclass

from ..descriptor.model import Variant
from ..geometry import Grid, Point
from ..scene import Circle, Ellipse, Group, Item, Style, Text
from .layout import Layout, polar
from .marks import HIGHLIGHT, arrow_polyline

_GAP = 0.8  # cell units between the board's farthest corner and the track's middle line
_OVAL_HEIGHT = 0.46
_PAWN_OUT = 0.5  # radius of a pawn standing beside a small oval, in oval heights
_OUTLINE = "#1b1410"


@dataclass(frozen=True)
class PawnMove:
    """``player``'s pawn goes from oval ``before`` to oval ``after`` (its score rose)."""

    player: str
    before: int
    after: int


def _board_radius(grid: Grid) -> float:
    xs = [p for c in grid.cells() for p in grid.outline(c)]
    cx = (min(p[0] for p in xs) + max(p[0] for p in xs)) / 2
    cy = (min(p[1] for p in xs) + max(p[1] for p in xs)) / 2
    return max(math.hypot(p[0] - cx, p[1] - cy) for p in xs)


def track_gap(cell_size: float, label_size: float | None) -> float:
    """Cell units between the board's farthest corner and the track's middle line.

    With coordinates, the labels stand outside the outermost cells, about where the
    corners reach (half a cell beyond a corner cell's centre, and a corner reaches
    0.58); the gap then leaves them a millimetre of air on both sides, which on small
    diagrams (where labels are large for the cells) is more than the usual gap.
    """
    if label_size is None:
        return _GAP
    need = 0.5 - 1 / math.sqrt(3) + _OVAL_HEIGHT / 2 + (0.9 * label_size + 1.2 + 1.0) / cell_size
    return max(_GAP, need)


def _pawn_room(outside: bool) -> float:
    """Cell units a pawn standing outside the ring, and the arc of a pawn's move
    outside it, need beyond the ovals."""
    return 4.4 * _PAWN_OUT * _OVAL_HEIGHT + 0.15 if outside else 0.0


def TRACK_EXTENT(grid: Grid, gap: float = _GAP, *, pawns_outside: bool = False) -> float:
    """Half-width, in cell units, that the board plus its track (and pawns) needs."""
    return _board_radius(grid) + gap + _OVAL_HEIGHT / 2 + 0.1 + _pawn_room(pawns_outside)


def _angle(number: int, step: float) -> float:
    """Where oval ``number`` sits: 1 centred at the bottom, then clockwise one slot each."""
    return -90.0 if number == 1 else -90.0 - (number - 0.5) * step


def track_items(
    variant: Variant,
    layout: Layout,
    maximum: int,
    *,
    pawns: Mapping[str, int] | None,
    gap: float = _GAP,
    move: PawnMove | None = None,
) -> Group:
    """The ovals 1..maximum; with ``pawns`` (player id -> oval), the score pawns on
    them, else two dashed places for the pawns on 1; ``move`` draws a pawn's move.

    The circle is cut into ``maximum + 1`` equal slots and the start oval (1) takes
    two of them, centred at the bottom: both pawns stand on it beside a full-size
    number, and the numbers 2 and ``maximum`` sit symmetrically on either side.
    """
    size = layout.cell_size
    radius = (_board_radius(variant.grid) + gap) * size
    centre = layout.board_centre()
    step = 360.0 / (maximum + 1)
    length = min(0.92 * math.radians(step) * radius, 1.1 * size)
    start_length = min(0.96 * math.radians(2 * step) * radius, 2.2 * size)
    height = _OVAL_HEIGHT * size
    ink = variant.print.colours["text"]
    style = Style(
        fill=variant.print.colours["track"], stroke=variant.print.colours["line"], stroke_width=0.35
    )
    tint = Style(fill=HIGHLIGHT, stroke=variant.print.colours["line"], stroke_width=0.35)
    text_size = min(height * 0.55, length * 0.45)
    items: list[Item] = []
    for number in range(1, maximum + 1):
        angle = _angle(number, step)
        x, y = polar(centre, radius, angle)
        across = start_length if number == 1 else length
        paint = tint if move is not None and number == move.after else style
        items.append(Ellipse(x, y, across / 2, height / 2, -(angle + 90.0), paint))
        items.append(Text(x, y + 0.36 * text_size, str(number), text_size, ink, "middle", bold=number == 1))
    x, y = polar(centre, radius, -90.0)
    marker = min(height * 0.3, start_length * 0.14)
    outside = _PAWN_OUT * height
    ring = radius + height / 2 + outside + 0.15 * size / 2

    def beside(number: int, shift: float) -> Point:
        """A pawn's place outside oval ``number``, moved ``shift`` pawn widths along the ring."""
        angle = _angle(number, step) + math.degrees(shift * 2.2 * outside / ring)
        return polar(centre, ring, angle)

    pawn_items: list[Item] = []
    for offset, player in zip((-1, 1), variant.players, strict=True):
        paint = Style(fill=player.colour, stroke=_OUTLINE, stroke_width=0.3)
        if pawns is None:
            px = x + offset * start_length * 0.28
            pawn_items.append(Circle(px, y, marker, Style(stroke=ink, stroke_width=0.25, dash=(0.8, 0.6))))
            continue
        number = pawns.get(player.id, 1)
        if number == 1:
            pawn_items.append(Circle(x + offset * start_length * 0.28, y, marker, paint))
            continue
        shared = sum(1 for p in variant.players if pawns.get(p.id, 1) == number) > 1
        px, py = beside(number, offset * 0.5 if shared else 0.0)
        pawn_items.append(Circle(px, py, outside, paint))
    if move is not None:
        pawn_items += _move_items(variant, move, centre, ring, step, outside, size)
    return Group((*items, *pawn_items), label="scoring track")


def _move_items(
    variant: Variant, move: PawnMove, centre: Point, ring: float, step: float, outside: float, size: float
) -> list[Item]:
    """The ghost of the moving pawn beside its new oval, and an arrow along an arc just
    outside the pawns, from the old oval to the new one."""
    player = variant.player(move.player)
    ghost = polar(centre, ring, _angle(move.after, step))
    dash = (0.6, 0.45)
    items: list[Item] = [
        Circle(*ghost, outside, Style(fill=player.colour, opacity=0.5)),
        Circle(*ghost, outside, Style(stroke=_OUTLINE, stroke_width=0.3, dash=dash)),
    ]
    arc = ring + 2.2 * outside
    start, end = _angle(move.before, step), _angle(move.after, step)
    stop = end - math.copysign(math.degrees(1.6 * outside / arc), end - start)  # the head turns in
    count = max(2, math.ceil(abs(stop - start) / 3))
    points = [polar(centre, arc, start + (stop - start) * i / count) for i in range(count + 1)]
    # The tail leaves the old pawn outwards, the head comes back in onto the ghost.
    tail, tip = polar(centre, ring + outside, start), polar(centre, ring + 1.1 * outside, end)
    items += arrow_polyline([tail, *points, tip], size)
    return items
