"""The PDF backend draws scenes at exactly true scale, with embedded fonts, reproducibly."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import Literal

import pdfplumber
import pypdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from boardgen.backends.pdf import render_pdf
from boardgen.foundation import fonts
from boardgen.scene.shapes import Circle, Document, Ellipse, Group, Item, Polygon, Rect, Scene, Style, Text

MM = 72 / 25.4
ROOT = Path(__file__).resolve().parents[2]
BASE14 = {
    "Courier",
    "Courier-Bold",
    "Courier-Oblique",
    "Courier-BoldOblique",
    "Helvetica",
    "Helvetica-Bold",
    "Helvetica-Oblique",
    "Helvetica-BoldOblique",
    "Times-Roman",
    "Times-Bold",
    "Times-Italic",
    "Times-BoldItalic",
    "Symbol",
    "ZapfDingbats",
}


def grid(columns: int, rows: int, cell: float, at: float = 10.0) -> tuple[Item, ...]:
    """A checkerboard of ``cell`` mm squares, red and blue, whose top-left corner is at (at, at)."""
    colours = ("#ff0000", "#0000ff")
    return tuple(
        Rect(at + c * cell, at + r * cell, cell, cell, Style(fill=colours[(r + c) % 2]))
        for r in range(rows)
        for c in range(columns)
    )


def one_page(items: tuple[Item, ...], width: float = 210, height: float = 297) -> bytes:
    return render_pdf(Document((Scene(width, height, items),)))


def pixels(pdf: bytes, scale: float = 4.0) -> tuple[Image.Image, float]:
    """The first page as an RGB image, and pixels per mm."""
    image = pdfium.PdfDocument(pdf)[0].render(scale=scale).to_pil().convert("RGB")
    return image, scale * MM


@pytest.mark.parametrize(("cell", "columns", "rows"), [(30.0, 6, 9), (45.0, 4, 6)])
def test_cells_measure_exactly_the_cell_size(cell: float, columns: int, rows: int) -> None:
    pdf = one_page(grid(columns, rows, cell))
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        assert page.width / MM == pytest.approx(210, abs=0.01)
        assert page.height / MM == pytest.approx(297, abs=0.01)
        rects = page.rects
        assert len(rects) == columns * rows
        for rect in rects:
            assert rect["width"] / MM == pytest.approx(cell, abs=0.01)
            assert rect["height"] / MM == pytest.approx(cell, abs=0.01)
        lefts = sorted({round(r["x0"] / MM, 2) for r in rects})
        tops = sorted({round(r["top"] / MM, 2) for r in rects})
    assert lefts == pytest.approx([10 + c * cell for c in range(columns)], abs=0.01)
    assert tops == pytest.approx([10 + r * cell for r in range(rows)], abs=0.01)


def test_group_scales_moves_and_clips() -> None:
    square = Rect(0, 0, 40, 40, Style(fill="#000000"))
    pdf = one_page((Group((square,), dx=50, dy=60, scale=0.5, clip=(0, 0, 30, 40)),), 120, 120)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        (rect,) = doc.pages[0].rects
    assert (rect["x0"] / MM, rect["top"] / MM) == pytest.approx((50, 60), abs=0.01)
    assert rect["width"] / MM == pytest.approx(20, abs=0.01)  # pdfplumber ignores clipping
    image, px = pixels(pdf)
    assert image.getpixel((int(62 * px), int(70 * px))) == (0, 0, 0)
    assert image.getpixel((int(67 * px), int(70 * px))) == (255, 255, 255)  # clipped at x = 65


def test_ellipse_turns_clockwise_on_the_page() -> None:
    pdf = one_page((Ellipse(50, 50, 30, 3, 45, Style(fill="#000000")),), 100, 100)
    image, px = pixels(pdf)
    at = image.getpixel
    assert at((int(65 * px), int(65 * px))) == (0, 0, 0)  # down-right of the centre
    assert at((int(65 * px), int(35 * px))) == (255, 255, 255)  # up-right


def test_styles_reach_the_pdf() -> None:
    items: tuple[Item, ...] = (
        Polygon(((10, 10), (50, 10), (30, 40)), Style(fill="#00ff00", stroke="#0000ff", stroke_width=1)),
        Polygon(((10, 60), (90, 60)), Style(stroke="#000000", stroke_width=0.5, dash=(2, 1)), closed=False),
        Circle(70, 30, 10, Style(fill="#ff0000", opacity=0.5)),
        Rect(10, 80, 10, 10, Style()),  # invisible: nothing drawn
    )
    pdf = one_page(items, 100, 100)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        assert not page.rects
        strokes = {tuple(o["stroking_color"]) for o in page.curves + page.lines if o["stroke"]}
        fills = {tuple(o["non_stroking_color"]) for o in page.curves + page.lines if o["fill"]}
        dashes = [o["dash"] for o in page.lines]
    assert (0.0, 0.0, 1.0) in strokes
    assert {(0.0, 1.0, 0.0), (1.0, 0.0, 0.0)} <= fills
    assert dashes and tuple(dashes[0][0]) == (2, 1)
    image, px = pixels(pdf)
    red, green, blue = image.getpixel((int(70 * px), int(30 * px)))
    assert red == 255 and abs(green - 128) <= 1 and abs(blue - 128) <= 1  # half-transparent red


@pytest.mark.parametrize(("anchor", "expected"), [("start", 0.0), ("middle", 0.5), ("end", 1.0)])
def test_text_anchor(anchor: Literal["start", "middle", "end"], expected: float) -> None:
    word = "Anchored"
    pdf = one_page((Text(60, 30, word, 5, anchor=anchor),), 120, 60)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        chars = doc.pages[0].chars
    x0, x1 = chars[0]["x0"] / MM, chars[-1]["x1"] / MM
    assert x1 - x0 == pytest.approx(fonts.text_width(word, 5), abs=0.01)
    assert x0 + expected * (x1 - x0) == pytest.approx(60, abs=0.01)
    assert chars[0]["size"] / MM == pytest.approx(5, abs=0.01)
    assert chars[0]["bottom"] / MM == pytest.approx(30 + 5 * 0.2402, abs=0.05)  # baseline + descent
    assert chars[0]["upright"]


def test_french_and_german_text_is_extractable() -> None:
    items: tuple[Item, ...] = (
        Text(10, 20, "Größe « é »", 5),
        Text(10, 30, "„Spielbrett“ für Dame", 5, bold=True),
        Text(10, 40, "Prise\u00a0en passant : déjà vu", 5),
    )
    with pdfplumber.open(io.BytesIO(one_page(items))) as doc:
        text = doc.pages[0].extract_text()
    assert "Größe « é »" in text
    assert "„Spielbrett“ für Dame" in text
    assert "déjà vu" in text


def fonts_of(pdf: bytes) -> list[pypdf.generic.DictionaryObject]:
    found = []
    for page in pypdf.PdfReader(io.BytesIO(pdf)).pages:
        for ref in page["/Resources"].get("/Font", {}).values():
            found.append(ref.get_object())
    return found


def test_every_font_is_embedded_and_none_is_base14() -> None:
    items: tuple[Item, ...] = (Text(10, 20, "Regular é", 5), Text(10, 30, "Bold ß", 5, bold=True))
    pdf = one_page(items)
    found = fonts_of(pdf)
    assert found
    for font in found:
        base = str(font["/BaseFont"]).lstrip("/").split("+")[-1]
        assert base not in BASE14
        assert "Vera" in base
        assert "/FontFile2" in font["/FontDescriptor"].get_object()
    assert b"Helvetica" not in pdf


def test_a_page_without_text_names_no_font() -> None:
    pdf = one_page((Rect(10, 10, 10, 10, Style(fill="#000000")),))
    assert fonts_of(pdf) == []
    assert b"Helvetica" not in pdf


def test_metadata_and_language() -> None:
    page = Scene(210, 297, (Text(10, 20, "x", 5),))
    title = "Dames 10\u00d710"
    pdf = render_pdf(Document((page,), title=title, subject="plateau", language="fr", keywords=("a", "b")))
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    meta = reader.metadata
    assert meta is not None
    assert (meta.title, meta.subject, str(meta["/Keywords"])) == (title, "plateau", "a, b")
    assert str(reader.root_object["/Lang"]) == "fr"
    assert str(meta["/CreationDate"]).startswith("D:2000")  # invariant: no real timestamp


def sample_document() -> Document:
    items = (
        *grid(3, 3, 30),
        Text(10, 120, "Größe « é »", 5),
        Ellipse(60, 150, 20, 5, 30, Style(fill="#123456")),
    )
    page = Scene(210, 297, items)
    return Document((page, Scene(100, 50, (Text(5, 20, "zwei", 6, bold=True),))), title="t", language="de")


def test_rendering_twice_gives_identical_bytes() -> None:
    assert render_pdf(sample_document()) == render_pdf(sample_document())


def test_rendering_in_a_fresh_process_gives_identical_bytes() -> None:
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2]);"
        "from test_pdf_backend import sample_document;"
        "from boardgen.backends.pdf import render_pdf;"
        "sys.stdout.buffer.write(render_pdf(sample_document()))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(ROOT), str(Path(__file__).parent)], check=True, capture_output=True
    )
    assert out.stdout == render_pdf(sample_document())


def test_pages_keep_their_own_sizes() -> None:
    with pdfplumber.open(io.BytesIO(render_pdf(sample_document()))) as doc:
        sizes = [(p.width / MM, p.height / MM) for p in doc.pages]
    assert sizes == [pytest.approx((210, 297), abs=0.01), pytest.approx((100, 50), abs=0.01)]


def test_text_width_matches_reportlab() -> None:
    from reportlab.pdfbase import pdfmetrics

    fonts.register_pdf_fonts()
    sample = "Größe « é » „Tile B2“ — 0123456789 \u00d7\u00a0%"
    for bold in (False, True):
        expected = pdfmetrics.stringWidth(sample, fonts.font_name(bold=bold), 7.0)
        assert fonts.text_width(sample, 7.0, bold) == pytest.approx(expected, rel=1e-12)
    assert fonts.missing_glyphs("Größe « é » → x") == "→"


def test_measuring_text_does_not_import_reportlab() -> None:
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from boardgen.foundation.fonts import text_width; text_width('Größe', 3.0, True);"
        "assert 'reportlab' not in sys.modules, 'reportlab imported'"
    )
    subprocess.run([sys.executable, "-c", code, str(ROOT)], check=True)


def test_empty_document_is_refused() -> None:
    with pytest.raises(ValueError):
        render_pdf(Document(()))


@pytest.mark.parametrize(
    ("cx", "cy", "r"),
    [(0.0, 0.0, 1.0), (12.5, 7.25, 3.3), (-40.123456, 311.9, 0.35), (1e-3, 2e5, 17.0), (5.0, 5.0, 0.0)],
)
@pytest.mark.parametrize(("stroke", "fill"), [(1, 1), (1, 0), (0, 1)])
def test_circles_are_written_as_reportlab_writes_them(
    cx: float, cy: float, r: float, stroke: int, fill: int
) -> None:
    """The backend writes a circle's operators itself (speed); they must stay reportlab's, byte for byte."""
    from reportlab.pdfgen.canvas import Canvas

    from boardgen.backends import pdf

    theirs = Canvas(io.BytesIO())
    theirs._code = []
    theirs.circle(cx, cy, r, stroke=stroke, fill=fill)
    ours = Canvas(io.BytesIO())
    ours._code = []
    pdf._Painter(ours).item(
        Circle(
            cx,
            cy,
            r,
            Style(fill="#000000" if fill else None, stroke="#000000" if stroke else None, stroke_width=1.0),
        )
    )
    assert ours._code[-len(theirs._code) :] == theirs._code


@pytest.mark.parametrize("closed", [True, False])
@pytest.mark.parametrize(("stroke", "fill"), [(1, 1), (1, 0), (0, 1)])
def test_polygons_are_written_as_reportlabs_path_writes_them(closed: bool, stroke: int, fill: int) -> None:
    """The backend writes a polygon's path itself (speed); it must stay reportlab's, byte for byte."""
    from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

    from boardgen.backends import pdf

    points = ((0.0, 0.0), (12.345678, 7.25), (-3.3, 1e-4), (250.0, 311.9))
    theirs = Canvas(io.BytesIO())
    theirs._code = []
    path = theirs.beginPath()
    path.moveTo(*points[0])
    for x, y in points[1:]:
        path.lineTo(x, y)
    if closed:
        path.close()
    theirs.drawPath(path, stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)
    ours = Canvas(io.BytesIO())
    ours._code = []
    style = Style(fill="#000000" if fill else None, stroke="#000000" if stroke else None, stroke_width=1.0)
    pdf._Painter(ours).item(Polygon(points, style, closed=closed))
    assert ours._code[-len(theirs._code) :] == theirs._code
