"""What a laser cutter does to a sheet: cut through, engrave areas, score lines.

A :class:`CutPlan` is the maker's counterpart of a scene: three kinds of work in
millimetres (origin top-left, y down, as in a scene). :func:`plan_from_scene` reads a
board's printed scene: dark fills become engraving, strokes become score lines (a
scored line is a light pass that marks without cutting), and the sheet's outline is
the one cut. Deciding by the paint, not by the board's kind, means every board shape
that prints also engraves: squares, hexagons, a scoring track's ovals, Go's lines.
Text is left out (a laser engraves outlines, and labels are not worth the time on
wood); the plan says so in its notes.
"""

from __future__ import annotations

__all__ = ["CutPlan", "Disc", "Path", "Shape", "flatten", "plan_from_scene"]

import math
from collections.abc import Iterator

from ..foundation.values import frozen
from ..scene.shapes import Circle, Ellipse, Group, Item, Polygon, Rect, Scene, Style, Text

Point = tuple[float, float]

#: A fill this much darker (luminance, 0..1) than the lightest fill of the picture is
#: engraved; the lightest fill is the bare wood. Dark squares, a shaded ring, stars.
ENGRAVE_STEP = 0.12
#: Segments of a circle or an ellipse turned into a polygon (an arc a laser follows smoothly).
_ARC_STEPS = 72


@frozen
class Path:
    """A polyline, closed when it ends where it starts (``closed``)."""

    points: tuple[Point, ...]
    closed: bool = True


@frozen
class Disc:
    """A circle, or a ring when ``hole`` (the inner radius) is positive."""

    cx: float
    cy: float
    r: float
    hole: float = 0.0


Shape = Path | Disc


@frozen
class CutPlan:
    """One sheet of material ``width`` x ``height`` mm and the three kinds of work on it."""

    width: float
    height: float
    cut: tuple[Shape, ...]
    engrave: tuple[Shape, ...]
    score: tuple[Shape, ...]
    title: str = ""


def _luminance(colour: str) -> float:
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _ellipse(item: Ellipse) -> tuple[Point, ...]:
    turn = math.radians(item.angle)
    cos, sin = math.cos(turn), math.sin(turn)
    points = []
    for step in range(_ARC_STEPS):
        a = 2 * math.pi * step / _ARC_STEPS
        x, y = item.rx * math.cos(a), item.ry * math.sin(a)
        points.append((item.cx + x * cos - y * sin, item.cy + x * sin + y * cos))
    return tuple(points)


def flatten(items: tuple[Item, ...], dx: float = 0.0, dy: float = 0.0, scale: float = 1.0) -> Iterator[Item]:
    """Every shape of ``items`` with its groups' moves and scales applied (text kept as is)."""
    for item in items:
        if isinstance(item, Group):
            yield from flatten(item.items, dx + item.dx * scale, dy + item.dy * scale, scale * item.scale)
            continue
        if scale == 1.0 and dx == 0.0 and dy == 0.0:
            yield item
        elif isinstance(item, Rect):
            yield Rect(
                dx + item.x * scale, dy + item.y * scale, item.width * scale, item.height * scale, item.style
            )
        elif isinstance(item, Circle):
            yield Circle(dx + item.cx * scale, dy + item.cy * scale, item.r * scale, item.style)
        elif isinstance(item, Ellipse):
            yield Ellipse(
                dx + item.cx * scale,
                dy + item.cy * scale,
                item.rx * scale,
                item.ry * scale,
                item.angle,
                item.style,
            )
        elif isinstance(item, Polygon):
            moved = tuple((dx + x * scale, dy + y * scale) for x, y in item.points)
            yield Polygon(moved, item.style, item.closed)
        else:
            yield item


def _shape(item: Item) -> Shape | None:
    if isinstance(item, Rect):
        x, y, w, h = item.x, item.y, item.width, item.height
        return Path(((x, y), (x + w, y), (x + w, y + h), (x, y + h)))
    if isinstance(item, Circle):
        return Disc(item.cx, item.cy, item.r)
    if isinstance(item, Ellipse):
        return Path(_ellipse(item))
    if isinstance(item, Polygon):
        return Path(item.points, item.closed)
    return None


def _engraved(style: Style, closed: bool, wood: float) -> bool:
    fill = style.fill
    return closed and fill is not None and style.opacity > 0 and _luminance(fill) < wood - ENGRAVE_STEP


def _styled(item: Item) -> tuple[Shape, Style] | None:
    shape = _shape(item)
    if shape is None or isinstance(item, (Text, Group)):
        return None
    return shape, item.style


def plan_from_scene(scene: Scene, margin: float = 0.0) -> CutPlan:
    """The laser work for a printed picture: its sheet (and ``margin`` mm of material
    around it) cut out, dark areas engraved, lines scored."""
    engrave: list[Shape] = []
    score: list[Shape] = []
    shapes = [s for item in flatten(scene.items, margin, margin) if (s := _styled(item)) is not None]
    fills = [_luminance(style.fill) for _, style in shapes if style.fill is not None]
    wood = max(fills, default=1.0)
    for shape, style in shapes:
        closed = not isinstance(shape, Path) or shape.closed
        if _engraved(style, closed, wood):
            engrave.append(shape)
        if style.stroke is not None and style.stroke_width > 0:
            score.append(shape)
    width, height = scene.width + 2 * margin, scene.height + 2 * margin
    outline = Path(((0.0, 0.0), (width, 0.0), (width, height), (0.0, height)))
    return CutPlan(width, height, (outline,), tuple(engrave), tuple(score), scene.title)
