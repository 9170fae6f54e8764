"""Catchup's scoring track: numbered ovals on a circle around the board.

Number 1 sits at the bottom, nearest the players, and the numbers climb clockwise.
A circle rather than a hexagon keeps every oval the same distance from its neighbours,
so none overlap at the board's corners.

Score pawns stand on their ovals. On the start oval (1), which is twice as long as
the others, both pawns stand inside it beside the number. On any other oval the pawn
covers the oval's middle and carries its number, in the pawn's contrasting ink, so
the score reads on the pawn itself (two pawns on one oval stand side by side, the
number on the front one). A pawn's move (a score that has just risen) is drawn as the
pawn on its old oval, the new oval tinted with a dashed ring where the pawn goes, and
an arrow along an arc just outside the ovals from one to the other.

Numbers are never printed below 6 pt: on a diagram too small for that, the ovals are
drawn without numbers (a thumbnail), rather than with unreadable ones.
"""

from __future__ import annotations

__all__ = ["TRACK_EXTENT", "PawnMove", "track_gap", "track_items"]

import math
from collections.abc import Mapping
from typing import NamedTuple

from ..descriptor.model import Variant
from ..foundation.fonts import text_width
from ..geometry import Grid, Point
from ..scene.shapes import Circle, Ellipse, Group, Item, Style, Text
from .layout import Layout, polar
from .legible import MIN_TEXT_MM
from .marks import HIGHLIGHT, arrow_polyline
from .pieces import contrast

_GAP = 0.8  # cell units between the board's farthest corner and the track's middle line
_OVAL_HEIGHT = 0.46
_PAWN = 0.45  # radius of a pawn on an oval, in oval heights
_OUTLINE = "#1b1410"


class PawnMove(NamedTuple):
    """``player``'s pawn goes from oval ``before`` to oval ``after`` (its score rose; a
    named tuple: cheaper to define at start-up than a frozen dataclass)."""

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
    """Cell units the arc of a pawn's move (its arrow and head) needs beyond the ovals."""
    return _OVAL_HEIGHT + 0.35 if outside else 0.0


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
    text_size = _number_size(height, length, maximum)
    items: list[Item] = []
    # An oval with a pawn on it (not the start oval) shows its number on the pawn only.
    carried = {pawns.get(p.id, 1) for p in variant.players} - {1} if pawns is not None else set()
    for number in range(1, maximum + 1):
        angle = _angle(number, step)
        x, y = polar(centre, radius, angle)
        across = start_length if number == 1 else length
        paint = tint if move is not None and number == move.after else style
        items.append(Ellipse(x, y, across / 2, height / 2, -(angle + 90.0), paint))
        if text_size is not None and number not in carried:
            bold = number == 1
            items.append(Text(x, y + 0.36 * text_size, str(number), text_size, ink, "middle", bold=bold))
    x, y = polar(centre, radius, -90.0)
    pawn = _PAWN * height
    if text_size is not None:  # the number on the pawn needs room
        pawn = max(pawn, 0.5 * text_width(str(maximum), text_size) + 0.35)
    pawn_items: list[Item] = []
    front: dict[int, tuple[Point, str]] = {}
    for offset, player in zip((-1, 1), variant.players, strict=True):
        paint = Style(fill=player.colour, stroke=_OUTLINE, stroke_width=0.3)
        if pawns is None:
            px = x + offset * start_length * 0.28
            marker = min(pawn, start_length * 0.14)
            pawn_items.append(Circle(px, y, marker, Style(stroke=ink, stroke_width=0.25, dash=(0.8, 0.6))))
            continue
        number = pawns.get(player.id, 1)
        if number == 1:
            pawn_items.append(
                Circle(x + offset * start_length * 0.28, y, min(pawn, start_length * 0.14), paint)
            )
            continue
        shared = sum(1 for p in variant.players if pawns.get(p.id, 1) == number) > 1
        px, py = _along(centre, radius, _angle(number, step), offset * 0.6 * pawn if shared else 0.0)
        pawn_items.append(Circle(px, py, pawn, paint))
        front[number] = ((px, py), player.colour)
    if text_size is not None:
        for number, ((px, py), fill) in sorted(front.items()):
            pawn_items.append(
                Text(px, py + 0.36 * text_size, str(number), text_size, contrast(fill), "middle")
            )
    if move is not None:
        pawn_items += _move_items(move, centre, radius, step, pawn, height, size)
    return Group((*items, *pawn_items), label="scoring track")


def _number_size(height: float, length: float, maximum: int) -> float | None:
    """Font size (mm) of the ovals' numbers: as large as the ovals allow, at least 6 pt
    when the widest number still fits its oval at that size, else None (no numbers)."""
    natural = min(height * 0.55, length * 0.45)
    if natural >= MIN_TEXT_MM:
        return natural
    if 0.8 * height >= MIN_TEXT_MM and text_width(str(maximum), MIN_TEXT_MM) <= 0.85 * length:
        return MIN_TEXT_MM
    return None


def _along(centre: Point, radius: float, angle: float, shift: float) -> Point:
    """The point on the track's middle circle at ``angle``, moved ``shift`` mm along it."""
    return polar(centre, radius, angle + math.degrees(shift / radius))


def _move_items(
    move: PawnMove, centre: Point, radius: float, step: float, pawn: float, height: float, size: float
) -> list[Item]:
    """A dashed ring on the new oval, where the pawn goes, and an arrow along an arc just
    outside the ovals, from the pawn's oval to the new one."""
    end_centre = polar(centre, radius, _angle(move.after, step))
    items: list[Item] = [
        Circle(*end_centre, pawn, Style(stroke=_OUTLINE, stroke_width=0.3, dash=(0.6, 0.45)))
    ]
    arc = radius + 0.5 * height + 0.45 * max(height, 2 * pawn)
    start, end = _angle(move.before, step), _angle(move.after, step)
    count = max(2, math.ceil(abs(end - start) / 3))
    points = [polar(centre, arc, start + (end - start) * i / count) for i in range(count + 1)]
    # The tail leaves the pawn outwards, the head comes back in onto the new oval.
    tail, tip = polar(centre, radius + pawn, start), polar(centre, radius + pawn, end)
    items += arrow_polyline([tail, *points[1:-1], tip], size)
    return items
