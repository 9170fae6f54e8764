"""Board pictures as scenes: the empty board to print, and positions on it.

One function draws both: the printable board is a position with no pieces. Sizes of
labels and pieces follow the cell size, so a small diagram and a true-scale board look
alike.
"""

from __future__ import annotations

__all__ = ["BoardOptions", "board_scene"]

from collections.abc import Mapping
from dataclasses import dataclass

from ..descriptor.model import Variant
from ..geometry import HexHexGrid, SquareGrid
from ..rules.base import PieceView
from ..scene import Group, Item, Polygon, Rect, Scene, Style, Text
from .describe import describe_position
from .layout import Layout
from .pieces import piece_items
from .track import TRACK_EXTENT, track_items


@dataclass(frozen=True)
class BoardOptions:
    cell_size: float
    coordinates: bool = True
    title: str = ""


def board_scene(
    variant: Variant, options: BoardOptions, pieces: Mapping[int, PieceView] | None = None
) -> Scene:
    """The board of ``variant`` with ``pieces`` on it, at ``options.cell_size`` mm."""
    grid = variant.grid
    size = options.cell_size
    label = _label_size(size)
    padding = (2.2 * label + 1.5) if options.coordinates else 1.5
    extent = TRACK_EXTENT(grid) if variant.scoring_track is not None else 0.0
    layout = Layout(grid, size, padding, extent)
    colours = variant.print.colours
    items: list[Item] = [_cells(variant, layout, colours)]
    if options.coordinates:
        items.append(_coordinates(variant, layout, label, colours["text"]))
    if variant.scoring_track is not None:
        placed = pieces is not None
        items.append(track_items(variant, layout, variant.scoring_track.maximum, pawns=placed))
    if pieces:
        items.append(Group(tuple(piece_items(variant, layout, pieces)), label="pieces"))
    title = options.title or variant.title["en"]
    description = describe_position(variant, pieces or {})
    return Scene(layout.width, layout.height, tuple(items), title=title, description=description)


def _label_size(cell_size: float) -> float:
    return max(2.5, min(5.0, 0.28 * cell_size))


def _cells(variant: Variant, layout: Layout, colours: Mapping[str, str]) -> Group:
    grid = variant.grid
    line = colours["line"]
    shapes: list[Item] = []
    if isinstance(grid, SquareGrid):
        fills = {"light": colours["light"], "dark": colours["dark"]}
        for cell in grid.cells():
            shapes.append(Polygon(layout.polygon(cell), Style(fill=fills[grid.colour(cell)])))
        x, y, w, h = layout.board_box
        shapes.append(Rect(x, y, w, h, Style(stroke=line, stroke_width=0.5)))
    else:
        restricted = variant.restricted
        edge = Style(stroke=line, stroke_width=0.35)
        for cell in grid.cells():
            fill = colours["restricted"] if cell in restricted else colours["cell"]
            shapes.append(
                Polygon(layout.polygon(cell), Style(fill=fill, stroke=edge.stroke, stroke_width=0.35))
            )
    return Group(tuple(shapes), label="cells")


def _coordinates(variant: Variant, layout: Layout, size: float, colour: str) -> Group:
    grid = variant.grid
    texts: list[Item] = []

    def put(cell: int, direction: str, text: str, distance: float) -> None:
        (cx, cy), (dx, dy) = layout.centre(cell), layout.direction(direction)
        texts.append(Text(cx + dx * distance, cy + dy * distance + 0.35 * size, text, size, colour, "middle"))

    if isinstance(grid, SquareGrid):
        reach = 0.5 + (0.5 * size + 1.5) / layout.cell_size
        for x in range(grid.width):
            cell = grid.at(x, 0)
            assert cell is not None
            put(cell, "s", grid.name(cell)[:-1], reach)
        for y in range(grid.height):
            cell = grid.at(0, y)
            assert cell is not None
            put(cell, "w", str(y + 1), reach)
        if variant.board.pdn:
            texts.extend(_pdn_numbers(variant, layout, colours_light(variant)))
    elif isinstance(grid, HexHexGrid):
        reach = 0.5 + (0.45 * size + 1.2) / layout.cell_size
        rows: dict[int, int] = {}
        lines: dict[int, int] = {}
        for cell in grid.cells():
            x, y = grid.coords(cell)
            if y not in rows or x < grid.coords(rows[y])[0]:
                rows[y] = cell
            if x not in lines or y < grid.coords(lines[x])[1]:
                lines[x] = cell
        for y, cell in sorted(rows.items()):
            put(cell, "w", str(y + 1), reach)
        for _x, cell in sorted(lines.items()):
            put(cell, "se", grid.name(cell).rstrip("0123456789"), reach)
    return Group(tuple(texts), label="coordinates")


def colours_light(variant: Variant) -> str:
    return variant.print.colours["light"]


def _pdn_numbers(variant: Variant, layout: Layout, colour: str) -> list[Item]:
    numbers = variant.board.pdn or {}
    size = min(max(2.0, 0.15 * layout.cell_size), 4.5)
    items: list[Item] = []
    for cell, number in sorted(numbers.items(), key=lambda kv: kv[1]):
        x, y = layout.polygon(cell)[3]  # north-west corner on the page
        inset = 0.045 * layout.cell_size
        items.append(Text(x + inset, y + inset + 0.8 * size, str(number), size, colour))
    return items
