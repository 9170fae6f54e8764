"""The parts every printed sheet is set with: paragraph styles, flowables, the document.

Rule sheets, the booklet and game sheets share these, so they look alike: the same
fonts and colours (:func:`styles`), boardgen scenes placed as flowables
(:class:`SceneFlowable`), paragraphs that break their lines once and keep their last
two words together (:func:`glued`), the row-of-examples flowables the rule sheet's
layout places, and the deterministic platypus document (:func:`rule_doc`).
"""

from __future__ import annotations

__all__ = [
    "ACCENT",
    "EDITIONS",
    "FOOTER",
    "GUTTER",
    "INK",
    "KEEP_TOGETHER",
    "MARGIN",
    "MUTED",
    "TINT",
    "Edition",
    "ExampleRow",
    "MeasuringCanvas",
    "RowChoice",
    "SceneFlowable",
    "SheetParagraph",
    "SideBySide",
    "Styles",
    "current_edition",
    "edition",
    "glued",
    "page_footer",
    "para",
    "reset_canvas",
    "rule_doc",
    "styles",
    "text_frame",
]

import contextlib
import functools
import io
from collections.abc import Callable, Iterator
from contextvars import ContextVar
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
    Paragraph,
    Table,
)

from ..backends.pdf import MM, draw_scene
from ..foundation import fonts
from ..foundation.paper import Paper
from ..foundation.values import frozen
from ..scene.shapes import Scene

#: Page margins of text pages, in mm (inside every printer's reach, see boardgen.foundation.paper).
MARGIN = 15.0
#: Distance of the footer's baseline from the bottom edge, in mm.
FOOTER = 11.0
#: Gap between the two columns of examples, in mm.
GUTTER = 7.0
#: Sections shorter than this (mm) are never split across pages.
KEEP_TOGETHER = 45.0
INK = "#1b1b1b"
ACCENT = "#1f4e79"
MUTED = "#5a5a5a"
TINT = "#eef2f6"


@frozen
class Edition:
    """How large a printed sheet sets its words and its example diagrams.

    The large-print edition is for readers with low vision and for a club's wall: every
    paragraph style grows by ``text_scale`` and none is set below ``floor`` points (14 pt,
    the size large-print guidance such as the RNIB's and APH's asks of body text), and
    example diagrams grow by ``diagram_scale`` within the column.
    """

    name: str
    text_scale: float = 1.0
    floor: float = 0.0
    diagram_scale: float = 1.0


#: The editions ``--edition`` offers.
EDITIONS: dict[str, Edition] = {
    "standard": Edition("standard"),
    "large-print": Edition("large-print", text_scale=1.46, floor=14.0, diagram_scale=1.4),
}
_CURRENT: ContextVar[Edition] = ContextVar("boardgen_edition", default=EDITIONS["standard"])


def current_edition() -> Edition:
    """The edition sheets are being set in (standard unless inside :func:`edition`)."""
    return _CURRENT.get()


@contextlib.contextmanager
def edition(name: str) -> Iterator[Edition]:
    """Set the sheets made inside the ``with`` block in the edition ``name``.

    A context variable rather than a parameter: the edition reaches every style of every
    sheet (rule sheet, booklet, game sheet) through :func:`styles`, as a locale would.
    """
    token = _CURRENT.set(EDITIONS[name])
    try:
        yield EDITIONS[name]
    finally:
        _CURRENT.reset(token)


@frozen
class _Names:
    """The embedded names of the text faces a style uses."""

    regular: str
    bold: str
    italic: str


@frozen
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


def styles() -> Styles:
    """The paragraph styles of every sheet, in the current edition (:func:`edition`) and
    the faces in effect (:func:`boardgen.foundation.fonts.typeface`)."""
    return _styles(current_edition(), fonts.current_fonts())


@functools.cache
def _styles(chosen: Edition, faces: fonts.FontSet) -> Styles:
    """The paragraph styles in the edition ``chosen`` set in ``faces`` (registered on first use)."""
    fonts.register_pdf_fonts(faces)
    f = _Names(faces.regular.name, faces.bold.name, faces.italic.name)

    def style(name: str, **kw: Any) -> Any:
        base: dict[str, Any] = {
            "fontName": f.regular,
            "bulletFontName": f.regular,  # platypus would use Helvetica, unembedded
            "fontSize": 9.6,
            "leading": 12.8,
            "textColor": INK,
            "allowWidows": 0,  # a paragraph's last line never starts a page alone
        }
        merged = {**base, **kw}
        if chosen.text_scale != 1.0 or chosen.floor:
            size = max(chosen.floor, merged["fontSize"] * chosen.text_scale)
            merged["leading"] = merged["leading"] * size / merged["fontSize"]
            merged["fontSize"] = size
        return ParagraphStyle(name, **merged)

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
        if isinstance(self.canv, MeasuringCanvas):  # a trial layout only counts pages
            return
        reset_canvas(self.canv)
        draw_scene(self.canv, self.scene, self.scale)


class ExampleRow(Table):  # type: ignore[misc]
    """A row of examples (diagrams side by side with their captions)."""


class SideBySide(Table):  # type: ignore[misc]
    """Text beside a picture in a one-row table that, when taller than a whole frame
    (large print on a small page), gives way to ``stacked``: the same flowables one
    under the other, which break across pages as text does. A table that merely does
    not fit the rest of a page moves to the next one whole, as before."""

    def __init__(self, rows: list[list[Any]], *, stacked: list[Any], **kw: Any) -> None:
        super().__init__(rows, **kw)
        self.stacked = stacked

    def split(self, available_width: float, available_height: float) -> list[Any]:
        frame = getattr(self, "_frame", None)
        full = float(frame._height) if frame is not None else available_height
        _, height = self.wrap(available_width, available_height)
        if height <= full:
            return list(super().split(available_width, available_height))
        first, *rest = self.stacked
        if first.wrap(available_width, available_height)[1] <= available_height:
            return [first, *rest]
        # The frame must be able to place the first part: let it split to the room left,
        # or, when it cannot (a picture), start the stack on the next page.
        parts = first.split(available_width, available_height)
        return [*parts, *rest] if parts else []


def _height(item: Any, canvas: Any, width: float, room: float) -> float:
    """The height ``item`` takes in a frame ``width`` wide, its spacing included."""
    _, height = item.wrapOn(canvas, width, room)
    if isinstance(item, KeepTogether):  # its wrap says "too tall" to force a split
        height = item._H
    return float(height + item.getSpaceBefore() + item.getSpaceAfter())


class RowChoice(Flowable):  # type: ignore[misc]
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
        return [*_opened(placed), RowChoice(self.row, rest)]


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


class SheetParagraph(Paragraph):  # type: ignore[misc]
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
        if not isinstance(self.canv, MeasuringCanvas):  # a trial layout only counts pages
            super().draw()


#: Paragraphs parsed so far, by markup and style (kept with it, so that its id is not
#: reused): a sheet's paragraphs are made again for each trial layout, for the booklets
#: and for the folded booklet's smaller page, and parsing the markup costs as much as
#: breaking the lines. At most :data:`_PARSED_KEPT`; then all are forgotten.
_PARSED: dict[tuple[str, int], tuple[Any, str, Any, list[Any], Any]] = {}
_PARSED_KEPT = 8192


def para(text: str, style: Any) -> Any:
    """``text`` as a :class:`SheetParagraph` in ``style``, its markup parsed once: each
    paragraph gets copies of the parsed fragments (platypus may change them when it
    splits a paragraph between pages), so it is the paragraph parsed afresh."""
    markup = escape(glued(text))
    key = (markup, id(style))
    found = _PARSED.get(key)
    if found is None or found[0] is not style:
        parsed = SheetParagraph(markup, style)
        if len(_PARSED) >= _PARSED_KEPT:
            _PARSED.clear()
        found = _PARSED[key] = (style, parsed.text, parsed.style, parsed.frags, parsed.bulletText)
    _, cleaned, parsed_style, frags, bullet = found
    return SheetParagraph(cleaned, parsed_style, bulletText=bullet, frags=[frag.clone() for frag in frags])


class MeasuringCanvas(Canvas):  # type: ignore[misc]
    """The canvas of a trial layout: platypus places every flowable as usual (so pages
    break exactly as they will), but diagrams and paragraphs are not painted and no PDF
    is written, the costliest parts of a build that only counts pages."""

    def save(self) -> None:
        pass


# -- documents --------------------------------------------------------------------------


def page_footer(text: str, page_label: Callable[[int], str]) -> Callable[[Canvas, Any], None]:
    def draw(canvas: Canvas, doc: Any) -> None:
        width, _ = canvas._pagesize
        canvas.saveState()
        canvas.setFillColorRGB(0.35, 0.35, 0.35)
        canvas.setFont(fonts.font_name(), 8)
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
        initialFontName=fonts.font_name(),
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
