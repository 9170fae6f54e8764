"""Closed triangle meshes from upright prisms, written as binary STL.

Everything a maker prints here is a stack of prisms: a convex outline (a cell, a
counter's disc or polygon, a dot, a part of a crown) raised between two heights. Each
prism is a closed shell by construction (every edge shared by exactly two triangles,
outward normals), so a model made of them is watertight; shells that touch or overlap
are merged by the slicer, as every slicer does. The STL header is fixed text and the
triangles keep their order, so the same model gives the same bytes.
"""

from __future__ import annotations

__all__ = ["Mesh", "polygon", "prism", "stl_bytes"]

import math
import struct
from dataclasses import dataclass, field

Point = tuple[float, float]
Vertex = tuple[float, float, float]
Triangle = tuple[Vertex, Vertex, Vertex]


@dataclass
class Mesh:
    """Triangles in millimetres, z up."""

    triangles: list[Triangle] = field(default_factory=list)

    def extend(self, other: Mesh) -> None:
        self.triangles.extend(other.triangles)


def _area(points: list[Point]) -> float:
    return (
        sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True)) / 2
    )


def polygon(cx: float, cy: float, radius: float, sides: int, turn: float = 90.0) -> list[Point]:
    """A regular polygon (``sides`` >= 3) around ``(cx, cy)``, a corner at ``turn`` degrees."""
    return [
        (
            cx + radius * math.cos(math.radians(turn + 360 * k / sides)),
            cy + radius * math.sin(math.radians(turn + 360 * k / sides)),
        )
        for k in range(sides)
    ]


def prism(outline: list[Point], bottom: float, top: float) -> Mesh:
    """A closed prism over a convex ``outline`` (any winding) from ``bottom`` to ``top``."""
    if len(outline) < 3 or top <= bottom:
        raise ValueError("a prism needs three corners and some height")
    ring = outline if _area(outline) > 0 else outline[::-1]  # counter-clockwise seen from above
    mesh = Mesh()
    low = [(x, y, bottom) for x, y in ring]
    high = [(x, y, top) for x, y in ring]
    for k in range(1, len(ring) - 1):  # fans: the outline is convex
        mesh.triangles.append((high[0], high[k], high[k + 1]))
        mesh.triangles.append((low[0], low[k + 1], low[k]))
    for k in range(len(ring)):
        j = (k + 1) % len(ring)
        mesh.triangles.append((low[k], low[j], high[j]))
        mesh.triangles.append((low[k], high[j], high[k]))
    return mesh


def _normal(a: Vertex, b: Vertex, c: Vertex) -> Vertex:
    ux, uy, uz = b[0] - a[0], b[1] - a[1], b[2] - a[2]
    vx, vy, vz = c[0] - a[0], c[1] - a[1], c[2] - a[2]
    nx, ny, nz = uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx
    length = math.sqrt(nx * nx + ny * ny + nz * nz) or 1.0
    return nx / length, ny / length, nz / length


def stl_bytes(mesh: Mesh, name: str) -> bytes:
    """Binary STL: an 80-byte header naming the model, then each triangle with its normal."""
    header = f"boardgen {name}"[:80].encode("ascii", "replace").ljust(80, b" ")
    parts = [header, struct.pack("<I", len(mesh.triangles))]
    record = struct.Struct("<12fH")
    for a, b, c in mesh.triangles:
        parts.append(record.pack(*_normal(a, b, c), *a, *b, *c, 0))
    return b"".join(parts)
