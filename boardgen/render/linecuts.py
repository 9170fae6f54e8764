"""Lines between points, cut where two tiles of a board meet.

A board of points (Go, Xiangqi, Morris) draws each line between two points as two
halves, each from its point to the middle of the line (:mod:`.surface`), and a tiled
board is cut along the edges of the areas the points own. A half that stays inside the
areas of one tile is printed whole on that tile, and where it reaches a cut it ends
exactly on it. Some halves cross into areas of other tiles: a diagonal passes through
the corner where four areas meet, and the corners of its stroke reach into the two
areas beside it; a Morris line runs on through empty places. Such a half is shared out:
each tile prints the part of the stroke that lies on its own areas, as a filled outline,
so the parts meet again edge to edge once the tiles are glued, and no tile prints a
sliver of ink on a strip that a later tile covers.

The regions are :mod:`shapely` geometries in artwork millimetres.
"""

from __future__ import annotations

__all__ = ["parts_by_tile", "stroke_outline"]

import math
from collections.abc import Sequence

from shapely import unary_union
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from ..geometry import Point

_SLIVER = 1e-6  # mm²: less of a stroke in an area is where it merely touches the area's edge


def stroke_outline(points: Sequence[Point], width: float) -> tuple[Point, ...]:
    """The outline of what an open line through ``points`` stroked ``width`` mm wide
    paints: butt ends (the backends' default cap), mitred corners; none for a line of no
    length. A segment's is its rectangle, worked out directly (a Go board has 1,368)."""
    if len(points) == 2:
        (ax, ay), (bx, by) = points
        length = math.hypot(bx - ax, by - ay)
        if length == 0:
            return ()
        nx, ny = -(by - ay) / length * width / 2, (bx - ax) / length * width / 2
        return ((ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny))
    painted = LineString(points).buffer(width / 2, cap_style="flat", join_style="mitre", mitre_limit=10.0)
    return tuple((x, y) for x, y in painted.exterior.coords[:-1]) if isinstance(painted, Polygon) else ()


def parts_by_tile(stroke: Polygon, areas: Sequence[tuple[int, BaseGeometry]]) -> dict[int, list[Polygon]]:
    """The parts of a ``stroke`` (its painted outline) lying on each tile's ``areas``
    (tile number, area), as polygons without holes. What lies on no area at all goes
    to the tile holding the most of the stroke."""
    pieces: dict[int, list[BaseGeometry]] = {}
    for tile, area in areas:
        part = stroke.intersection(area)
        if part.area > _SLIVER:
            pieces.setdefault(tile, []).append(part)
    if not pieces:
        return {}
    rest = stroke.difference(unary_union([part for found in pieces.values() for part in found]))
    if rest.area > _SLIVER:
        most = max(pieces, key=lambda tile: (sum(p.area for p in pieces[tile]), -tile))
        pieces[most].append(rest)
    return {tile: _merged(found) for tile, found in sorted(pieces.items())}


def _merged(parts: list[BaseGeometry]) -> list[Polygon]:
    """``parts`` as few polygons as may be: one where they touch (no seam shows between
    two fills on screen), the parts themselves where the union would have a hole (a
    stroke is convex and an area simply connected, so their common part has none)."""
    union = unary_union(parts)
    merged = list(_polygons(union))
    if any(polygon.interiors for polygon in merged):
        return [p for part in parts for p in _polygons(part)]
    return merged


def _polygons(geometry: BaseGeometry) -> list[Polygon]:
    if isinstance(geometry, Polygon):
        return [] if geometry.is_empty else [geometry]
    return [p for part in getattr(geometry, "geoms", ()) for p in _polygons(part)]
