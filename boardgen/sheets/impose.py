"""Imposition: small pages set two to a sheet side, in the order a folded booklet reads.

A saddle-stitched booklet is a stack of sheets folded once in the middle and stapled
along the fold. Each sheet carries four pages: on its front, the last unread page on
the left and the first on the right; on its back, the next two the other way round.
With ``n`` pages (a multiple of 4), sheet ``s`` (from 0) holds pages ``n-1-2s`` and
``2s`` on its front, ``2s+1`` and ``n-2-2s`` on its back (counted from 0). Printed on
landscape paper, double-sided and flipped on the short edge, the backs need no turning.

:class:`ImposingCanvas` is a reportlab canvas that keeps each page platypus finishes
as a PDF form XObject instead of writing it, and on ``save`` writes the sheet sides,
each drawing its two pages' forms side by side: one pass of the normal layout, fonts
embedded once, output as deterministic as any other boardgen PDF.
"""

from __future__ import annotations

__all__ = ["ImposingCanvas", "padded", "saddle_stitch"]

from typing import Any

from reportlab.pdfbase import pdfdoc  # type: ignore[import-untyped,unused-ignore]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped,unused-ignore]

#: One side of a printed sheet: the page numbers (from 0) on its left and right halves;
#: None for a blank padding page.
Side = tuple[int | None, int | None]


def padded(pages: int) -> int:
    """The page count rounded up to whole sheets (a multiple of 4, at least 4)."""
    return max(4, -(-pages // 4) * 4)


def saddle_stitch(pages: int) -> list[Side]:
    """The sheet sides in print order (front, back, next front, ...) for ``pages``
    pages, padded with blank pages at the end to a multiple of 4."""
    n = padded(pages)
    sides: list[tuple[int, int]] = []
    for s in range(n // 4):
        sides += [(n - 1 - 2 * s, 2 * s), (2 * s + 1, n - 2 - 2 * s)]
    return [(left if left < pages else None, right if right < pages else None) for left, right in sides]


class _PageForm(pdfdoc.PDFFormXObject):  # type: ignore[misc]
    """A form holding a whole page: its resources as a page's (reportlab's forms leave
    out the graphics states and colour spaces a page's drawing may use)."""

    Resources: Any = None
    ExtGState: Any = None
    _colorsUsed: Any = None
    _shadingUsed: Any = None

    def format(self, document: Any) -> Any:
        if not self.Resources:
            resources = pdfdoc.PDFResourceDictionary()
            resources.basicFonts()
            resources.allProcs()
            if self.XObjects:
                resources.XObject = self.XObjects
            if self.ExtGState:
                resources.ExtGState = self.ExtGState
            resources.setShading(self._shadingUsed or {})
            resources.setColorSpace(self._colorsUsed or {})
            self.Resources = resources
        return super().format(document)


class ImposingCanvas(Canvas):  # type: ignore[misc]
    """A canvas whose pages become forms, written two to a side of ``sheet`` on save.

    ``sheet`` is the printed sheet's (width, height) in points, landscape; each page is
    centred in its half. Bookmarks and links need real pages, so documents drawn here
    must not make them.
    """

    def __init__(self, *args: Any, sheet: tuple[float, float], **kwargs: Any) -> None:
        self._sheet = sheet
        self._forms: list[tuple[str, float, float]] = []
        super().__init__(*args, **kwargs)

    def showPage(self) -> None:
        """Keep the finished page as a form (as ``endForm`` does) and start the next one."""
        width, height = self._pagesize
        name = f"impose-page-{len(self._forms)}"
        form = _PageForm(lowerx=0, lowery=0, upperx=width, uppery=height)
        form.compression = self._pageCompression
        form.setStreamList([self._preamble, *self._code, " "])
        self._setColorSpace(form)
        self._setExtGState(form)
        self._setXObjects(form)
        self._setShadingUsed(form)
        self._doc.addForm(name, form)
        self._forms.append((name, width, height))
        if self._onPage:
            self._onPage(self._pageNumber)
        self._startPage()

    @property
    def page_count(self) -> int:
        """Pages drawn so far (before padding)."""
        return len(self._forms)

    def save(self) -> None:
        """Write the sheet sides in print order, then the file."""
        width, height = self._sheet
        half = width / 2
        for sides in saddle_stitch(len(self._forms)):
            self.setPageSize((width, height))
            for slot, index in enumerate(sides):
                if index is None:
                    continue
                name, page_width, page_height = self._forms[index]
                self.saveState()
                self.translate(slot * half + (half - page_width) / 2, (height - page_height) / 2)
                self.doForm(name)
                self.restoreState()
            Canvas.showPage(self)
        Canvas.save(self)
