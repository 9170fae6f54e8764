"""Men, kings and stones as drawn on diagrams."""

from __future__ import annotations

__all__ = ["contrast", "piece_items"]

from collections.abc import Mapping

from ..descriptor.model import Variant
from ..geometry import SquareGrid
from ..rules.base import PieceView
from ..scene import Circle, Item, Polygon, Style
from .layout import Layout


def luminance(colour: str) -> float:
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(colour: str) -> str:
    """A dark ink on light fills and a light ink on dark ones."""
    return "#2a1d14" if luminance(colour) > 0.5 else "#f4eee0"


def piece_items(variant: Variant, layout: Layout, pieces: Mapping[int, PieceView]) -> list[Item]:
    ratio = 0.37 if isinstance(variant.grid, SquareGrid) else 0.36
    radius = ratio * layout.cell_size
    items: list[Item] = []
    for cell in sorted(pieces):
        piece = pieces[cell]
        fill = variant.player(piece.player).colour
        ink = contrast(fill)
        cx, cy = layout.centre(cell)
        outline = "#1b1410"
        items.append(
            Circle(cx, cy, radius, Style(fill=fill, stroke=outline, stroke_width=max(0.3, radius * 0.05)))
        )
        if piece.kind == "stone":
            continue
        items.append(
            Circle(
                cx, cy, radius * 0.72, Style(stroke=ink, stroke_width=max(0.25, radius * 0.04), opacity=0.6)
            )
        )
        if piece.kind == "king":
            items.append(_crown(cx, cy, radius * 0.55, ink))
    return items


def _crown(cx: float, cy: float, size: float, ink: str) -> Polygon:
    """A five-point crown, the usual mark of a king in diagrams."""
    w, h = size, size * 0.75
    top, base = cy - h / 2, cy + h / 2
    points = (
        (cx - w / 2, base),
        (cx - w / 2, top),
        (cx - w / 4, cy),
        (cx, top - h * 0.1),
        (cx + w / 4, cy),
        (cx + w / 2, top),
        (cx + w / 2, base),
    )
    return Polygon(points, Style(fill=ink))
