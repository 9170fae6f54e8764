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
    "board_pages",
    "content_box",
    "diagram_page",
]

import math

from ..errors import BoardgenError
from ..fonts import text_width, wrap_text
from ..geometry import Point
from ..memo import Memo
from ..paper import Box, Paper
from ..scene import Circle, Group, Item, Polygon, Rect, Scene, Style, Text
from ..texts.catalogue import Catalogue, catalogue
from .legible import legible_items
from .ruler import ruler
from .tiles import OVERLAP, Plan, Tile, own_boxes, plan_tiles, tile_items

#: Height of the title band at the top of the printable area, in mm.
TITLE_BAND = 12.0
#: Room between a tile's board piece and the content edge, for crop marks, in mm.
GUTTER = 3.0
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
_HATCH = Style(stroke="#d1007a", stroke_width=0.2, opacity=0.5)
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


def _fit(text: str, size: float, bold: bool, width: float) -> str:
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
    marks, ruler_width, ruler_height = ruler(c.text("board.ruler"))
    items: list[Item] = [
        Text(box.x, box.y + _TITLE, _fit(title, _TITLE, True, box.width - badge_width), _TITLE, bold=True),
        Text(box.x, box.y + 9.0, _fit(subtitle, _SUBTITLE, False, box.width - badge_width), _SUBTITLE),
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
    a, b = 0.8, GUTTER - 0.4  # marks run from a to b mm outside the cut line
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


def _glue(band: Box, label: str, taken: list[Box]) -> list[Item]:
    """A hatched strip where the next tile is glued on, carrying that tile's name
    wherever the strip is clear of this tile's own shapes (``taken``), at most every 60 mm."""
    step, past = 2.5, 1.0
    # The hatching is one zigzag line: each stroke runs ``past`` mm beyond the strip at
    # both ends, where it turns to the next, so the turns fall outside the clip and the
    # strip shows only parallel strokes (one path to draw, not a hundred).
    zigzag: list[Point] = []
    k = 0.0
    while k < band.width + band.height:
        top = (band.x + k + past, band.y - past)
        bottom = (band.x + k - band.height - past, band.bottom + past)
        zigzag += [top, bottom] if len(zigzag) % 4 == 0 else [bottom, top]
        k += step
    hatch = Polygon(tuple(zigzag), _HATCH, closed=False)
    strip = (Rect(band.x, band.y, band.width, band.height, _GLUE), hatch)
    items: list[Item] = [Group(strip, clip=(band.x, band.y, band.width, band.height), label="glue strip")]
    w, h = text_width(label, _BAND, True) + 1.2, 1.46 * _BAND + 0.4  # the glyphs' full height
    along = band.height > band.width  # the strip runs down the page
    length, across = (band.height, band.width) if along else (band.width, band.height)
    taken = [b for b in taken if b.overlaps(band)]  # only these can touch a spot in the strip
    last = -math.inf
    t = 0.0
    while t <= length:
        if t - last < 60.0:  # too close to the last name: no spot here
            t += 2.0
            continue
        for f in (0.5, 0.3, 0.7, 0.15, 0.85):
            x, y = (band.x + across * f, band.y + t) if along else (band.x + t, band.y + across * f)
            spot = Box(x - w / 2, y - 0.75 * _BAND - 0.2, w, h)
            if band.contains(spot) and not any(spot.overlaps(b) for b in taken):
                items.append(Rect(spot.x, spot.y, w, h, Style(fill="#ffffff")))
                items.append(
                    Text(x, y + 0.36 * _BAND, label, _BAND, _GUIDE.stroke or "", "middle", bold=True)
                )
                last = t
                break
        t += 2.0
    return items


def _cut_line(edges: tuple[tuple[Point, Point], ...]) -> list[Item]:
    """The dashed line (on a white core, to show on any board colour) along which a
    tile is cut out, with a pair of scissors at its first end."""
    if not edges:
        return []
    items: list[Item] = []
    for style in (_GUIDE_UNDER, _GUIDE):
        items += [Polygon((a, b), style, closed=False) for a, b in edges]
    (x, y), _ = min(edges, key=lambda e: (e[0][1], e[0][0]))
    return [Group(tuple(items), label="cut line"), _scissors(x, y)]


def _scissors(x: float, y: float) -> Group:
    """Scissors (two rings and two crossed blades) at ``(x, y)``: cut here."""
    ink = Style(stroke=_GUIDE.stroke, stroke_width=0.35)
    blade = Style(stroke=_GUIDE.stroke, stroke_width=0.45)
    shapes: list[Item] = [
        Circle(x - 1.4, y - 2.6, 0.8, Style(fill="#ffffff", stroke=_GUIDE.stroke, stroke_width=0.35)),
        Circle(x + 1.4, y - 2.6, 0.8, Style(fill="#ffffff", stroke=_GUIDE.stroke, stroke_width=0.35)),
        _line(x - 0.9, y - 2.0, x + 0.9, y + 2.2, blade),
        _line(x + 0.9, y - 2.0, x - 0.9, y + 2.2, blade),
        Circle(x, y, 0.25, ink),
    ]
    return Group(tuple(shapes), label="scissors")


def _tile_page(paper: Paper, plan: Plan, tile: Tile, title: str, page: str, c: Catalogue) -> Scene:
    total = len(plan.tiles)
    room = content_box(paper).inset(GUTTER, GUTTER, GUTTER, GUTTER)
    win = tile.window
    on = Box(
        room.x + (room.width - win.width) / 2, room.y + (room.height - win.height) / 2, win.width, win.height
    )
    clip = win.inset(*(-_BLEED if outer else 0.0 for outer in tile.outer))
    glue: list[Item] = []
    taken = own_boxes(plan, tile)
    for band, number in tile.glue:
        glue += _glue(band, plan.tiles[number - 1].name(total), taken)
    name = tile.name(total)
    items: list[Item] = [
        Group(
            (*glue, *tile_items(plan, tile), *_cut_line(tile.cut)),
            dx=on.x - win.x,
            dy=on.y - win.y,
            clip=(clip.x, clip.y, clip.width, clip.height),
            label=f"tile {name}",
        )
    ]
    items += _crop_marks(on, tile.outer)
    label = c.text(
        "board.tile",
        name=name,
        row=tile.row + 1,
        rows=plan.rows,
        column=tile.column + 1,
        columns=plan.columns,
    )
    items += _frame(paper, c, title, label, badge=name, page=page)
    return Scene(paper.width, paper.height, tuple(items), f"{title}: tile {name}", label)


def _map_page(artwork: Scene, paper: Paper, plan: Plan, title: str, page: str, c: Catalogue) -> Scene:
    """The whole board scaled down, each tile drawn over it as a tinted frame with its
    number in the middle, and how to put the tiles together."""
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
    for tile in plan.tiles:
        w = tile.window
        items.append(Rect(x0 + w.x * s, y0 + w.y * s, w.width * s, w.height * s, _MAP_TILE))
        own = tile.own
        cx, cy = x0 + (own.x + own.width / 2) * s, y0 + (own.y + own.height / 2) * s
        name = tile.name(total)
        width = text_width(name, _HEADER, True)
        names.append(Rect(cx - width / 2 - 1.0, cy - _HEADER * 0.8, width + 2.0, _HEADER * 1.3, _MAP_LABEL))
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
    items += _frame(paper, c, title, subtitle, page=page)
    return Scene(paper.width, paper.height, tuple(items), f"{title}: {subtitle}", subtitle)


#: Most pages one board may be tiled over (documented in the README's limits): beyond
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


#: Tile plans per artwork: a board's files in every language share one artwork (see
#: ``boardgen.outputs``), and its tiles are cut once.
_PLANS = Memo()


def _planned(items: tuple[Item, ...], room: tuple[float, float]) -> Plan:
    """:func:`plan_tiles` of ``items`` in ``room``, remembered for the last few artworks."""
    plan: Plan = _PLANS.recall(items, room, lambda: plan_tiles(items, room))
    return plan


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
    room = box.inset(GUTTER, GUTTER, GUTTER, GUTTER)
    try:
        plan = _planned(artwork.items, (room.width, room.height))
    except ValueError:  # one cell (or label) larger than a tile's room
        raise BoardgenError(
            f"a cell of this board does not fit whole on a tile of {paper.name} paper "
            f"({room.width:.0f} x {room.height:.0f} mm): choose a smaller cell size or larger paper"
        ) from None
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
        Text(box.x, paper.printable.y + _TITLE, _fit(title, _TITLE, True, box.width), _TITLE, bold=True),
        Group(picture.items, dx=x0, dy=y0, scale=s, label="diagram"),
    ]
    y = y0 + picture.height * s + 1.0
    for line in lines:
        y += _LEADING
        items.append(Text(paper.width / 2, y, line, _SUBTITLE, anchor="middle"))
    return Scene(paper.width, paper.height, tuple(items), title or picture.title, " ".join(lines))
