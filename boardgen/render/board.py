"""Board pictures as scenes: the empty board to print, and positions on it.

One function draws both: the printable board is a position with no pieces. Sizes of
labels and pieces follow the cell size, so a small diagram and a true-scale board look
alike. Move diagrams add their marks through an *overlay*: a function given the board's
:class:`Layout` (so marks land on the cells whatever the size or turn) that returns
items to draw under the pieces and items to draw over them.

Squares are ``Rect`` items, light and dark ones in two groups, so the SVG stays small.
"""

from __future__ import annotations

__all__ = [
    "BoardOptions",
    "Overlay",
    "board_extent",
    "board_layout",
    "board_scene",
    "board_size",
    "smallest_numbered_cell",
    "window_cells",
]

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from typing import NamedTuple

from ..descriptor.model import Variant
from ..foundation.fonts import text_width
from ..foundation.values import frozen
from ..geometry import SquareGrid
from ..model.textboard import describe_position
from ..rules.base import PieceView
from ..scene.shapes import Group, Item, Polygon, Rect, Scene, Style, Text
from .cuts import cut_items
from .layout import Layout
from .legible import MIN_TEXT_MM
from .pieces import piece_items, piece_radius
from .regions import region_items
from .surface import lattice_labels, side_bands, surface_items
from .track import TRACK_EXTENT, PawnMove, track_gap, track_items
from .typefaces import in_its_fonts
from .words import word_items


@frozen
class BoardOptions:
    """``flip`` draws the board from the north player's side (turned 180 degrees);
    ``window`` draws only those cells (a square board: the rectangle they span), with
    their pieces and their own labels, as a zoomed part of the board; the squares whose
    PDN numbers are ``named`` (a caption speaks of them) show them even under a piece;
    ``cut`` draws a window's sides where the board goes on as cut (a part board in a
    diagram; a tile of a printed board is not cut, it is glued); ``seamless`` draws a
    board of points' surface as one shape rather than one area per point (a picture for
    the screen, where touching areas leave hairlines; a printed board keeps the areas,
    which its tiles are cut along)."""

    cell_size: float
    coordinates: bool = True
    title: str = ""
    flip: bool = False
    window: frozenset[int] | None = None
    named: frozenset[int] = frozenset()
    cut: bool = False
    seamless: bool = False


#: Extra drawing placed by the board's layout: (items under the pieces, items over them).
Overlay = Callable[[Layout], tuple[Sequence[Item], Sequence[Item]]]


@in_its_fonts
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
    variant, pieces, scores, cells, label, gap, layout = _prepared(
        variant, options, pieces, scores=scores, pawn_move=pawn_move
    )
    colours = variant.print.colours
    cut: list[Item] = []
    sides: frozenset[str] = frozenset()
    if options.cut and len(cells) < variant.grid.size:  # a part board: cut where it goes on
        cut, sides = cut_items(variant, layout, cells, colours)
    if variant.grid.drawn == "cells":
        items: list[Item] = _cells(variant, layout, colours, cells, sides)
    else:
        items = surface_items(variant, layout, colours, cells, seamless=options.seamless)
    items.extend(cut)
    if variant.region_styles:
        items.extend(region_items(variant, layout, colours, cells))
    if variant.board.sides and options.window is None:
        items.extend(side_bands(variant, layout, colours))
    if variant.board.words and options.window is None:  # a zoomed part shows its cells alone
        items.extend(word_items(variant, layout, colours["line"]))
    if options.coordinates:
        if variant.grid.labels_at_edges:
            items.append(lattice_labels(variant, layout, label, colours["text"], cells))
        else:
            items.append(_coordinates(variant, layout, label, colours["text"], cells))
    if variant.scoring_track is not None:
        maximum = variant.scoring_track.maximum
        items.append(track_items(variant, layout, maximum, pawns=scores, gap=gap, move=pawn_move))
    under, over = overlay(layout) if overlay is not None else ((), ())
    items.extend(under)
    if options.coordinates and variant.board.pdn:  # over the landing squares' tint, under the pieces
        items.extend(_pdn_numbers(variant, layout, colours, frozenset(pieces or ()), frozenset(cells)))
    if pieces:
        items.append(Group(tuple(piece_items(variant, layout, pieces)), label="pieces"))
    items.extend(over)
    if options.coordinates and variant.board.pdn and options.named:
        items.extend(
            _named_numbers(variant, layout, colours, frozenset(pieces or ()), frozenset(cells), options.named)
        )
    title = options.title or variant.text(variant.title)
    description = describe_position(variant, pieces or {}, scores if variant.scoring_track else None)
    # An opaque ground (print.colours.background) for pictures shown on their own, so
    # that the labels stay readable on a dark page or viewer.
    return Scene(
        layout.width,
        layout.height,
        tuple(items),
        title=title,
        description=description,
        background=colours["background"],
    )


class _Prepared(NamedTuple):
    """What a board scene is laid out from (see :func:`_prepared`)."""

    variant: Variant
    pieces: Mapping[int, PieceView] | None
    scores: Mapping[str, int] | None
    cells: list[int]
    label: float
    gap: float
    layout: Layout


def _prepared(
    variant: Variant,
    options: BoardOptions,
    pieces: Mapping[int, PieceView] | None,
    *,
    scores: Mapping[str, int] | None = None,
    pawn_move: PawnMove | None = None,
) -> _Prepared:
    """The cells shown, the room around them and the layout, before anything is drawn."""
    grid = variant.grid
    size = options.cell_size
    label = _label_size(size)
    shown = window_cells(variant, options.window)
    if shown is not None:  # a part of the board: no room for the track around it
        variant = replace(variant, scoring_track=None)
        pieces = {c: p for c, p in pieces.items() if c in shown} if pieces is not None else None
    cells = sorted(grid.cells() if shown is None else shown)
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
    layout = Layout(grid, size, padding, extent, flip=options.flip, far=far, cells=shown)
    return _Prepared(variant, pieces, scores, cells, label, gap, layout)


@in_its_fonts
def board_size(
    variant: Variant, options: BoardOptions, pieces: Mapping[int, PieceView] | None = None
) -> tuple[float, float]:
    """Width and height (mm) of :func:`board_scene`'s picture, without drawing it:
    searches for a size that fits measure many boards."""
    layout = _prepared(variant, options, pieces).layout
    return layout.width, layout.height


@in_its_fonts
def board_layout(
    variant: Variant, options: BoardOptions, pieces: Mapping[int, PieceView] | None = None
) -> Layout:
    """Where :func:`board_scene` puts each cell (its centre and outline, in the picture's
    mm), without drawing: the studio finds the cell under the pointer with it."""
    return _prepared(variant, options, pieces).layout


@in_its_fonts
def board_extent(variant: Variant, cell_size: float) -> tuple[float, float]:
    """Width and height in mm of the board's cells alone (no labels, no track)."""
    points = [p for area in variant.grid.areas() for p in area]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (max(xs) - min(xs)) * cell_size, (max(ys) - min(ys)) * cell_size


def _label_size(cell_size: float) -> float:
    return max(2.5, min(5.0, 0.28 * cell_size))


def window_cells(variant: Variant, window: frozenset[int] | None) -> frozenset[int] | None:
    """The cells a window shows: every cell whose centre lies in the rectangle spanned by
    the window's cells' centres (a part of a board is a rectangle, on a square or a
    hexagonal board alike); None (the whole board) for no window or one holding every cell."""
    grid = variant.grid
    if window is None:
        return None
    centres = [grid.centre(c) for c in window]
    e = 1e-6
    left, right = min(p[0] for p in centres) - e, max(p[0] for p in centres) + e
    low, high = min(p[1] for p in centres) - e, max(p[1] for p in centres) + e

    def inside(cell: int) -> bool:
        x, y = grid.centre(cell)
        return bool(left <= x <= right and low <= y <= high)

    shown = frozenset(c for c in grid.cells() if inside(c))
    return None if len(shown) == grid.size else shown


def _cells(
    variant: Variant,
    layout: Layout,
    colours: Mapping[str, str],
    cells: Sequence[int],
    cut: frozenset[str] = frozenset(),
) -> list[Item]:
    """The cells group (and, on square boards, the frame drawn over its edge, but for
    the ``cut`` sides of a window: see :mod:`boardgen.render.cuts`)."""
    grid = variant.grid
    line = colours["line"]
    shapes: list[Item] = []
    if isinstance(grid, SquareGrid):
        # One colour for both (Othello's green board): the squares need lines between them.
        lined = colours["light"].lower() == colours["dark"].lower()
        for shade in ("light", "dark"):
            style = (
                Style(fill=colours[shade], stroke=line, stroke_width=0.35)
                if lined
                else Style(fill=colours[shade])
            )
            squares: list[Item] = []
            for cell in cells:
                if grid.colour(cell) == shade:
                    xs, ys = zip(*layout.polygon(cell), strict=True)
                    squares.append(Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), style))
            shapes.append(Group(tuple(squares)))
        x, y, w, h = layout.board_box
        frame = Style(stroke=line, stroke_width=0.5)
        if not cut:
            return [Group(tuple(shapes), label="cells"), Rect(x, y, w, h, frame)]
        ends = {
            "top": ((x, y), (x + w, y)),
            "right": ((x + w, y), (x + w, y + h)),
            "bottom": ((x, y + h), (x + w, y + h)),
            "left": ((x, y), (x, y + h)),
        }
        edges = [Polygon(ends[side], frame, closed=False) for side in ends if side not in cut]
        return [Group(tuple(shapes), label="cells"), Group(tuple(edges), label="frame")]
    else:
        restricted = variant.restricted
        edge = Style(stroke=line, stroke_width=0.35)
        for cell in cells:
            fill = colours["restricted"] if cell in restricted else colours["cell"]
            shapes.append(
                Polygon(layout.polygon(cell), Style(fill=fill, stroke=edge.stroke, stroke_width=0.35))
            )
    return [Group(tuple(shapes), label="cells")]


def _coordinates(variant: Variant, layout: Layout, size: float, colour: str, cells: Collection[int]) -> Group:
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

    square = isinstance(grid, SquareGrid)
    if square:
        reach = 0.5 + (0.5 * size + 1.5) / layout.cell_size
    else:
        reach = 0.5 + (0.45 * size + 1.2) / layout.cell_size
    if variant.board.sides:  # beyond the players' bands (see surface.side_bands)
        reach += 0.45
    rows: dict[int, int] = {}
    lines: dict[int, int] = {}  # columns of a square board, leaning lines of a hexhex one
    for cell in cells:
        x, y = grid.coords(cell)
        if y not in rows or turn * x < turn * grid.coords(rows[y])[0]:
            rows[y] = cell
        if x not in lines or turn * y < turn * grid.coords(lines[x])[1]:
            lines[x] = cell
    for y, cell in sorted(rows.items()):
        put(cell, "w", str(y + 1), reach)  # rows are horizontal on every shape
    column_way = grid.label_directions[1]
    for _x, cell in sorted(lines.items()):
        put(cell, column_way, grid.name(cell).rstrip("0123456789"), reach)
    return Group(tuple(texts), label="coordinates")


def _number_size(cell_size: float) -> float | None:
    """Font size (mm) of the PDN numbers, or None when the squares are too small for
    them: never below 6 pt, and a two-digit number must fit in the square's corner
    quarter, else the numbers are left out rather than crowding the pieces."""
    size = min(max(MIN_TEXT_MM, 0.15 * cell_size), 4.5)
    if text_width("32", size) > 0.55 * cell_size or size > 0.4 * cell_size:
        return None
    return size


#: A numbered square: (cell, number, (text x, baseline y, font size), whether a piece
#: on it would partly hide the number).
NumberPlace = tuple[int, int, tuple[float, float, float], bool]


def _pdn_numbers(
    variant: Variant,
    layout: Layout,
    colours: Mapping[str, str],
    occupied: frozenset[int],
    cells: frozenset[int],
    places: Sequence[NumberPlace] | None = None,
) -> list[Item]:
    """The PDN numbers of ``cells`` in the squares' top-left corners, in the colour of
    the squares not played on (the light squares' colour on the usual board played on
    its dark squares, the dark one on a board played on its light squares, as Spanish).

    They are drawn under the pieces and over the landing squares' tint. A piece
    covers its own square's number: where it would cover part of it (small diagrams),
    that number is left out rather than peeking out as a fragment. On squares too
    small for a 6 pt number all are left out (see :func:`_number_size`). ``places``:
    :func:`_number_places` of ``occupied``, when the caller has them.
    """
    texts: list[Item] = []
    grid = variant.grid
    if places is None:
        places = _number_places(variant, layout, occupied)
    for cell, number, (x, y, size), hidden in places:
        if cell in cells and not hidden:
            on_light = isinstance(grid, SquareGrid) and grid.colour(cell) == "light"
            texts.append(Text(x, y, str(number), size, colours["dark" if on_light else "light"]))
    return [Group(tuple(texts), label="square numbers")] if texts else []


def _named_numbers(
    variant: Variant,
    layout: Layout,
    colours: Mapping[str, str],
    occupied: frozenset[int],
    cells: frozenset[int],
    named: frozenset[int],
) -> list[Item]:
    """The numbers a caption names whose squares hold a piece (left out under it by
    :func:`_pdn_numbers`), on a small tag of the background colour over the piece's edge:
    a reader looking for "the man on 18" finds 18."""
    tags: list[Item] = []
    for cell, number, (x, y, size), hidden in _number_places(variant, layout, occupied):
        if cell in cells and number in named and hidden:
            width = text_width(str(number), size)
            pad = 0.12 * size
            ground = Style(fill=colours["background"], stroke=colours["text"], stroke_width=0.12, opacity=0.9)
            tags.append(Rect(x - pad, y - 0.8 * size - pad, width + 2 * pad, 0.95 * size + 2 * pad, ground))
            tags.append(Text(x, y, str(number), size, colours["text"]))
    return [Group(tuple(tags), label="named square numbers")] if tags else []


def _number_erasers(
    variant: Variant,
    layout: Layout,
    colours: Mapping[str, str],
    occupied: frozenset[int],
    places: Sequence[NumberPlace] | None = None,
) -> list[Item]:
    """Patches of the square's own colour over the numbers the pieces on ``occupied``
    would partly hide, for a picture whose numbers were all drawn beforehand (a board
    layer drawn once, see :mod:`boardgen.render.layers`): drawn under the pieces, they
    leave the same picture as :func:`_pdn_numbers` leaving those numbers out. ``places``
    as for :func:`_pdn_numbers`."""
    patches: list[Item] = []
    grid = variant.grid
    if places is None:
        places = _number_places(variant, layout, occupied)
    for cell, number, (x, y, size), hidden in places:
        if hidden:
            shade = grid.colour(cell) if isinstance(grid, SquareGrid) else "dark"
            width = text_width(str(number), size)
            patches.append(
                Rect(x - 0.1, y - 0.85 * size, width + 0.2, 1.0 * size, Style(fill=colours[shade]))
            )
    return [Group(tuple(patches), label="hidden square numbers")] if patches else []


def smallest_numbered_cell() -> float:
    """The smallest cell size (to 0.1 mm) whose squares carry their PDN numbers."""
    return next(c / 10 for c in range(10, 400) if _number_size(c / 10) is not None)


def _number_places(variant: Variant, layout: Layout, occupied: frozenset[int]) -> list[NumberPlace]:
    """Each numbered square: (cell, number, (text x, baseline y, font size), whether a
    piece on it would partly hide the number); none when the squares are too small."""
    size = _number_size(layout.cell_size)
    if size is None:
        return []
    inset = 0.045 * layout.cell_size
    radius = piece_radius(variant, layout.cell_size) * 1.05  # the piece's outline too
    found = []
    for cell, number in sorted((variant.board.pdn or {}).items(), key=lambda kv: kv[1]):
        corners = layout.polygon(cell)
        x, y = min(p[0] for p in corners), min(p[1] for p in corners)  # top-left on the page
        hidden = False
        if cell in occupied:
            # the glyphs' far corner, seen from the square's centre, against the piece's rim
            right = x + inset + text_width(str(number), size) + 0.02 * layout.cell_size
            bottom = y + inset + 0.8 * size + 0.02 * layout.cell_size
            cx, cy = layout.centre(cell)
            hidden = math.hypot(max(0.0, cx - right), max(0.0, cy - bottom)) < radius
        found.append((cell, number, (x + inset, y + inset + 0.8 * size, size), hidden))
    return found
