"""How the tiles of a board go together: what each tile keeps, where it is cut, where it
lies on the tiles before it, and what of it stays visible once glued.

Tiles are glued in reading order, each one on top of those before it. A tile *keeps*
the part of its window that holds no shape of an earlier tile: around an earlier tile's
cells exactly along their edges (a straight join between squares, a staircase between
hexagons, half-way between points, where the lines between them end too), around any
other shape of an earlier tile (a track's oval, an edge letter) with a little air. So
every shape of an earlier tile stays visible, and the tile's own shapes lie whole
inside what it keeps. Its cut line is the edge of what it keeps, less
the board's outer edges (cut at the crop marks) and its own right and lower sides
(under the tiles after it).

Each later tile that lies on a tile's window is named on that part of it (the glue
strip), wherever a label fits clear of the tile's own shapes, so every strip says which
tiles go on it, also where hexagon points leave it only triangles of room.

The regions are :mod:`shapely` geometries in artwork millimetres (y down).
"""

from __future__ import annotations

__all__ = ["AIR", "Joins", "body", "central_spot", "footprint", "join_tiles", "label_spots", "lines", "rings"]

import heapq
import math
from collections.abc import Iterable, Iterator, Sequence

import numpy
import shapely
from shapely import box as make_box
from shapely import unary_union
from shapely.geometry import LineString, MultiLineString, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import linemerge
from shapely.prepared import prep

from ..foundation.paper import Box
from ..foundation.values import frozen
from ..geometry import Point

#: Air left around a shape of an earlier tile that is not a cell, in mm.
AIR = 0.8
_MIN_AREA = 1.0  # mm²: less of a tile on another's window is a rounding sliver


@frozen
class Joins:
    """One tile's regions: what it keeps when cut out, what of it shows once the later
    tiles are glued on, its cut lines, and the later tiles laid on its window (each
    with the part of the window it covers)."""

    shapes: BaseGeometry  # the footprints of the tile's own shapes
    keep: BaseGeometry
    visible: BaseGeometry
    cut: tuple[tuple[Point, ...], ...]
    laid: tuple[tuple[int, BaseGeometry], ...]


def footprint(exact: Sequence[Point], outline: Sequence[Point], box: Box) -> BaseGeometry:
    """The area a shape claims: a cell, or a line between points, exactly its own
    outline (``exact``: a neighbour is cut right along it); any other shape its
    :func:`body` with :data:`AIR` around."""
    if len(exact) >= 3:
        return Polygon(exact)
    return body(outline, box).buffer(AIR, join_style="mitre")


def body(outline: Sequence[Point], box: Box) -> BaseGeometry:
    """What a shape paints: its ``outline`` (a closed polygon's), else its box."""
    return Polygon(outline) if len(outline) >= 3 else make_box(box.x, box.y, box.right, box.bottom)


def join_tiles(
    windows: Sequence[Box],
    shapes: Sequence[Sequence[BaseGeometry]],
    bodies: Sequence[Sequence[BaseGeometry]],
    cells: Sequence[Sequence[BaseGeometry]],
    outer: Sequence[tuple[bool, bool, bool, bool]],
) -> tuple[Joins, ...]:
    """The regions of tiles 1..n (in gluing order), from each tile's ``windows``, the
    footprints of its own ``shapes`` (with air) and their ``bodies`` (what they paint),
    its ``cells``, and which of its sides are the board's ``outer`` edges. Where a
    shape's body reaches over an earlier tile's cell (a label's generous box), the cell wins."""
    boxes = [make_box(w.x, w.y, w.right, w.bottom) for w in windows]
    owns = [unary_union(list(found)) if found else Polygon() for found in shapes]
    exact = [unary_union(list(found)) if found else Polygon() for found in bodies]
    tiled = [unary_union(list(found)) if found else Polygon() for found in cells]
    keeps: list[BaseGeometry] = []
    for i, window in enumerate(boxes):
        earlier = [owns[j] for j in range(i) if boxes[j].intersects(window)]
        kept = window.difference(unary_union(earlier)) if earlier else window
        cells_before = unary_union([tiled[j] for j in range(i) if boxes[j].intersects(window)])
        kept = unary_union([kept, exact[i].intersection(window).difference(cells_before)])
        # Slivers of the window cut off from the tile's own shapes are not kept.
        parts = [p for p in _polygons(kept) if p.intersects(owns[i])]
        keeps.append(unary_union(parts) if parts else kept)
    found: list[Joins] = []
    for i, keep in enumerate(keeps):
        later = [keeps[j] for j in range(i + 1, len(keeps)) if keeps[j].intersects(boxes[i])]
        visible = keep.difference(unary_union(later)) if later else keep
        laid = []
        for j in range(i + 1, len(keeps)):
            part = keeps[j].intersection(boxes[i])
            if part.area > _MIN_AREA:
                laid.append((j + 1, part))
        cut = _cut_lines(keep, windows[i], outer[i])
        found.append(Joins(owns[i], keep, visible, cut, tuple(laid)))
    return tuple(found)


def _polygons(geometry: BaseGeometry) -> Iterator[Polygon]:
    if isinstance(geometry, Polygon):
        if not geometry.is_empty:
            yield geometry
    elif hasattr(geometry, "geoms"):
        for part in geometry.geoms:
            yield from _polygons(part)


def rings(geometry: BaseGeometry, *, holes: bool = False) -> list[tuple[Point, ...]]:
    """The outlines of a region's polygons (or, with ``holes``, of their holes), as point tuples."""
    found: list[tuple[Point, ...]] = []
    for polygon in _polygons(geometry):
        for ring in polygon.interiors if holes else (polygon.exterior,):
            found.append(tuple((round(x, 4), round(y, 4)) for x, y in ring.coords[:-1]))
    return found


def lines(geometries: Iterable[BaseGeometry]) -> list[tuple[Point, ...]]:
    """The lines of some geometries (the pieces of lines clipped to a region), in order,
    as point tuples (their coordinates read in one call)."""
    found = [line for geometry in geometries for line in _lines(geometry)]
    if not found:
        return []
    coords, which = shapely.get_coordinates(found, return_index=True)
    points: list[list[Point]] = [[] for _ in found]
    for (x, y), n in zip(coords.tolist(), which.tolist(), strict=True):
        points[n].append((round(x, 4), round(y, 4)))
    return [tuple(line) for line in points]


def _cut_lines(
    keep: BaseGeometry, window: Box, outer: tuple[bool, bool, bool, bool]
) -> tuple[tuple[Point, ...], ...]:
    """The edge of what a tile keeps, less the sides cut elsewhere: the board's outer
    edges (crop marks) and the tile's right and lower sides (under later tiles)."""
    left, top, _, _ = outer
    eps = 0.01
    skip = [
        make_box(window.right - eps, window.y - 1, window.right + 1, window.bottom + 1),
        make_box(window.x - 1, window.bottom - eps, window.right + 1, window.bottom + 1),
    ]
    if left:
        skip.append(make_box(window.x - 1, window.y - 1, window.x + eps, window.bottom + 1))
    if top:
        skip.append(make_box(window.x - 1, window.y - 1, window.right + 1, window.y + eps))
    edge = keep.boundary.difference(unary_union(skip))
    lines = [line for line in _lines(edge) if line.length > 0.05]
    if not lines:
        return ()
    merged = linemerge(MultiLineString(lines)) if len(lines) > 1 else lines[0]
    chains = [tuple((round(x, 4), round(y, 4)) for x, y in line.coords) for line in _lines(merged)]
    return tuple(sorted(chains))


def _lines(geometry: BaseGeometry) -> Iterator[LineString]:
    if isinstance(geometry, LineString):
        if not geometry.is_empty:
            yield geometry
    elif hasattr(geometry, "geoms"):
        for part in geometry.geoms:
            yield from _lines(part)


def label_spots(
    region: BaseGeometry, taken: BaseGeometry, size: tuple[float, float], every: float = 60.0
) -> list[Point]:
    """Centres for labels of ``size`` (width, height) mm inside ``region`` and clear of
    ``taken``, at most one per ``every`` mm along the region's long side, at least one
    if any spot fits: near the middle across, then farther out."""
    free = region.difference(taken) if not taken.is_empty else region
    if free.is_empty:
        return []
    shapely.prepare(free)
    x0, y0, x1, y1 = free.bounds
    w, h = size
    along = (y1 - y0) > (x1 - x0)
    length, across = (y1 - y0, x1 - x0) if along else (x1 - x0, y1 - y0)
    offsets = sorted((k * 0.8 for k in range(-int(across / 1.6) - 1, int(across / 1.6) + 2)), key=abs)
    found: list[Point] = []
    t = 0.0  # each point along, 1 mm apart, from the start of the strip or ``every`` past the last label
    while t <= length:
        # The spots across at the next few points along, tried in one call, in the order
        # they would be tried one by one: the first that fits is the label's.
        spots = [
            (x0 + across / 2 + off, y0 + at) if along else (x0 + at, y0 + across / 2 + off)
            for at in _points_along(t, length, _AT_ONCE)
            for off in offsets
        ]
        xs, ys = numpy.array([x for x, _ in spots]), numpy.array([y for _, y in spots])
        fits = shapely.contains(free, make_box(xs - w / 2, ys - h / 2, xs + w / 2, ys + h / 2))
        if not fits.any():
            t += _AT_ONCE
            continue
        first = int(fits.argmax())
        found.append(spots[first])
        t += first // len(offsets) + max(1, math.ceil(every))  # the next point at least ``every`` on
    return found


#: Points along a glue strip whose spots are tried in one call (mostly one fits at the first).
_AT_ONCE = 4


def _points_along(t: float, length: float, count: int) -> Iterator[float]:
    """``t``, ``t + 1``, ... up to ``count`` of them, while at most ``length``."""
    for step in range(count):
        if t + step > length:
            return
        yield t + step


def central_spot(region: BaseGeometry, taken: BaseGeometry, size: tuple[float, float]) -> Point | None:
    """The centre of a ``size`` (width, height) box inside ``region`` and clear of
    ``taken``, as near the region's middle as may be; None when none fits."""
    free = region.difference(taken) if not taken.is_empty else region
    if free.is_empty:
        return None
    inside = prep(free)
    x0, y0, x1, y1 = region.bounds
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    if not region.contains(make_box(mx - 0.01, my - 0.01, mx + 0.01, my + 0.01)):
        point = region.representative_point()
        mx, my = point.x, point.y
    w, h = size
    step = max(min(w, h) / 4, 0.5)
    reach = int(max(x1 - x0, y1 - y0) / step) + 1
    for dx, dy in _nearest_first(step, reach):
        cx, cy = mx + dx, my + dy
        if inside.contains(make_box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)):
            return cx, cy
    return None


def _nearest_first(step: float, reach: int) -> Iterator[Point]:
    """The offsets ``(i * step, j * step)``, ``|i|, |j| <= reach``, nearest first (ties
    in the order of the offsets), made as they are asked for: a label usually fits near
    the middle, and sorting the whole square of offsets first cost a second a map.

    Ring ``r`` (the offsets with ``max(|i|, |j|) == r``) lies at least ``r * step``
    away, so once rings 0 to ``r`` are in the heap, every offset nearer than
    ``(r + 1) * step`` can be given out in order."""
    heap: list[tuple[float, Point]] = []
    for r in range(reach + 1):
        for i in range(-r, r + 1):
            for j in (range(-r, r + 1) if abs(i) == r else (-r, r)) if r else (0,):
                d = (i * step, j * step)
                heapq.heappush(heap, (math.hypot(*d), d))
        bound = (r + 1) * step if r < reach else math.inf
        while heap and heap[0][0] < bound:
            yield heapq.heappop(heap)[1]
