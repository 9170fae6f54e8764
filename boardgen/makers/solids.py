"""3D-printable models: a tactile board and the game's counters.

The **board** is a plate with every cell raised on it, cells parted by grooves that a
finger follows; the cells a game is played on (dark squares, every hexagon) stand
higher than the others, and a restricted region lower, so the board reads by touch:
a blind player feels the playing squares. The **counters** are those of the
print-and-play set (:mod:`boardgen.makers.counters`), told apart by outline and raised
dots, kings with a crown in relief. Sizes follow the descriptor's cell size, so
counters fit the board.
"""

from __future__ import annotations

__all__ = ["BOARD_BASE", "CELL_RISE", "counters_mesh", "tactile_board_mesh"]

from ..descriptor.model import Variant
from ..geometry import SquareGrid
from ..render.layout import Layout
from ..render.pieces import crown
from .counters import GAP, OUTLINE_SIDES, counter_layout, dot_centres, inradius, makers_counters
from .mesh import Mesh, polygon, prism

Point = tuple[float, float]

#: Plate thickness and the rise of cells above it, in mm: (played on, other, restricted).
BOARD_BASE = 3.0
CELL_RISE = (2.0, 1.0, 0.6)
#: Width of the groove between two cells, and the margin of plate around the cells, in mm.
GROOVE = 1.2
MARGIN = 6.0
#: A counter's thickness, its crown's and dots' relief, in mm.
COUNTER_HEIGHT = 4.0
RELIEF = 1.0
_CIRCLE_SIDES = 64


def _inset(points: tuple[Point, ...], by: float) -> list[Point]:
    """A convex outline moved inwards by ``by`` mm towards its centre (corners scaled)."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    reach = min(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for x, y in points)
    scale = max(0.1, (reach - by) / reach)
    return [(cx + (x - cx) * scale, cy + (y - cy) * scale) for x, y in points]


def _up(points: list[Point], height: float) -> list[Point]:
    """Page millimetres (y down) to the printer's plane (y up), keeping the model unmirrored."""
    return [(x, height - y) for x, y in points]


def _rise(variant: Variant, cell: int) -> float:
    played, other, restricted = CELL_RISE
    if cell in variant.restricted:
        return restricted
    grid = variant.grid
    if isinstance(grid, SquareGrid) and cell not in variant.board.playable:
        return other
    return played


def tactile_board_mesh(variant: Variant) -> Mesh:
    """The board at its printed cell size: a plate, raised cells and the grooves between."""
    layout = Layout(variant.grid, variant.print.cell_size, MARGIN)
    mesh = prism(
        _up([(0, 0), (layout.width, 0), (layout.width, layout.height), (0, layout.height)], layout.height),
        0.0,
        BOARD_BASE,
    )
    for cell in sorted(variant.grid.cells()):
        outline = _up(_inset(layout.polygon(cell), GROOVE / 2), layout.height)
        # The cell sinks 0.2 mm into the plate, so slicers join the two shells.
        mesh.extend(prism(outline, BOARD_BASE - 0.2, BOARD_BASE + _rise(variant, cell)))
    return mesh


def _crown_parts(cx: float, cy: float, size: float) -> list[list[Point]]:
    """The crown as convex pieces (a band and three points), for prisms. Each point's
    foot reaches into the band and stops short of its neighbours', so no two pieces
    share an edge: every edge of the model then belongs to exactly two triangles."""
    (bl, tl, left_dip, peak, right_dip, tr, br) = crown(cx, cy, size, "#000000").points
    band_top = left_dip[1]
    foot, gap = (bl[1] - band_top) * 0.4, size * 0.02  # page y grows downwards
    band = [bl, (bl[0], band_top), (br[0], band_top), br]
    low = band_top + foot
    return [
        band,
        [(tl[0] + gap, low), tl, (left_dip[0] - gap, low)],
        [(left_dip[0] + gap, low), peak, (right_dip[0] - gap, low)],
        [(right_dip[0] + gap, low), tr, (tr[0] - gap, low)],
    ]


def counters_mesh(variant: Variant, bed: float = 200.0) -> Mesh:
    """Every counter of the set laid out on a printer's bed ``bed`` mm wide."""
    counters = makers_counters(variant)
    centres, height = counter_layout(counters, bed)
    mesh = Mesh()
    for counter, (cx, cy) in zip(counters, centres, strict=True):
        radius = counter.diameter / 2
        sides = OUTLINE_SIDES[counter.player % len(OUTLINE_SIDES)] or _CIRCLE_SIDES
        body = polygon(cx, cy, radius, sides) if sides != 4 else polygon(cx, cy, radius, 4, 45.0)
        mesh.extend(prism(_up(body, height + GAP), 0.0, COUNTER_HEIGHT))
        top, face = COUNTER_HEIGHT, inradius(counter.player, radius)
        if counter.kind == "king":
            for part in _crown_parts(cx, cy, face * 0.75):
                mesh.extend(prism(_up(part, height + GAP), top - 0.2, top + RELIEF))
        for x, y in dot_centres(counter.player, cx, cy, face):
            dot = polygon(x, y, max(1.0, face * 0.13), 16)
            mesh.extend(prism(_up(dot, height + GAP), top - 0.2, top + RELIEF))
    return mesh
