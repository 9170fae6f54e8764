"""Named regions as the board shows them: each in its own colour and pattern.

A region whose descriptor entry says how it looks (``regions.<name>: {where, name,
colour, pattern}``) tints its cells (or, on a board of points, the areas its points
own) and may lay a pattern over them: ``hatch`` (diagonal lines) or ``dots``. A
pattern keeps two regions apart on a black-and-white printer where their colours
print as the same grey. Each cell's tint and pattern are shapes of their own, so a
tiled board prints them with the cell they belong to.
"""

from __future__ import annotations

__all__ = ["region_items"]

import math
from collections.abc import Collection, Mapping, Sequence

from ..descriptor.model import Variant
from ..geometry import Point
from ..scene.shapes import Circle, Group, Item, Polygon, Style
from .layout import Layout
from .pieces import contrast


def region_items(
    variant: Variant, layout: Layout, colours: Mapping[str, str], cells: Collection[int]
) -> list[Item]:
    """The tints and patterns of the styled regions, over the cells and under the pieces."""
    groups: list[Item] = []
    for name, style in variant.region_styles.items():
        members = sorted(c for c in variant.regions.get(name, ()) if c in cells)
        if not members or (style.colour is None and style.pattern == "none"):
            continue
        ground = style.colour or colours["cell"]
        ink = contrast(ground)
        items: list[Item] = []
        for cell in members:
            outline = layout.polygon(cell)
            if style.colour is not None:
                items.append(
                    Polygon(outline, Style(fill=style.colour, stroke=colours["line"], stroke_width=0.35))
                )
            if style.pattern == "hatch":
                items.extend(_hatch(outline, 0.12 * layout.cell_size, Style(stroke=ink, stroke_width=0.3)))
            elif style.pattern == "dots":
                items.extend(_dots(layout.centre(cell), 0.2 * layout.cell_size, Style(fill=ink)))
        groups.append(Group(tuple(items), label=f"region {name}"))
    return groups


def _hatch(polygon: Sequence[Point], gap: float, style: Style) -> list[Item]:
    """Lines at 45 degrees, ``gap`` mm apart, clipped to a convex ``polygon``."""
    # Along u = (x + y) / sqrt 2, lines x + y = c cross the polygon between the extremes of c.
    sums = [x + y for x, y in polygon]
    step = gap * math.sqrt(2)
    lines: list[Item] = []
    c = (math.floor(min(sums) / step) + 1) * step
    while c < max(sums):
        hits: list[Point] = []
        for (ax, ay), (bx, by) in zip(polygon, (*polygon[1:], polygon[0]), strict=True):
            fa, fb = ax + ay - c, bx + by - c
            if (fa < 0) != (fb < 0):
                t = fa / (fa - fb)
                hits.append((ax + t * (bx - ax), ay + t * (by - ay)))
        if len(hits) >= 2:
            hits.sort()
            lines.append(Polygon((hits[0], hits[-1]), style, closed=False))
        c += step
    return lines


def _dots(centre: Point, spread: float, style: Style) -> list[Item]:
    """Three small dots in a triangle round a cell's centre."""
    cx, cy = centre
    r = max(0.5, 0.25 * spread)
    return [
        Circle(cx + spread * math.cos(a), cy - spread * math.sin(a), r, style)
        for a in (math.radians(90), math.radians(210), math.radians(330))
    ]
