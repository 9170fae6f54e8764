"""What a move diagram draws over a position: arrows, captures, landings, new stones.

Every mark is placed through the board's :class:`Layout`, so it follows the cell size
and a flipped board. Sizes are fractions of the cell size, like the pieces'. Arrows and
crosses sit on a white halo so they read on light and dark squares and on pieces of
any colour. Each kind of mark is one labelled group (``highlights``, ``captured``,
``placed``, ``arrows``): readers of the SVG, and tests, can find them.
"""

from __future__ import annotations

__all__ = [
    "alternative_items",
    "arrow_items",
    "arrow_polyline",
    "captured_items",
    "check_items",
    "crowned_items",
    "highlight_items",
    "label_items",
    "placed_items",
    "shape_items",
    "turned_items",
]

import math
from collections.abc import Iterable, Mapping, Sequence

from ..foundation.fonts import text_width
from ..geometry import Point
from ..scene.shapes import Circle, Group, Item, Polygon, Style, Text
from .layout import Layout
from .pieces import crown

ARROW = "#1565c0"
CAPTURE = "#d62828"
HIGHLIGHT = "#ffd23f"
PLACED = "#2e9e44"
HALO = "#ffffff"
CROWN = "#f2c12e"
CHECK = "#e8112d"
#: The discs of a check's glow: radius (in cells) and opacity, outermost first.
_GLOW = ((0.5, 0.35), (0.46, 0.5), (0.42, 0.7))


def highlight_items(layout: Layout, cells: Iterable[int], colour: str = HIGHLIGHT) -> list[Item]:
    """Each cell tinted, with an opaque inner border: the squares a move lands on."""
    border = max(0.3, 0.05 * layout.cell_size)
    shrink = 1 - border / layout.cell_size  # keeps the border inside the cell (inradius is size/2)
    shapes: list[Item] = []
    for cell in dict.fromkeys(cells):
        cx, cy = layout.centre(cell)
        inner = tuple((cx + (x - cx) * shrink, cy + (y - cy) * shrink) for x, y in layout.polygon(cell))
        shapes.append(Polygon(inner, Style(fill=colour, stroke=colour, stroke_width=border, opacity=0.55)))
    return [Group(tuple(shapes), label="highlights")] if shapes else []


def alternative_items(layout: Layout, cells: Iterable[int], colour: str = HIGHLIGHT) -> list[Item]:
    """Each cell given a pale tint and a dashed border: where the move could also have
    ended (a flying king may stop on any of several squares)."""
    border = max(0.3, 0.05 * layout.cell_size)
    shrink = 1 - 1.5 * border / layout.cell_size
    dash = (max(0.6, 0.1 * layout.cell_size), max(0.45, 0.07 * layout.cell_size))
    tints: list[Item] = []
    edges: list[Item] = []
    for cell in dict.fromkeys(cells):
        cx, cy = layout.centre(cell)
        inner = tuple((cx + (x - cx) * shrink, cy + (y - cy) * shrink) for x, y in layout.polygon(cell))
        tints.append(Polygon(inner, Style(fill=colour, opacity=0.3)))
        edges.append(Polygon(inner, Style(stroke=colour, stroke_width=border, dash=dash)))
    return [Group((Group(tuple(tints)), Group(tuple(edges))), label="other landings")] if tints else []


def _width(layout: Layout) -> float:
    return max(0.5, 0.07 * layout.cell_size)


def _halo(width: float) -> float:
    return max(0.35, 0.3 * width)


def _distinct(colour: str, fill: str | None) -> str:
    """``colour``, or near-black when the piece under the mark is of a similar colour."""
    if fill is None:
        return colour
    a, b = (tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for c in (colour, fill))
    return colour if math.dist(a, b) > 120 else "#1b1410"


def captured_items(
    layout: Layout, cells: Iterable[int], radius: float, fills: Mapping[int, str] | None = None
) -> list[Item]:
    """A bold cross over each captured piece: red, or black on a red piece (``fills``)."""
    width = 1.3 * _width(layout)
    arm = 0.62 * radius
    under = Style(stroke=HALO, stroke_width=width + 2 * _halo(width))
    halo: list[Item] = []
    cross: list[Item] = []
    for cell in dict.fromkeys(cells):
        cx, cy = layout.centre(cell)
        for sx in (-1, 1):
            line = ((cx - sx * arm, cy - arm), (cx + sx * arm, cy + arm))
            halo.append(Polygon(line, under, closed=False))
            ink = _distinct(CAPTURE, (fills or {}).get(cell))
            cross.append(Polygon(line, Style(stroke=ink, stroke_width=width), closed=False))
    if not cross:
        return []
    return [Group((Group(tuple(halo)), Group(tuple(cross))), label="captured")]


def placed_items(layout: Layout, cells: Iterable[int], radius: float) -> list[Item]:
    """A ring around each stone placed by the move."""
    width = _width(layout)
    rings: list[Item] = []
    for cell in dict.fromkeys(cells):
        cx, cy = layout.centre(cell)
        rings.append(Circle(cx, cy, radius + 0.9 * width, Style(stroke=PLACED, stroke_width=width)))
    return [Group(tuple(rings), label="placed")] if rings else []


def shape_items(layout: Layout, marks: Mapping[int, tuple[str, str]], radius: float) -> list[Item]:
    """Each mark on its cell in its ink (``cell -> (shape, ink)``): a circle, a
    triangle, a square or a cross about half as wide as a piece of ``radius``, drawn
    as an outline (a cross as two strokes), as Go books and python-chess mark points."""
    width = max(0.3, 0.11 * radius)
    reach = 0.52 * radius
    shapes: list[Item] = []
    for cell, (shape, ink) in marks.items():
        cx, cy = layout.centre(cell)
        style = Style(stroke=ink, stroke_width=width)
        if shape == "circle":
            shapes.append(Circle(cx, cy, 0.9 * reach, style))
        elif shape == "triangle":
            corners = tuple(
                (
                    cx + reach * math.cos(math.radians(a)),
                    cy + 0.12 * reach + reach * math.sin(math.radians(a)),
                )
                for a in (-90, 30, 150)
            )
            shapes.append(Polygon(corners, style))
        elif shape == "square":
            half = 0.72 * reach
            shapes.append(
                Polygon(
                    (
                        (cx - half, cy - half),
                        (cx + half, cy - half),
                        (cx + half, cy + half),
                        (cx - half, cy + half),
                    ),
                    style,
                )
            )
        else:  # a cross
            arm = 0.7 * reach
            for sx in (-1, 1):
                shapes.append(
                    Polygon(((cx - sx * arm, cy - arm), (cx + sx * arm, cy + arm)), style, closed=False)
                )
    return [Group(tuple(shapes), label="marks")] if shapes else []


def turned_items(layout: Layout, cells: Iterable[int], radius: float) -> list[Item]:
    """A dotted ring around each piece a move turns over (Othello's flipped discs): the
    new stone's ring, broken, so the reader sees which discs the move wins."""
    width = _width(layout)
    dash = (0.9 * width, 0.9 * width)
    rings: list[Item] = []
    for cell in dict.fromkeys(cells):
        cx, cy = layout.centre(cell)
        rings.append(
            Circle(cx, cy, radius + 0.9 * width, Style(stroke=PLACED, stroke_width=width, dash=dash))
        )
    return [Group(tuple(rings), label="turned")] if rings else []


def label_items(
    layout: Layout,
    labels: Mapping[int, tuple[str, str]],
    radius: float,
    grounds: Mapping[int, str] | None = None,
) -> list[Item]:
    """Each label centred on its cell in its ink (``cell -> (text, ink)``): a move's
    number on its stone, as Go books print a game. As large as fits across a piece of
    ``radius``: one or two digits half as high as the piece, three digits narrower.
    A label on a cell of ``grounds`` (an empty point, where lines cross) stands on a
    disc of that colour, so that the lines do not run through it."""
    texts: list[Item] = []
    for cell, colour in (grounds or {}).items():
        if cell in labels:
            cx, cy = layout.centre(cell)
            texts.append(Circle(cx, cy, 0.8 * radius, Style(fill=colour)))
    for cell, (text, ink) in labels.items():
        cx, cy = layout.centre(cell)
        size = min(1.35 * radius, 1.6 * radius / max(text_width(text, 1.0), 0.01))
        texts.append(Text(cx, cy + 0.36 * size, text, size, ink, anchor="middle"))
    return [Group(tuple(texts), label="labels")] if texts else []


def _arrow(points: list[Point], gap: float, head: float) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """The shaft (ending at the head's base) and the head (tip on the last point).

    The shaft starts ``gap`` mm off the first centre, so a king's crown stays visible.
    """
    (ax, ay), (bx, by) = points[0], points[1]
    step = min(gap, math.hypot(bx - ax, by - ay) / 3) / math.hypot(bx - ax, by - ay)
    points = [(ax + (bx - ax) * step, ay + (by - ay) * step), *points[1:]]
    (ax, ay), (bx, by) = points[-2], points[-1]
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    base = (bx - ux * head, by - uy * head)
    half = 0.5 * head
    tip = (bx, by)
    wing1 = (base[0] - uy * half, base[1] + ux * half)
    wing2 = (base[0] + uy * half, base[1] - ux * half)
    overlap = (base[0] + ux * 0.2 * head, base[1] + uy * 0.2 * head)  # no gap under the head
    return (*points[:-1], overlap), (tip, wing1, wing2)


def _arrow_shapes(
    points: list[Point], cell_size: float, gap: float, colour: str
) -> tuple[list[Item], list[Item]]:
    """A shaft and head along ``points`` (page mm), on a white halo: (halo, ink)."""
    width = max(0.5, 0.07 * cell_size)
    head = max(2.0, 0.3 * cell_size)
    halo_width = _halo(width)
    shaft, tip = _arrow(points, gap, head)
    under: list[Item] = [
        Polygon(shaft, Style(stroke=HALO, stroke_width=width + 2 * halo_width), closed=False),
        Polygon(tip, Style(fill=HALO, stroke=HALO, stroke_width=2 * halo_width)),
    ]
    over: list[Item] = [
        Polygon(shaft, Style(stroke=colour, stroke_width=width), closed=False),
        Polygon(tip, Style(fill=colour)),
    ]
    return under, over


def arrow_polyline(points: Sequence[Point], cell_size: float, colour: str = ARROW) -> list[Item]:
    """An arrow along any line of page points (a curve given as many short segments),
    drawn like a move's arrow on a board of ``cell_size``."""
    if len(points) < 2:
        return []
    under, over = _arrow_shapes(list(points), cell_size, 0.0, colour)
    return [Group((Group(tuple(under)), Group(tuple(over))), label="arrows")]


def arrow_items(layout: Layout, paths: Iterable[Sequence[int]], colour: str = ARROW) -> list[Item]:
    """An arrow per path, through the cells' centres: a multi-jump bends at each landing.

    The shaft leaves from the moving piece's edge, not its centre, so that the piece
    (and a king's crown) does not hide it; an arrow of a single step also reaches a
    little past the target's centre, so that short arrows keep a visible shaft.
    """
    size = layout.cell_size
    under: list[Item] = []
    over: list[Item] = []
    for path in paths:
        points = [layout.centre(c) for c in path]
        points = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
        if len(points) < 2:
            continue
        if len(points) == 2 and math.dist(*points) < 1.5 * size:
            (ax, ay), (bx, by) = points
            k = 0.22 * size / math.dist(*points)
            points[1] = (bx + (bx - ax) * k, by + (by - ay) * k)
        halo, ink = _arrow_shapes(points, size, 0.34 * size, colour)
        under += halo
        over += ink
    if not over:
        return []
    return [Group((Group(tuple(under)), Group(tuple(over))), label="arrows")]


def crowned_items(layout: Layout, cells: Iterable[int], ink: str = "#1b1410") -> list[Item]:
    """A gold badge with a crown at the top-right of each cell: a piece that ends the
    move there is (or becomes) a king."""
    size = layout.cell_size
    r = max(1.3, 0.22 * size)
    badges: list[Item] = []
    for cell in dict.fromkeys(cells):
        cx, cy = layout.centre(cell)
        bx, by = cx + 0.3 * size, cy - 0.3 * size
        badges.append(Circle(bx, by, r, Style(fill=CROWN, stroke=ink, stroke_width=max(0.2, 0.1 * r))))
        badges.append(crown(bx, by + 0.05 * r, 1.15 * r, ink))
    return [Group(tuple(badges), label="crowned")] if badges else []


def check_items(layout: Layout, cells: Iterable[int], colour: str = CHECK) -> list[Item]:
    """A red glow under the piece on each cell, brightest at its centre: a king in check
    (as chess diagrams show it). Three see-through discs stand in for the radial
    gradient a picture cannot take through every backend."""
    size = layout.cell_size
    glow: list[Item] = []
    for cell in dict.fromkeys(cells):
        cx, cy = layout.centre(cell)
        glow += [Circle(cx, cy, k * size, Style(fill=colour, opacity=a)) for k, a in _GLOW]
    return [Group(tuple(glow), label="check")] if glow else []
