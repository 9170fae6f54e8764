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

import functools
import io
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER  # type: ignore[import-untyped,unused-ignore]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped,unused-ignore]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped,unused-ignore]
from reportlab.platypus import (  # type: ignore[import-untyped,unused-ignore]
    BaseDocTemplate,
    Flowable,
    Frame,
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
from ..render.board import BoardOptions, board_scene
from ..render.diagram import example_scene, fit_cell_size
from ..render.paper import Paper
from ..scene import Scene
from ..texts.compose import Para, RuleSheet, Section, Shown, rule_sheet_text

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
            spaceBefore=8,
            spaceAfter=2.5,
            textColor=ACCENT,
        ),
        subheading=style(
            "subheading", fontName=f.bold, fontSize=10.5, leading=13, spaceBefore=0, spaceAfter=3
        ),
        body=style("body", spaceAfter=3.5),
        item=style("item", leftIndent=10, bulletIndent=0, spaceAfter=2.5),
        caption=style("caption", fontSize=8.6, leading=11.2, textColor=INK),
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

    def draw(self) -> None:
        reset_canvas(self.canv)
        draw_scene(self.canv, self.scene, self.scale)


def reset_canvas(canvas: Canvas) -> None:
    """Put the graphics state the scene painter assumes: black, solid, opaque."""
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setDash()


def _p(text: str, style: Any) -> Any:
    return Paragraph(escape(text), style)


# -- diagrams ---------------------------------------------------------------------------


#: Diagrams already drawn, per variant object: the same variant's sheets in every
#: language and in the booklet share them. Keyed by identity (the variant is kept with
#: its entry, so an id is never reused), and only for the last few variants.
_DRAWN: OrderedDict[int, tuple[Variant, dict[Hashable, Any]]] = OrderedDict()


def _drawn(variant: Variant, key: Hashable, make: Callable[[], Any]) -> Any:
    """``make()``, or what it gave before for this ``variant`` and ``key``."""
    entry = _DRAWN.get(id(variant))
    if entry is None or entry[0] is not variant:
        entry = (variant, {})
        _DRAWN[id(variant)] = entry
        while len(_DRAWN) > 8:
            _DRAWN.popitem(last=False)
    _DRAWN.move_to_end(id(variant))
    if key not in entry[1]:
        entry[1][key] = make()
    return entry[1][key]


def _cell_size(variant: Variant, width: float) -> float:
    """The cell size that makes the variant's diagrams ``width`` mm wide."""
    size: float = _drawn(variant, ("cell size", width), lambda: fit_cell_size(variant, width))
    return size


def start_diagram(variant: Variant, width: float, *, coordinates: bool = True) -> Scene:
    """The starting position, about ``width`` mm wide."""
    from ..outputs import start_pieces

    def make() -> Scene:
        size = fit_cell_size(variant, width, coordinates=coordinates)
        options = BoardOptions(size, coordinates, variant.title["en"])
        return board_scene(variant, options, start_pieces(variant))

    scene: Scene = _drawn(variant, ("start", width, coordinates), make)
    return scene


def _large(variant: Variant) -> bool:
    """Whether the variant's diagrams need more room: many cells, or a scoring track."""
    return variant.grid.size > 100 or variant.scoring_track is not None


def _example_width(variant: Variant) -> float:
    """Width of an example diagram in mm: wider on boards with many cells, so that the
    pieces and the marks of the move stay visible."""
    cells = variant.grid.size
    return 58.0 if cells <= 100 else 72.0 if cells <= 150 else 100.0


def _board_only(variant: Variant) -> Variant:
    """The variant drawn without its scoring track: examples show the stones, and the
    track would only shrink them (the starting diagram shows it, pawns on 1)."""
    if variant.scoring_track is None:
        return variant
    drawn: Variant = _drawn(variant, ("board only",), lambda: replace(variant, scoring_track=None))
    return drawn


def _example(sheet: RuleSheet, shown: Shown) -> tuple[Any, Any]:
    """The example's diagram (drawn by the engine) and its caption, as flowables."""
    variant = _board_only(sheet.variant)
    size = _cell_size(variant, _example_width(variant))
    example = shown.example
    scene: Scene = _drawn(
        variant, ("example", example.id), lambda: example_scene(variant, sheet.game, example, cell_size=size)
    )
    caption = Paragraph(f"<b>{escape(shown.label)}.</b> {escape(shown.caption)}", styles().caption)
    return SceneFlowable(scene), caption


def _table(rows: list[list[Any]], widths: list[float], gap: float) -> Any:
    table = Table(rows, colWidths=widths)
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONT", (0, 0), (-1, -1), fonts.SANS),  # else tables set Helvetica
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), gap),
                ("RIGHTPADDING", (-1, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
            ]
        )
    )
    return table


def _examples(sheet: RuleSheet, shown: list[Shown], width: float) -> list[Any]:
    """Examples two to a row (diagram above caption) when two fit side by side; a lone
    example, or any on boards too big to pair, has its caption beside the diagram."""
    gap = GUTTER * MM
    diagram = _example_width(sheet.variant) * MM
    pair = 2 * diagram + gap <= width
    out = []
    while shown:
        if pair and len(shown) >= 2:
            row, shown = shown[:2], shown[2:]
            cells = [
                [picture, Spacer(1, 2), caption]
                for picture, caption in map(lambda x: _example(sheet, x), row)
            ]
            column = (width - gap) / 2
            out.append(_table([cells], [column + gap, column], gap))
        else:
            picture, caption = _example(sheet, shown[0])
            shown = shown[1:]
            out.append(_table([[picture, caption]], [picture.width + gap, width - picture.width - gap], gap))
    return out


# -- the story --------------------------------------------------------------------------


def _section(sheet: RuleSheet, section: Section, width: float) -> list[Any]:
    """The section's flowables: a paragraph and the examples that follow it form a unit
    kept on one page; a short section is kept whole, and a heading never ends a page."""
    st = styles()
    units: list[list[Any]] = []
    pending: list[Shown] = []

    def flush() -> None:
        if pending:
            examples = _examples(sheet, pending, width)
            if units:
                units[-1] += examples
            else:
                units.append(examples)
            pending.clear()

    for block in section.blocks:
        if isinstance(block, Shown):
            pending.append(block)
        else:
            flush()
            units.append([_paragraph(block, st)])
    flush()
    heading = _p(section.heading, st.heading)
    height = sum(item.wrap(width, 10_000)[1] for unit in units for item in unit)
    if height < KEEP_TOGETHER * MM:
        return [KeepTogether([heading, *(item for unit in units for item in unit)])]
    first, *rest = units
    return [
        KeepTogether([heading, *first]),
        *(KeepTogether(unit) if len(unit) > 1 else unit[0] for unit in rest),
    ]


def _paragraph(block: Para, st: Styles) -> Any:
    if block.lead:
        return Paragraph(f"<b>{escape(block.lead)}.</b> {escape(block.text)}", st.body)
    return _p(block.text, st.body)


def _top(sheet: RuleSheet, width: float) -> Any:
    """What you need and about the game (left) beside the starting position (right)."""
    st = styles()
    c = sheet.words
    diagram_width = min(80.0 if _large(sheet.variant) else 66.0, width / MM * 0.45)
    scene = start_diagram(sheet.variant, diagram_width)
    left = [_p(c.text("words.components"), st.subheading)]
    left += [Paragraph(escape(line), st.item, bulletText="\u2022") for line in sheet.components]
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


def sheet_story(sheet: RuleSheet, width: float, *, heading: Callable[[Any], Any] | None = None) -> list[Any]:
    """The flowables of one rule sheet, for a frame ``width`` points wide.

    ``heading`` may wrap the title paragraph (the booklet uses it to record the page).
    """
    st = styles()
    title = _p(sheet.title, st.title)
    story: list[Any] = [heading(title) if heading else title]
    story += [_p(line, st.intro) for line in sheet.intro]
    story += [Spacer(1, 6), _top(sheet, width), Spacer(1, 2)]
    for section in sheet.sections:
        story += _section(sheet, section, width)
    story.append(_tips(sheet, width))
    return story


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


def render_rules(variant: Variant, lang: str, paper: Paper) -> bytes:
    """The rule sheet of ``variant`` in ``lang`` as PDF bytes."""
    sheet = rule_sheet_text(variant, lang)
    c = sheet.words
    out = io.BytesIO()
    doc = rule_doc(
        out,
        paper,
        title=f"{sheet.title} \u2013 {c.text('words.rules')}",
        lang=lang,
        subject=f"boardgen rule sheet for {variant.id}",
    )
    footer = _footer(f"{sheet.title} \u2013 {c.text('words.rules')}", lambda n: c.text("words.page", n=n))
    doc.addPageTemplates([PageTemplate(id="text", frames=[text_frame(doc)], onPage=footer)])
    doc.build(sheet_story(sheet, doc.width))
    return out.getvalue()
