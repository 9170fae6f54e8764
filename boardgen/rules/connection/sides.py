"""The sides and corners of a board, found from its geometry.

A board's sides are the straight runs of its outline: the cells whose centres lie on
one edge of the convex hull of all centres. Each is named for the compass direction
its outside faces (north, east, south, west on a board of three or four sides; north,
north-east, south-east, south, south-west, north-west on a hexagon). Corners are the
hull's vertices. A grid that names its own sides (``grid.sides()``) is taken at its word.
"""

from __future__ import annotations

__all__ = ["board_sides"]

import math
from collections.abc import Iterable, Mapping

from ...geometry import Grid

_FOUR = {"east": 0.0, "north": 90.0, "west": 180.0, "south": 270.0}
_SIX = {
    "north-east": 30.0,
    "north": 90.0,
    "north-west": 150.0,
    "south-west": 210.0,
    "south": 270.0,
    "south-east": 330.0,
}


def _name(angle: float, names: Mapping[str, float]) -> str:
    return min(names, key=lambda n: min(abs(angle - names[n]) % 360, 360 - abs(angle - names[n]) % 360))


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 1e-9:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 1e-9:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]  # counter-clockwise


def board_sides(grid: Grid, cells: Iterable[int]) -> dict[str, frozenset[int]]:
    """Side name -> its cells (corners belong to both their sides)."""
    cells = list(cells)
    own = getattr(grid, "sides", None)
    if callable(own):
        named = own()
        if named:
            return {str(k): frozenset(v) & frozenset(cells) for k, v in named.items()}
    centres = {c: grid.centre(c) for c in cells}
    hull = _hull(list(centres.values()))
    names = _FOUR if len(hull) <= 4 else _SIX
    sides: dict[str, frozenset[int]] = {}
    for i, (ax, ay) in enumerate(hull):
        bx, by = hull[(i + 1) % len(hull)]
        length = math.hypot(bx - ax, by - ay)
        # Outward normal of a counter-clockwise edge: (dy, -dx).
        angle = math.degrees(math.atan2(-(bx - ax), by - ay)) % 360
        on = frozenset(
            c
            for c, (x, y) in centres.items()
            if abs((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / length < 1e-6
        )
        sides[_name(angle, names)] = on
    return sides
