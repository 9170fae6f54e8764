"""Print-and-play pieces: counters at the true-scale board's size, to print and cut out.

A counter's diameter is :data:`COUNTER_RATIO` (0.74) times the descriptor's
``print.cell_size``, so counters fit the cells of the printed board with a margin.
Each counter sits in its own square cut cell; cut cells abut, so one dashed line is one
cut. Every page has a header (title, what is on this page, what the whole set is) and
the calibration ruler: printed at another scale, counters would not fit the board.

What the set holds (printed in each header): what the rule family says each player
needs (:meth:`~boardgen.rules.family.RuleFamily.counters`), with :func:`spares` where
it asks for them, for the built-in families:

* men: the descriptor's count per player plus :func:`spares` (2 a colour, one more per
  ten men beyond 20: big games lose more counters);
* king marks, when the game has kings: smaller counters with a crown, laid on a man to
  crown it, as many per colour as that colour has men (no player can ever have more
  kings than men, so the set never runs short);
* stones (placement games such as Catchup): per player, the most stones that player
  can ever own. Stones never leave the board, so that is the engine's proven bound on
  the final score (``score_bounds``); no spares, as the bound is never reached in real
  play;

and, from the board:

* score pawns: one per player when the board has a scoring track, sized for its ovals.
"""

from __future__ import annotations

__all__ = ["COUNTER_RATIO", "CounterSet", "check_pieces_page_limit", "counter_sets", "pieces_pages", "spares"]

import math
from collections import Counter
from dataclasses import replace
from typing import Literal

from ..descriptor.artwork import Artwork
from ..descriptor.model import Variant
from ..foundation.fonts import text_width, wrap_text
from ..foundation.paper import Box, Paper
from ..foundation.values import frozen
from ..rules.registry import family
from ..scene.shapes import Group, Item, Polygon, Scene, Style, Text
from ..texts.catalogue import Catalogue, catalogue, typeset
from .legible import MIN_TEXT_MM, marked_players
from .pages import MAX_PAGES, fit_text, number
from .pieces import artwork_items, contrast, counter_items, glyph_item
from .ruler import ruler
from .typefaces import in_its_fonts

#: Counter diameter / cell size.
COUNTER_RATIO = 0.74
_KING_RATIO = 0.5  # a king mark lies on a man and leaves its colour showing as a rim
_PAWN_RATIO = 0.4  # a score pawn stands on one of the track's ovals (0.46 cells high)
#: Counter diameter / cell size, by the kind of counter a rule family asks for.
_RATIO = {"man": COUNTER_RATIO, "stone": COUNTER_RATIO, "king": _KING_RATIO}
_CUT = Style(stroke="#808080", stroke_width=0.2, dash=(1.5, 1.0))
_TITLE, _LINE, _NOTE = 4.2, 3.0, 2.6  # font sizes, mm
_LEADING = 3.4  # between lines of notes, mm

Kind = Literal["man", "king", "stone", "pawn"]


@frozen
class CounterSet:
    """``count`` counters of one kind and colour, ``diameter`` mm across; ``spare`` of
    them are extra (lost counters happen)."""

    player: str
    name: str  # the player's name in the sheet's language, e.g. "White"
    colour: str
    kind: Kind
    count: int
    diameter: float
    spare: int = 0
    #: The player's letter drawn on each counter, when greyscale cannot tell the colour apart.
    mark: str = ""
    #: A declared piece kind's name and glyph (whether a symbol), drawn on each counter.
    shape: str = ""
    glyph: str = ""
    symbols: bool = False
    artwork: Artwork | None = None

    def text(self, c: Catalogue, count: int | None = None) -> str:
        """``12 men for White`` in the catalogue's language (``pieces.<kind>``)."""
        n = self.count if count is None else count
        if self.shape:
            return f"{n} \u00d7 {self.shape} ({self.name})"
        return c.count(f"pieces.{self.kind}", n, player=self.name)


def spares(men: int) -> int:
    """Spare men per colour: 2, plus one per ten men beyond 20."""
    return 2 + max(0, math.ceil((men - 20) / 10))


def counter_sets(variant: Variant, lang: str = "en") -> tuple[CounterSet, ...]:
    """Every kind of counter the game needs, in print order (see the module docstring),
    the players named in ``lang``: what the rule family says each player needs, then the
    score pawns of the board's scoring track."""
    rules = family(variant.rules.family)
    game = rules.make_game(variant.game_spec())
    size = variant.print.cell_size
    players = {p.id: p for p in variant.players}
    name = {p.id: variant.text(p.name, lang) for p in variant.players}
    sets: list[CounterSet] = []
    marked = marked_players(variant)
    for need in rules.counters(game):
        p = players[need.player]
        extra = spares(need.count) if need.spares else 0
        diameter = _RATIO[need.kind] * size
        mark = p.letter if p.id in marked else ""
        kind = variant.piece_kind(need.shape) if need.shape else None
        count = need.count + extra
        counters = CounterSet(p.id, name[p.id], p.colour, need.kind, count, diameter, extra, mark)
        if kind is not None:
            shape, glyph = variant.text(kind.name, lang), kind.glyph.get(p.id, "")
            counters = replace(
                counters, shape=shape, glyph=glyph, symbols=kind.symbols(p.id), artwork=kind.artwork
            )
        sets.append(counters)
    if variant.scoring_track is not None:
        for p in variant.players:
            sets.append(CounterSet(p.id, name[p.id], p.colour, "pawn", 1, _PAWN_RATIO * size))
    return tuple(s for s in sets if s.count > 0)


@frozen
class _Row:
    """One row of cut cells: the set of each counter in it, its top and its cells' side."""

    cells: tuple[CounterSet, ...]
    y: float
    side: float

    @property
    def width(self) -> float:
        return len(self.cells) * self.side


def _rows(sets: tuple[CounterSet, ...], width: float, gap: float) -> list[tuple[CounterSet, ...]]:
    """Counters in rows of at most ``width`` mm. Each set starts a row, so a row holds one
    colour and kind, except that score pawns share one."""
    rows: list[list[CounterSet]] = []
    for counter in sets:
        per_row = max(1, math.floor(width / (counter.diameter + 2 * gap)))
        last = rows[-1][-1] if rows else None
        shares = (
            last is not None and last.kind == counter.kind == "pawn" and last.diameter == counter.diameter
        )
        if not shares:
            rows.append([])
        for _ in range(counter.count):
            if len(rows[-1]) == per_row:
                rows.append([])
            rows[-1].append(counter)
    return [tuple(row) for row in rows]


def _pages(sets: tuple[CounterSet, ...], area: Box, gap: float) -> list[list[_Row]]:
    """The rows placed down the pages: a row that does not fit starts the next page."""
    pages: list[list[_Row]] = [[]]
    y = area.y
    for cells in _rows(sets, area.width, gap):
        side = cells[0].diameter + 2 * gap
        if y + side > area.bottom + 1e-9 and pages[-1]:
            pages.append([])
            y = area.y
        pages[-1].append(_Row(cells, y, side))
        y += side
    return pages


def _line(x0: float, y0: float, x1: float, y1: float) -> Polygon:
    return Polygon(((x0, y0), (x1, y1)), _CUT, closed=False)


def _counters(row: _Row, x0: float) -> list[Item]:
    """The counters of a row, each centred in its cut cell (pawns drawn as men)."""
    items: list[Item] = []
    for i, counter in enumerate(row.cells):
        kind: Literal["man", "king", "stone"] = "man" if counter.kind == "pawn" else counter.kind
        cx, cy = x0 + (i + 0.5) * row.side, row.y + row.side / 2
        items.extend(counter_items(cx, cy, counter.diameter / 2, counter.colour, kind))
        if counter.artwork is not None:
            items.extend(artwork_items(cx, cy, counter.diameter / 2, counter.artwork, counter.colour))
        elif counter.glyph:
            items.append(
                glyph_item(cx, cy, counter.diameter / 2, counter.glyph, counter.symbols, counter.colour)
            )
        elif counter.mark:
            size = max(MIN_TEXT_MM, 0.45 * counter.diameter)
            ink = contrast(counter.colour)
            items.append(Text(cx, cy + 0.36 * size, counter.mark, size, ink, "middle", bold=True))
    return items


def _cuts(rows: list[_Row], x0: float) -> list[Item]:
    """Dashed cut lines: each cell's sides, one line per shared edge."""
    lines: list[Item] = []
    for i, row in enumerate(rows):
        above = rows[i - 1].width if i else 0.0  # rows on a page abut
        lines.append(_line(x0, row.y, x0 + max(row.width, above), row.y))
        for k in range(len(row.cells) + 1):
            lines.append(_line(x0 + k * row.side, row.y, x0 + k * row.side, row.y + row.side))
    last = rows[-1]
    lines.append(_line(x0, last.y + last.side, x0 + last.width, last.y + last.side))
    return lines


def _notes(variant: Variant, sets: tuple[CounterSet, ...], width: float, c: Catalogue) -> list[str]:
    """What the whole set is and how it is used, wrapped to ``width`` mm."""
    size = variant.print.cell_size

    def item(s: CounterSet) -> str:
        return s.text(c) + (f" ({c.count('pieces.spare', s.spare)})" if s.spare else "")

    notes = [
        c.text("pieces.whole", items=", ".join(item(s) for s in sets)),
        c.text("pieces.size", size=number(c, COUNTER_RATIO * size), cell=number(c, size)),
        c.text("pieces.cut"),
    ]
    if any(s.kind == "king" for s in sets):
        notes.append(c.text("pieces.crown"))
    if any(s.kind == "pawn" for s in sets):
        notes.append(c.text("pieces.pawns"))
    return wrap_text(" ".join(notes), _NOTE, width)


def _here(c: Catalogue, counts: Counter[CounterSet] | dict[CounterSet, int], width: float) -> list[str]:
    """ "This page: ..." wrapped to ``width`` mm."""
    return wrap_text(
        c.text("pieces.here", items=", ".join(s.text(c, n) for s, n in counts.items())), _LINE, width
    )


def _header(
    title: str, page: str, rows: list[_Row], notes: list[str], box: Box, c: Catalogue, room: int
) -> list[Item]:
    """Title and page number (the title shortened so that they never meet), this page's
    counts (on at most ``room`` lines), then the notes."""
    on_page = Counter(counter for row in rows for counter in row.cells)
    here = _here(c, on_page, box.width)[:room]
    gap = text_width(page, _LINE) + 4.0 if page else 0.0
    items: list[Item] = [
        Text(box.x, box.y + _TITLE, fit_text(title, _TITLE, True, box.width - gap), _TITLE, bold=True),
        Text(box.right, box.y + _TITLE, page, _LINE, anchor="end"),
    ]
    for n, line in enumerate(here):
        items.append(Text(box.x, box.y + 9.0 + _LEADING * n, line, _LINE))
    for n, line in enumerate(notes, start=room):
        items.append(Text(box.x, box.y + 9.0 + _LEADING * n, line, _NOTE))
    return items


@frozen
class _Laid:
    """The pages of a pieces sheet planned, before anything is drawn."""

    c: Catalogue
    box: Box
    notes: list[str]
    room: int
    marks: tuple[Item, ...]
    ruler_height: float
    area: Box
    layout: list[list[_Row]]


def _laid_out(variant: Variant, paper: Paper, lang: str) -> _Laid:
    """Where every counter goes, page by page; a set needing more than
    :data:`~.pages.MAX_PAGES` pages is refused, at ``print.cell_size``."""
    c = catalogue(lang)
    sets = counter_sets(variant, lang)
    box = paper.oriented(False).printable
    notes = _notes(variant, sets, box.width, c)
    # Room for the longest "This page: ..." a page can have: the whole set's.
    room = len(_here(c, {s: s.count for s in sets}, box.width))
    marks, _, ruler_height = ruler(c.text("board.ruler"), c.text("board.inch"))
    area = box.inset(0, 9.0 + _LEADING * (len(notes) + room - 1) + 3.0, 0, ruler_height + 3.0)
    gap = max(1.5, 0.06 * variant.print.cell_size)
    layout = _pages(sets, area, gap)
    if len(layout) > MAX_PAGES:
        raise variant.error(
            ("print", "cell_size"),
            f"the pieces sheet would need {len(layout):,} pages of {paper.name} (the limit is {MAX_PAGES}):"
            " choose a smaller cell size or fewer pieces",
        )
    return _Laid(c, box, notes, room, tuple(marks), ruler_height, area, layout)


@in_its_fonts
def check_pieces_page_limit(variant: Variant, paper: Paper) -> None:
    """What :func:`pieces_pages` checks before drawing, in every language of the game, for
    ``validate`` to check first: a located BoardgenError for a set over the page limit."""
    for lang in variant.languages:
        _laid_out(variant, paper, lang)


@in_its_fonts
def pieces_pages(
    variant: Variant, paper: Paper, lang: str = "en", *, numbered: bool = True
) -> tuple[Scene, ...]:
    """The counters of ``variant`` on portrait pages of ``paper``, at the board's scale,
    every word in ``lang`` (the catalogue's ``pieces`` keys); ``numbered`` adds
    "Page n of m" (a booklet numbers its pages itself). A set needing more than
    :data:`~.pages.MAX_PAGES` pages is refused, at ``print.cell_size``, before any is drawn."""
    laid = _laid_out(variant, paper, lang)
    c, box, notes, room, area, layout = laid.c, laid.box, laid.notes, laid.room, laid.area, laid.layout
    page_paper = paper.oriented(False)
    widest = max(row.width for rows in layout for row in rows)
    x0 = area.x + (area.width - widest) / 2
    title = c.text("pieces.title", title=typeset(variant.text(variant.title, lang), c.typography))
    scenes = []
    for n, rows in enumerate(layout, start=1):
        page = c.text("words.page_of", n=n, total=len(layout)) if numbered else ""
        items: list[Item] = [
            *_header(title, page, rows, notes, box, c, room),
            Group(tuple(_cuts(rows, x0)), label="cut lines"),
            Group(tuple(item for row in rows for item in _counters(row, x0)), label="counters"),
            Group(laid.marks, dx=box.x, dy=box.bottom - laid.ruler_height, label="calibration ruler"),
        ]
        scenes.append(
            Scene(page_paper.width, page_paper.height, tuple(items), f"{title}, {page}", _page_text(rows, c))
        )
    return tuple(scenes)


def _page_text(rows: list[_Row], c: Catalogue) -> str:
    """What a page holds, row by row, for the text alternative."""
    return "\n".join(", ".join(s.text(c, n) for s, n in Counter(row.cells).items()) for row in rows)
