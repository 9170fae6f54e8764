"""Cutting a true-scale board into page-sized tiles along its cells' edges.

A board larger than the paper is printed in tiles. Each drawn shape of the board (a
cell, a label, a number, an oval) belongs to exactly one tile, the one its centre falls
in, so every cell, label and number is printed whole, and the line where two tiles
meet follows the cells' own edges: straight between squares, a staircase between
hexagons. Nothing of a neighbour's cells is printed on a tile, so no sliver of a square
shows across the join.

On a board of points (Go, Xiangqi, Morris, the star of Chinese checkers) the cells are
the areas the points own, so tiles are cut half-way between rows and columns of points,
and a point with its star point or hole and its coordinate is printed on one tile. The
lines between points have no say in where tiles are cut: a half line lying on its own
tile's areas is printed there whole, ending exactly on the cut; one reaching onto
another tile's areas (a diagonal through the corner where four areas meet, a Morris
line through empty places) is split at the cut into filled parts, each printed by the
tile whose areas it lies on (:mod:`.linecuts`), so the line is whole once glued.

Tiles overlap for gluing: each tile has a *glue band* on its right and lower sides,
reaching :data:`OVERLAP` mm past the nearest edge of the neighbouring tile's cells. The
neighbour is cut along its cells' edge (its dashed *cut line*) and laid on that band,
edge to edge with this tile's cells. Shapes larger than a tile's room (a board's frame)
are drawn on every tile, clipped to it.

A shape lying on the areas of several cells (a word printed across Xiangqi's river,
between two rows of points) is *bonded* to them: no cut falls between those cells, so
the shape is printed whole on the tile holding all of them, never hidden under the
next tile's cells nor cut off along them.

The cut positions are chosen row by row, then column by column within each row: the
fewest tiles for the paper (each reaching as far as the paper allows), then spread
evenly (the smallest tile size that needs no more tiles); tiles holding no shape at
all (the empty corners around a hexagonal board) are not printed.
"""

from __future__ import annotations

__all__ = [
    "OVERLAP",
    "Cut",
    "Plan",
    "Tile",
    "cut_tiles",
    "item_bounds",
    "leaves",
    "plan_tiles",
    "split_lines",
    "tile_items",
]

import bisect
import functools
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy
import shapely
from shapely import STRtree
from shapely import box as make_box
from shapely.geometry import Polygon as Region
from shapely.geometry.base import BaseGeometry

from ..foundation.fonts import text_width
from ..foundation.paper import Box
from ..foundation.values import frozen
from ..geometry import Point
from ..scene.shapes import Circle, Ellipse, Group, Item, Polygon, Rect, Style, Text
from .joins import AIR, Joins, join_tiles
from .linecuts import parts_by_tile, stroke_outline

#: Least width of a glue band, past the neighbouring tile's nearest cell edge, in mm.
OVERLAP = 10.0
_SPANNING = -1  # owner of shapes drawn on every tile
_EPS = 1e-6
_GRAZE = 0.01  # mm²: less of a shape on a cell's area is where it merely touches the area

#: The lowest and highest centre, along one axis, of cells that no cut may part.
_Interval = tuple[float, float]
_Bonds = tuple[_Interval, ...]
#: A shape's bonds along x and along y.
_Bond = tuple[_Interval, _Interval]


def item_bounds(item: Item) -> Box | None:
    """A box that surely holds everything ``item`` paints, or None when that is unknown."""
    if isinstance(item, Text):
        width = text_width(item.text, item.size, item.bold, symbols=item.symbols, fonts=item.fonts)
        left = item.x - width * {"start": 0.0, "middle": 0.5, "end": 1.0}[item.anchor]
        return Box(left, item.y - 1.1 * item.size, width, 1.45 * item.size)  # accents, descenders
    if isinstance(item, Group):
        found = [Box(*item.clip)] if item.clip is not None else [item_bounds(child) for child in item.items]
        boxes = [box for box in found if box is not None]
        if not boxes or len(boxes) < len(found):
            return None
        x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
        x1, y1 = max(b.right for b in boxes), max(b.bottom for b in boxes)
        k = item.scale
        return Box(item.dx + k * x0, item.dy + k * y0, k * (x1 - x0), k * (y1 - y0))
    pad = item.style.stroke_width / 2 if item.style.stroke else 0.0
    if isinstance(item, Rect):
        box = Box(item.x, item.y, item.width, item.height)
    elif isinstance(item, Circle):
        box = Box(item.cx - item.r, item.cy - item.r, 2 * item.r, 2 * item.r)
    elif isinstance(item, Ellipse):  # the exact box of the turned ellipse
        a = math.radians(item.angle)
        hw = math.hypot(item.rx * math.cos(a), item.ry * math.sin(a))
        hh = math.hypot(item.rx * math.sin(a), item.ry * math.cos(a))
        box = Box(item.cx - hw, item.cy - hh, 2 * hw, 2 * hh)
    elif not item.points:
        return None
    else:
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        box = Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        pad *= _miter(item.points, item.closed)
    return box.inset(-pad, -pad, -pad, -pad)


def _miter(points: Sequence[Point], closed: bool) -> float:
    """How far past a vertex a stroke's mitred corner reaches, in half stroke widths:
    1 / sin(half the sharpest angle), at most the PDF miter limit, 10."""
    n = len(points)
    worst = 1.0
    for i in range(n if closed else n - 2):
        a, b, c = (
            points[i - 1 if closed else i],
            points[i if closed else i + 1],
            points[(i + 1) % n if closed else i + 2],
        )
        u, v = (a[0] - b[0], a[1] - b[1]), (c[0] - b[0], c[1] - b[1])
        lu, lv = math.hypot(*u), math.hypot(*v)
        if lu < _EPS or lv < _EPS:
            continue
        cos = max(-1.0, min(1.0, (u[0] * v[0] + u[1] * v[1]) / (lu * lv)))
        half = math.acos(cos) / 2
        worst = max(worst, 10.0 if half < _EPS else min(10.0, 1 / math.sin(half)))
    return worst


@dataclass
class _Node:
    """A shape or group of the artwork, with its box in artwork coordinates; a leaf
    (``children`` None) has an owner tile, a group the set of tiles below it."""

    item: Item
    box: Box | None
    children: tuple[_Node, ...] | None
    corners: tuple[Point, ...] = ()  # a cell's outline (artwork coordinates), for anchoring
    outline: tuple[Point, ...] = ()  # any closed polygon's or line stroke's outline (artwork coordinates)
    owner: int = _SPANNING
    tiles: frozenset[int] = frozenset()
    line: bool = False  # a line between points (or a part of one), shared out along the cells
    whole: Item | None = None  # for the parts of a line split between tiles: the line

    @property
    def claim(self) -> tuple[Point, ...]:
        """The outline of what the shape claims exactly, with no air around it: a
        cell's, a line's (each half ends exactly on the edge of its cells)."""
        return self.corners or (self.outline if self.line else ())


#: The groups holding the lines between points (:mod:`.surface`): their halves have no
#: say in where tiles are cut (the cells under them cover them) and are shared out
#: between the tiles whose cells they lie on.
_LINES = "lines"


def _tree(item: Item, dx: float, dy: float, k: float, within: str | None) -> _Node:
    if isinstance(item, Group) and item.clip is None:
        inner = (dx + k * item.dx, dy + k * item.dy, k * item.scale)
        kind = within or (item.label if item.label in ("cells", _LINES) else None)
        children = tuple(_tree(child, *inner, kind) for child in item.items)
        return _Node(item, None, children)
    if within == _LINES and isinstance(item, Polygon) and not item.closed and item.style.stroke:
        points = [(dx + k * x, dy + k * y) for x, y in item.points]
        painted = stroke_outline(points, k * item.style.stroke_width)
        if not painted:  # a line of no length paints nothing
            return _Node(item, None, None, line=True)
        xs, ys = [p[0] for p in painted], [p[1] for p in painted]
        exact = Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        return _Node(item, exact, None, (), painted, line=True)
    box = item_bounds(item)
    placed = None if box is None else Box(dx + k * box.x, dy + k * box.y, k * box.width, k * box.height)
    outline: tuple[Point, ...] = ()
    if isinstance(item, Rect):
        x, y, w, h = (dx + k * item.x, dy + k * item.y, k * item.width, k * item.height)
        outline = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    elif isinstance(item, Polygon) and item.closed and len(item.points) >= 3:
        outline = tuple((dx + k * px, dy + k * py) for px, py in item.points)
    elif isinstance(item, (Circle, Ellipse)):  # a 32-gon on its edge, stroke included
        pad = item.style.stroke_width / 2 if item.style.stroke else 0.0
        rx, ry, turn = (item.r, item.r, 0.0) if isinstance(item, Circle) else (item.rx, item.ry, item.angle)
        cx, cy, a = dx + k * item.cx, dy + k * item.cy, math.radians(turn)
        outline = tuple(
            (
                cx + k * ((rx + pad) * math.cos(t) * math.cos(a) - (ry + pad) * math.sin(t) * math.sin(a)),
                cy + k * ((rx + pad) * math.cos(t) * math.sin(a) + (ry + pad) * math.sin(t) * math.cos(a)),
            )
            for t in (2 * math.pi * i / 32 for i in range(32))
        )
    return _Node(item, placed, None, outline if within == "cells" else (), outline)


def _leaves(nodes: Sequence[_Node]) -> Iterator[_Node]:
    for node in nodes:
        if node.children is None:
            yield node
        else:
            yield from _leaves(node.children)


def _cuts(spans: list[tuple[float, float, float]], room: float, bonds: _Bonds = ()) -> list[float]:
    """Cut positions along one axis: ``spans`` are (centre, low, high) of every shape;
    each tile takes the shapes whose centres fall in it, and must hold them plus a glue
    band reaching OVERLAP past the next tile's nearest shape, within ``room`` mm. No cut
    falls inside one of the ``bonds`` (low, high centres: see :func:`_bonds`)."""
    spans.sort()
    n = len(spans)
    after = [math.inf] * (n + 1)  # lowest edge of the shapes from index j on
    for j in range(n - 1, -1, -1):
        after[j] = min(spans[j][1], after[j + 1])
    cuts: list[float] = []
    i = 0
    while i < n:
        low, high, best, j = math.inf, -math.inf, None, i
        while j < n:
            centre = spans[j][0]
            while j < n and spans[j][0] <= centre + _EPS:
                low, high = min(low, spans[j][1]), max(high, spans[j][2])
                j += 1
            if high - low > room + _EPS:
                break
            if (high if j == n else max(high, after[j] + OVERLAP)) - low <= room + _EPS and (
                j == n or not _bonded(bonds, spans[j - 1][0], spans[j][0])
            ):
                best = j
        if best is None:
            raise ValueError("the paper is too small for one cell of this board")
        if best < n:
            cuts.append((spans[best - 1][0] + spans[best][0]) / 2)
        i = best
    return cuts


def _share(
    shapes: list[_Node], centres: dict[int, Point], ys: list[float], width: float, bonds: dict[int, _Bond]
) -> dict[tuple[int, int], list[_Node]]:
    """The shapes of each tile (column, row), for row cuts ``ys``: each row band is cut
    into columns of its own, spread evenly, never between the cells a shape of the band
    lies on (its column ``bonds``)."""
    bands: dict[int, list[_Node]] = {}
    for leaf in shapes:
        bands.setdefault(bisect.bisect(ys, centres[id(leaf)][1]), []).append(leaf)
    cell_of: dict[tuple[int, int], list[_Node]] = {}
    for r, band in bands.items():
        xs = _balanced(
            [(centres[id(leaf)][0], leaf.box.x, leaf.box.right) for leaf in band if leaf.box],
            width,
            tuple(sorted(bonds[id(leaf)][0] for leaf in band if id(leaf) in bonds)),
        )
        for leaf in band:
            cell_of.setdefault((bisect.bisect(xs, centres[id(leaf)][0]), r), []).append(leaf)
    return cell_of


def _balanced(spans: list[tuple[float, float, float]], room: float, bonds: _Bonds = ()) -> list[float]:
    """The fewest cuts :func:`_cuts` finds, spread evenly: the same number of tiles
    with the smallest room that still needs no more, so that the last tile is not a
    thin remainder."""
    return list(_balanced_cuts(tuple(sorted(spans)), room, bonds))


@functools.lru_cache(maxsize=256)
def _balanced_cuts(
    spans: tuple[tuple[float, float, float], ...], room: float, bonds: _Bonds
) -> tuple[float, ...]:
    """:func:`_balanced` for sorted ``spans``, remembered: a board's pages in every
    language, and the booklet's, cut the same shapes the same way, and the search for
    the smallest room runs :func:`_cuts` thirty times."""
    return tuple(_spread(list(spans), room, bonds))


def _spread(spans: list[tuple[float, float, float]], room: float, bonds: _Bonds) -> list[float]:
    cuts = _cuts(spans, room, bonds)
    low, high = 0.0, room
    for _ in range(30):
        middle = (low + high) / 2
        try:
            fewest = len(_cuts(spans, middle, bonds)) == len(cuts)
        except ValueError:  # a cell no longer fits
            fewest = False
        low, high = (low, middle) if fewest else (middle, high)
    return _cuts(spans, high, bonds)


def _bonded(bonds: _Bonds, before: float, after: float) -> bool:
    """Whether a cut between the centres ``before`` and ``after`` would part cells that
    one of the ``bonds`` holds together."""
    return any(low <= before + _EPS and after <= high + _EPS for low, high in bonds)


def _bonds(shapes: list[_Node], centres: dict[int, Point], regions: _Regions) -> dict[int, _Bond]:
    """The shapes lying on the areas of two cells or more (a word printed across the
    river of Xiangqi, between two rows of points), each with the span of centres (its
    cells' and its own) that no column and no row cut may fall inside: a tile keeps its
    cells exactly, so a cut between those cells would hide or cut off part of the shape.
    A shape merely touching a cell, or reaching into it by less than :data:`_GRAZE`, does
    not count; neither do the cells themselves, nor a shape on one cell only."""
    cells = [leaf for leaf in shapes if leaf.corners and leaf.box]
    areas = [regions.outline(leaf.corners) for leaf in cells]
    index = STRtree(areas)
    found: dict[int, _Bond] = {}
    for leaf in shapes:
        if leaf.corners or leaf.box is None:
            continue
        painted = regions.body(leaf.outline, leaf.box)
        under = [
            cells[i]
            for i in sorted(int(i) for i in index.query(painted))
            if painted.intersection(areas[i]).area > _GRAZE
        ]
        if len(under) < 2:
            continue
        xs, ys = zip(*(centres[id(cell)] for cell in (*under, leaf)), strict=True)
        found[id(leaf)] = ((min(xs), max(xs)), (min(ys), max(ys)))
    return found


@frozen
class Tile:
    """One page's part of the board. ``number`` counts tiles in reading order from 1."""

    number: int
    column: int
    row: int
    window: Box  # what the page shows, artwork coordinates
    own: Box  # the tile's own shapes (the window without its glue bands)
    outer: tuple[bool, bool, bool, bool]  # left, top, right, bottom: an edge of the whole board
    joins: Joins  # what it keeps, shows once glued, where it is cut, what lies on it

    @property
    def cut(self) -> tuple[tuple[Point, ...], ...]:
        """The lines (artwork coordinates) along which this tile is cut out."""
        return self.joins.cut

    def name(self, total: int) -> str:
        """``"2/4"``: never mistaken for a square's name (``a1``) or number (``12``)."""
        return f"{self.number}/{total}"


@frozen
class Plan:
    """How a board is cut: its tiles, and the shapes each one prints."""

    tiles: tuple[Tile, ...]
    columns: int
    rows: int
    nodes: tuple[_Node, ...]


def plan_tiles(items: Sequence[Item], room: tuple[float, float]) -> Plan:
    """Tiles of at most ``room`` (width, height) mm covering the artwork ``items``."""
    return cut_tiles(items, room).plan()


class Cut:
    """Where a board is cut into tiles (which shapes each tile holds), before the tiles
    are finished (lines shared out, glue bands and joins laid): enough to count the
    tiles, about half the work of a :class:`Plan`. A board that may be printed either
    way round is cut both ways and only the way with fewer tiles is finished."""

    def __init__(self, parts: tuple[Any, ...]) -> None:
        self._parts = parts
        self.count: int = len(parts[-1])
        self._plan: Plan | None = None

    def plan(self) -> Plan:
        """The finished plan (finished once: finishing changes the cut's shapes)."""
        if self._plan is None:
            self._plan = _finish(*self._parts)
            self._parts = ()
        return self._plan


def cut_tiles(items: Sequence[Item], room: tuple[float, float]) -> Cut:
    """The tiles of at most ``room`` mm that :func:`plan_tiles` makes, before finishing."""
    nodes = tuple(_tree(item, 0.0, 0.0, 1.0, None) for item in items)
    width, height = room
    placed = [leaf for leaf in _leaves(nodes) if leaf.box is not None]
    boxes = [(leaf, leaf.box) for leaf in placed if leaf.box is not None]
    fitting = [leaf for leaf, box in boxes if box.width <= width and box.height <= height]
    lines = [leaf for leaf in fitting if leaf.line]
    shapes = [leaf for leaf in fitting if not leaf.line]
    if not shapes:
        raise ValueError("nothing to tile")
    anchors = _Anchors([leaf for leaf in shapes if leaf.corners])
    centres = {id(leaf): anchors.centre(leaf) for leaf in shapes}
    regions = _Regions(placed)
    bonds = _bonds(shapes, centres, regions)
    rows_bonds = tuple(sorted(bond[1] for bond in bonds.values()))
    # Rows first, then each row's own columns: a row of tiles is cut where its own
    # shapes allow, whatever the rows above and below need. Rows spread evenly unless
    # that costs a tile.
    ys_spans = [(centres[id(leaf)][1], leaf.box.y, leaf.box.bottom) for leaf in shapes if leaf.box]
    fewest = _share(shapes, centres, _cuts(ys_spans, height, rows_bonds), width, bonds)
    even = _share(shapes, centres, _balanced(ys_spans, height, rows_bonds), width, bonds)
    cell_of = _with_containers(even if len(even) <= len(fewest) else fewest)
    return Cut((nodes, lines, regions, room, cell_of))


def _finish(
    nodes: tuple[_Node, ...],
    lines: list[_Node],
    regions: _Regions,
    room: tuple[float, float],
    cell_of: dict[tuple[int, int], list[_Node]],
) -> Plan:
    """The :class:`Plan` of a :class:`Cut`."""
    width, height = room
    columns, rows = 1 + max(k[0] for k in cell_of), 1 + max(k[1] for k in cell_of)
    keys = sorted(cell_of, key=lambda k: (k[1], k[0]))
    numbers = {key: n for n, key in enumerate(keys, start=1)}
    for key, leaves in cell_of.items():
        for leaf in leaves:
            leaf.owner = numbers[key]
    for number, parts in _share_lines(lines, cell_of, numbers, regions).items():
        cell_of[keys[number - 1]].extend(parts)
    _mark(nodes)
    owns = {key: _union(list(_boxes(cell_of[key]))) for key in keys}
    frames: list[tuple[tuple[int, int], Box, Box, tuple[bool, bool, bool, bool]]] = []
    for key in keys:
        c, r = key
        mine = owns[key]
        x0, y0, x1, y1 = mine.x, mine.y, mine.right, mine.bottom
        right = [k for k in keys if k == (c + 1, r)]
        below = [k for k in keys if k[1] == r + 1 and _across(owns[k], mine)]
        above = [k for k in keys if k[1] == r - 1 and _across(owns[k], mine)]
        reach_x = min((b.x for k in right for b in _boxes(cell_of[k])), default=None)
        under = [b.y for k in below for b in _boxes(cell_of[k]) if b.right > x0 and b.x < x1]
        reach_y = min(under, default=None)
        if reach_x is not None:
            x1 = max(x1, min(reach_x + OVERLAP, x0 + width))
        if reach_y is not None:
            y1 = max(y1, min(reach_y + OVERLAP, y0 + height))
        outer = (not any(k[1] == r and k[0] < c for k in keys), not above, reach_x is None, reach_y is None)
        frames.append((key, Box(x0, y0, x1 - x0, y1 - y0), mine, outer))
    prints = regions.footprints([[leaf for leaf in cell_of[key] if leaf.box] for key in keys])
    bodies = [
        [regions.body(leaf.outline, leaf.box) for leaf in cell_of[key] if leaf.box is not None]
        for key in keys
    ]
    cells = [
        [regions.body(leaf.corners, leaf.box) for leaf in cell_of[key] if leaf.corners and leaf.box]
        for key in keys
    ]
    joins = join_tiles([f[1] for f in frames], prints, bodies, cells, [f[3] for f in frames])
    tiles = [
        Tile(numbers[key], key[0], key[1], window, mine, outer, joined)
        for (key, window, mine, outer), joined in zip(frames, joins, strict=True)
    ]
    return Plan(tuple(tiles), columns, rows, nodes)


class _Regions:
    """The shapes' outlines as polygons, each made once, the first ones all at once: a
    cell's outline is its footprint, its body and its area alike, and made one by one
    with :class:`shapely.geometry.Polygon` (five times a cell) they took a third of the
    planning. The same polygons as made one by one, so the same tiles."""

    def __init__(self, leaves: Iterable[_Node]) -> None:
        rings = list({id(leaf.outline): leaf.outline for leaf in leaves if len(leaf.outline) >= 3}.values())
        self._made: dict[int, tuple[Sequence[Point], Region]] = {}
        if rings:
            points = numpy.array([point for ring in rings for point in ring], dtype=float)
            which = numpy.repeat(numpy.arange(len(rings)), [len(ring) for ring in rings])
            made: Any = shapely.polygons(shapely.linearrings(points, indices=which))  # an array of them
            polygons: list[Region] = list(made)
            self._made = {id(ring): (ring, polygon) for ring, polygon in zip(rings, polygons, strict=True)}

    def outline(self, points: Sequence[Point]) -> Region:
        """``Polygon(points)``, made once."""
        found = self._made.get(id(points))
        if found is None or found[0] is not points:
            found = self._made[id(points)] = (points, Region(points))
        return found[1]

    def body(self, outline: Sequence[Point], box: Box) -> BaseGeometry:
        """What a shape paints (:func:`.joins.body`): its ``outline``, else its box."""
        return self.outline(outline) if len(outline) >= 3 else make_box(box.x, box.y, box.right, box.bottom)

    def footprints(self, tiles: list[list[_Node]]) -> list[list[BaseGeometry]]:
        """The area each shape claims (:func:`.joins.footprint`), per tile: exactly its
        outline for a cell or a line between points, else its body with :data:`.joins.AIR`
        around (all widened by one call)."""
        found: list[list[BaseGeometry]] = []
        loose: list[tuple[int, int, BaseGeometry]] = []
        for t, leaves in enumerate(tiles):
            found.append([])
            for leaf in leaves:
                assert leaf.box is not None
                if len(leaf.claim) >= 3:
                    found[t].append(self.outline(leaf.claim))
                else:
                    loose.append((t, len(found[t]), self.body(leaf.outline, leaf.box)))
                    found[t].append(Region())
        if loose:
            widened = shapely.buffer(numpy.array([g for _, _, g in loose]), AIR, join_style="mitre")
            for (t, n, _), geometry in zip(loose, widened, strict=True):
                found[t][n] = geometry
        return found


def _with_containers(cell_of: dict[tuple[int, int], list[_Node]]) -> dict[tuple[int, int], list[_Node]]:
    """``cell_of`` with every shape drawn inside an oval or disc (a number, a pawn's
    spot) on the tile of that oval: the two are printed together, never split at a join."""
    home = {id(leaf): key for key, found in cell_of.items() for leaf in found}
    rounds = sorted(
        (leaf for found in cell_of.values() for leaf in found if isinstance(leaf.item, (Circle, Ellipse))),
        key=lambda leaf: -(leaf.box.width * leaf.box.height if leaf.box else 0.0),
    )
    moved: dict[tuple[int, int], list[_Node]] = {key: [] for key in cell_of}
    for key, found in cell_of.items():
        for leaf in found:
            box = leaf.box
            outer = next(
                (r for r in rounds if r is not leaf and box and r.box and r.box.contains(box, 0.01)), None
            )
            moved[key if outer is None else home[id(outer)]].append(leaf)
    return {key: found for key, found in moved.items() if found}


def _share_lines(
    lines: list[_Node],
    cell_of: dict[tuple[int, int], list[_Node]],
    numbers: dict[tuple[int, int], int],
    regions: _Regions,
) -> dict[int, list[_Node]]:
    """The lines between points on each tile (by number): a line lying on the cells of
    one tile belongs to it whole; one reaching onto another tile's cells becomes a group
    of its parts, each a filled outline belonging to the tile whose cells it lies on
    (:mod:`.linecuts`). A line on no cell at all stays on every tile."""
    areas = [
        (numbers[key], regions.outline(leaf.corners))
        for key, found in cell_of.items()
        for leaf in found
        if leaf.corners
    ]
    index = STRtree([area for _, area in areas])
    shared: dict[int, list[_Node]] = {}
    for leaf in lines:
        assert leaf.box is not None
        near = sorted(
            int(i) for i in index.query(make_box(leaf.box.x, leaf.box.y, leaf.box.right, leaf.box.bottom))
        )
        tiles = {areas[i][0] for i in near}
        parts = (
            parts_by_tile(regions.outline(leaf.outline), [areas[i] for i in near]) if len(tiles) > 1 else {}
        )
        if len(tiles) == 1 or len(parts) == 1:  # near the cells of one tile, or on them
            leaf.owner = next(iter(parts or tiles))
            shared.setdefault(leaf.owner, []).append(leaf)
        elif parts:
            _split(leaf, parts, shared)
    return shared


def _split(leaf: _Node, parts: dict[int, list[Region]], shared: dict[int, list[_Node]]) -> None:
    """Turn ``leaf`` (a stroked line) into a group of its ``parts`` on each tile, filled
    in the line's ink."""
    assert isinstance(leaf.item, Polygon) and leaf.item.style.stroke is not None
    ink = Style(fill=leaf.item.style.stroke, opacity=leaf.item.style.opacity)
    pieces: list[_Node] = []
    for number, polygons in parts.items():
        for polygon in polygons:
            outline = tuple((round(x, 4), round(y, 4)) for x, y in polygon.exterior.coords[:-1])
            piece = Polygon(outline, ink)
            node = _Node(piece, item_bounds(piece), None, (), outline, number, line=True)
            shared.setdefault(number, []).append(node)
            pieces.append(node)
    leaf.whole, leaf.item = leaf.item, Group(tuple(node.item for node in pieces), label="line parts")
    leaf.box, leaf.children, leaf.outline = None, tuple(pieces), ()


def split_lines(plan: Plan) -> Iterator[tuple[Item, tuple[Item, ...]]]:
    """Each line of the artwork that the plan splits between tiles, with its parts."""

    def walk(nodes: Sequence[_Node]) -> Iterator[tuple[Item, tuple[Item, ...]]]:
        for node in nodes:
            if node.whole is not None:
                yield node.whole, tuple(part.item for part in node.children or ())
            elif node.children is not None:
                yield from walk(node.children)

    return walk(plan.nodes)


class _Anchors:
    """Where a shape counts as standing, for cutting: a cell at its centre; any other
    shape near the cells (a label, a number) at the nearest cell centre line on each
    axis (within a cell's size), so that it stays on the tile of the row and column it
    names; shapes farther out (a scoring track's ovals) at their own centre."""

    def __init__(self, cells: list[_Node]) -> None:
        boxes = [cell.box for cell in cells if cell.box is not None]
        found = [_middle(box) for box in boxes]
        self.xs = sorted({round(x, 6) for x, _ in found})
        self.ys = sorted({round(y, 6) for _, y in found})
        self.reach = sorted(min(b.width, b.height) for b in boxes)[len(boxes) // 2] if boxes else 0.0

    def centre(self, leaf: _Node) -> Point:
        assert leaf.box is not None
        x, y = _middle(leaf.box)
        if leaf.corners or not self.xs:
            return x, y
        return _nearest(self.xs, x, self.reach), _nearest(self.ys, y, self.reach)


def _middle(box: Box) -> Point:
    return box.x + box.width / 2, box.y + box.height / 2


def _nearest(values: list[float], x: float, reach: float) -> float:
    """The value nearest ``x``, if within ``reach``; else ``x``."""
    i = bisect.bisect(values, x)
    best = min(values[max(0, i - 1) : i + 1], key=lambda v: abs(v - x))
    return best if abs(best - x) <= reach else x


def _union(boxes: list[Box]) -> Box:
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    return Box(x0, y0, max(b.right for b in boxes) - x0, max(b.bottom for b in boxes) - y0)


def _across(a: Box, b: Box) -> bool:
    """Whether two boxes share some stretch of the x axis."""
    return a.x < b.right and b.x < a.right


def _boxes(leaves: list[_Node]) -> Iterator[Box]:
    return (leaf.box for leaf in leaves if leaf.box is not None)


def _mark(nodes: Sequence[_Node]) -> frozenset[int]:
    """Fill in each group's set of tiles (leaves drawn everywhere count as every tile)."""
    found: set[int] = set()
    for node in nodes:
        if node.children is None:
            node.tiles = frozenset({node.owner})
        else:
            node.tiles = _mark(node.children)
        found |= node.tiles
    return frozenset(found)


def leaves(plan: Plan) -> Iterator[_Node]:
    """Every shape of the planned artwork (each with its box and owner tile)."""
    return _leaves(plan.nodes)


def tile_items(plan: Plan, tile: Tile) -> tuple[Item, ...]:
    """The shapes ``tile``'s page prints: its own, and those drawn on every tile."""
    kept = (_pick(node, tile.number) for node in plan.nodes)
    return tuple(item for item in kept if item is not None)


def _pick(node: _Node, number: int) -> Item | None:
    if number not in node.tiles and _SPANNING not in node.tiles:
        return None
    if node.children is None:
        return node.item
    group = node.item
    assert isinstance(group, Group)
    kept = tuple(item for item in (_pick(child, number) for child in node.children) if item is not None)
    if len(kept) == len(group.items) and all(a is b for a, b in zip(kept, group.items, strict=True)):
        return group  # nothing cut, at any depth
    return Group(kept, group.dx, group.dy, group.scale, group.clip, group.label) if kept else None
