"""Catchup's scoring track: numbered ovals on a circle around the board.

Number 1 sits at the bottom, nearest the players, and the numbers climb clockwise.
A circle rather than a hexagon keeps every oval the same distance from its neighbours,
so none overlap at the board's corners.
"""

from __future__ import annotations

__all__ = ["TRACK_EXTENT", "track_items"]

import math

from ..descriptor.model import Variant
from ..geometry import Grid
from ..scene import Circle, Ellipse, Group, Item, Style, Text
from .layout import Layout, polar

_GAP = 0.8  # cell units between the board's farthest corner and the track's middle line
_OVAL_HEIGHT = 0.46


def _board_radius(grid: Grid) -> float:
    xs = [p for c in grid.cells() for p in grid.outline(c)]
    cx = (min(p[0] for p in xs) + max(p[0] for p in xs)) / 2
    cy = (min(p[1] for p in xs) + max(p[1] for p in xs)) / 2
    return max(math.hypot(p[0] - cx, p[1] - cy) for p in xs)


def TRACK_EXTENT(grid: Grid) -> float:
    """Half-width, in cell units, that the board plus its track needs."""
    return _board_radius(grid) + _GAP + _OVAL_HEIGHT / 2 + 0.1


def track_items(variant: Variant, layout: Layout, maximum: int, *, pawns: bool) -> Group:
    """The ovals 1..maximum; with ``pawns``, both players' score pawns on 1.

    The circle is cut into ``maximum + 1`` equal slots and the start oval (1) takes
    two of them, centred at the bottom: both pawns stand on it beside a full-size
    number, and the numbers 2 and ``maximum`` sit symmetrically on either side.
    """
    size = layout.cell_size
    radius = (_board_radius(variant.grid) + _GAP) * size
    centre = layout.board_centre()
    step = 360.0 / (maximum + 1)
    length = min(0.92 * math.radians(step) * radius, 1.1 * size)
    start_length = min(0.96 * math.radians(2 * step) * radius, 2.2 * size)
    height = _OVAL_HEIGHT * size
    ink = variant.print.colours["text"]
    style = Style(
        fill=variant.print.colours["track"], stroke=variant.print.colours["line"], stroke_width=0.35
    )
    text_size = min(height * 0.55, length * 0.45)
    items: list[Item] = []
    for number in range(1, maximum + 1):
        # clockwise from the bottom: 1 centred on -90 degrees, then one slot each
        angle = -90.0 if number == 1 else -90.0 - (number - 0.5) * step
        x, y = polar(centre, radius, angle)
        across = start_length if number == 1 else length
        items.append(Ellipse(x, y, across / 2, height / 2, -(angle + 90.0), style))
        items.append(Text(x, y + 0.36 * text_size, str(number), text_size, ink, "middle", bold=number == 1))
    x, y = polar(centre, radius, -90.0)
    marker = min(height * 0.3, start_length * 0.14)
    for offset, player in zip((-1, 1), variant.players, strict=True):
        px = x + offset * start_length * 0.28
        if pawns:
            items.append(Circle(px, y, marker, Style(fill=player.colour, stroke="#1b1410", stroke_width=0.3)))
        else:
            items.append(Circle(px, y, marker, Style(stroke=ink, stroke_width=0.25, dash=(0.8, 0.6))))
    return Group(tuple(items), label="scoring track")
