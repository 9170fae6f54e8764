"""The booklet: every game's rule sheet and printable board in one PDF per language.

A cover, a table of contents with page numbers, then for each game its rule sheet
(set exactly as the stand-alone sheet) followed by its board pages at true scale,
tiled ones included, each page numbered. The contents page is written before the
page numbers are known, so each number is a PDF form XObject that the contents page
uses and the end of the document defines: one pass, no second layout. PDF bookmarks
lead to each game; the metadata carries the title and the language.
"""

from __future__ import annotations

__all__ = ["render_booklet"]

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape

from reportlab.platypus import (  # type: ignore[import-untyped,unused-ignore]
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from ..backends import fonts
from ..backends.pdf import MM, draw_scene
from ..descriptor.model import Variant
from ..outputs import RenderOptions, board_pages_for
from ..render.paper import Paper
from ..scene import Scene
from ..texts.catalogue import catalogue, typeset
from ..texts.compose import rule_sheet_text
from .rulesheet import (
    FOOTER,
    SceneFlowable,
    reset_canvas,
    rule_doc,
    sheet_story,
    start_diagram,
    styles,
    text_frame,
)


@dataclass
class _Pages:
    """Page numbers recorded while the booklet is drawn, by name."""

    found: dict[str, int] = field(default_factory=dict)


class _Mark(Flowable):  # type: ignore[misc]
    """Records the page it lands on, and optionally adds a PDF bookmark there."""

    def __init__(self, pages: _Pages, name: str, outline: str = "") -> None:
        super().__init__()
        self.pages, self.name, self.outline = pages, name, outline
        self.width = self.height = 0

    def draw(self) -> None:
        self.pages.found[self.name] = self.canv.getPageNumber()
        if self.outline:
            self.canv.bookmarkPage(self.name)
            self.canv.addOutlineEntry(self.outline, self.name, level=0)


class _ContentsLine(Flowable):  # type: ignore[misc]
    """A contents entry: text on the left, dotted leader, page number (a form) on the right."""

    def __init__(self, text: str, name: str, *, bold: bool, indent: float = 0.0, size: float = 11.0) -> None:
        super().__init__()
        self.text, self.name, self.bold, self.indent, self.size = text, name, bold, indent, size
        self.height = size * 1.75

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        font = fonts.font_name(bold=self.bold)
        reset_canvas(c)
        c.setFont(font, self.size)
        c.drawString(self.indent, 0.45 * self.size, self.text)
        start = self.indent + c.stringWidth(self.text, font, self.size) + 6
        end = self.width - 8 * MM
        c.setFillColorRGB(0.55, 0.55, 0.55)
        dot = c.stringWidth(". ", font, self.size)
        if end > start:
            c.drawString(start, 0.45 * self.size, ". " * int((end - start) / dot))
        c.saveState()
        c.translate(self.width, 0.45 * self.size)
        c.doForm(_form(self.name))
        c.restoreState()


class _DefineNumbers(Flowable):  # type: ignore[misc]
    """Drawn last: defines the page-number forms the contents page refers to."""

    def __init__(self, pages: _Pages, names: Sequence[tuple[str, bool]]) -> None:
        super().__init__()
        self.pages, self.names = pages, names
        self.width = self.height = 0

    def draw(self) -> None:
        c = self.canv
        for name, bold in self.names:
            c.beginForm(_form(name), lowerx=-60, lowery=-10, upperx=2, uppery=20)
            c.setFont(fonts.font_name(bold=bold), 11)
            c.drawRightString(0, 0, str(self.pages.found.get(name, "")))
            c.endForm()


class _ScenePage(Flowable):  # type: ignore[misc]
    """A whole page drawn from a scene of the page's size, whatever the frame."""

    def __init__(self, scene: Scene) -> None:
        super().__init__()
        self.scene = scene
        self.width = self.height = 1.0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 1.0, 1.0

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:
        canvas.saveState()
        reset_canvas(canvas)
        draw_scene(canvas, self.scene)
        canvas.restoreState()


def _form(name: str) -> str:
    return "pageno-" + name.replace(" ", "-")


def _page_number(label: Callable[[int], str]) -> Callable[[Any, Any], None]:
    """Draws the page number centred at the foot of every page but the cover."""

    def draw(canvas: Any, doc: Any) -> None:
        if doc.page == 1:
            return
        width, _ = canvas._pagesize
        canvas.saveState()
        canvas.setFillColorRGB(0.35, 0.35, 0.35)
        canvas.setFont(fonts.SANS, 8)
        canvas.drawCentredString(width / 2, FOOTER * MM - 3 * MM, label(doc.page))
        canvas.restoreState()

    return draw


def _cover(lang: str, variants: Sequence[Variant], width: float) -> list[Any]:
    """Title, the games as small starting positions, and how to print the boards.

    Three pictures to a row for up to nine games; more games get more, smaller ones, so
    the cover stays one page (a library of 17 games: five to a row)."""
    c = catalogue(lang)
    st = styles()
    columns = 3 if len(variants) <= 9 else 4 if len(variants) <= 12 else 5
    cell = width / columns
    pictures = []
    for variant in variants:
        scene = start_diagram(variant, min(50.0, cell / MM - 8), coordinates=False)
        name = Paragraph(escape(typeset(variant.title[lang], c.typography)), st.small)
        pictures.append([SceneFlowable(scene), Spacer(1, 3), name])
    rows = [pictures[i : i + columns] for i in range(0, len(pictures), columns)]
    rows[-1] += [[]] * (columns - len(rows[-1]))
    grid = Table(rows, colWidths=[cell] * columns)
    grid.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), fonts.SANS),
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 14),
            ]
        )
    )
    return [
        Spacer(1, 30 * MM),
        Paragraph(escape(c.text("words.booklet_title")), st.cover_title),
        Paragraph(escape(c.count("words.booklet_subtitle", len(variants))), st.intro),
        Spacer(1, 20 * MM),
        grid,
        Spacer(1, 14 * MM),
        Paragraph(escape(c.text("words.booklet_note")), st.body),
    ]


def render_booklet(variants: Sequence[Variant], lang: str, paper: Paper) -> bytes:
    """Cover, contents, and every variant's rule sheet and board, as PDF bytes."""
    c = catalogue(lang)
    out = io.BytesIO()
    title = c.text("words.booklet_title")
    subject = c.count("subject.booklet", len(variants))
    doc = rule_doc(out, paper, title=title, lang=lang, subject=subject)
    numbered = _page_number(lambda n: c.text("words.page", n=n))
    templates = [PageTemplate(id="text", frames=[text_frame(doc)], onPage=numbered)]
    page = paper.oriented(False)
    for landscape in (False, True):
        size = (page.oriented(landscape).width * MM, page.oriented(landscape).height * MM)
        frame = Frame(0, 0, *size, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        templates.append(
            PageTemplate(id=f"board-{landscape}", frames=[frame], onPage=numbered, pagesize=size)
        )
    doc.addPageTemplates(templates)
    pages = _Pages()
    st = styles()
    story: list[Any] = [*_cover(lang, variants, doc.width), PageBreak()]
    story.append(Paragraph(escape(c.text("words.contents")), st.title))
    story.append(Spacer(1, 6 * MM))
    names: list[tuple[str, bool]] = []
    body: list[Any] = []
    for variant in variants:
        sheet_text = rule_sheet_text(variant, lang)
        rules_name, board_name = f"{variant.id}-rules", f"{variant.id}-board"
        story.append(_ContentsLine(sheet_text.title, rules_name, bold=True))
        story.append(_ContentsLine(c.text("words.board_part"), board_name, bold=False, indent=14, size=10))
        names += [(rules_name, True), (board_name, False)]
        body += [NextPageTemplate("text"), PageBreak(), _Mark(pages, rules_name, sheet_text.title)]
        body += sheet_story(sheet_text, doc.width, paper=paper)
        options = RenderOptions(paper=paper.name, lang=lang, numbered=False)  # the booklet numbers pages
        for n, scene in enumerate(board_pages_for(variant, options, title=sheet_text.title)):
            landscape = scene.width > scene.height
            body += [NextPageTemplate(f"board-{landscape}"), PageBreak()]
            if n == 0:
                body.append(_Mark(pages, board_name))
            body.append(_ScenePage(scene))
    story += body
    story.append(_DefineNumbers(pages, names))
    doc.build(story)
    return out.getvalue()
