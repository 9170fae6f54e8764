"""Rule sheets as PDF: a game's rules in one language, laid out with reportlab's platypus.

The words come from :func:`boardgen.texts.compose.rule_sheet_text`; this module only
arranges them: title and introduction, what you need beside the starting position,
numbered sections, and the descriptor's examples as engine-drawn diagrams with their
captions (an example the engine refuses fails here, naming the descriptor). Diagrams
are boardgen scenes drawn by the PDF backend's own painter, so they look exactly like
the printed boards; text uses the embedded Vera fonts, never a base-14 font.

:func:`sheet_story` gives the flowables alone, so the booklet can set the same sheet
in its own document; :func:`render_rules` makes the stand-alone PDF. The shared page
parts (styles, flowables, the document) are in :mod:`boardgen.sheets.flow`, the
diagrams' sizes and scenes in :mod:`boardgen.sheets.diagrams`.
"""

from __future__ import annotations

__all__ = ["render_rules", "sheet_story"]

import dataclasses
import io
from collections.abc import Callable
from typing import Any
from xml.sax.saxutils import escape

from reportlab.platypus import (  # type: ignore[import-untyped,unused-ignore]
    ImageAndFlowables,
    KeepTogether,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from ..backends.pdf import MM
from ..descriptor.model import Variant
from ..foundation import fonts
from ..foundation.paper import Paper
from ..render.typefaces import in_its_fonts
from ..texts.compose import Para, RuleSheet, Shown
from . import layouts
from .diagrams import (
    drawn,
    drawn_already,
    example_flowables,
    lone_width,
    shown_width,
    start_diagram,
    start_width,
)
from .factsbox import facts_box
from .flow import (
    GUTTER,
    KEEP_TOGETHER,
    TINT,
    ExampleRow,
    MeasuringCanvas,
    RowChoice,
    SceneFlowable,
    SheetParagraph,
    SideBySide,
    Styles,
    current_edition,
    glued,
    page_footer,
    para,
    rule_doc,
    styles,
    text_frame,
)
from .words import sheet_words


def _table(rows: list[list[Any]], widths: list[float], gap: float, kind: type = Table, **kw: Any) -> Any:
    table = kind(rows, colWidths=widths, **kw)
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONT", (0, 0), (-1, -1), fonts.font_name()),  # else tables set Helvetica
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
        for picture, caption in (example_flowables(sheet, x, column / MM) for x in shown)
    ]
    return _table([cells], [column + gap] * (n - 1) + [column], gap, ExampleRow)


def _beside(sheet: RuleSheet, texts: list[Any], shown: Shown, width: float) -> list[Any]:
    """The rule's text (``texts``) and the example's caption on the left, the example's
    diagram on the right: the diagram's height is used twice. A diagram held wider than
    a lone one may be (so that the squares its caption names carry their numbers) leaves
    the text too narrow a column: it then stands under the text, its caption under it."""
    gap = GUTTER * MM
    lone = lone_width(sheet, width)
    picture, caption = example_flowables(sheet, shown, lone)
    if picture.width > lone * MM + 0.5:
        return [*texts, Spacer(1, 3), picture, Spacer(1, 2), caption]
    text = [*texts, Spacer(1, 2) if texts else Spacer(1, 0), caption]
    stacked = [*texts, picture, Spacer(1, 2), caption]
    return [
        _table([[text, picture]], [width - picture.width, picture.width], gap, SideBySide, stacked=stacked)
    ]


#: A paragraph stands beside a diagram only when it is at most this many times as tall
#: as the diagram there; a longer one (large print on A5) would make a cell taller than
#: the page, so the diagram then stands beside its caption alone, under the paragraph.
_BESIDE_AT_MOST = 2.5


def _fits_beside(sheet: RuleSheet, paragraph: Any, shown: Shown, width: float) -> bool:
    """Whether ``paragraph`` may stand beside the diagram of ``shown``."""
    if not isinstance(paragraph, Paragraph):
        return False
    picture, _ = example_flowables(sheet, shown, lone_width(sheet, width))
    height = paragraph.wrap(width - picture.width - GUTTER * MM, 10_000)[1]
    return bool(height <= _BESIDE_AT_MOST * picture.height)


def _fit_in_a_row(sheet: RuleSheet, shown: list[Shown], width: float) -> bool:
    """Whether the examples' diagrams fit side by side at their usual width."""
    n = len(shown)
    column = (width - (n - 1) * GUTTER * MM) / n / MM
    return all(shown_width(sheet, x, 1000.0) <= column + 0.1 for x in shown)


# -- the story --------------------------------------------------------------------------


Plan = dict[int, list[list[Shown]]]


def _plan(sheet: RuleSheet, width: float, most: int) -> Plan:
    """Rows of examples (up to ``most`` side by side) and the section each follows.

    Walking through the sections, an example joins the row of the examples before it
    when they all belong to one section or two consecutive ones and fit side by side;
    the row is shown after the section of its last example (or between the two
    sections' ends, see :class:`RowChoice`), so an example never follows the heading of a
    section two further on. Side by side, examples take a fraction of the height they
    take one under the other. An example left alone in its row is shown by its own
    section instead (absent from the plan), unless a row of the section comes before
    it: then it is a row of one after that row, so that examples keep their order.
    """
    sections = list(sheet.sections)
    own = [[b for b in section.blocks if isinstance(b, Shown)] for section in sections]
    plan: Plan = {}
    row: list[Shown] = []

    def close(index: int) -> None:
        # A lone example after a row of its section's examples joins the plan as a row
        # of one: shown by its section's text, it would stand above the examples before it.
        if len(row) > 1 or (row and index in plan):
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
    rows = [_row(sheet, row, width) for row in plan.get(index, [])]  # kept apart: see RowChoice
    for made, row in zip(rows, plan.get(index, []), strict=True):
        made._boardgen_from = _section_of(sheet, row[0])
    heading = para(section.heading, st.heading)
    if len(shown) == 1 and not rows:
        picture, caption = example_flowables(sheet, shown[0], lone_width(sheet, width))
        text = [heading, *(_paragraph(b, st) if isinstance(b, Para) else caption for b in blocks)]
        column = width - picture.width - GUTTER * MM
        if sum(item.wrap(column, 10_000)[1] for item in text) <= picture.height:
            return [ImageAndFlowables(picture, text, imageLeftPadding=GUTTER * MM, imageRightPadding=0)]
    units: list[list[Any]] = []
    for block in blocks:
        if isinstance(block, Para):
            units.append([_paragraph(block, st)])
        elif units and len(units[-1]) == 1 and _fits_beside(sheet, units[-1][0], block, width):
            units[-1] = _beside(sheet, units[-1], block, width)
        else:
            units.append(_beside(sheet, [], block, width))
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
        return SheetParagraph(f"<b>{escape(block.lead)}.</b> {escape(glued(block.text))}", st.body)
    return para(block.text, st.body)


def _top(sheet: RuleSheet, width: float) -> Any:
    """What you need and about the game (left) beside the starting position (right)."""
    st = styles()
    c = sheet.words
    diagram_width = start_width(sheet.variant, width / MM)
    scene = start_diagram(sheet.variant, diagram_width)
    left = [para(c.text("words.components"), st.subheading)]
    left += [SheetParagraph(escape(glued(line)), st.item, bulletText="\u2022") for line in sheet.components]
    if sheet.about:  # beside the diagram, where the list of components leaves room
        left += [Spacer(1, 6), para(c.text("words.about"), st.subheading)]
        left += [para(text, st.small_body) for text in sheet.about]
    right = [SceneFlowable(scene), Spacer(1, 2), para(sheet.start_caption, st.small)]
    right_width = scene.width * MM
    table = SideBySide(
        [[left, right]],
        colWidths=[width - right_width - 6 * MM, right_width + 6 * MM],
        stacked=[*left, *right],
    )
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONT", (0, 0), (-1, -1), fonts.font_name()),  # else tables set Helvetica
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
    title = para(sheet.title, st.title)
    story: list[Any] = [heading(title) if heading else title]
    story += [para(line, st.intro) for line in sheet.intro]
    story += [Spacer(1, 6), _top(sheet, width), Spacer(1, 2)]
    plan = _plan(sheet, width, row)
    sections = [_section(sheet, index, plan, width) for index in range(len(sheet.sections))]
    body: list[Any] = []
    index = 0
    while index < len(sections):
        flowables = sections[index]
        text = [item for item in flowables if not isinstance(item, ExampleRow)]
        rows = [item for item in flowables if isinstance(item, ExampleRow)]
        body += text + rows
        # A row placed after the next section that starts with this one's example (rows
        # close in order, so it is the next section's first): let it stand anywhere
        # between the end of this section and the end of the next.
        if index + 1 < len(sections):
            later = sections[index + 1]
            later_rows = [item for item in later if isinstance(item, ExampleRow)]
            if later_rows and getattr(later_rows[0], "_boardgen_from", None) == index:
                later_text = [item for item in later if not isinstance(item, ExampleRow)]
                body += [RowChoice(later_rows[0], later_text), *later_rows[1:]]
                index += 2
                continue
        index += 1
    body.append(_tips(sheet, width))
    body.append(facts_box(sheet, width))
    return story + body


#: Most examples side by side, in order of preference: pairs keep each example close
#: to its rule; three in a row save room when a sheet would otherwise need a page more.
_ROWS = (2, 3)


def _scaled(sheet: RuleSheet, scale: float) -> RuleSheet:
    """``sheet`` with its example diagrams at ``scale`` times their usual size (times the
    edition's own diagram scale: larger in large print)."""
    return dataclasses.replace(sheet, diagram_scale=scale * current_edition().diagram_scale)


#: Example diagram sizes a sheet may fall back to, largest first.
_SCALES = (1.0, 0.9, 0.8)
#: A last page filled less than this (a fraction) is worth smaller diagrams, if they save it.
_NEARLY_EMPTY = 0.3


def _best_layout(
    sheet: RuleSheet, paper: Paper, measured: dict[tuple[int, float], tuple[int, float]] | None = None
) -> tuple[int, float]:
    """How many examples side by side (:data:`_ROWS`) and at what size (:data:`_SCALES`):
    the first row that gives the sheet its fewest pages on ``paper`` at full size; a
    smaller size only when the last page would be nearly empty and the smaller
    diagrams save it. ``measured``: layouts already set, (row, scale) -> :func:`_measured`.
    Remembered per variant; in a build, passed on to its other processes
    (:mod:`boardgen.sheets.layouts`)."""

    def layout(row: int, scale: float) -> tuple[int, float]:
        """Pages, and how full the last one is."""
        if measured and (row, scale) in measured:
            return measured[row, scale]
        doc = _sheet_doc(sheet, paper, io.BytesIO())
        doc.build(sheet_story(_scaled(sheet, scale), doc.width, row=row), canvasmaker=MeasuringCanvas)
        return _measured(doc)

    def tried(scale: float) -> list[tuple[int, float]]:
        """:func:`layout` for each of :data:`_ROWS`, each distinct arrangement set only
        once: more examples allowed in a row often changes nothing, and a sheet that
        fits one page cannot get shorter."""
        width = _sheet_doc(sheet, paper, io.BytesIO()).width
        results: list[tuple[int, float]] = []
        done: list[tuple[Plan, tuple[int, float]]] = []
        for row in _ROWS:
            if results and results[0][0] == 1:
                results.append(results[0])
                continue
            plan = _plan(_scaled(sheet, scale), width, row)
            same = [result for other, result in done if other == plan]
            result = same[0] if same else layout(row, scale)
            done.append((plan, result))
            results.append(result)
        return results

    shared = (sheet.variant.id, sheet.lang, paper, current_edition().name)

    def best() -> tuple[int, float]:
        chosen = layouts.given(shared)
        if chosen is None:
            chosen = trials()
            layouts.note(shared, chosen)
        return chosen

    def trials() -> tuple[int, float]:
        chosen: tuple[int, float] | None = None
        fewest = 0
        for scale in _SCALES:
            results = tried(scale)
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

    found: tuple[int, float] = drawn(sheet.variant, _layout_key(sheet, paper), best)
    return found


def _layout_key(sheet: RuleSheet, paper: Paper) -> tuple[str, str, Paper, str]:
    """What :func:`_best_layout` is remembered by, for the sheet's variant."""
    return ("best layout", sheet.lang, paper, current_edition().name)


def _measured(doc: Any) -> tuple[int, float]:
    """A built document's pages, and how full its last one is."""
    frame = doc.frame
    used = (frame._y1 + frame._height - frame._y) / frame._height
    return int(doc.page), float(used)


def _tips(sheet: RuleSheet, width: float) -> Any:
    """The tips, on a tinted band that sets them apart from the rules."""
    st = styles()
    if not sheet.tips:
        return Spacer(1, 0)
    cell = [
        para(sheet.words.text("words.tips"), st.subheading),
        *(para(t, st.small_body) for t in sheet.tips),
    ]
    pad = GUTTER * MM / 2
    table = Table([[cell]], colWidths=[width])
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), fonts.font_name()),
                ("BACKGROUND", (0, 0), (-1, -1), TINT),
                ("LEFTPADDING", (0, 0), (-1, -1), pad),
                ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return KeepTogether([Spacer(1, 8), table])


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
    footer = page_footer(f"{sheet.title} \u2013 {c.text('words.rules')}", lambda n: c.text("words.page", n=n))
    doc.addPageTemplates([PageTemplate(id="text", frames=[text_frame(doc)], onPage=footer)])
    return doc


@in_its_fonts
def render_rules(variant: Variant, lang: str, paper: Paper) -> bytes:
    """The rule sheet of ``variant`` in ``lang`` as PDF bytes.

    While the layout is not known, the sheet is first set for real in the layout tried
    first (examples two to a row, full size), and measured: as most sheets keep it,
    that build is their sheet, and their layout is not set twice."""
    sheet = sheet_words(variant, lang)
    if not drawn_already(variant, _layout_key(sheet, paper)):
        first = (_ROWS[0], _SCALES[0])
        out = io.BytesIO()
        doc = _sheet_doc(sheet, paper, out)
        doc.build(sheet_story(_scaled(sheet, first[1]), doc.width, row=first[0]))
        if _best_layout(sheet, paper, {first: _measured(doc)}) == first:
            return out.getvalue()
    out = io.BytesIO()
    doc = _sheet_doc(sheet, paper, out)
    doc.build(sheet_story(sheet, doc.width, paper=paper))
    return out.getvalue()
