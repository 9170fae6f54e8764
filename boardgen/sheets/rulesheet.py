"""Rule sheets as PDF: a game's rules in one language, laid out with reportlab's platypus.

The words come from :func:`boardgen.texts.compose.rule_sheet_text`; this module only
arranges them: title and introduction, what you need beside the starting position,
numbered sections, and the descriptor's examples as engine-drawn diagrams with their
captions (an example the engine refuses fails here, naming the descriptor). Diagrams
are boardgen scenes drawn by the PDF backend's own painter, so they look exactly like
the printed boards; text uses the embedded Vera fonts, never a base-14 font.

:func:`sheet_story` gives the flowables alone, so the booklet can set the same sheet
in its own document; :func:`render_rules` makes the stand-alone PDF.
"""

from __future__ import annotations

__all__ = [
    "Fonts",
    "SceneFlowable",
    "Styles",
    "render_rules",
    "reset_canvas",
    "rule_doc",
    "sheet_story",
    "start_diagram",
    "styles",
]

import dataclasses
import functools
import io
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER  # type: ignore[import-untyped,unused-ignore]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped,unused-ignore]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped,unused-ignore]
from reportlab.platypus import (  # type: ignore[import-untyped,unused-ignore]
    BaseDocTemplate,
    Flowable,
    Frame,
    ImageAndFlowables,
    KeepTogether,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from ..backends import fonts
from ..backends.pdf import MM, draw_scene
from ..descriptor.model import Variant
from ..geometry import SquareGrid
from ..memo import remembered
from ..render.board import BoardOptions, board_scene
from ..render.diagram import example_scene, fit_cell_size
from ..render.paper import Paper
from ..scene import Scene
from ..texts.compose import Para, RuleSheet, Shown, rule_sheet_text

#: Page margins of text pages, in mm (inside every printer's reach, see render.paper).
MARGIN = 15.0
#: Distance of the footer's baseline from the bottom edge, in mm.
FOOTER = 10.0
#: Gap between the two columns of examples, in mm.
GUTTER = 7.0
#: Sections shorter than this (mm) are never split across pages.
KEEP_TOGETHER = 45.0
INK = "#1b1b1b"
ACCENT = "#1f4e79"
MUTED = "#5a5a5a"
TINT = "#eef2f6"


@dataclass(frozen=True)
class Fonts:
    regular: str = fonts.SANS
    bold: str = fonts.SANS_BOLD
    italic: str = fonts.SANS_ITALIC


@dataclass(frozen=True)
class Styles:
    title: Any
    cover_title: Any
    intro: Any
    heading: Any
    subheading: Any
    body: Any
    item: Any
    caption: Any
    small: Any
    small_body: Any


@functools.cache
def styles() -> Styles:
    """The paragraph styles of every sheet (fonts registered on first use)."""
    fonts.register_pdf_fonts()
    f = Fonts()

    def style(name: str, **kw: Any) -> Any:
        base: dict[str, Any] = {
            "fontName": f.regular,
            "bulletFontName": f.regular,  # platypus would use Helvetica, unembedded
            "fontSize": 9.6,
            "leading": 12.8,
            "textColor": INK,
            "allowWidows": 0,  # a paragraph's last line never starts a page alone
        }
        return ParagraphStyle(name, **{**base, **kw})

    return Styles(
        title=style("title", fontName=f.bold, fontSize=21, leading=25, spaceAfter=4, textColor=ACCENT),
        cover_title=style(
            "cover_title", fontName=f.bold, fontSize=30, leading=36, spaceAfter=6, textColor=ACCENT
        ),
        intro=style("intro", fontName=f.italic, fontSize=10.5, leading=14, spaceAfter=2),
        heading=style(
            "heading",
            fontName=f.bold,
            fontSize=12.5,
            leading=15,
            spaceBefore=7,
            spaceAfter=2.5,
            textColor=ACCENT,
        ),
        subheading=style(
            "subheading", fontName=f.bold, fontSize=10.5, leading=13, spaceBefore=0, spaceAfter=3
        ),
        body=style("body", spaceAfter=3),
        item=style("item", leftIndent=10, bulletIndent=0, spaceAfter=2.5),
        caption=style("caption", fontSize=8.6, leading=11.2, textColor=INK, spaceBefore=1, spaceAfter=3),
        small=style("small", fontSize=8, leading=10, textColor=MUTED, alignment=TA_CENTER),
        small_body=style("small_body", fontSize=8.8, leading=11.6, spaceAfter=3),
    )


class SceneFlowable(Flowable):  # type: ignore[misc]
    """A boardgen scene as a flowable, ``scale`` times its size (1: true size)."""

    def __init__(self, scene: Scene, scale: float = 1.0) -> None:
        super().__init__()
        self.scene = scene
        self.scale = scale
        self.width = scene.width * MM * scale
        self.height = scene.height * MM * scale

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    # ImageAndFlowables asks its picture these (platypus's Image has them): never shrunk.
    def _restrictSize(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def _unRestrictSize(self) -> None:
        pass

    def draw(self) -> None:
        if isinstance(self.canv, _MeasuringCanvas):  # a trial layout only counts pages
            return
        reset_canvas(self.canv)
        draw_scene(self.canv, self.scene, self.scale)


class _Row(Table):  # type: ignore[misc]
    """A row of examples (diagrams side by side with their captions)."""


def _height(item: Any, canvas: Any, width: float, room: float) -> float:
    """The height ``item`` takes in a frame ``width`` wide, its spacing included."""
    _, height = item.wrapOn(canvas, width, room)
    if isinstance(item, KeepTogether):  # its wrap says "too tall" to force a split
        height = item._H
    return float(height + item.getSpaceBefore() + item.getSpaceAfter())


class _Choice(Flowable):  # type: ignore[misc]
    """A row of examples that illustrate two consecutive sections, placed as late as
    the page allows between the end of the first section's text and the end of the
    second's: after all of ``following`` (the second section's flowables) when it fits,
    else after as many of them as fit with it, so the page fills with the rules the
    row illustrates and never with a later section. Examples therefore never appear
    after the heading of a section they do not belong to. Never drawn itself: the
    frame always asks it to split.
    """

    def __init__(self, row: Any, following: list[Any]) -> None:
        super().__init__()
        self.row, self.following = row, following
        self.width = self.height = 0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return available_width, available_height + 1  # too tall: the frame calls split

    def split(self, available_width: float, available_height: float) -> list[Any]:
        canvas = self.canv
        row = _height(self.row, canvas, available_width, available_height)
        room = available_height - row
        used, fit = 0.0, 0
        for item in self.following:
            used += _height(item, canvas, available_width, available_height)
            if used > room + 1e-6:
                break
            fit += 1
        if row > available_height:  # no room for the row here: the text fills the page first
            return self._text_first(available_width, available_height)
        return [*_opened(self.following[:fit]), self.row, *self.following[fit:]]

    def _text_first(self, available_width: float, available_height: float) -> list[Any]:
        """The text that fits this page (a paragraph may be cut), the row after it."""
        canvas = self.canv
        room, placed = available_height, []
        rest = list(self.following)
        while rest:
            height = _height(rest[0], canvas, available_width, room)
            if height > room + 1e-6:
                break
            room -= height
            placed.append(rest.pop(0))
        if rest and not isinstance(rest[0], KeepTogether):
            parts = rest[0].splitOn(canvas, available_width, room)
            if len(parts) > 1:
                placed.append(parts[0])
                rest = [*parts[1:], *rest[1:]]
        if not placed:
            return []  # nothing fits: all of it opens the next page
        return [*_opened(placed), _Choice(self.row, rest)]


def _opened(items: list[Any]) -> list[Any]:
    """``items`` with each KeepTogether (known to fit) opened: the frame refuses one as
    the first piece of a split."""
    return [x for item in items for x in (item._content if isinstance(item, KeepTogether) else [item])]


def reset_canvas(canvas: Canvas) -> None:
    """Put the graphics state the scene painter assumes: black, solid, opaque."""
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setDash()


#: The longest last two words (in characters) that :func:`glued` joins.
_GLUE_MOST = 22


def glued(text: str) -> str:
    """``text`` with its last two words joined by a no-break space, so that a paragraph
    never ends on a line holding a single word (when the two are short enough to
    travel together to the next line without leaving a gap)."""
    head, space, last = text.rstrip().rpartition(" ")
    if not space or "\u00a0" in last:
        return text
    before = head.rpartition(" ")[2]
    if len(before) + len(last) + 1 > _GLUE_MOST:
        return text
    return f"{head}\u00a0{last}"


class _Para(Paragraph):  # type: ignore[misc]
    """A paragraph that breaks its lines once per width: platypus asks a paragraph its
    height several times (a frame, a KeepTogether, the search for where a row of
    examples goes, each trial layout), and breaking lines is most of a sheet's time.
    Its height does not depend on the room below it, only on the width."""

    _wrapped: tuple[float, tuple[float, float]] | None = None

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        # (split() may drop the broken lines, to push the paragraph to the next page)
        if self._wrapped is None or self._wrapped[0] != available_width or not hasattr(self, "blPara"):
            self._wrapped = (available_width, super().wrap(available_width, available_height))
        return self._wrapped[1]

    def draw(self) -> None:
        if not isinstance(self.canv, _MeasuringCanvas):  # a trial layout only counts pages
            super().draw()


def _p(text: str, style: Any) -> Any:
    return _Para(escape(glued(text)), style)


# -- diagrams ---------------------------------------------------------------------------


def _drawn(variant: Variant, key: Hashable, make: Callable[[], Any]) -> Any:
    """``make()``, or what it gave before for this ``variant`` and ``key``: the same
    variant's sheets in every language and in the booklets share diagrams and layouts."""
    return remembered(variant, ("rule sheet", key), make)


def _cell_size(variant: Variant, width: float) -> float:
    """The cell size that makes the variant's diagrams ``width`` mm wide."""
    size: float = _drawn(variant, ("cell size", width), lambda: fit_cell_size(variant, width))
    return size


def start_diagram(variant: Variant, width: float, *, coordinates: bool = True) -> Scene:
    """The starting position, about ``width`` mm wide."""
    from ..outputs import start_pieces

    def make() -> Scene:
        size = fit_cell_size(variant, width, coordinates=coordinates)
        options = BoardOptions(size, coordinates, variant.text(variant.title))
        return board_scene(variant, options, start_pieces(variant))

    scene: Scene = _drawn(variant, ("start", width, coordinates), make)
    return scene


def _large(variant: Variant) -> bool:
    """Whether the variant's diagrams need more room: many cells, or a scoring track."""
    return variant.grid.size > 100 or variant.scoring_track is not None


def _start_width(variant: Variant, width: float) -> float:
    """Width in mm of the starting diagram beside the list of components: large boards
    get more of the page, so that a board of 217 cells stays readable."""
    if variant.grid.size > 150:
        return min(112.0, width * 0.62)
    return min(max(80.0 if _large(variant) else 62.0, _example_width(variant)), width * 0.45)


def _example_width(variant: Variant) -> float:
    """Width of an example diagram in mm, from the cells across the board, so that the
    pieces and the marks of the move stay visible: 52 mm for 8 x 8, 77 for Kruzno's 11
    hexagons, 100 for the 17 of the 9x9x9 board (hexagons, with labels on three sides,
    need a little more)."""
    grid = variant.grid
    across = 1 + max(grid.coords(cell)[0] for cell in grid.cells())
    per_cell = 6.5 if isinstance(grid, SquareGrid) else 7.0
    return min(100.0, max(52.0, per_cell * across))


def _lone_width(sheet: RuleSheet, width: float) -> float:
    """Most room (mm) for a diagram beside text: half the frame (times the sheet's
    diagram scale)."""
    return width / MM * 0.5 * sheet.diagram_scale


def _with_track(sheet: RuleSheet, shown: Shown) -> bool:
    """Every example of a game with a scoring track shows the track: the scores are part
    of the position (the first example's caption speaks of a score the pawns show)."""
    return sheet.variant.scoring_track is not None


def _diagram_width(sheet: RuleSheet, shown: Shown, column: float) -> float:
    """Width in mm of an example's diagram in a column ``column`` mm wide."""
    if _with_track(sheet, shown):
        return min(column, 84.0 * sheet.diagram_scale)
    return min(column, _example_width(sheet.variant) * sheet.diagram_scale)


def _example(sheet: RuleSheet, shown: Shown, column: float) -> tuple[Any, Any]:
    """The example's diagram (drawn by the engine), about ``column`` mm wide at most,
    and its caption, as flowables."""
    variant = sheet.variant
    example = shown.example
    wanted = _diagram_width(sheet, shown, column)

    def make() -> Scene:
        size = _cell_size(variant, wanted)
        scene = example_scene(variant, sheet.game, example, cell_size=size)
        if scene.width > wanted + 0.5:  # pawns beside the track widen the picture a little
            scene = example_scene(variant, sheet.game, example, cell_size=size * wanted / scene.width)
        return scene

    scene: Scene = _drawn(variant, ("example", example.id, wanted), make)
    caption = _Para(f"<b>{escape(shown.label)}.</b> {escape(glued(shown.caption))}", styles().caption)
    return SceneFlowable(scene), caption


def _table(rows: list[list[Any]], widths: list[float], gap: float, kind: type = Table) -> Any:
    table = kind(rows, colWidths=widths)
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONT", (0, 0), (-1, -1), fonts.SANS),  # else tables set Helvetica
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), gap),
                ("RIGHTPADDING", (-1, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return table


def _row(sheet: RuleSheet, shown: list[Shown], width: float) -> Any:
    """Examples side by side, each diagram above its caption, in equal columns."""
    gap = GUTTER * MM
    n = len(shown)
    column = (width - (n - 1) * gap) / n
    cells = [
        [picture, Spacer(1, 2), caption]
        for picture, caption in (_example(sheet, x, column / MM) for x in shown)
    ]
    return _table([cells], [column + gap] * (n - 1) + [column], gap, _Row)


def _beside(sheet: RuleSheet, texts: list[Any], shown: Shown, width: float) -> Any:
    """The rule's text (``texts``) and the example's caption on the left, the example's
    diagram on the right: the diagram's height is used twice."""
    gap = GUTTER * MM
    picture, caption = _example(sheet, shown, _lone_width(sheet, width))
    text = [*texts, Spacer(1, 2) if texts else Spacer(1, 0), caption]
    return _table([[text, picture]], [width - picture.width, picture.width], gap)


def _fit_in_a_row(sheet: RuleSheet, shown: list[Shown], width: float) -> bool:
    """Whether the examples' diagrams fit side by side at their usual width."""
    n = len(shown)
    column = (width - (n - 1) * GUTTER * MM) / n / MM
    return all(_diagram_width(sheet, x, 1000.0) <= column + 0.1 for x in shown)


# -- the story --------------------------------------------------------------------------


Plan = dict[int, list[list[Shown]]]


def _plan(sheet: RuleSheet, width: float, most: int) -> Plan:
    """Rows of examples (up to ``most`` side by side) and the section each follows.

    Walking through the sections, an example joins the row of the examples before it
    when they all belong to one section or two consecutive ones and fit side by side;
    the row is shown after the section of its last example (or between the two
    sections' ends, see :class:`_Choice`), so an example never follows the heading of a
    section two further on. Side by side, examples take a fraction of the height they
    take one under the other. An example left alone in its row is shown by its own
    section instead (absent from the plan).
    """
    sections = list(sheet.sections)
    own = [[b for b in section.blocks if isinstance(b, Shown)] for section in sections]
    plan: Plan = {}
    row: list[Shown] = []

    def close(index: int) -> None:
        if len(row) > 1:
            plan.setdefault(index, []).append(list(row))
        row.clear()

    for i, mine in enumerate(own):
        for example in mine:
            if row and (len(row) >= most or not _fit_in_a_row(sheet, [*row, example], width)):
                close(i)
            row.append(example)
        following = own[i + 1] if i + 1 < len(own) else []
        started_here = bool(row) and row[0] in mine
        carry = started_here and bool(following) and len(row) + len(following) <= most
        if not (carry and _fit_in_a_row(sheet, row + following, width)):
            close(i)
    return plan


def _section_of(sheet: RuleSheet, shown: Shown) -> int:
    """The index of the section that shows ``shown``."""
    return next(i for i, section in enumerate(sheet.sections) if shown in section.blocks)


def _section(sheet: RuleSheet, index: int, plan: Plan, width: float) -> list[Any]:
    """The section's flowables, kept compact:

    * the rows of examples the plan puts after this section (its own examples, and
      maybe those of the sections just before) come after its paragraphs, each caption
      under its diagram;
    * an example of this section that is in no row: its diagram stands at the right of
      the section's text, which flows around it, the caption after the paragraph it
      illustrates, when the whole text fits beside the diagram; else the diagram stands
      beside the paragraph it follows, with its caption under that paragraph.

    A short section is kept whole, and a heading never ends a page.
    """
    st = styles()
    section = sheet.sections[index]
    in_rows = {id(x) for rows in plan.values() for row in rows for x in row}
    blocks = [b for b in section.blocks if not (isinstance(b, Shown) and id(b) in in_rows)]
    shown = [b for b in blocks if isinstance(b, Shown)]
    rows = [_row(sheet, row, width) for row in plan.get(index, [])]  # kept apart: see _Choice
    for made, row in zip(rows, plan.get(index, []), strict=True):
        made._boardgen_from = _section_of(sheet, row[0])
    heading = _p(section.heading, st.heading)
    if len(shown) == 1 and not rows:
        picture, caption = _example(sheet, shown[0], _lone_width(sheet, width))
        text = [heading, *(_paragraph(b, st) if isinstance(b, Para) else caption for b in blocks)]
        column = width - picture.width - GUTTER * MM
        if sum(item.wrap(column, 10_000)[1] for item in text) <= picture.height:
            return [ImageAndFlowables(picture, text, imageLeftPadding=GUTTER * MM, imageRightPadding=0)]
    units: list[list[Any]] = []
    for block in blocks:
        if isinstance(block, Para):
            units.append([_paragraph(block, st)])
        elif units and len(units[-1]) == 1 and isinstance(units[-1][0], Paragraph):
            units[-1] = [_beside(sheet, units[-1], block, width)]
        else:
            units.append([_beside(sheet, [], block, width)])
    height = sum(item.wrap(width, 10_000)[1] for unit in units for item in unit)
    if height < KEEP_TOGETHER * MM or not units:
        return [KeepTogether([heading, *(item for unit in units for item in unit)]), *rows]
    first, *rest = units
    return [
        KeepTogether([heading, *first]),
        *(KeepTogether(unit) if len(unit) > 1 else unit[0] for unit in rest),
        *rows,
    ]


def _paragraph(block: Para, st: Styles) -> Any:
    if block.lead:
        return _Para(f"<b>{escape(block.lead)}.</b> {escape(glued(block.text))}", st.body)
    return _p(block.text, st.body)


def _top(sheet: RuleSheet, width: float) -> Any:
    """What you need and about the game (left) beside the starting position (right)."""
    st = styles()
    c = sheet.words
    diagram_width = _start_width(sheet.variant, width / MM)
    scene = start_diagram(sheet.variant, diagram_width)
    left = [_p(c.text("words.components"), st.subheading)]
    left += [_Para(escape(glued(line)), st.item, bulletText="\u2022") for line in sheet.components]
    if sheet.about:  # beside the diagram, where the list of components leaves room
        left += [Spacer(1, 6), _p(c.text("words.about"), st.subheading)]
        left += [_p(text, st.small_body) for text in sheet.about]
    right = [SceneFlowable(scene), Spacer(1, 2), _p(sheet.start_caption, st.small)]
    right_width = scene.width * MM
    table = Table([[left, right]], colWidths=[width - right_width - 6 * MM, right_width + 6 * MM])
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONT", (0, 0), (-1, -1), fonts.SANS),  # else tables set Helvetica
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (0, 0), 8),
                ("RIGHTPADDING", (1, 0), (1, 0), 0),
                ("LEFTPADDING", (1, 0), (1, 0), 6 * MM),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return table


def sheet_story(
    sheet: RuleSheet,
    width: float,
    *,
    heading: Callable[[Any], Any] | None = None,
    paper: Paper | None = None,
    row: int | None = None,
) -> list[Any]:
    """The flowables of one rule sheet, for a frame ``width`` points wide.

    ``heading`` may wrap the title paragraph (the booklet uses it to record the page).
    Examples go up to ``row`` side by side; by default, the fewest that keep the
    sheet as short as possible on ``paper``, with diagrams at their usual size unless
    a smaller one saves a nearly empty last page (see :func:`_best_layout`).
    """
    st = styles()
    if row is None:
        row, scale = _best_layout(sheet, paper) if paper is not None else (2, 1.0)
        sheet = _scaled(sheet, scale)
    title = _p(sheet.title, st.title)
    story: list[Any] = [heading(title) if heading else title]
    story += [_p(line, st.intro) for line in sheet.intro]
    story += [Spacer(1, 6), _top(sheet, width), Spacer(1, 2)]
    plan = _plan(sheet, width, row)
    sections = [_section(sheet, index, plan, width) for index in range(len(sheet.sections))]
    body: list[Any] = []
    index = 0
    while index < len(sections):
        flowables = sections[index]
        text = [item for item in flowables if not isinstance(item, _Row)]
        rows = [item for item in flowables if isinstance(item, _Row)]
        body += text + rows
        # A row placed after the next section that starts with this one's example (rows
        # close in order, so it is the next section's first): let it stand anywhere
        # between the end of this section and the end of the next.
        if index + 1 < len(sections):
            later = sections[index + 1]
            later_rows = [item for item in later if isinstance(item, _Row)]
            if later_rows and getattr(later_rows[0], "_boardgen_from", None) == index:
                later_text = [item for item in later if not isinstance(item, _Row)]
                body += [_Choice(later_rows[0], later_text), *later_rows[1:]]
                index += 2
                continue
        index += 1
    body.append(_tips(sheet, width))
    return story + body


#: Most examples side by side, in order of preference: pairs keep each example close
#: to its rule; three in a row save room when a sheet would otherwise need a page more.
_ROWS = (2, 3)


def _scaled(sheet: RuleSheet, scale: float) -> RuleSheet:
    """``sheet`` with its example diagrams at ``scale`` times their usual size."""
    return dataclasses.replace(sheet, diagram_scale=scale)


#: Example diagram sizes a sheet may fall back to, largest first.
_SCALES = (1.0, 0.9, 0.8)
#: A last page filled less than this (a fraction) is worth smaller diagrams, if they save it.
_NEARLY_EMPTY = 0.3


def _best_layout(sheet: RuleSheet, paper: Paper) -> tuple[int, float]:
    """How many examples side by side (:data:`_ROWS`) and at what size (:data:`_SCALES`):
    the first row that gives the sheet its fewest pages on ``paper`` at full size; a
    smaller size only when the last page would be nearly empty and the smaller
    diagrams save it."""

    width = _sheet_doc(sheet, paper, io.BytesIO()).width

    def layout(row: int, scale: float) -> tuple[int, float]:
        """Pages, and how full the last one is."""
        doc = _sheet_doc(sheet, paper, io.BytesIO())
        doc.build(sheet_story(_scaled(sheet, scale), doc.width, row=row), canvasmaker=_MeasuringCanvas)
        frame = doc.frame
        used = (frame._y1 + frame._height - frame._y) / frame._height
        return int(doc.page), float(used)

    def layouts(scale: float) -> list[tuple[int, float]]:
        """:func:`layout` for each of :data:`_ROWS`, each distinct arrangement set only
        once: more examples allowed in a row often changes nothing, and a sheet that
        fits one page cannot get shorter."""
        results: list[tuple[int, float]] = []
        tried: list[tuple[Plan, tuple[int, float]]] = []
        for row in _ROWS:
            if results and results[0][0] == 1:
                results.append(results[0])
                continue
            plan = _plan(_scaled(sheet, scale), width, row)
            same = [result for other, result in tried if other == plan]
            result = same[0] if same else layout(row, scale)
            tried.append((plan, result))
            results.append(result)
        return results

    def best() -> tuple[int, float]:
        chosen: tuple[int, float] | None = None
        fewest = 0
        for scale in _SCALES:
            results = layouts(scale)
            pages = min(p for p, _ in results)
            row = _ROWS[[p for p, _ in results].index(pages)]
            if chosen is None:
                chosen, fewest = (row, scale), pages
                fill = min(f for p, f in results if p == pages)
                if pages == 1 or fill >= _NEARLY_EMPTY:
                    break
            elif pages < fewest:
                return row, scale
        assert chosen is not None
        return chosen

    found: tuple[int, float] = _drawn(sheet.variant, ("best layout", sheet.lang, paper), best)
    return found


class _MeasuringCanvas(Canvas):  # type: ignore[misc]
    """The canvas of a trial layout: platypus places every flowable as usual (so pages
    break exactly as they will), but diagrams and paragraphs are not painted and no PDF
    is written, the costliest parts of a build that only counts pages."""

    def save(self) -> None:
        pass


def _tips(sheet: RuleSheet, width: float) -> Any:
    """The tips, on a tinted band that sets them apart from the rules."""
    st = styles()
    if not sheet.tips:
        return Spacer(1, 0)
    cell = [_p(sheet.words.text("words.tips"), st.subheading), *(_p(t, st.small_body) for t in sheet.tips)]
    pad = GUTTER * MM / 2
    table = Table([[cell]], colWidths=[width])
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), fonts.SANS),
                ("BACKGROUND", (0, 0), (-1, -1), TINT),
                ("LEFTPADDING", (0, 0), (-1, -1), pad),
                ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return KeepTogether([Spacer(1, 8), table])


# -- documents --------------------------------------------------------------------------


def _footer(text: str, page_label: Callable[[int], str]) -> Callable[[Canvas, Any], None]:
    def draw(canvas: Canvas, doc: Any) -> None:
        width, _ = canvas._pagesize
        canvas.saveState()
        canvas.setFillColorRGB(0.35, 0.35, 0.35)
        canvas.setFont(fonts.SANS, 8)
        canvas.drawString(MARGIN * MM, FOOTER * MM, text)
        canvas.drawRightString(width - MARGIN * MM, FOOTER * MM, page_label(doc.page))
        canvas.restoreState()

    return draw


def rule_doc(out: io.BytesIO, paper: Paper, *, title: str, lang: str, subject: str) -> Any:
    """A platypus document with boardgen's fonts, metadata and deterministic output."""
    fonts.register_pdf_fonts()
    page = paper.oriented(False)
    return BaseDocTemplate(
        out,
        pagesize=(page.width * MM, page.height * MM),
        leftMargin=MARGIN * MM,
        rightMargin=MARGIN * MM,
        topMargin=MARGIN * MM,
        bottomMargin=MARGIN * MM,
        title=title,
        subject=subject,
        author="",
        creator="boardgen",
        lang=lang,
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.SANS,
        displayDocTitle=1,
    )


def text_frame(doc: Any, name: str = "text") -> Any:
    return Frame(
        doc.leftMargin,
        doc.bottomMargin,
        doc.width,
        doc.height,
        id=name,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )


def _sheet_doc(sheet: RuleSheet, paper: Paper, out: io.BytesIO) -> Any:
    """The stand-alone sheet's document: metadata, page template and footer."""
    c = sheet.words
    doc = rule_doc(
        out,
        paper,
        title=f"{sheet.title} \u2013 {c.text('words.rules')}",
        lang=sheet.lang,
        subject=c.text("subject.rules", title=sheet.title),
    )
    footer = _footer(f"{sheet.title} \u2013 {c.text('words.rules')}", lambda n: c.text("words.page", n=n))
    doc.addPageTemplates([PageTemplate(id="text", frames=[text_frame(doc)], onPage=footer)])
    return doc


def render_rules(variant: Variant, lang: str, paper: Paper) -> bytes:
    """The rule sheet of ``variant`` in ``lang`` as PDF bytes."""
    sheet = rule_sheet_text(variant, lang)
    out = io.BytesIO()
    doc = _sheet_doc(sheet, paper, out)
    doc.build(sheet_story(sheet, doc.width, paper=paper))
    return out.getvalue()
