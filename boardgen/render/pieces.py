"""Men, kings and stones as drawn on diagrams and on the pieces sheet.

One drawing (:func:`counter_items`) serves both, so a printed counter looks like the
piece in the diagrams. On boards, pieces are grouped by player and by layer (discs,
then rings, then crowns): pieces never overlap, so the order between pieces does not
matter, and shapes that share their paint sit together, which the SVG writer turns
into one shared style per group.
"""

from __future__ import annotations

__all__ = [
    "OUTLINE",
    "artwork_items",
    "contrast",
    "counter_items",
    "crown",
    "glyph_item",
    "piece_items",
    "piece_radius",
]

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

from ..descriptor.model import Variant
from ..geometry import SquareGrid
from ..rules.base import PieceView
from ..scene.shapes import Circle, Group, Item, Polygon, Style, Text
from .layout import Layout
from .legible import MIN_TEXT_MM, OUTLINE, marked_players

if TYPE_CHECKING:  # only named in annotations: games without artwork never import it
    from ..descriptor.artwork import Artwork


def luminance(colour: str) -> float:
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(colour: str) -> str:
    """A dark ink on light fills and a light ink on dark ones."""
    return "#2a1d14" if luminance(colour) > 0.5 else "#f4eee0"


def piece_radius(variant: Variant, cell_size: float) -> float:
    """Radius of a piece on the board: it fills most of the cell and leaves a margin."""
    ratio = 0.37 if isinstance(variant.grid, SquareGrid) else 0.36
    return ratio * cell_size


@functools.lru_cache(maxsize=4096)
def _layers(
    cx: float, cy: float, radius: float, fill: str, kind: Literal["man", "king", "stone"]
) -> tuple[Item, Item | None, Item | None]:
    """The disc, the inner ring (men and kings) and the crown (kings) of one piece;
    kept (bounded), as diagrams of one game draw the same pieces on the same squares."""
    ink = contrast(fill)
    disc = Circle(cx, cy, radius, Style(fill=fill, stroke=OUTLINE, stroke_width=max(0.3, radius * 0.05)))
    if kind == "stone":
        return disc, None, None
    ring_style = Style(stroke=ink, stroke_width=max(0.25, radius * 0.04), opacity=0.6)
    ring = Circle(cx, cy, radius * 0.72, ring_style)
    return disc, ring, crown(cx, cy, radius * 0.55, ink) if kind == "king" else None


def counter_items(
    cx: float, cy: float, radius: float, fill: str, kind: Literal["man", "king", "stone"]
) -> list[Item]:
    """One piece centred at ``(cx, cy)``: a disc, a ring for men, a crown for kings."""
    return [item for item in _layers(cx, cy, radius, fill, kind) if item is not None]


def piece_items(variant: Variant, layout: Layout, pieces: Mapping[int, PieceView]) -> list[Item]:
    """The pieces on a board, one group per player and layer; the pieces of players whose
    colours greyscale cannot tell apart carry the player's letter (see :func:`marked_players`)."""
    radius = piece_radius(variant, layout.cell_size)
    groups: list[Item] = []
    marked = marked_players(variant)
    for player in variant.players:
        layers: tuple[list[Item], list[Item], list[Item]] = ([], [], [])
        for cell in sorted(c for c, p in pieces.items() if p.player == player.id):
            cx, cy = layout.centre(cell)
            shapes = _layers(cx, cy, radius, player.colour, pieces[cell].kind)
            for layer, item in zip(layers, shapes, strict=True):
                if item is not None:
                    layer.append(item)
        groups.extend(Group(tuple(layer)) for layer in layers if layer)
        glyphs = _glyphs(variant, layout, pieces, player.id, radius)
        if glyphs:
            groups.append(Group(tuple(glyphs), label=f"glyphs {player.id}"))
        if player.id in marked:
            ink = contrast(player.colour)
            letters: list[Item] = []
            for cell in sorted(c for c, p in pieces.items() if p.player == player.id):
                cx, cy = layout.centre(cell)
                if pieces[cell].shape:  # small, under the kind's glyph
                    size = max(MIN_TEXT_MM, 0.3 * radius)
                    letters.append(Text(cx, cy + 0.8 * radius, player.letter, size, ink, "middle", bold=True))
                else:
                    size = max(MIN_TEXT_MM, 0.9 * radius)
                    letters.append(Text(cx, cy + 0.36 * size, player.letter, size, ink, "middle", bold=True))
            if letters:
                groups.append(Group(tuple(letters), label=f"marks {player.id}"))
    return groups


def glyph_item(cx: float, cy: float, radius: float, glyph: str, symbols: bool, fill: str) -> Text:
    """A piece kind's glyph centred on a counter of ``radius`` filled ``fill``: a symbol
    (♚) nearly as large as the counter, letters smaller and bold."""
    ink = contrast(fill)
    if symbols:
        size = 1.35 * radius
        return Text(cx, cy + 0.36 * size, glyph, size, ink, "middle", symbols=True)
    size = max(MIN_TEXT_MM, (0.95 if len(glyph) == 1 else 0.7) * radius)
    return Text(cx, cy + 0.36 * size, glyph, size, ink, "middle", bold=True)


def artwork_items(cx: float, cy: float, radius: float, artwork: Artwork, fill: str) -> list[Item]:
    """The designer's artwork fitted inside a counter of ``radius`` filled ``fill`` (in the
    square the counter's inner ring holds), its ``currentColor`` in the counter's ink."""
    x0, y0, w, h = artwork.box
    side = 1.3 * radius
    k = side / max(w, h)
    ox, oy = cx - k * (x0 + w / 2), cy - k * (y0 + h / 2)
    ink = contrast(fill)
    items: list[Item] = []
    for shape in artwork.shapes:
        points = tuple((ox + k * x, oy + k * y) for x, y in shape.points)
        paint = Style(
            fill=ink if shape.fill == "ink" else shape.fill,
            stroke=ink if shape.stroke == "ink" else shape.stroke,
            stroke_width=max(0.1, k * shape.width) if shape.stroke else 0.0,
        )
        items.append(Polygon(points, paint, closed=shape.closed))
    return items


def _glyphs(
    variant: Variant, layout: Layout, pieces: Mapping[int, PieceView], player_id: str, radius: float
) -> list[Item]:
    """The glyphs of ``player_id``'s pieces of a declared kind."""
    colour = variant.player(player_id).colour
    found: list[Item] = []
    for cell in sorted(c for c, p in pieces.items() if p.player == player_id and p.shape):
        kind = variant.piece_kind(pieces[cell].shape)
        if kind is not None:
            cx, cy = layout.centre(cell)
            if kind.artwork is not None:
                found.append(Group(tuple(artwork_items(cx, cy, radius, kind.artwork, colour))))
            else:
                found.append(
                    glyph_item(cx, cy, radius, kind.glyph[player_id], kind.symbols(player_id), colour)
                )
    return found


def crown(cx: float, cy: float, size: float, ink: str) -> Polygon:
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
