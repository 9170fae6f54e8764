"""Page composition: true-scale boards and diagrams laid out on sheets of paper.

A board is a promise of true scale (pieces must fit the cells), so it is never
shrunk: when it fits the printable area it is centred on one page; when it does
not, it is cut into the fewest tiles that cover it, neighbours sharing a 10 mm
overlap so that the tiles can be taped together without gaps. Tiles are preceded
by an assembly map (the whole board, scaled down, with the tile grid) and carry
crop marks in a gutter outside the board, dashed lines where the next tile's edge
goes, and a label naming their place (columns A, B, ...; rows 1, 2, ...).

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
from dataclasses import dataclass

from ..backends.fonts import text_width, wrap_text
from ..scene import Circle, Ellipse, Group, Item, Polygon, Rect, Scene, Style, Text
from ..texts.catalogue import Catalogue, catalogue
from .paper import Box, Paper
from .ruler import ruler

#: Width of the strip two neighbouring tiles share, in mm.
OVERLAP = 10.0
#: Height of the title band at the top of the printable area, in mm.
TITLE_BAND = 12.0
#: Room between a tile's board piece and the content edge, for crop marks, in mm.
GUTTER = 6.0
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
_HEADER = 4.2  # font size of the map's column and row headers, mm
_LEADING = 4.2  # line spacing of the map's instructions and of diagram captions, mm


@dataclass(frozen=True)
class _Tile:
    column: int
    row: int
    window: Box  # the part of the artwork this tile shows, artwork coordinates

    @property
    def name(self) -> str:
        return _name(self.column, self.row)


def _name(column: int, row: int) -> str:
    """A tile's name: column letters like a spreadsheet's (A..Z, AA, ...), then the row number."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row + 1}"


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


def _counts(length: float, room: float) -> int:
    """Fewest tiles of ``room`` mm, overlapping by OVERLAP, that cover ``length`` mm."""
    if length <= room + 1e-9:
        return 1
    return math.ceil((length - OVERLAP) / (room - OVERLAP) - 1e-9)


def _tiles(width: float, height: float, room: Box) -> list[_Tile]:
    """Equal windows over the artwork, row by row, sharing exactly OVERLAP mm with neighbours."""
    if room.width <= 2 * OVERLAP or room.height <= 2 * OVERLAP:
        raise ValueError("paper too small to tile a board")
    columns, rows = _counts(width, room.width), _counts(height, room.height)
    w = (width + (columns - 1) * OVERLAP) / columns
    h = (height + (rows - 1) * OVERLAP) / rows
    return [
        _Tile(c, r, Box(c * (w - OVERLAP), r * (h - OVERLAP), w, h))
        for r in range(rows)
        for c in range(columns)
    ]


def _line(x1: float, y1: float, x2: float, y2: float, style: Style) -> Polygon:
    return Polygon(((x1, y1), (x2, y2)), style, closed=False)


def _marks(on: Box, guides: tuple[float, ...], hguides: tuple[float, ...]) -> list[Item]:
    """Crop marks at the corners of ``on`` and gutter ticks at the overlap lines."""
    a, b = 1.0, 5.0  # marks run from a to b mm outside the cut line
    items: list[Item] = []
    for x, sx in ((on.x, -1), (on.right, 1)):
        for y, sy in ((on.y, -1), (on.bottom, 1)):
            items.append(_line(x + sx * a, y, x + sx * b, y, _MARK))
            items.append(_line(x, y + sy * a, x, y + sy * b, _MARK))
    for x in guides:
        items += [
            _line(x, on.y - a, x, on.y - b, _GUIDE_TICK),
            _line(x, on.bottom + a, x, on.bottom + b, _GUIDE_TICK),
        ]
    for y in hguides:
        items += [
            _line(on.x - a, y, on.x - b, y, _GUIDE_TICK),
            _line(on.right + a, y, on.right + b, y, _GUIDE_TICK),
        ]
    return items


def _neighbours(on: Box, tile: _Tile, grid: tuple[int, int]) -> list[Item]:
    """Each overlap strip named, in the gutter, after the tile that shares it."""
    columns, rows = grid
    items: list[Item] = []
    for dc, x in ((-1, on.x + OVERLAP / 2), (1, on.right - OVERLAP / 2)):
        if 0 <= tile.column + dc < columns:
            name = _name(tile.column + dc, tile.row)
            items.append(Text(x, on.y - 1.6, name, _SMALL, fill=_GUIDE.stroke or "", anchor="middle"))
    for dr, y in ((-1, on.y + OVERLAP / 2), (1, on.bottom - OVERLAP / 2)):
        if 0 <= tile.row + dr < rows:
            name = _name(tile.column, tile.row + dr)
            items.append(Text(on.x - 1.2, y + 0.85, name, _SMALL, fill=_GUIDE.stroke or "", anchor="end"))
    return items


def _bounds(item: Item) -> Box | None:
    """A box that surely holds everything ``item`` paints, or None when that is unknown."""
    if isinstance(item, Text):
        width = text_width(item.text, item.size, item.bold)
        left = item.x - width * {"start": 0.0, "middle": 0.5, "end": 1.0}[item.anchor]
        return Box(left, item.y - 1.1 * item.size, width, 1.45 * item.size)  # accents, descenders
    if isinstance(item, Group):
        found = [Box(*item.clip)] if item.clip is not None else [_bounds(child) for child in item.items]
        boxes = [box for box in found if box is not None]
        if not boxes or len(boxes) < len(found):
            return None
        x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
        x1, y1 = max(b.right for b in boxes), max(b.bottom for b in boxes)
        k = item.scale
        return Box(item.dx + k * x0, item.dy + k * y0, k * (x1 - x0), k * (y1 - y0))
    pad = item.style.stroke_width / 2 if item.style.stroke else 0.0
    if isinstance(item, Rect):
        box = Box(item.x, item.y, item.width, item.height)
    elif isinstance(item, Circle):
        box = Box(item.cx - item.r, item.cy - item.r, 2 * item.r, 2 * item.r)
    elif isinstance(item, Ellipse):
        r = max(item.rx, item.ry)
        box = Box(item.cx - r, item.cy - r, 2 * r, 2 * r)
    elif not item.points:
        return None
    else:
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        box = Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        pad *= 10  # sharp corners: the PDF miter limit is 10
    return box.inset(-pad, -pad, -pad, -pad)


@dataclass(frozen=True)
class _Bounded:
    """An item with the box it paints in (None: unknown, always kept) and, for a group
    that is not clipped, its children likewise, so tiles can cull inside it."""

    item: Item
    box: Box | None
    children: tuple[_Bounded, ...] | None = None


def _bounded(item: Item) -> _Bounded:
    """Bounds of ``item`` and of everything inside it, computed once per board."""
    if not isinstance(item, Group) or item.clip is not None:
        return _Bounded(item, _bounds(item))
    children = tuple(_bounded(child) for child in item.items)
    boxes = [child.box for child in children]
    if not boxes or any(box is None for box in boxes):
        return _Bounded(item, None, children)
    x0, y0 = min(b.x for b in boxes if b), min(b.y for b in boxes if b)
    x1, y1 = max(b.right for b in boxes if b), max(b.bottom for b in boxes if b)
    k = item.scale
    return _Bounded(item, Box(item.dx + k * x0, item.dy + k * y0, k * (x1 - x0), k * (y1 - y0)), children)


def _cull(node: _Bounded, window: Box) -> Item | None:
    """``node``'s item without the parts that cannot paint inside ``window``, or None.

    A tile page thus carries only its own share of the board, so a board's PDF grows
    with its cells, not with cells times pages.
    """
    if node.box is not None and not window.overlaps(node.box):
        return None
    if node.children is None:
        return node.item
    group = node.item
    assert isinstance(group, Group)
    k = group.scale
    inner = Box((window.x - group.dx) / k, (window.y - group.dy) / k, window.width / k, window.height / k)
    kept = tuple(item for item in (_cull(child, inner) for child in node.children) if item is not None)
    if len(kept) == len(group.items) and all(a is b for a, b in zip(kept, group.items, strict=True)):
        return group  # nothing cut, at any depth
    return Group(kept, group.dx, group.dy, group.scale, group.clip, group.label) if kept else None


def _visible(nodes: list[_Bounded], window: Box) -> tuple[Item, ...]:
    """The items that may paint inside ``window``: a tile page carries only its own part."""
    around = window.inset(-1.0, -1.0, -1.0, -1.0)
    return tuple(item for item in (_cull(node, around) for node in nodes) if item is not None)


def _tile_page(
    artwork: Scene,
    paper: Paper,
    tile: _Tile,
    grid: tuple[int, int],
    title: str,
    page: str,
    bounds: list[_Bounded],
    c: Catalogue,
) -> Scene:
    columns, rows = grid
    room = content_box(paper).inset(GUTTER, GUTTER, GUTTER, GUTTER)
    win = tile.window
    on = Box(
        room.x + (room.width - win.width) / 2, room.y + (room.height - win.height) / 2, win.width, win.height
    )
    left, top = tile.column > 0, tile.row > 0
    right, bottom = tile.column < columns - 1, tile.row < rows - 1
    clip = win.inset(*(0.0 if inner else -_BLEED for inner in (left, top, right, bottom)))
    items: list[Item] = [
        Group(
            _visible(bounds, clip),
            dx=on.x - win.x,
            dy=on.y - win.y,
            clip=(clip.x, clip.y, clip.width, clip.height),
            label=f"tile {tile.name}",
        )
    ]
    # Dashed lines (on a white core, to show on any board colour) where the right and
    # lower neighbours' cut edges will lie; those neighbours then hide them.
    for style in (_GUIDE_UNDER, _GUIDE):
        if right:
            items.append(_line(on.right - OVERLAP, on.y, on.right - OVERLAP, on.bottom, style))
        if bottom:
            items.append(_line(on.x, on.bottom - OVERLAP, on.right, on.bottom - OVERLAP, style))
    guides = (on.x + OVERLAP,) * left + (on.right - OVERLAP,) * right
    hguides = (on.y + OVERLAP,) * top + (on.bottom - OVERLAP,) * bottom
    items += _marks(on, guides, hguides)
    items += _neighbours(on, tile, grid)
    label = c.text(
        "board.tile", name=tile.name, row=tile.row + 1, rows=rows, column=tile.column + 1, columns=columns
    )
    items += _frame(paper, c, title, label, badge=tile.name, page=page)
    return Scene(paper.width, paper.height, tuple(items), f"{title}: tile {tile.name}", label)


def _map_page(
    artwork: Scene,
    paper: Paper,
    tiles: list[_Tile],
    grid: tuple[int, int],
    title: str,
    page: str,
    c: Catalogue,
) -> Scene:
    """The whole board scaled down, the tiles drawn over it as tinted frames, and each
    tile's column letter above the map and row number left of it (like a spreadsheet's
    headers: tile B2 is in column B, row 2), so that no label hides the artwork."""
    columns, rows = grid
    box = content_box(paper)
    lines = [
        line
        for key in ("board.cut", "board.lay")
        for line in wrap_text(c.text(key, overlap=f"{OVERLAP:g}"), _SUBTITLE, box.width)
    ]
    header = _HEADER + 2.0
    room = box.inset(header, 2.0 + header, header, 2.0 + _LEADING * len(lines))
    s = min(room.width / artwork.width, room.height / artwork.height, 1.0)
    x0 = room.x + (room.width - artwork.width * s) / 2
    y0 = room.y + (room.height - artwork.height * s) / 2
    items: list[Item] = [Group(artwork.items, dx=x0, dy=y0, scale=s, label="whole board, scaled")]
    for tile in tiles:
        w = tile.window
        items.append(Rect(x0 + w.x * s, y0 + w.y * s, w.width * s, w.height * s, _MAP_TILE))
    items.append(Rect(x0, y0, artwork.width * s, artwork.height * s, _MAP_EDGE))
    headers: list[Item] = []
    for tile in tiles:
        w = tile.window
        if tile.row == 0:
            cx = x0 + (w.x + w.width / 2) * s
            text = _name(tile.column, 0)[:-1]
            headers.append(Text(cx, y0 - 1.6, text, _HEADER, fill=_MAP_INK, anchor="middle", bold=True))
        if tile.column == 0:
            cy = y0 + (w.y + w.height / 2) * s
            row = str(tile.row + 1)
            headers.append(Text(x0 - 1.6, cy + 0.36 * _HEADER, row, _HEADER, _MAP_INK, "end", bold=True))
    items.append(Group(tuple(headers), label="tile columns and rows"))
    y = room.bottom + 2.0
    for line in lines:
        y += _LEADING
        items.append(Text(paper.width / 2, y, line, _SUBTITLE, anchor="middle"))
    scale = c.text("board.map_scaled", n=f"{s * 100:.0f}") if s < 1 else c.text("board.map_actual")
    subtitle = c.text(
        "board.map",
        columns=c.count("board.columns", columns),
        rows=c.count("board.rows", rows),
        tiles=c.count("board.tiles", len(tiles)),
        scale=scale,
    )
    items += _frame(paper, c, title, subtitle, page=page)
    return Scene(paper.width, paper.height, tuple(items), f"{title}: {subtitle}", subtitle)


#: Most pages one board may be tiled over (documented in the README's limits): beyond
#: it a board is refused before anything is drawn, rather than printing a ream.
MAX_PAGES = 250


def page_count(width: float, height: float, paper: Paper, *, landscape: bool) -> int:
    """How many pages :func:`board_pages` makes for artwork of this size, without drawing."""
    box = content_box(paper.oriented(landscape))
    if width <= box.width + 1e-9 and height <= box.height + 1e-9:
        return 1
    return len(_tiles(width, height, box.inset(GUTTER, GUTTER, GUTTER, GUTTER))) + 1


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
    tiles = _tiles(artwork.width, artwork.height, box.inset(GUTTER, GUTTER, GUTTER, GUTTER))
    grid = (tiles[-1].column + 1, tiles[-1].row + 1)
    total = len(tiles) + 1

    def page(n: int) -> str:
        return c.text("words.page_of", n=n, total=total) if numbered else ""

    pages = [_map_page(artwork, paper, tiles, grid, title, page(1), c)]
    bounds = [_bounded(item) for item in artwork.items]
    for n, tile in enumerate(tiles, start=2):
        pages.append(_tile_page(artwork, paper, tile, grid, title, page(n), bounds, c))
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
