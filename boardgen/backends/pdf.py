"""The PDF backend: a :class:`~boardgen.scene.shapes.Document` as PDF bytes, at exactly true scale.

A board is only usable if a printed 30 mm cell measures 30 mm, so one scene millimetre
is exactly 72/25.4 pt and each page is exactly the scene's size: the whole scene is
drawn under one page matrix (scale, and a flip because scenes grow downwards), never
re-fitted. Fonts are embedded TrueType subsets (see :mod:`boardgen.foundation.fonts`),
so text looks and measures the same in every viewer.

Output is byte-for-byte reproducible (reportlab's invariant mode: no timestamps, no
random ids), so generated PDFs can be committed and diffed, and tests can compare
bytes. reportlab is imported here only: the SVG path never loads it.

A build draws the same shapes many times: a board in three languages and in the
booklets, the calibration ruler on every board page. A stretch of shapes without words
or transparency (:class:`_Runs`) writes operators that depend only on the shapes and on
the colour, width and dash already set, never on the document (text names the
document's font subsets, transparency its graphics states), so the operators written
the first time are remembered, with the settings they leave, and copied the next time:
the same bytes, without drawing again.
"""

from __future__ import annotations

__all__ = ["MM", "draw_scene", "render_pdf"]

import functools
import io
import math
from dataclasses import dataclass, replace

from reportlab.lib.rl_accel import fp_str  # type: ignore[import-untyped,unused-ignore]
from reportlab.pdfbase.pdfmetrics import getFont  # type: ignore[import-untyped,unused-ignore]
from reportlab.pdfgen.canvas import (  # type: ignore[import-untyped,unused-ignore]
    FILL_NON_ZERO,
    PATH_OPS,
    Canvas,
)

from ..foundation import fonts
from ..scene.shapes import Circle, Document, Ellipse, Group, Item, Polygon, Rect, Scene, Style, Text

#: Points per millimetre.
MM = 72 / 25.4

#: Characters Vera lacks, drawn as their nearest look-alike rather than as boxes.
_SUBSTITUTES = str.maketrans({"\u202f": "\u00a0", "\u2009": " ", "\u2007": "\u00a0"})


@functools.lru_cache(maxsize=256)
def _rgb(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` (or ``#rgb``) as reportlab's 0..1 floats."""
    hexa = colour.lstrip("#")
    if len(hexa) == 3:
        hexa = "".join(c * 2 for c in hexa)
    if len(hexa) != 6:
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    value = int(hexa, 16)
    return ((value >> 16) / 255, ((value >> 8) & 0xFF) / 255, (value & 0xFF) / 255)


def _quarters() -> tuple[tuple[float, ...], ...]:
    """The factors of reportlab's four Bézier quarters of a full ellipse
    (:func:`reportlab.pdfgen.pdfgeom.bezierArc` from 0 through 360 degrees), each worked
    out as it works them out, so that points made from them are the same floats."""
    half = 90.0 * math.pi / 360.0
    kappa = abs(4.0 / 3.0 * (1.0 - math.cos(half)) / math.sin(half))
    found = []
    for i in range(4):
        t0, t1 = (0 + i * 90.0) * math.pi / 180.0, (0 + (i + 1) * 90.0) * math.pi / 180.0
        c0, s0, c1, s1 = math.cos(t0), math.sin(t0), math.cos(t1), math.sin(t1)
        found.append((c0, s0, c0 - kappa * s0, s0 + kappa * c0, c1 + kappa * s1, s1 - kappa * c1, c1, s1))
    return tuple(found)


_QUARTERS = _quarters()


def _circle_code(cx: float, cy: float, r: float) -> list[str]:
    """The path operators reportlab's ``Canvas.circle`` writes for this circle, byte for
    byte (its ellipse's corners, centre and radii worked out in the same order), without
    its general arc code: boards and counters draw tens of thousands of circles."""
    x1, x2, y1, y2 = cx - r, cx + r, cy - r, cy + r
    w, h = x2 - x1, y2 - y1  # Canvas.ellipse -> PDFPathObject.ellipse(x, y, width, height)
    x2, y2 = x1 + w, y1 + h
    x1, y1, x2, y2 = min(x1, x2), max(y1, y2), max(x1, x2), min(y1, y2)  # bezierArc
    xc, yc, rx, ry = (x1 + x2) / 2.0, (y1 + y2) / 2.0, (x2 - x1) / 2.0, (y2 - y1) / 2.0
    a, b = _QUARTERS[0][:2]
    code = ["n", f"{fp_str(xc + rx * a, yc - ry * b)} m"]
    for _, _, c, d, e, f, g, h_ in _QUARTERS:
        code.append(
            f"{fp_str(xc + rx * c, yc - ry * d, xc + rx * e, yc - ry * f, xc + rx * g, yc - ry * h_)} c"
        )
    return code


@dataclass
class _Pen:
    """The graphics state last set on the canvas, so unchanged settings are not re-emitted
    (changed in place as styles are applied; a group saves a copy and restores it)."""

    fill: str | None = "#000000"
    stroke: str | None = "#000000"
    width: float = -1.0
    dash: tuple[float, ...] = ()
    alpha: float = 1.0


#: The text colours' styles, made once each.
_FILLS: dict[str, Style] = {}

#: What a stretch of drawing leaves set, besides the pen: reportlab's own record of the
#: colours and line width (read back by nothing we draw, restored all the same).
_CANVAS_STATE = ("_fillColorObj", "_strokeColorObj", "_lineWidth")


@dataclass
class _Run:
    """The operators one stretch of plain items wrote from one pen, and what they left set."""

    code: list[str]
    pen: _Pen
    state: tuple[object, ...]


class _Runs:
    """Operators of the plain stretches of items drawn so far, per tuple of items (kept
    with its entry, so that its id is not reused while the entry lives): a stretch is
    items with no text and no transparency, at any depth. At most :data:`KEPT` tuples
    are kept; then the oldest half is forgotten."""

    KEPT = 20000

    def __init__(self) -> None:
        self.spans: dict[int, tuple[tuple[Item, ...], list[tuple[int, int, bool]]]] = {}
        self.runs: dict[tuple[int, int, object], tuple[tuple[Item, ...], _Run]] = {}

    def spans_of(self, items: tuple[Item, ...]) -> list[tuple[int, int, bool]]:
        """``items`` as stretches ``(start, end, plain)``, in order."""
        entry = self.spans.get(id(items))
        if entry is not None and entry[0] is items:
            return entry[1]
        spans: list[tuple[int, int, bool]] = []
        for n, item in enumerate(items):
            plain = _plain(item)
            if spans and spans[-1][2] and plain:
                spans[-1] = (spans[-1][0], n + 1, True)
            else:
                spans.append((n, n + 1, plain))
        if len(self.spans) >= self.KEPT:
            self._forget()
        self.spans[id(items)] = (items, spans)
        return spans

    def _forget(self) -> None:
        for table in (self.spans, self.runs):
            for key in list(table)[: len(table) // 2]:
                del table[key]  # type: ignore[arg-type]


_RUNS = _Runs()


def _plain(item: Item) -> bool:
    """Whether ``item`` draws without text or transparency, at any depth."""
    if isinstance(item, Group):
        return all(span[2] for span in _RUNS.spans_of(item.items))
    return not isinstance(item, Text) and item.style.opacity == 1.0


class _Painter:
    """Draws scene items on one reportlab canvas whose user space is scene millimetres."""

    def __init__(self, canvas: Canvas) -> None:
        self.c = canvas
        self.pen = _Pen()
        self.saved: list[_Pen] = []
        self.registered: fonts.FontSet | None = None  # the faces last made known to reportlab

    def use(self, style: Style) -> tuple[bool, bool]:
        """Apply ``style``; return whether to (stroke, fill)."""
        stroke = style.stroke is not None and style.stroke_width > 0
        fill = style.fill is not None
        pen, c = self.pen, self.c
        if fill and style.fill != pen.fill:
            c.setFillColorRGB(*_rgb(style.fill or ""))
            pen.fill = style.fill
        if stroke:
            if style.stroke != pen.stroke:
                c.setStrokeColorRGB(*_rgb(style.stroke or ""))
                pen.stroke = style.stroke
            if style.stroke_width != pen.width:
                c.setLineWidth(style.stroke_width)
                pen.width = style.stroke_width
            if style.dash != pen.dash:
                c.setDash(list(style.dash), 0)
                pen.dash = style.dash
        if (stroke or fill) and style.opacity != pen.alpha:
            c.setFillAlpha(style.opacity)
            c.setStrokeAlpha(style.opacity)
            pen.alpha = style.opacity
        return stroke, fill

    def items(self, items: tuple[Item, ...]) -> None:
        for start, end, plain in _RUNS.spans_of(items):
            if plain and self.pen.alpha == 1.0:
                self.run(items, start, end)
            else:
                for item in items[start:end]:
                    self.item(item)

    def run(self, items: tuple[Item, ...], start: int, end: int) -> None:
        """``items[start:end]``, plain (see :class:`_Runs`), drawn or copied as drawn before
        from the same pen (opaque: with no transparency to undo, none is set)."""
        pen, c = self.pen, self.c
        key = (id(items), start, (pen.fill, pen.stroke, pen.width, pen.dash, c._fillMode))
        entry = _RUNS.runs.get(key)
        if entry is not None and entry[0] is items:
            done = entry[1]
            c._code.extend(done.code)
            self.pen = replace(done.pen)
            for name, value in zip(_CANVAS_STATE, done.state, strict=True):
                setattr(c, name, value)
            return
        code = c._code
        begin = len(code)
        for item in items[start:end]:
            self.item(item)
        state = tuple(getattr(c, name) for name in _CANVAS_STATE)
        _RUNS.runs[key] = (items, _Run(code[begin:], replace(self.pen), state))

    def item(self, item: Item) -> None:
        c = self.c
        if isinstance(item, Text):
            self.text(item)
        elif isinstance(item, Group):
            self.group(item)
        elif isinstance(item, Rect):
            stroke, fill = self.use(item.style)
            if stroke or fill:
                c.rect(item.x, item.y, item.width, item.height, stroke=int(stroke), fill=int(fill))
        elif isinstance(item, Circle):
            stroke, fill = self.use(item.style)
            if stroke or fill:
                c._code.extend(_circle_code(item.cx, item.cy, item.r))
                c._code.append(PATH_OPS[int(stroke), int(fill), c._fillMode])
        elif isinstance(item, Ellipse):
            self.ellipse(item)
        elif isinstance(item, Polygon):
            self.polygon(item)
        else:  # pragma: no cover - Item is a closed union
            raise TypeError(f"unknown scene item {item!r}")

    def polygon(self, item: Polygon) -> None:
        stroke, fill = self.use(item.style)
        if not (stroke or fill) or len(item.points) < 2:
            return
        # What reportlab's path object writes (``n``, move, lines, ``h``, joined by spaces,
        # then the painting operator), written directly: the same bytes, without a
        # method call per point.
        points = item.points
        code = ["n", f"{fp_str(*points[0])} m", *[f"{fp_str(x, y)} l" for x, y in points[1:]]]
        if item.closed:
            code.append("h")
        self.c._code.append(" ".join(code))
        self.c._code.append(PATH_OPS[int(stroke), int(fill), FILL_NON_ZERO])  # nonzero, as SVG

    def ellipse(self, item: Ellipse) -> None:
        stroke, fill = self.use(item.style)
        if not (stroke or fill):
            return
        c, paint = self.c, {"stroke": int(stroke), "fill": int(fill)}
        if item.angle % 360 == 0:
            c.ellipse(item.cx - item.rx, item.cy - item.ry, item.cx + item.rx, item.cy + item.ry, **paint)
            return
        c.saveState()
        c.translate(item.cx, item.cy)
        c.rotate(item.angle)  # y points down, so a positive turn is clockwise on the page
        c.ellipse(-item.rx, -item.ry, item.rx, item.ry, **paint)
        c.restoreState()

    def text(self, item: Text) -> None:
        if not item.text:
            return
        text = item.text.translate(_SUBSTITUTES)
        x = item.x
        if item.anchor != "start":
            width = fonts.text_width(text, item.size, item.bold, symbols=item.symbols, fonts=item.fonts)
            x -= width if item.anchor == "end" else width / 2
        face = item.fonts.face_for(text, bold=item.bold, symbols=item.symbols)
        if item.fonts is not self.registered:
            fonts.register_pdf_fonts(item.fonts)
            self.registered = item.fonts
        self.use(_FILLS.get(item.fill) or _FILLS.setdefault(item.fill, Style(fill=item.fill)))
        c = self.c
        font = getFont(face.name)
        if not (font._dynamicFont and c.bottomup):  # pragma: no cover - boardgen embeds TrueType faces
            obj = c.beginText()
            obj.setTextTransform(1, 0, 0, -1, x, item.y)  # un-flip the glyphs
            obj.setFont(face.name, item.size)
            obj.textOut(text)
            c.drawText(obj)
            return
        # What the text object above writes, written directly: begin, place (the glyphs
        # un-flipped), then each run of characters in one of the document's subsets of
        # the face, with the subset's name at each change (reportlab's own protocol for
        # a TrueType face: :meth:`splitString`, :meth:`getSubsetInternalName`).
        doc, size = c._doc, f"{fp_str(item.size)} Tf {fp_str(item.size * 1.2)} TL"
        parts = ["BT 1 0 0 1 0 0 Tm", f"{fp_str(1, 0, 0, -1, x, item.y)} Tm"]
        subset = -1
        for chunk_subset, chunk in font.splitString(text, doc):
            if chunk_subset != subset:
                parts.append(f"{font.getSubsetInternalName(chunk_subset, doc)} {size}")
                subset = chunk_subset
            parts.append(f"({c._escape(chunk)}) Tj")
        parts.append("ET")
        c._code.append(" ".join(parts))

    def group(self, item: Group) -> None:
        c = self.c
        c.saveState()
        self.saved.append(replace(self.pen))
        if item.dx or item.dy:
            c.translate(item.dx, item.dy)
        if item.scale != 1:
            c.scale(item.scale, item.scale)
        if item.clip is not None:
            path = c.beginPath()
            path.rect(*item.clip)
            c.clipPath(path, stroke=0, fill=0)
        self.items(item.items)
        c.restoreState()
        self.pen = self.saved.pop()


def draw_scene(canvas: Canvas, scene: Scene, scale: float = 1.0) -> None:
    """Draw ``scene`` with its top-left corner at the bottom-left of the canvas's current
    user space plus the scene's height (as a platypus Flowable expects: the picture
    occupies ``scene.width * MM * scale`` by ``scene.height * MM * scale`` points above
    the origin). The fonts must be registered (:func:`fonts.register_pdf_fonts`) and the
    canvas's fill and stroke black, its line solid and opaque, as on a fresh page.
    """
    k = MM * scale
    canvas.saveState()
    canvas.transform(k, 0, 0, -k, 0, scene.height * k)  # scene mm, y down
    _Painter(canvas).items(scene.items)
    canvas.restoreState()


def _page(canvas: Canvas, scene: Scene) -> None:
    canvas.setPageSize((scene.width * MM, scene.height * MM))
    draw_scene(canvas, scene)
    canvas.showPage()


def render_pdf(document: Document) -> bytes:
    """The document as PDF bytes: one page per scene, same size in mm, fonts embedded."""
    if not document.pages:
        raise ValueError("a PDF needs at least one page")
    fonts.register_pdf_fonts()
    out = io.BytesIO()
    first = document.pages[0]
    canvas = Canvas(
        out,
        pagesize=(first.width * MM, first.height * MM),
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.font_name(),  # reportlab's default (Helvetica) would land in the PDF unembedded
        lang=document.language or None,
    )
    canvas.setTitle(document.title)
    canvas.setSubject(document.subject)
    canvas.setKeywords(", ".join(document.keywords))
    canvas.setAuthor("")
    canvas.setCreator("boardgen")
    canvas.setViewerPreference("DisplayDocTitle", "true")
    for scene in document.pages:
        _page(canvas, scene)
    canvas.save()
    return out.getvalue()
