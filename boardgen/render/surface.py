"""Boards drawn as points on lines, or as pits: the surface under the pieces.

Boards of cells (squares, hexagons) are drawn by :mod:`.board` itself; this module
draws the two other ways a geometry can be drawn (:attr:`boardgen.geometry.Grid.drawn`):

- **points**: the board's surface (the areas the points own, in the board colour),
  the lines between points, star points, and each point as a dot or a hole when the
  descriptor asks for it. Each line is drawn as two halves, each belonging to the
  point it leaves from, so that a board cut into tiles is cut half-way between
  points and the halves meet again when the tiles are glued;
- **pits**: the board's body and its pits and stores.

Sides that belong to a player (Hex's edges) are drawn as a band in that player's
colour along the side, on any board.
"""

from __future__ import annotations

__all__ = ["lattice_labels", "line_width", "side_bands", "surface_items"]

import math
from collections.abc import Collection, Mapping

from ..descriptor.model import Variant
from ..geometry import Grid, Point
from ..scene.shapes import Circle, Group, Item, Polygon, Style, Text
from .layout import Layout
from .memo import remembered


def line_width(cell_size: float) -> float:
    """Width (mm) of the lines between points: about 1 mm on a Go board."""
    return max(0.35, min(1.0, 0.03 * cell_size))


def surface_items(
    variant: Variant,
    layout: Layout,
    colours: Mapping[str, str],
    cells: Collection[int],
    *,
    seamless: bool = False,
) -> list[Item]:
    """The board of points or pits ``variant`` draws, restricted to ``cells``; its
    surface one shape when ``seamless`` (see :class:`~boardgen.render.board.BoardOptions`)."""
    grid = variant.grid
    whole = len(cells) == grid.size
    areas = grid.areas() if whole else tuple(grid.outline(c) for c in cells)
    if grid.drawn == "pits":
        body = Style(fill=colours["dark"], stroke=colours["dark"], stroke_width=0.2)
        ground = [Polygon(tuple(layout.to_page(p) for p in area), body) for area in areas]
        pit = Style(fill=colours["cell"], stroke=colours["line"], stroke_width=0.35)
        pits = [Polygon(layout.polygon(c), pit) for c in sorted(cells)]
        return [Group(tuple(ground), label="cells"), Group(tuple(pits), label="pits")]
    board = Style(fill=colours["cell"], stroke=colours["cell"], stroke_width=0.2)
    # One outline where the points' areas join into one shape: polygons that only touch
    # leave faint seams between them wherever a renderer smooths their edges.
    joined = None
    if seamless:
        joined = remembered(variant, ("surface outline", frozenset(cells)), lambda: _joined(grid, cells))
    items: list[Item] = [
        Group(
            tuple(Polygon(tuple(layout.to_page(p) for p in area), board) for area in joined or areas),
            label="cells",
        )
    ]
    width = line_width(layout.cell_size)
    halves: list[Item] = []
    ink = Style(stroke=colours["line"], stroke_width=width)
    for a, b in grid.lines():
        if a in cells and b in cells:
            pa, pb = layout.centre(a), layout.centre(b)
            middle = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
            halves.append(Polygon((_back(pa, middle, width / 2), middle), ink, closed=False))
            halves.append(Polygon((_back(pb, middle, width / 2), middle), ink, closed=False))
    if halves:
        items.append(Group(tuple(halves), label="lines"))
    marks: list[Item] = []
    style = variant.board.point_style
    if style == "dots":
        dot = Style(fill=colours["line"])
        marks += [Circle(*layout.centre(c), 0.1 * layout.cell_size, dot) for c in sorted(cells)]
    elif style == "holes":
        hole = Style(fill=colours["dark"], stroke=colours["line"], stroke_width=0.3)
        marks += [Circle(*layout.centre(c), 0.2 * layout.cell_size, hole) for c in sorted(cells)]
    star = Style(fill=colours["line"])
    radius = max(0.8, 0.08 * layout.cell_size)
    marks += [Circle(*layout.centre(c), radius, star) for c in sorted(variant.board.marks) if c in cells]
    if marks:
        items.append(Group(tuple(marks), label="points"))
    return items


def _joined(grid: Grid, cells: Collection[int]) -> tuple[tuple[Point, ...], ...] | None:
    """The outline of the union of ``cells``' areas, as one polygon, when they form one
    shape without holes (every board of points boardgen ships, and every window of one);
    None otherwise. Edges two areas share cancel out; the rest chain into the outline."""
    edges: dict[tuple[Point, Point], int] = {}

    def key(p: Point) -> Point:
        return (round(p[0], 6), round(p[1], 6))

    for cell in cells:
        outline = [key(p) for p in grid.outline(cell)]
        for a, b in zip(outline, outline[1:] + outline[:1], strict=True):
            if (b, a) in edges:
                edges[(b, a)] -= 1
                if not edges[(b, a)]:
                    del edges[(b, a)]
            else:
                edges[(a, b)] = edges.get((a, b), 0) + 1
    following: dict[Point, Point] = {}
    for a, b in edges:
        if a in following:  # two edges leave one corner: not a simple outline
            return None
        following[a] = b
    if not following:
        return None
    start = next(iter(following))
    loop = [start]
    point = following[start]
    while point != start and len(loop) <= len(following):
        loop.append(point)
        point = following.get(point, start)
    if len(loop) != len(following):  # several outlines (holes, or parts apart)
        return None
    return (tuple(loop),)


def _back(start: Point, end: Point, by: float) -> Point:
    """``start`` moved ``by`` mm away from ``end``: a half line reaches over its point
    by half the line's width, so two lines meeting at a corner leave no notch."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    return (start[0] - dx / length * by, start[1] - dy / length * by)


def side_bands(variant: Variant, layout: Layout, colours: Mapping[str, str]) -> list[Item]:
    """A band in the owning player's colour along each side the descriptor gives a
    player (``board.sides``), just outside the cells, outlined for greyscale prints."""
    grid = variant.grid
    owned = variant.board.sides
    if not owned:
        return []
    sides = grid.sides()
    mx, my = layout.board_centre()
    size = layout.cell_size
    thick = 0.16 * size
    reach = (0.62 if grid.drawn == "cells" else 0.45) * size
    bands: list[Item] = []
    for name, player_id in owned.items():
        cells = sides[name]
        (ax, ay), (bx, by) = layout.centre(cells[0]), layout.centre(cells[-1])
        length = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        nx, ny = -uy, ux
        if (nx * (ax - mx) + ny * (ay - my)) < 0:
            nx, ny = -nx, -ny
        ends = [(ax - ux * 0.3 * size, ay - uy * 0.3 * size), (bx + ux * 0.3 * size, by + uy * 0.3 * size)]
        inner = [(x + nx * reach, y + ny * reach) for x, y in ends]
        outer = [(x + nx * (reach + thick), y + ny * (reach + thick)) for x, y in reversed(ends)]
        fill = variant.player(player_id).colour
        bands.append(Polygon((*inner, *outer), Style(fill=fill, stroke=colours["line"], stroke_width=0.3)))
    return [Group(tuple(bands), label="sides")]


def lattice_labels(
    variant: Variant, layout: Layout, size: float, colour: str, cells: Collection[int]
) -> Group:
    """Column letters under and row numbers left of a lattice board (points, pits),
    at the board's edge rather than beside each row's first point, which may lie
    deep inside the board (Morris); on a flipped board, at the far edges, so they
    stand under and left of the board as the reader sees it."""
    grid = variant.grid
    shown = [c for c in sorted(cells) if grid.name(c)[-1:].isdigit()]  # not a mancala store
    xs = sorted({grid.coords(c)[0] for c in shown})
    ys = sorted({grid.coords(c)[1] for c in shown})
    centres = [grid.centre(c) for c in cells]  # the edges: stores included
    left, right = min(p[0] for p in centres), max(p[0] for p in centres)
    low, high = min(p[1] for p in centres), max(p[1] for p in centres)
    gap = (0.5 * size + 1.5) / layout.cell_size
    edge_x = (right + 0.5 + gap) if layout.flip else (left - 0.5 - gap)
    edge_y = (high + 0.5 + gap) if layout.flip else (low - 0.5 - gap)
    texts: list[Item] = []
    row_y = {grid.coords(c)[1]: grid.centre(c)[1] for c in shown}
    column_x = {grid.coords(c)[0]: grid.centre(c)[0] for c in shown}
    names = {grid.coords(c): grid.name(c) for c in shown}

    def put(point: Point, text: str) -> None:
        x, y = layout.to_page(point)
        texts.append(Text(x, y + 0.35 * size, text, size, colour, "middle"))

    for y in ys:
        put((edge_x, row_y[y]), str(y + 1))
    for x in xs:
        letters = next((n for (cx, _), n in names.items() if cx == x), "").rstrip("0123456789")
        if letters.isalpha() and len(letters) <= 3:
            put((column_x[x], edge_y), letters)
    return Group(tuple(texts), label="coordinates")
