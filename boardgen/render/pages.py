"""Page composition: true-scale boards and diagrams laid out on sheets of paper.

A board is a promise of true scale (pieces must fit the cells), so it is never
shrunk: when it fits the printable area it is centred on one page; when it does
not, it is cut into tiles along its cells' edges (:mod:`boardgen.render.tiles`).
Tiles are preceded by an assembly map (the whole board, scaled down, each tile
outlined with its number). Marks a person can follow without reading: crop marks
at the board's outer edges, a dashed line with scissors where a tile is cut out,
hatched glue strips carrying the number of the tile laid on them, and a big
"n/total" badge naming each tile (never mistaken for a square such as a1 or 12).

Every board page, the map included, carries the calibration ruler, so that any
single sheet can be checked for "fit to page" scaling by the print dialog. The
ruler and titles live in bands at the top and bottom of the printable area, so they
never overlap the board.

Every word on these pages (subtitles, tile labels, instructions, the ruler's caption,
"Page n of m") comes from the language catalogue's ``board`` keys, so a booklet's
board pages speak the booklet's language; ``lang`` defaults to English. A page of a
booklet leaves out its own "Page n of m" (``numbered=False``): the booklet numbers it.

Diagrams (positions, illustrations) promise no scale: :func:`diagram_page` shrinks
one that is too big, and says so in its caption.
"""

from __future__ import annotations

__all__ = [
    "GUTTER",
    "OVERLAP",
    "RULER_BAND",
    "TITLE_BAND",
    "board_page_total",
    "board_pages",
    "content_box",
    "diagram_page",
    "fit_text",
    "tile_plan",
]

import math
from typing import Any

import shapely
from shapely import box as make_box
from shapely import unary_union
from shapely.geometry.base import BaseGeometry

from ..errors import BoardgenError
from ..foundation.fonts import text_width, wrap_text
from ..foundation.paper import Box, Paper
from ..geometry import Point
from ..scene.shapes import Circle, Group, Item, Polygon, Rect, Scene, Style, Text
from ..texts.catalogue import Catalogue, catalogue
from .joins import central_spot, label_spots, lines, rings
from .legible import MIN_TEXT_MM, legible_items
from .memo import Memo
from .ruler import ruler
from .tiles import OVERLAP, Cut, Plan, Tile, cut_tiles, leaves, tile_items

#: Height of the title band at the top of the printable area, in mm.
TITLE_BAND = 12.0
#: Room between a tile's board piece and the content edge, for crop marks, in mm.
GUTTER = 4.0
#: Height of the ruler band at the bottom of the printable area, in mm (the ruler's
#: height does not depend on its caption's language).
RULER_BAND = math.ceil(ruler()[2] + 2.0)
_BLEED = 0.5  # tiles show this much beyond the board's outer edges (its border stroke)
_TITLE, _SUBTITLE, _SMALL = 4.2, 3.0, 2.4  # font sizes, mm
_MARK = Style(stroke="#000000", stroke_width=0.2)
_GUIDE = Style(stroke="#d1007a", stroke_width=0.25, dash=(2.0, 1.5))
_GUIDE_UNDER = Style(stroke="#ffffff", stroke_width=0.6)
_GUIDE_TICK = Style(stroke="#d1007a", stroke_width=0.25)
_MAP_TILE = Style(fill="#1f6fd1", stroke="#1f6fd1", stroke_width=0.3, opacity=0.12)
_MAP_EDGE = Style(stroke="#1f6fd1", stroke_width=0.3)
_MAP_INK = "#1f6fd1"
_MAP_LABEL = Style(fill="#ffffff", opacity=0.85)
_GLUE = Style(fill="#f4e6ef")
_PAPER = Style(fill="#ffffff")
_HATCH = Style(stroke="#d1007a", stroke_width=0.2, opacity=0.5)
_SCISSORS_OFF, _SCISSORS_REACH = 2.4, 3.5  # scissors' distance off the tile, and size
_BAND = 3.2  # font size of the tile name on a glue strip, mm
_HEADER = 4.2  # font size of the tile names on the map, mm
_LEADING = 4.2  # line spacing of the map's instructions and of diagram captions, mm


def number(c: Catalogue, value: float) -> str:
    """``value`` to 0.1, without a useless ``.0``, with the language's decimal mark."""
    text = f"{value:.1f}".removesuffix(".0")
    return text.replace(".", c.text("meta.decimal")) if c.has("meta.decimal") else text


def content_box(paper: Paper) -> Box:
    """Where a single-page board may go: the printable area minus title and ruler bands."""
    return paper.printable.inset(0, TITLE_BAND, 0, RULER_BAND)


def fit_text(text: str, size: float, bold: bool, width: float) -> str:
    """``text`` shortened with an ellipsis so that it is at most ``width`` mm wide."""
    if text_width(text, size, bold) <= width:
        return text
    # The longest prefix that fits with its ellipsis, by bisection (widths only grow
    # with length): a long title takes a dozen measurements, not one per character.
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle] + "…", size, bold) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


def _frame(
    paper: Paper, c: Catalogue, title: str, subtitle: str, badge: str = "", page: str = ""
) -> list[Item]:
    """Title band (title, subtitle, big badge on the right) and ruler band of a board page."""
    box = paper.printable
    badge_width = text_width(badge, 8.0, True) + 4.0 if badge else 0.0
    marks, ruler_width, ruler_height = ruler(c.text("board.ruler"), c.text("board.inch"))
    items: list[Item] = [
        Text(
            box.x, box.y + _TITLE, fit_text(title, _TITLE, True, box.width - badge_width), _TITLE, bold=True
        ),
        Text(box.x, box.y + 9.0, fit_text(subtitle, _SUBTITLE, False, box.width - badge_width), _SUBTITLE),
        Group(marks, dx=box.x, dy=box.bottom - ruler_height, label="calibration ruler"),
    ]
    if badge:
        items.append(Text(box.right, box.y + 8.0, badge, 8.0, anchor="end", bold=True))
    if page and box.width - ruler_width > text_width(page, _SMALL) + 4.0:
        items.append(Text(box.right, box.bottom - 0.6, page, _SMALL, anchor="end"))
    return items


def _line(x1: float, y1: float, x2: float, y2: float, style: Style) -> Polygon:
    return Polygon(((x1, y1), (x2, y2)), style, closed=False)


def _crop_marks(on: Box, outer: tuple[bool, bool, bool, bool]) -> list[Item]:
    """Crop marks in the gutter, on the lines along which the board's outer edges are
    cut (a tile's joins are cut along its dashed line instead)."""
    a, b = 0.6, GUTTER - 0.2  # marks run from a to b mm outside the cut line (3.2 mm long)
    left, top, right, bottom = outer
    items: list[Item] = []
    for y, on_edge in ((on.y, top), (on.bottom, bottom)):
        if on_edge:
            items += [_line(on.x - a, y, on.x - b, y, _MARK), _line(on.right + a, y, on.right + b, y, _MARK)]
    for x, on_edge in ((on.x, left), (on.right, right)):
        if on_edge:
            items += [
                _line(x, on.y - a, x, on.y - b, _MARK),
                _line(x, on.bottom + a, x, on.bottom + b, _MARK),
            ]
    return items


def _glue(tile: Tile, total: int) -> list[Item]:
    """Hatched strips where the later tiles are glued on, each part carrying the name of
    the tile laid on it wherever a label fits clear of this tile's own shapes, at most
    every 60 mm; a part too crowded for the usual size takes a smaller one (never below 6 pt)."""
    laid = tile.joins.laid
    if not laid:
        return []
    area = unary_union([part for _, part in laid])
    x0, y0, x1, y1 = area.bounds
    band = Box(x0, y0, x1 - x0, y1 - y0)
    # The hatching: parallel strokes, each clipped to where a later tile lies (around a
    # neighbour's shapes the strip leaves the paper blank); all clipped in one call.
    ends: list[tuple[Point, Point]] = []
    k = 0.0
    while k < band.width + band.height:
        ends.append(((band.x + k + 1.0, band.y - 1.0), (band.x + k - band.height - 1.0, band.bottom + 1.0)))
        k += 2.5
    clipped: Any = shapely.intersection(shapely.linestrings(ends), area) if ends else ()
    strokes: list[Item] = [Polygon(line, _HATCH, closed=False) for line in lines(clipped)]
    ground = [Polygon(ring, _GLUE) for ring in rings(area)]
    holes = [Polygon(ring, _PAPER) for ring in rings(area, holes=True)]
    items: list[Item] = [Group((*ground, *holes, *strokes), label="glue strip")]
    taken = tile.joins.shapes  # grows by each name placed: names never overlap
    # The tightest parts (a diagonal neighbour's corner) are named first, while the room is free.
    for number, part in sorted(
        laid, key=lambda entry: (entry[1].difference(tile.joins.shapes).area, entry[0])
    ):
        label = f"{number}/{total}"
        for size in (_BAND, 2.6, MIN_TEXT_MM):
            w, h = text_width(label, size, True) + 1.2, 1.46 * size + 0.4  # the glyphs' full height
            spots = label_spots(part, taken, (w, h))
            if spots:
                break
        for cx, cy in spots:
            taken = taken.union(
                make_box(cx - w / 2 - 0.5, cy - h / 2 - 0.5, cx + w / 2 + 0.5, cy + h / 2 + 0.5)
            )
            items.append(Rect(cx - w / 2, cy - h / 2, w, h, _PAPER))
            items.append(Text(cx, cy + 0.38 * size, label, size, _GUIDE.stroke or "", "middle", bold=True))
    return items


def _cut_line(tile: Tile, dx: float, dy: float, room: Box) -> tuple[list[Item], list[Item]]:
    """The dashed line (on a white core, to show on any board colour) along which a
    tile is cut out, in artwork coordinates; and a pair of scissors on the page (inside
    ``room``), where the line starts, pointing along it."""
    chains = tile.cut
    if not chains:
        return [], []
    items: list[Item] = []
    for style in (_GUIDE_UNDER, _GUIDE):
        items += [Polygon(chain, style, closed=False) for chain in chains]
    win = tile.window
    ends = [
        (chain[0], chain[1]) if n == 0 else (chain[-1], chain[-2])
        for chain in chains
        for n in (0, 1)
        if len(chain) > 1
    ]
    on_edge = [
        e for e in ends if min(abs(e[0][0] - win.x), abs(e[0][1] - win.y), abs(e[0][0] - win.right)) < 0.05
    ]
    # Just outside the tile where the line starts, if the page has room there; else on
    # the line itself, a little way in.
    placed = []
    for (x, y), (nx, ny) in sorted(on_edge or ends, key=lambda e: (e[0][1], e[0][0])):
        length = math.hypot(nx - x, ny - y) or 1.0
        ux, uy = (nx - x) / length, (ny - y) / length
        for back in (_SCISSORS_OFF, -_SCISSORS_OFF):
            sx, sy = dx + x - ux * back, dy + y - uy * back
            reach = Box(sx - _SCISSORS_REACH, sy - _SCISSORS_REACH, 2 * _SCISSORS_REACH, 2 * _SCISSORS_REACH)
            placed.append((back < 0 or not room.contains(reach), (sx, sy, ux, uy)))
    _, (sx, sy, ux, uy) = min(placed, key=lambda p: p[0])
    return [Group(tuple(items), label="cut line")], [_scissors(sx, sy, ux, uy)]


def _scissors(x: float, y: float, ux: float = 0.0, uy: float = 1.0) -> Group:
    """Scissors (two rings and two crossed blades) at ``(x, y)``, blades pointing along
    ``(ux, uy)``: cut here, this way."""

    def at(px: float, py: float) -> Point:  # turns the upright drawing so that +y is (ux, uy)
        return x + px * uy + py * ux, y - px * ux + py * uy

    ink = Style(stroke=_GUIDE.stroke, stroke_width=0.35)
    blade = Style(stroke=_GUIDE.stroke, stroke_width=0.45)
    ring = Style(fill="#ffffff", stroke=_GUIDE.stroke, stroke_width=0.35)
    shapes: list[Item] = [
        Circle(*at(-1.4, -2.6), 0.8, ring),
        Circle(*at(1.4, -2.6), 0.8, ring),
        Polygon((at(-0.9, -2.0), at(0.9, 2.2)), blade, closed=False),
        Polygon((at(0.9, -2.0), at(-0.9, 2.2)), blade, closed=False),
        Circle(x, y, 0.25, ink),
    ]
    return Group(tuple(shapes), label="scissors")


def _tile_page(paper: Paper, plan: Plan, tile: Tile, title: str, page: str, c: Catalogue) -> Scene:
    total = len(plan.tiles)
    items = list(_TILE_ART.recall(plan, (tile.number, paper), lambda: _tile_art(paper, plan, tile)))
    label = c.text(
        "board.tile",
        name=tile.name(total),
        row=tile.row + 1,
        rows=plan.rows,
        column=tile.column + 1,
        columns=plan.columns,
    )
    items += _frame(paper, c, title, label, badge=tile.name(total), page=page)
    return Scene(paper.width, paper.height, tuple(items), f"{title}: tile {tile.name(total)}", label)


#: The wordless part of each tile's page, per plan: the same in every language and in
#: the booklets, so its glue strips are laid out once per tile.
_TILE_ART = Memo()


def _tile_art(paper: Paper, plan: Plan, tile: Tile) -> tuple[Item, ...]:
    """What a tile's page shows besides its words: the tile with its glue strips and
    cut line, the scissors, the crop marks."""
    total = len(plan.tiles)
    room = content_box(paper).inset(GUTTER, GUTTER, GUTTER, GUTTER)
    win = tile.window
    on = Box(
        room.x + (room.width - win.width) / 2, room.y + (room.height - win.height) / 2, win.width, win.height
    )
    clip = win.inset(*(-_BLEED if outer else 0.0 for outer in tile.outer))
    name = tile.name(total)
    free = paper.printable.inset(0, TITLE_BAND - 1.5, 0, RULER_BAND)  # below the subtitle
    cut, scissors = _cut_line(tile, on.x - win.x, on.y - win.y, free)
    items: list[Item] = [
        Group(
            (*_glue(tile, total), *tile_items(plan, tile), *cut),
            dx=on.x - win.x,
            dy=on.y - win.y,
            clip=(clip.x, clip.y, clip.width, clip.height),
            label=f"tile {name}",
        ),
        *scissors,
    ]
    items += _crop_marks(on, tile.outer)
    return tuple(items)


def _texts(plan: Plan) -> BaseGeometry:
    """Where the board's texts (labels, numbers) stand, artwork coordinates."""
    boxes = [
        make_box(leaf.box.x, leaf.box.y, leaf.box.right, leaf.box.bottom)
        for leaf in leaves(plan)
        if isinstance(leaf.item, Text) and leaf.box is not None
    ]
    return unary_union(boxes) if boxes else make_box(0, 0, 0, 0)


def _map_page(artwork: Scene, paper: Paper, plan: Plan, title: str, page: str, c: Catalogue) -> Scene:
    """The whole board scaled down, each tile drawn over it as a tinted frame with its
    number in the middle, and how to put the tiles together."""
    key = (paper, c.lang, artwork.width, artwork.height)
    art, subtitle = _MAP_ART.recall(plan, key, lambda: _map_art(artwork, paper, plan, c))
    items = [*art, *_frame(paper, c, title, subtitle, page=page)]
    return Scene(paper.width, paper.height, tuple(items), f"{title}: {subtitle}", subtitle)


#: The map page of each plan but its title and page number, per paper and language: the
#: same in the board's file and in the booklet.
_MAP_ART = Memo()


def _map_art(artwork: Scene, paper: Paper, plan: Plan, c: Catalogue) -> tuple[tuple[Item, ...], str]:
    """What :func:`_map_page` shows but its title band and page number, and its subtitle."""
    box = content_box(paper)
    lines = [
        line
        for key in ("board.cut", "board.lay")
        for line in wrap_text(c.text(key, overlap=f"{OVERLAP:g}"), _SUBTITLE, box.width)
    ]
    room = box.inset(2.0, 2.0, 2.0, 2.0 + _LEADING * len(lines))
    s = min(room.width / artwork.width, room.height / artwork.height, 1.0)
    x0 = room.x + (room.width - artwork.width * s) / 2
    y0 = room.y + (room.height - artwork.height * s) / 2
    # The map is the board scaled down: labels that would print below 6 pt are left out.
    shown = legible_items(artwork.items, s)
    items: list[Item] = [Group(shown, dx=x0, dy=y0, scale=s, label="whole board, scaled")]
    total = len(plan.tiles)
    names: list[Item] = []
    # The board's labels and numbers (a tile's name never covers one), the same in every language.
    words = _MAP_ART.recall(plan, "texts", lambda: _texts(plan))

    def placed(ring: tuple[Point, ...]) -> tuple[Point, ...]:
        return tuple((x0 + x * s, y0 + y * s) for x, y in ring)

    for tile in plan.tiles:
        # Each tile outlined where it shows once glued: staircase joins between hexagons.
        outline = [placed(ring) for ring in rings(tile.joins.visible)]
        items += [Polygon(ring, _MAP_TILE) for ring in outline]
        items += [Polygon(ring, _MAP_EDGE) for ring in outline]
        name = tile.name(total)
        width = text_width(name, _HEADER, True)
        size = ((width + 2.0) / s, _HEADER * 1.3 / s)
        spot = central_spot(tile.joins.visible, words, size)
        if spot is None:  # crowded: the middle of the tile's own shapes
            spot = (tile.own.x + tile.own.width / 2, tile.own.y + tile.own.height / 2)
        cx, cy = x0 + spot[0] * s, y0 + spot[1] * s
        names.append(Rect(cx - width / 2 - 1.0, cy - _HEADER * 0.65, width + 2.0, _HEADER * 1.3, _MAP_LABEL))
        names.append(Text(cx, cy + 0.36 * _HEADER, name, _HEADER, _MAP_INK, "middle", bold=True))
    items.append(Rect(x0, y0, artwork.width * s, artwork.height * s, _MAP_EDGE))
    items.append(Group(tuple(names), label="tile numbers"))
    y = room.bottom + 2.0
    for line in lines:
        y += _LEADING
        items.append(Text(paper.width / 2, y, line, _SUBTITLE, anchor="middle"))
    scale = c.text("board.map_scaled", n=f"{s * 100:.0f}") if s < 1 else c.text("board.map_actual")
    subtitle = c.text(
        "board.map",
        columns=c.count("board.columns", plan.columns),
        rows=c.count("board.rows", plan.rows),
        tiles=c.count("board.tiles", total),
        scale=scale,
    )
    return tuple(items), subtitle


#: Most pages one board may be tiled over (documented in docs/reference/limits.md): beyond
#: it a board is refused before anything is drawn, rather than printing a ream.
MAX_PAGES = 250


def page_count(width: float, height: float, paper: Paper, *, landscape: bool) -> int:
    """About how many pages :func:`board_pages` makes for artwork of this size, without
    drawing (an upper estimate: tiles overlapping by OVERLAP, plus the map)."""
    box = content_box(paper.oriented(landscape))
    if width <= box.width + 1e-9 and height <= box.height + 1e-9:
        return 1
    room = box.inset(GUTTER, GUTTER, GUTTER, GUTTER)
    if room.width <= 2 * OVERLAP or room.height <= 2 * OVERLAP:
        raise ValueError("paper too small to tile a board")

    def count(length: float, span: float) -> int:
        return 1 if length <= span else math.ceil((length - OVERLAP) / (span - OVERLAP) - 1e-9)

    return count(width, room.width) * count(height, room.height) + 1


#: Tile cuts (and the plans they are finished into) per artwork: a board's files in every
#: language share one artwork (see ``boardgen.outputs.files``), and its tiles are cut once.
_PLANS = Memo()


def _cut(items: tuple[Item, ...], room: Box, paper: Paper) -> Cut:
    """:func:`cut_tiles` of ``items`` in ``room`` (a tile's room on ``paper``),
    remembered for the last few artworks with the plan it is finished into; a
    :class:`BoardgenError` when no tile can hold a cell, or a word on the board with
    the cells under it."""
    size = (room.width, room.height)
    try:
        cut: Cut = _PLANS.recall(items, size, lambda: cut_tiles(items, size))
    except ValueError:
        raise BoardgenError(
            f"a cell of this board, or a word with the cells under it, does not fit whole on a tile "
            f"of {paper.name} paper ({room.width:.0f} x {room.height:.0f} mm): "
            "choose a smaller cell size or larger paper"
        ) from None
    return cut


def _planned(items: tuple[Item, ...], room: Box, paper: Paper) -> Plan:
    """:func:`plan_tiles` of ``items`` in ``room``, as :func:`_cut` (finished once)."""
    return _cut(items, room, paper).plan()


def board_page_total(artwork: Scene, paper: Paper, *, landscape: bool) -> int:
    """How many pages :func:`board_pages` makes, exactly, without making them: one, or
    the map and a page per tile (the tiles only cut, not finished: the orientation
    that loses is never finished nor drawn). Raises as :func:`board_pages` does."""
    page = paper.oriented(landscape)
    box = content_box(page)
    if artwork.width <= box.width + 1e-9 and artwork.height <= box.height + 1e-9:
        return 1
    return _cut(artwork.items, box.inset(GUTTER, GUTTER, GUTTER, GUTTER), page).count + 1


def tile_plan(artwork: Scene, paper: Paper, *, landscape: bool) -> Plan | None:
    """How :func:`board_pages` cuts ``artwork`` on ``paper``: its tiles, with what each
    keeps, shows and prints (None when the board fits one page). For checks of the
    assembly, and tools that lay the tiles out."""
    page = paper.oriented(landscape)
    box = content_box(page)
    if artwork.width <= box.width + 1e-9 and artwork.height <= box.height + 1e-9:
        return None
    return _planned(artwork.items, box.inset(GUTTER, GUTTER, GUTTER, GUTTER), page)


def board_pages(
    artwork: Scene,
    paper: Paper,
    *,
    landscape: bool,
    title: str,
    lang: str = "en",
    numbered: bool = True,
    board_size: tuple[float, float] | None = None,
) -> tuple[Scene, ...]:
    """The true-scale ``artwork`` on pages of ``paper``: one page, or a map and its tiles.

    Words are in ``lang``; ``numbered`` adds "Page n of m" to tiled boards' pages;
    ``board_size`` (mm) is what a single page says the board measures (default: the
    artwork's size, which includes the coordinates around the board).
    """
    if artwork.width <= 0 or artwork.height <= 0:
        raise ValueError("artwork has no size")
    c = catalogue(lang)
    paper = paper.oriented(landscape)
    box = content_box(paper)
    if artwork.width <= box.width + 1e-9 and artwork.height <= box.height + 1e-9:
        dx = box.x + (box.width - artwork.width) / 2
        dy = box.y + (box.height - artwork.height) / 2
        width, height = board_size or (artwork.width, artwork.height)
        size = c.text("board.actual_size", width=number(c, width), height=number(c, height))
        items = (Group(artwork.items, dx=dx, dy=dy, label="board"), *_frame(paper, c, title, size))
        return (Scene(paper.width, paper.height, items, title, size),)
    plan = _planned(artwork.items, box.inset(GUTTER, GUTTER, GUTTER, GUTTER), paper)
    total = len(plan.tiles) + 1

    def page(n: int) -> str:
        return c.text("words.page_of", n=n, total=total) if numbered else ""

    pages = [_map_page(artwork, paper, plan, title, page(1), c)]
    for n, tile in enumerate(plan.tiles, start=2):
        pages.append(_tile_page(paper, plan, tile, title, page(n), c))
    return tuple(pages)


def diagram_page(
    picture: Scene, paper: Paper, *, landscape: bool, title: str, caption: str = "", lang: str = "en"
) -> Scene:
    """``picture`` centred on one page under ``title``, shrunk (and captioned so) if too big."""
    c = catalogue(lang)
    paper = paper.oriented(landscape)
    box = paper.printable.inset(0, TITLE_BAND, 0, 0)

    def room_for(text: str) -> tuple[list[str], float]:
        lines = wrap_text(text, _SUBTITLE, box.width)
        return lines, box.height - (len(lines) * _LEADING + 2.0 if lines else 0.0)

    def note(percent: int) -> str:
        return f"{caption} {c.text('words.scaled', n=percent)}".strip()

    lines, height = room_for(caption)
    s = min(box.width / picture.width, height / picture.height, 1.0)
    if s < 1.0:
        lines, height = room_for(note(100))  # the widest the note can get
        s = min(box.width / picture.width, height / picture.height)
        lines = wrap_text(note(math.floor(s * 100)), _SUBTITLE, box.width)
    block = picture.height * s + (len(lines) * _LEADING + 2.0 if lines else 0.0)
    x0 = box.x + (box.width - picture.width * s) / 2
    y0 = box.y + (box.height - block) / 2
    items: list[Item] = [
        Text(box.x, paper.printable.y + _TITLE, fit_text(title, _TITLE, True, box.width), _TITLE, bold=True),
        Group(picture.items, dx=x0, dy=y0, scale=s, label="diagram"),
    ]
    y = y0 + picture.height * s + 1.0
    for line in lines:
        y += _LEADING
        items.append(Text(paper.width / 2, y, line, _SUBTITLE, anchor="middle"))
    return Scene(paper.width, paper.height, tuple(items), title or picture.title, " ".join(lines))
