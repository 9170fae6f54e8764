"""A part of a board (a window) drawn as cut: zigzags along the edges where the board
goes on, and on a board of points the lines running on past its last points.

A window shows a rectangle of the board (:func:`boardgen.render.board.window_cells`).
Along a side where the whole board ends, the window is drawn as the board is (its
frame, lines ending at the last points); along a side where the board goes on, the
frame gives way to a zigzag, the break line of technical drawings, and the lines of a
board of points reach on to it, so no reader takes a cut side for the board's edge
(Go problem books draw a corner this way).
"""

from __future__ import annotations

__all__ = ["cut_items", "cut_sides"]

from collections.abc import Collection, Mapping

from ..descriptor.model import Variant
from ..geometry import Point
from ..scene.shapes import Group, Item, Polygon, Style
from .layout import Layout
from .surface import line_width

#: Sides of the page, as the reader sees them.
SIDES = ("top", "right", "bottom", "left")


def _box(layout: Layout, cells: Collection[int], centres: bool) -> tuple[float, float, float, float]:
    """Least and greatest x, then y, on the page, of the cells' centres or outlines."""
    points = [layout.centre(c) for c in cells] if centres else [p for c in cells for p in layout.polygon(c)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), max(xs), min(ys), max(ys)


def cut_sides(variant: Variant, layout: Layout, shown: Collection[int]) -> frozenset[str]:
    """The page sides along which the board goes on past the window ``shown``."""
    e = 1e-6 * layout.cell_size
    left, right, top, bottom = _box(layout, shown, True)
    all_left, all_right, all_top, all_bottom = _box(layout, variant.grid.cells(), True)
    found = {
        "left": all_left < left - e,
        "right": all_right > right + e,
        "top": all_top < top - e,
        "bottom": all_bottom > bottom + e,
    }
    return frozenset(side for side, cut in found.items() if cut)


def _zigzag(a: Point, b: Point, amplitude: float, step: float) -> tuple[Point, ...]:
    """A zigzag from ``a`` to ``b``, teeth ``amplitude`` mm to either side, ``step`` mm apart."""
    (ax, ay), (bx, by) = a, b
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    teeth = max(2, round(length / step))
    ux, uy = (bx - ax) / length, (by - ay) / length
    points = [a]
    for i in range(1, teeth):
        side = amplitude if i % 2 else -amplitude
        t = length * i / teeth
        points.append((ax + ux * t - uy * side, ay + uy * t + ux * side))
    points.append(b)
    return tuple(points)


def cut_items(
    variant: Variant, layout: Layout, shown: Collection[int], colours: Mapping[str, str]
) -> tuple[list[Item], frozenset[str]]:
    """The window's break lines (and, on a board of points, the lines running on to
    them), and the page sides that are cut (the caller leaves its frame off those)."""
    sides = cut_sides(variant, layout, shown)
    if not sides:
        return [], sides
    size = layout.cell_size
    width = line_width(size)
    ink = Style(stroke=colours["line"], stroke_width=width)
    items: list[Item] = []
    if variant.grid.drawn == "points":
        stubs: list[Item] = []
        inside = frozenset(shown)
        for a, b in variant.grid.lines():
            for near, far in ((a, b), (b, a)):
                if near in inside and far not in inside:
                    (ax, ay), (bx, by) = layout.centre(near), layout.centre(far)
                    stubs.append(Polygon(((ax, ay), ((ax + bx) / 2, (ay + by) / 2)), ink, closed=False))
        if stubs:
            items.append(Group(tuple(stubs), label="lines beyond the window"))
    left, right, top, bottom = _box(layout, shown, False)
    corners = {
        "top": ((left, top), (right, top)),
        "right": ((right, top), (right, bottom)),
        "bottom": ((left, bottom), (right, bottom)),
        "left": ((left, top), (left, bottom)),
    }
    # Each zigzag lies just inside its edge, its teeth reaching the edge: nothing of it
    # falls outside the picture.
    amplitude = 0.07 * size
    inward = {"top": (0, 1), "right": (-1, 0), "bottom": (0, -1), "left": (1, 0)}
    breaks = Style(stroke=colours["line"], stroke_width=max(0.25, 0.6 * width))
    lines: list[Item] = []
    for side in SIDES:
        if side in sides:
            (ax, ay), (bx, by) = corners[side]
            dx, dy = (amplitude * k for k in inward[side])
            zigzag = _zigzag((ax + dx, ay + dy), (bx + dx, by + dy), amplitude, 0.22 * size)
            lines.append(Polygon(zigzag, breaks, closed=False))
    items.append(Group(tuple(lines), label="cut edges"))
    return items, sides
