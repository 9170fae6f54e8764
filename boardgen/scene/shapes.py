"""A backend-neutral picture: shapes and text in millimetres.

Layout code builds a :class:`Scene`; the SVG and PDF backends draw it. Because both
draw the very same scene, the SVG and the PDF of one board always agree, and a new
backend (PNG, HTML) touches nothing upstream.

Conventions: lengths are millimetres; the origin is the scene's top-left corner and
y grows downwards (as on a page and in SVG); colours are ``#rrggbb`` strings; text
positions are baselines.
"""

from __future__ import annotations

__all__ = [
    "Circle",
    "Document",
    "Ellipse",
    "Group",
    "Item",
    "Polygon",
    "Rect",
    "Scene",
    "Style",
    "Text",
]

from dataclasses import field
from typing import Literal

from ..foundation.fonts import FontSet, current_fonts
from ..foundation.values import frozen

Point = tuple[float, float]


@frozen
class Style:
    """How a shape is painted. ``None`` means no fill or no stroke."""

    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    dash: tuple[float, ...] = ()
    opacity: float = 1.0


@frozen
class Polygon:
    """A polygon, or an open polyline when ``closed`` is false."""

    points: tuple[Point, ...]
    style: Style
    closed: bool = True


@frozen
class Rect:
    """A rectangle: its top left corner, width and height in millimetres, and its paint."""

    x: float
    y: float
    width: float
    height: float
    style: Style


@frozen
class Circle:
    """A circle: its centre and radius in millimetres, and its paint."""

    cx: float
    cy: float
    r: float
    style: Style


@frozen
class Ellipse:
    """An ellipse turned ``angle`` degrees clockwise (on the page) about its centre."""

    cx: float
    cy: float
    rx: float
    ry: float
    angle: float
    style: Style


@frozen
class Text:
    """One line of text; ``size`` is the font size (em height) in millimetres."""

    x: float
    y: float
    text: str
    size: float
    fill: str = "#000000"
    anchor: Literal["start", "middle", "end"] = "start"
    bold: bool = False
    #: Set in the symbol font (piece glyphs: chess and draughts symbols), not the text font.
    symbols: bool = False
    #: The faces it was laid out in (the set in effect when it was made: see
    #: :func:`boardgen.foundation.fonts.typeface`); left out of the repr, which names a picture's clips.
    fonts: FontSet = field(default_factory=current_fonts, repr=False)


@frozen
class Group:
    """Items drawn scaled by ``scale`` then moved by ``(dx, dy)``, optionally clipped.

    ``clip`` is a rectangle ``(x, y, width, height)`` in the group's own (unscaled,
    unmoved) coordinates. ``label`` names the group for readers of the SVG.
    """

    items: tuple[Item, ...]
    dx: float = 0.0
    dy: float = 0.0
    scale: float = 1.0
    clip: tuple[float, float, float, float] | None = None
    label: str | None = None


Item = Polygon | Rect | Circle | Ellipse | Text | Group


@frozen
class Scene:
    """One page or one picture: its size in millimetres and what is on it.

    ``title`` and ``description`` are for people who cannot see the picture: the SVG
    backend writes them as ``<title>`` and ``<desc>``. ``background`` is the picture's
    own opaque ground, painted by backends that make a picture on its own (SVG), so it
    reads on a dark viewer; on paper (PDF pages) the sheet is the ground.
    """

    width: float
    height: float
    items: tuple[Item, ...]
    title: str = ""
    description: str = ""
    background: str | None = None


@frozen
class Document:
    """One or more pages, with the metadata a PDF carries."""

    pages: tuple[Scene, ...]
    title: str = ""
    subject: str = ""
    language: str = "en"
    keywords: tuple[str, ...] = field(default_factory=tuple)
