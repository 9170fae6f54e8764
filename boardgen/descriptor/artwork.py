"""A designer's own piece artwork: a small SVG file read into plain shapes.

A piece kind may give ``artwork: knight.svg`` (a path beside the descriptor) instead of
a glyph; its drawing is printed inside the counter, on boards, diagrams and the pieces
sheet, in SVG and PDF alike. So that every backend draws it the same, the file is read
here into outlines (lists of points in the SVG's own units, curves flattened) with a
fill and a stroke: ``path`` (every command, absolute and relative, arcs drawn as
straight chords), ``polygon``, ``polyline``, ``rect``, ``circle``, ``ellipse`` and
``line``, inside any ``g``; colours as ``#rgb``/``#rrggbb``, ``none`` or
``currentColor`` (the counter's ink, readable on the player's colour). Transforms,
gradients, text and embedded images are refused by name, as is a file over
:data:`MAX_ARTWORK_BYTES` or with more than :data:`MAX_ARTWORK_POINTS` points.
"""

from __future__ import annotations

__all__ = ["MAX_ARTWORK_BYTES", "MAX_ARTWORK_POINTS", "Artwork", "ArtworkError", "Shape", "read_artwork"]

import math
import re
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import BoardgenError
from ..foundation.inputfile import read_input
from ..foundation.values import frozen

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET

#: Largest artwork file read.
MAX_ARTWORK_BYTES = 256 * 1024
#: Most points all the artwork's outlines may have once curves are flattened.
MAX_ARTWORK_POINTS = 20_000
#: Straight pieces each curve segment is drawn with.
_CURVE_STEPS = 8

Point = tuple[float, float]


@frozen
class Shape:
    """One outline: its points, whether it closes, its fill and stroke (``ink``: the
    counter's contrasting colour; None: not painted) and stroke width, in SVG units."""

    points: tuple[Point, ...]
    closed: bool
    fill: str | None
    stroke: str | None
    width: float


@frozen
class Artwork:
    """The drawing: its shapes and the box (x, y, width, height) they are fitted by."""

    shapes: tuple[Shape, ...]
    box: tuple[float, float, float, float]


class ArtworkError(ValueError):
    """The file cannot be drawn; the message says why."""


_SVG = "{http://www.w3.org/2000/svg}"
_REFUSED = (
    "text",
    "image",
    "use",
    "linearGradient",
    "radialGradient",
    "pattern",
    "mask",
    "filter",
    "foreignObject",
)
#: A number in SVG (patterns compiled on first use, and kept by re: most processes never
#: need them).
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def read_artwork(path: str | Path) -> Artwork:
    """The artwork in the SVG file at ``path``; raises :class:`ArtworkError`.

    Read by :func:`boardgen.foundation.inputfile.read_input`: a regular file only (a
    device or FIFO is refused before it is opened for reading), and at most
    :data:`MAX_ARTWORK_BYTES` + 1 bytes of it."""
    try:
        data = read_input(path, limit=MAX_ARTWORK_BYTES)
    except BoardgenError as error:
        raise ArtworkError(error.message) from None
    if b"<!ENTITY" in data or b"<!DOCTYPE" in data:
        raise ArtworkError("a DOCTYPE or entity declaration (not read, for safety)")
    # Lazy for start-up speed: only a descriptor with artwork, read from its YAML, parses XML.
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(data)
    except ET.ParseError as error:
        raise ArtworkError(f"not well-formed XML ({error})") from None
    if root.tag not in (f"{_SVG}svg", "svg"):
        raise ArtworkError("not an SVG file (its root element is not <svg>)")
    shapes: list[Shape] = []
    _walk(root, shapes, {"fill": "#000000", "stroke": "none", "stroke-width": "1"})
    if not shapes:
        raise ArtworkError("no shape to draw")
    if sum(len(s.points) for s in shapes) > MAX_ARTWORK_POINTS:
        raise ArtworkError(f"more than {MAX_ARTWORK_POINTS:,} points")
    box = _view_box(root) or _bounds(shapes)
    if box[2] <= 0 or box[3] <= 0:
        raise ArtworkError("an empty drawing (no width or height)")
    return Artwork(tuple(shapes), box)


def _view_box(root: ET.Element) -> tuple[float, float, float, float] | None:
    value = root.get("viewBox")
    if value is None:
        return None
    numbers = [float(n) for n in re.findall(_NUMBER, value)]
    if len(numbers) != 4:
        raise ArtworkError(f"viewBox {value!r} is not four numbers")
    return numbers[0], numbers[1], numbers[2], numbers[3]


def _bounds(shapes: list[Shape]) -> tuple[float, float, float, float]:
    xs = [p[0] for s in shapes for p in s.points]
    ys = [p[1] for s in shapes for p in s.points]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _style(element: ET.Element, inherited: dict[str, str]) -> dict[str, str]:
    style = dict(inherited)
    for key in ("fill", "stroke", "stroke-width"):
        if element.get(key) is not None:
            style[key] = element.get(key, "")
    for part in (element.get("style") or "").split(";"):
        if ":" in part:
            key, value = (x.strip() for x in part.split(":", 1))
            if key in ("fill", "stroke", "stroke-width"):
                style[key] = value
    return style


def _paint(value: str) -> str | None:
    value = value.strip()
    if value == "none":
        return None
    if value == "currentColor":
        return "ink"
    if re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        return value.lower()
    if re.fullmatch(r"#[0-9a-fA-F]{3}", value):
        return "#" + "".join(ch * 2 for ch in value[1:]).lower()
    named = {"black": "#000000", "white": "#ffffff"}
    if value in named:
        return named[value]
    raise ArtworkError(f"colour {value!r}: give #rrggbb, #rgb, none or currentColor")


def _walk(element: ET.Element, shapes: list[Shape], inherited: dict[str, str]) -> None:
    for child in element:
        tag = child.tag.removeprefix(_SVG) if isinstance(child.tag, str) else ""
        if tag in _REFUSED:
            raise ArtworkError(f"<{tag}> is not drawn: use plain shapes (paths, polygons, circles)")
        if child.get("transform"):
            raise ArtworkError(
                f"<{tag}> has a transform: apply it to the shape first (Inkscape: Path > Object to Path)"
            )
        style = _style(child, inherited)
        if tag == "g":
            _walk(child, shapes, style)
            continue
        outlines = _outlines(tag, child)
        if outlines is None:
            continue  # title, desc, metadata, defs ...
        fill, stroke = _paint(style["fill"]), _paint(style["stroke"])
        width = _number(style["stroke-width"], "stroke-width")
        for points, closed in outlines:
            if len(points) >= 2:
                shapes.append(Shape(tuple(points), closed, fill if closed else None, stroke, width))


def _number(text: str | None, what: str) -> float:
    match = re.match(_NUMBER, (text or "0").strip())
    if match is None:
        raise ArtworkError(f"{what} {text!r} is not a number")
    return float(match.group())


def _outlines(tag: str, e: ET.Element) -> list[tuple[list[Point], bool]] | None:
    n = _number
    if tag == "rect":
        x, y, w, h = (
            n(e.get("x"), "x"),
            n(e.get("y"), "y"),
            n(e.get("width"), "width"),
            n(e.get("height"), "height"),
        )
        return [([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True)]
    if tag in ("circle", "ellipse"):
        cx, cy = n(e.get("cx"), "cx"), n(e.get("cy"), "cy")
        rx = n(e.get("r") if tag == "circle" else e.get("rx"), "r")
        ry = n(e.get("r") if tag == "circle" else e.get("ry"), "r")
        steps = 32
        return [
            (
                [
                    (cx + rx * math.cos(2 * math.pi * k / steps), cy + ry * math.sin(2 * math.pi * k / steps))
                    for k in range(steps)
                ],
                True,
            )
        ]
    if tag == "line":
        a = (n(e.get("x1"), "x1"), n(e.get("y1"), "y1"))
        b = (n(e.get("x2"), "x2"), n(e.get("y2"), "y2"))
        return [([a, b], False)]
    if tag in ("polygon", "polyline"):
        values = [float(v) for v in re.findall(_NUMBER, e.get("points") or "")]
        points = list(zip(values[::2], values[1::2], strict=False))
        return [(points, tag == "polygon")]
    if tag == "path":
        return _path(e.get("d") or "")
    return None


_TOKEN = r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def _path(d: str) -> list[tuple[list[Point], bool]]:
    """The subpaths of a path's ``d``: curves flattened, arcs as chords."""
    tokens = re.findall(_TOKEN, d)
    outlines: list[tuple[list[Point], bool]] = []
    points: list[Point] = []
    x = y = 0.0
    start = (0.0, 0.0)
    last_control: Point | None = None
    command = ""
    i = 0

    def take(count: int) -> list[float]:
        nonlocal i
        values = tokens[i : i + count]
        if len(values) < count or any(v.isalpha() for v in values):
            raise ArtworkError(f"path data ends early after {command!r}")
        i += count
        return [float(v) for v in values]

    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
        elif not command:
            raise ArtworkError("path data does not start with a command")
        upper, relative = command.upper(), command.islower()
        if upper == "Z":
            if points:
                outlines.append((points, True))
            points, (x, y) = [], start
            last_control = None
            command = ""
            continue
        values = take(_ARITY[upper])
        ox, oy = (x, y) if relative else (0.0, 0.0)
        if upper == "M":
            if points:
                outlines.append((points, False))
            x, y = ox + values[0], oy + values[1]
            start, points = (x, y), [(x, y)]
            command = "l" if relative else "L"  # further pairs are lines
            last_control = None
            continue
        if upper in ("L", "T"):
            end = (ox + values[0], oy + values[1])
            if upper == "T":
                control = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
                points += _quadratic((x, y), control, end)
                last_control = control
            else:
                points.append(end)
                last_control = None
            x, y = end
        elif upper == "H":
            x = ox + values[0]
            points.append((x, y))
            last_control = None
        elif upper == "V":
            y = oy + values[0]
            points.append((x, y))
            last_control = None
        elif upper == "C":
            c1, c2 = (ox + values[0], oy + values[1]), (ox + values[2], oy + values[3])
            end = (ox + values[4], oy + values[5])
            points += _cubic((x, y), c1, c2, end)
            last_control, (x, y) = c2, end
        elif upper == "S":
            c1 = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
            c2, end = (ox + values[0], oy + values[1]), (ox + values[2], oy + values[3])
            points += _cubic((x, y), c1, c2, end)
            last_control, (x, y) = c2, end
        elif upper == "Q":
            control, end = (ox + values[0], oy + values[1]), (ox + values[2], oy + values[3])
            points += _quadratic((x, y), control, end)
            last_control, (x, y) = control, end
        elif upper == "A":
            x, y = ox + values[5], oy + values[6]
            points.append((x, y))
            last_control = None
        if not points:
            points = [(x, y)]
    if points:
        outlines.append((points, False))
    return outlines


def _cubic(a: Point, b: Point, c: Point, d: Point) -> list[Point]:
    found = []
    for k in range(1, _CURVE_STEPS + 1):
        t = k / _CURVE_STEPS
        u = 1 - t
        found.append(
            (
                u**3 * a[0] + 3 * u * u * t * b[0] + 3 * u * t * t * c[0] + t**3 * d[0],
                u**3 * a[1] + 3 * u * u * t * b[1] + 3 * u * t * t * c[1] + t**3 * d[1],
            )
        )
    return found


def _quadratic(a: Point, b: Point, c: Point) -> list[Point]:
    found = []
    for k in range(1, _CURVE_STEPS + 1):
        t = k / _CURVE_STEPS
        u = 1 - t
        found.append(
            (u * u * a[0] + 2 * u * t * b[0] + t * t * c[0], u * u * a[1] + 2 * u * t * b[1] + t * t * c[1])
        )
    return found
