"""The booklets: every game's rules, boards and pieces in one PDF per language.

Two editions per language:

* :func:`render_booklet`, to read and to cut, printed double-sided on the booklet's
  paper: a cover (saying how to print it), a table of contents with page numbers, then
  for each game its rule sheet (set exactly as the stand-alone sheet) starting on a
  right-hand page, its board pages at true scale (tiled ones included) and its pieces
  to cut out. Every board and pieces page has a blank back, so cutting one out never
  destroys another; a rule sheet of an odd number of pages gets a blank back too.
* :func:`render_folded_booklet`, to fold: the cover, contents and rule sheets typeset
  for A5 (the same type sizes, laid out again for the smaller page, not shrunk), then
  imposed two to a side of A4 landscape in saddle-stitch order (:mod:`.impose`),
  padded with blank pages to a multiple of 4. Its cover says how to print and fold it.

The contents page is written before the page numbers are known, so each number is a
PDF form XObject that the contents page uses and the end of the document defines: one
pass, no second layout. In the reading edition PDF bookmarks lead to each game; the
metadata carries the title and the language.
"""

from __future__ import annotations

__all__ = ["FOLD_PAPER", "BookletWords", "render_booklet", "render_folded_booklet"]

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

from ..backends.pdf import MM, draw_scene
from ..descriptor.model import Variant
from ..foundation import fonts
from ..foundation.fonts import FontSet, typeface
from ..foundation.paper import MARGIN, Paper
from ..foundation.values import frozen
from ..render.counter_pages import pieces_pages
from ..render.pictures import RenderOptions, board_pages_for
from ..scene.shapes import Scene
from ..texts.catalogue import Catalogue, catalogue, typeset
from .diagrams import start_diagram
from .flow import FOOTER, SceneFlowable, reset_canvas, rule_doc, styles, text_frame
from .impose import ImposingCanvas
from .rulesheet import sheet_story
from .words import sheet_words

#: The page of the folded edition: half a sheet of A4, less a trim (148.5 -> 148 mm).
FOLD_PAPER = Paper("A5", 148.0, 210.0)


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


class _Nothing(Flowable):  # type: ignore[misc]
    """Holds a page that shows nothing but what its template draws (a blank back)."""

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 1.0, 1.0

    def draw(self) -> None:
        pass


def _blank_page() -> list[Any]:
    """A page break to a blank page (its template prints only the page number and a note)."""
    return [NextPageTemplate("blank"), PageBreak(), _Nothing()]


class _ToRecto(Flowable):  # type: ignore[misc]
    """Adds a blank page when the next page would be a left-hand (even) one, so that
    what follows starts on a right-hand page and a two-page sheet is one leaf. Never
    drawn: it always asks to be split, and the split says what to add."""

    def __init__(self, then: str) -> None:
        super().__init__()
        self.then = then  # the template to go back to
        self.width = self.height = 0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return available_width, available_height + 1

    def split(self, available_width: float, available_height: float) -> list[Any]:
        if self.canv.getPageNumber() % 2 == 0:
            return [NextPageTemplate(self.then)]
        return [*_blank_page(), NextPageTemplate(self.then)]


def _form(name: str) -> str:
    return "pageno-" + name.replace(" ", "-")


def _page_number(label: Callable[[int], str], *, beside_ruler: bool = False) -> Callable[[Any, Any], None]:
    """Draws the page number centred at the foot of every page but the cover; on a board
    or pieces page (``beside_ruler``), whose ruler fills the foot of the printable area,
    at the right end of the ruler's caption line instead, as the loose files have it."""

    def draw(canvas: Any, doc: Any) -> None:
        if doc.page == 1:
            return
        width, _ = canvas._pagesize
        canvas.saveState()
        canvas.setFillColorRGB(0.35, 0.35, 0.35)
        canvas.setFont(fonts.font_name(), 8)
        if beside_ruler:
            canvas.drawRightString(width - MARGIN * MM, (MARGIN + 0.6) * MM, label(doc.page))
        else:
            canvas.drawCentredString(width / 2, FOOTER * MM, label(doc.page))
        canvas.restoreState()

    return draw


def _blank_note(c: Catalogue, numbered: Callable[[Any, Any], None]) -> Callable[[Any, Any], None]:
    """Draws a blank back: the page number, and a note saying the page is blank on purpose."""

    def draw(canvas: Any, doc: Any) -> None:
        numbered(canvas, doc)
        width, height = canvas._pagesize
        canvas.saveState()
        canvas.setFillColorRGB(0.55, 0.55, 0.55)
        canvas.setFont(fonts.font_name(italic=True), 8)
        canvas.drawCentredString(width / 2, height / 2, c.text("words.blank"))
        canvas.restoreState()

    return draw


def _cover(
    lang: str, variants: Sequence[Variant], width: float, height: float, note: str, words: BookletWords
) -> list[Any]:
    """Title, the games as small starting positions, and how to print the booklet.

    Three pictures to a row for up to nine games; more games get more, smaller ones, so
    the cover stays one page (a library of 17 games: six to a row on A4, five on A5)."""
    c = catalogue(lang)
    st = styles()
    columns = 3 if len(variants) <= 9 else 4 if len(variants) <= 12 else 6
    columns = min(columns, max(3, int(width / (22 * MM))))  # a title's long word keeps whole
    rows_needed = -(-len(variants) // columns)
    # pictures shrink to leave the title and the note their room: about half the page for the grid
    cell = width / columns
    small = width < 150 * MM  # an A5 page: less room around the pictures
    picture = min(50.0, cell / MM - 8, (0.4 if small else 0.55) * height / MM / rows_needed - 13)
    pictures = []
    for variant in variants:
        name = Paragraph(escape(typeset(variant.title[lang], c.typography)), st.small)
        if picture < 12:  # too many games for the page: their names alone, no thumbnails
            pictures.append([name])
            continue
        scene = start_diagram(variant, picture, coordinates=False)
        pictures.append([SceneFlowable(scene), Spacer(1, 3), name])
    rows = [pictures[i : i + columns] for i in range(0, len(pictures), columns)]
    rows[-1] += [[]] * (columns - len(rows[-1]))
    grid = Table(rows, colWidths=[cell] * columns)
    grid.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), fonts.font_name()),
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 14),
                # narrow columns (many games, or an A5 page) keep their room for the titles
                ("LEFTPADDING", (0, 0), (-1, -1), 6 if cell > 30 * MM else 2),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6 if cell > 30 * MM else 2),
            ]
        )
    )
    return [
        Spacer(1, (8 if small else 30) * MM),
        Paragraph(escape(words.title or c.text("words.booklet_title")), st.cover_title),
        Paragraph(escape(words.cover or c.count("words.booklet_subtitle", len(variants))), st.intro),
        Spacer(1, (6 if small else 20) * MM),
        grid,
        Spacer(1, (4 if small else 10) * MM),
        *(Paragraph(escape(line), st.body) for line in note.split("\n")),
    ]


def _templates(doc: Any, paper: Paper, c: Catalogue) -> list[Any]:
    """Text pages, whole-page boards (portrait and landscape) and blank backs."""
    numbered = _page_number(lambda n: c.text("words.page", n=n))
    beside = _page_number(lambda n: c.text("words.page", n=n), beside_ruler=True)
    templates = [PageTemplate(id="text", frames=[text_frame(doc)], onPage=numbered)]
    page = paper.oriented(False)
    for landscape in (False, True):
        size = (page.oriented(landscape).width * MM, page.oriented(landscape).height * MM)
        frame = Frame(0, 0, *size, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        templates.append(PageTemplate(id=f"board-{landscape}", frames=[frame], onPage=beside, pagesize=size))
    blank = _blank_note(c, numbered)
    templates.append(PageTemplate(id="blank", frames=[text_frame(doc, "blank")], onPage=blank))
    return templates


def _whole_pages(scenes: Sequence[Scene], mark: Flowable | None) -> list[Any]:
    """Whole-page scenes, each followed by a blank back; ``mark`` on the first."""
    story: list[Any] = []
    for n, scene in enumerate(scenes):
        landscape = scene.width > scene.height
        story += [NextPageTemplate(f"board-{landscape}"), PageBreak()]
        if n == 0 and mark is not None:
            story.append(mark)
        story += [_ScenePage(scene), *_blank_page()]
    return story


def _story(
    variants: Sequence[Variant], lang: str, paper: Paper, doc: Any, *, fold: bool, words: BookletWords
) -> list[Any]:
    """Cover, contents and every game: its rule sheet, and unless ``fold`` its board and
    pieces pages with blank backs."""
    c = catalogue(lang)
    st = styles()
    note = c.text("words.booklet_fold_note" if fold else "words.booklet_note")
    story: list[Any] = [*_cover(lang, variants, doc.width, doc.height, note, words), PageBreak()]
    story.append(Paragraph(escape(c.text("words.contents")), st.title))
    story.append(Spacer(1, 6 * MM))
    pages = _Pages()
    names: list[tuple[str, bool]] = []
    body: list[Any] = []
    for variant in variants:
        sheet_text = sheet_words(variant, lang)
        rules_name = f"{variant.id}-rules"
        story.append(_ContentsLine(sheet_text.title, rules_name, bold=True))
        names.append((rules_name, True))
        body += [NextPageTemplate("text")] if fold else [_ToRecto("text")]
        body += [PageBreak(), _Mark(pages, rules_name, "" if fold else sheet_text.title)]
        with typeface(variant.print.fonts):  # each game's pages in its own faces
            body += sheet_story(sheet_text, doc.width, paper=paper)
        if fold:
            continue
        body.append(_ToRecto("text"))  # a sheet of an odd number of pages gets a blank back
        options = RenderOptions(paper=paper.name, lang=lang, numbered=False)  # the booklet numbers pages
        parts = (
            ("board", "words.board_part", board_pages_for(variant, options, title=sheet_text.title)),
            ("pieces", "words.pieces_part", pieces_pages(variant, paper, lang, numbered=False)),
        )
        for part, key, scenes in parts:
            name = f"{variant.id}-{part}"
            story.append(_ContentsLine(c.text(key), name, bold=False, indent=14, size=10))
            names.append((name, False))
            body += _whole_pages(scenes, _Mark(pages, name))
    story += body
    story.append(_DefineNumbers(pages, names))
    return story


@frozen
class BookletWords:
    """A booklet's own title and cover line (a theme's, or ``build --title``), replacing
    the catalogue's "Board Games to Print" and its subtitle; empty: the catalogue's."""

    title: str = ""
    cover: str = ""
    #: The faces of the booklet's own pages (cover, contents, page numbers): a theme's.
    fonts: FontSet | None = None


def render_booklet(
    variants: Sequence[Variant], lang: str, paper: Paper, words: BookletWords = BookletWords()
) -> bytes:
    """The reading edition of ``variants`` in ``lang`` on ``paper``, as PDF bytes."""
    c = catalogue(lang)
    out = io.BytesIO()
    title = words.title or c.text("words.booklet_title")
    subject = c.count("subject.booklet", len(variants))
    with typeface(words.fonts):
        doc = rule_doc(out, paper, title=title, lang=lang, subject=subject)
        doc.addPageTemplates(_templates(doc, paper, c))
        doc.build(_story(variants, lang, paper, doc, fold=False, words=words))
    return out.getvalue()


def render_folded_booklet(
    variants: Sequence[Variant], lang: str, sheet: Paper, words: BookletWords = BookletWords()
) -> bytes:
    """The folded edition of ``variants`` in ``lang``: rules typeset on :data:`FOLD_PAPER`,
    imposed two to a side of ``sheet`` (landscape) in saddle-stitch order, as PDF bytes."""
    c = catalogue(lang)
    out = io.BytesIO()
    title = f"{words.title or c.text('words.booklet_title')} ({c.text('words.fold_edition')})"
    subject = c.count("subject.booklet", len(variants))
    landscape = sheet.oriented(True)
    size = (landscape.width * MM, landscape.height * MM)

    def canvas(*args: Any, **kwargs: Any) -> ImposingCanvas:
        return ImposingCanvas(*args, sheet=size, **kwargs)

    with typeface(words.fonts):
        doc = rule_doc(out, FOLD_PAPER, title=title, lang=lang, subject=subject)
        doc.addPageTemplates(_templates(doc, FOLD_PAPER, c))
        doc.build(_story(variants, lang, FOLD_PAPER, doc, fold=True, words=words), canvasmaker=canvas)
    return out.getvalue()
