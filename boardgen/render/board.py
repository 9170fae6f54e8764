"""Board pictures as scenes: the empty board to print, and positions on it.

One function draws both: the printable board is a position with no pieces. Sizes of
labels and pieces follow the cell size, so a small diagram and a true-scale board look
alike. Move diagrams add their marks through an *overlay*: a function given the board's
:class:`Layout` (so marks land on the cells whatever the size or turn) that returns
items to draw under the pieces and items to draw over them.

Squares are ``Rect`` items, light and dark ones in two groups, so the SVG stays small.
"""

from __future__ import annotations

__all__ = ["BoardOptions", "Overlay", "board_extent", "board_scene"]

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..backends.fonts import text_width
from ..descriptor.model import Variant
from ..geometry import HexHexGrid, SquareGrid
from ..rules.base import PieceView
from ..scene import Group, Item, Polygon, Rect, Scene, Style, Text
from .describe import describe_position
from .layout import Layout
from .pieces import piece_items, piece_radius
from .track import TRACK_EXTENT, PawnMove, track_gap, track_items


@dataclass(frozen=True)
class BoardOptions:
    """``flip`` draws the board from the north player's side (turned 180 degrees)."""

    cell_size: float
    coordinates: bool = True
    title: str = ""
    flip: bool = False


#: Extra drawing placed by the board's layout: (items under the pieces, items over them).
Overlay = Callable[[Layout], tuple[Sequence[Item], Sequence[Item]]]


def board_scene(
    variant: Variant,
    options: BoardOptions,
    pieces: Mapping[int, PieceView] | None = None,
    overlay: Overlay | None = None,
    *,
    scores: Mapping[str, int] | None = None,
    pawn_move: PawnMove | None = None,
) -> Scene:
    """The board of ``variant`` with ``pieces`` on it, at ``options.cell_size`` mm.

    On a board with a scoring track, the score pawns stand on ``scores`` (player id ->
    oval; with pieces but no scores, both on 1, as at the start; with neither, the
    empty board to print shows their places), and ``pawn_move`` draws a pawn's move.
    """
    grid = variant.grid
    size = options.cell_size
    label = _label_size(size)
    # Labels need room around the board, except inside a scoring track (see track_gap).
    labelled = options.coordinates and variant.scoring_track is None
    padding = (2.2 * label + 1.5) if labelled else 1.5
    if pieces is not None and scores is None:
        scores = {p.id: 1 for p in variant.players}
    gap = track_gap(size, label if options.coordinates else None)
    outside = any(n != 1 for n in (scores or {}).values()) or pawn_move is not None
    extent = TRACK_EXTENT(grid, gap, pawns_outside=outside) if variant.scoring_track is not None else 0.0
    # Labels stand left of and under a square board only, so a diagram (a board with
    # pieces) keeps no room above or right of it; the board to print stays centred.
    far = 1.5 if isinstance(grid, SquareGrid) and pieces is not None else None
    layout = Layout(grid, size, padding, extent, flip=options.flip, far=far)
    colours = variant.print.colours
    occupied = _numbers_under_pieces(variant, layout, frozenset(pieces or ()))
    items: list[Item] = _cells(variant, layout, colours)
    if options.coordinates:
        items.append(_coordinates(variant, layout, label, colours["text"]))
    if variant.scoring_track is not None:
        maximum = variant.scoring_track.maximum
        items.append(track_items(variant, layout, maximum, pawns=scores, gap=gap, move=pawn_move))
    under, over = overlay(layout) if overlay is not None else ((), ())
    items.extend(under)
    if options.coordinates and variant.board.pdn:  # over the landing squares' tint
        items.extend(_pdn_numbers(variant, layout, colours, skip=occupied))
    if pieces:
        items.append(Group(tuple(piece_items(variant, layout, pieces)), label="pieces"))
        if options.coordinates and variant.board.pdn:
            items.extend(_pdn_numbers(variant, layout, colours, only=occupied))
    items.extend(over)
    title = options.title or variant.text(variant.title)
    description = describe_position(variant, pieces or {}, scores if variant.scoring_track else None)
    return Scene(layout.width, layout.height, tuple(items), title=title, description=description)


def board_extent(variant: Variant, cell_size: float) -> tuple[float, float]:
    """Width and height in mm of the board's cells alone (no labels, no track)."""
    points = [p for c in variant.grid.cells() for p in variant.grid.outline(c)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (max(xs) - min(xs)) * cell_size, (max(ys) - min(ys)) * cell_size


def _label_size(cell_size: float) -> float:
    return max(2.5, min(5.0, 0.28 * cell_size))


def _cells(variant: Variant, layout: Layout, colours: Mapping[str, str]) -> list[Item]:
    """The cells group (and, on square boards, the frame drawn over its edge)."""
    grid = variant.grid
    line = colours["line"]
    shapes: list[Item] = []
    if isinstance(grid, SquareGrid):
        for shade in ("light", "dark"):
            style = Style(fill=colours[shade])
            squares: list[Item] = []
            for cell in grid.cells():
                if grid.colour(cell) == shade:
                    xs, ys = zip(*layout.polygon(cell), strict=True)
                    squares.append(Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), style))
            shapes.append(Group(tuple(squares)))
        x, y, w, h = layout.board_box
        return [Group(tuple(shapes), label="cells"), Rect(x, y, w, h, Style(stroke=line, stroke_width=0.5))]
    else:
        restricted = variant.restricted
        edge = Style(stroke=line, stroke_width=0.35)
        for cell in grid.cells():
            fill = colours["restricted"] if cell in restricted else colours["cell"]
            shapes.append(
                Polygon(layout.polygon(cell), Style(fill=fill, stroke=edge.stroke, stroke_width=0.35))
            )
    return [Group(tuple(shapes), label="cells")]


def _coordinates(variant: Variant, layout: Layout, size: float, colour: str) -> Group:
    """Cell names along the near and left edges as seen by the reader.

    On a flipped board the near edge is the north one, so letters label the north row
    and numbers the east column; the text itself stays upright, hence readable. PDN
    numbers are a layer of their own (:func:`_pdn_numbers`).
    """
    grid = variant.grid
    texts: list[Item] = []
    turn = -1 if layout.flip else 1  # which extreme of a row or line is nearest the reader

    def put(cell: int, direction: str, text: str, distance: float) -> None:
        direction = grid.opposite(direction) if layout.flip else direction
        (cx, cy), (dx, dy) = layout.centre(cell), layout.direction(direction)
        texts.append(Text(cx + dx * distance, cy + dy * distance + 0.35 * size, text, size, colour, "middle"))

    if isinstance(grid, SquareGrid):
        reach = 0.5 + (0.5 * size + 1.5) / layout.cell_size
        near_row, left_column = (grid.height - 1, grid.width - 1) if layout.flip else (0, 0)
        for x in range(grid.width):
            cell = grid.at(x, near_row)
            assert cell is not None
            put(cell, "s", grid.name(cell).rstrip("0123456789"), reach)
        for y in range(grid.height):
            cell = grid.at(left_column, y)
            assert cell is not None
            put(cell, "w", str(y + 1), reach)
    elif isinstance(grid, HexHexGrid):
        reach = 0.5 + (0.45 * size + 1.2) / layout.cell_size
        rows: dict[int, int] = {}
        lines: dict[int, int] = {}
        for cell in grid.cells():
            x, y = grid.coords(cell)
            if y not in rows or turn * x < turn * grid.coords(rows[y])[0]:
                rows[y] = cell
            if x not in lines or turn * y < turn * grid.coords(lines[x])[1]:
                lines[x] = cell
        for y, cell in sorted(rows.items()):
            put(cell, "w", str(y + 1), reach)
        for _x, cell in sorted(lines.items()):
            put(cell, "se", grid.name(cell).rstrip("0123456789"), reach)
    return Group(tuple(texts), label="coordinates")


def _number_box(layout: Layout, cell: int, number: int) -> tuple[float, float, float, float, float]:
    """Where a PDN number goes in its square: (text x, baseline y, font size, box width, box
    height), the box being the number's tab from the square's top-left corner."""
    size = min(max(2.0, 0.15 * layout.cell_size), 4.5)
    inset = 0.045 * layout.cell_size
    corners = layout.polygon(cell)
    x, y = min(p[0] for p in corners), min(p[1] for p in corners)  # top-left on the page
    width = text_width(str(number), size) + 2 * inset + 0.25 * size
    return x + inset, y + inset + 0.8 * size, size, width, 2 * inset + 0.95 * size


def _numbers_under_pieces(variant: Variant, layout: Layout, occupied: frozenset[int]) -> frozenset[int]:
    """The occupied squares whose PDN number a piece would cover (small diagrams)."""
    numbers = variant.board.pdn or {}
    radius = piece_radius(variant, layout.cell_size) * 1.05  # the piece's outline too
    covered = set()
    for cell in occupied & numbers.keys():
        x, y, size, _, _ = _number_box(layout, cell, numbers[cell])
        left, top = min(p[0] for p in layout.polygon(cell)), min(p[1] for p in layout.polygon(cell))
        margin = 0.02 * layout.cell_size
        glyphs_right = x + text_width(str(numbers[cell]), size) + margin - left
        glyphs_bottom = y + margin - top  # the baseline: digits have no descenders
        half = layout.cell_size / 2
        if math.hypot(max(0.0, half - glyphs_right), max(0.0, half - glyphs_bottom)) < radius:
            covered.add(cell)
    return frozenset(covered)


def _pdn_numbers(
    variant: Variant,
    layout: Layout,
    colours: Mapping[str, str],
    *,
    skip: frozenset[int] = frozenset(),
    only: frozenset[int] | None = None,
) -> list[Item]:
    """The PDN numbers in the squares' top-left corners, in the light squares' colour.

    On small diagrams a piece reaches into the corner, so the numbers of squares
    holding a piece (``only``) are drawn over the pieces, each on a small tab of the
    square's own colour: the number reads as if printed on the square, and the piece
    loses only a sliver of its rim.
    """
    numbers = variant.board.pdn or {}
    texts: list[Item] = []
    tabs: list[Item] = []
    for cell, number in sorted(numbers.items(), key=lambda kv: kv[1]):
        if cell in skip or (only is not None and cell not in only):
            continue
        x, y, size, width, height = _number_box(layout, cell, number)
        texts.append(Text(x, y, str(number), size, colours["light"]))
        if only is not None:
            shade = variant.grid.colour(cell) if isinstance(variant.grid, SquareGrid) else "dark"
            left, top = min(p[0] for p in layout.polygon(cell)), min(p[1] for p in layout.polygon(cell))
            tabs.append(Rect(left, top, width, height, Style(fill=colours[shade])))
    if only is None:
        return [Group(tuple(texts))] if texts else []
    return [Group((Group(tuple(tabs)), Group(tuple(texts))), label="square numbers")] if texts else []
