"""Board sheets: one centred page when the board fits, else a map and true-scale tiles."""

from __future__ import annotations

import io
from itertools import pairwise

import pdfplumber
import pypdfium2 as pdfium
import pytest
from pdfplumber.pdf import PDF

from boardgen.backends.pdf import render_pdf
from boardgen.render import sheet
from boardgen.render.paper import A3, A4, LETTER, MARGIN, Box, Paper, paper_named
from boardgen.render.ruler import ruler
from boardgen.render.sheet import GUTTER, OVERLAP, board_pages, content_box, diagram_page
from boardgen.scene import Circle, Document, Ellipse, Group, Item, Polygon, Rect, Scene, Style, Text

MM = 72 / 25.4
RED, BLUE = (1.0, 0.0, 0.0), (0.0, 0.0, 1.0)


def board(columns: int, rows: int, cell: float) -> Scene:
    """A red and blue checkerboard of ``cell`` mm squares, at true scale."""
    colours = ("#ff0000", "#0000ff")
    items = tuple(
        Rect(c * cell, r * cell, cell, cell, Style(fill=colours[(r + c) % 2]))
        for r in range(rows)
        for c in range(columns)
    )
    return Scene(columns * cell, rows * cell, items)


def pdf_of(pages: tuple[Scene, ...]) -> PDF:
    return pdfplumber.open(io.BytesIO(render_pdf(Document(pages, title="t"))))


def cells(page: pdfplumber.page.Page) -> list[dict[str, float]]:
    """The board's squares drawn on a page (red or blue rectangles), in mm."""
    found = []
    for rect in page.rects:
        if tuple(rect["non_stroking_color"] or ()) in (RED, BLUE) and rect["fill"]:
            found.append({k: rect[k] / MM for k in ("x0", "x1", "top", "bottom", "width", "height")})
    return found


def expected_tiles(length: float, room: float) -> int:
    """Fewest tiles of ``room`` mm, neighbours sharing OVERLAP mm, covering ``length`` mm."""
    count = 1
    while count * room - (count - 1) * OVERLAP < length - 1e-9:
        count += 1
    return count


def tile_room(paper: Paper) -> Box:
    return content_box(paper).inset(GUTTER, GUTTER, GUTTER, GUTTER)


def test_paper_sizes_and_orientation() -> None:
    assert (A4.width, A4.height) == (210, 297)
    assert (LETTER.width, LETTER.height) == (215.9, 279.4)
    assert (A3.width, A3.height) == (297, 420)
    landscape = paper_named("a4").oriented(True)
    assert (landscape.width, landscape.height) == (297, 210)
    assert landscape.oriented(True) == landscape
    assert landscape.printable == Box(MARGIN, MARGIN, 277, 190)


@pytest.mark.parametrize(("cell", "columns", "rows"), [(30.0, 6, 8), (45.0, 4, 5)])
def test_a_board_that_fits_is_one_centred_page(cell: float, columns: int, rows: int) -> None:
    art = board(columns, rows, cell)
    pages = board_pages(art, A4, landscape=False, title="Fits")
    assert len(pages) == 1
    assert (pages[0].width, pages[0].height) == (210, 297)
    box = content_box(A4)
    with pdf_of(pages) as doc:
        page = doc.pages[0]
        drawn = cells(page)
        text = page.extract_text()
    assert len(drawn) == columns * rows
    for c in drawn:
        assert (c["width"], c["height"]) == pytest.approx((cell, cell), abs=0.01)
    left, right = min(c["x0"] for c in drawn), 210 - max(c["x1"] for c in drawn)
    top, bottom = min(c["top"] for c in drawn), max(c["bottom"] for c in drawn)
    assert left == pytest.approx(right, abs=0.01)
    assert left == pytest.approx((210 - columns * cell) / 2, abs=0.01)
    assert top - box.y == pytest.approx(box.bottom - bottom, abs=0.01)
    assert box.y >= MARGIN + 10 and box.bottom <= 297 - MARGIN - 10  # bands for title and ruler
    assert "Fits" in text and "Check: this bar must measure exactly 50 mm / 2 in." in text


@pytest.mark.parametrize(
    ("columns", "rows", "cell", "paper", "landscape"),
    [
        (10, 10, 45.0, A4, False),
        (8, 8, 30.0, A4, True),
        (12, 9, 40.0, LETTER, False),
        (14, 14, 35.0, A3, True),
    ],
)
def test_a_large_board_is_tiled_with_a_map_first(
    columns: int, rows: int, cell: float, paper: Paper, landscape: bool
) -> None:
    art = board(columns, rows, cell)
    pages = board_pages(art, paper, landscape=landscape, title="Big board")
    sheet = paper.oriented(landscape)
    room = tile_room(sheet)
    c_count, r_count = expected_tiles(art.width, room.width), expected_tiles(art.height, room.height)
    assert c_count * r_count > 1
    assert len(pages) == 1 + c_count * r_count
    assert all((p.width, p.height) == (sheet.width, sheet.height) for p in pages)
    names = [f"{chr(ord('A') + c)}{r + 1}" for r in range(r_count) for c in range(c_count)]
    with pdf_of(pages) as doc:
        texts = [p.extract_text() for p in doc.pages]
        for page in doc.pages[1:]:  # every square on a tile is drawn whole, at true scale
            for c in cells(page):
                assert (c["width"], c["height"]) == pytest.approx((cell, cell), abs=0.01)
    assert "Assembly map" in texts[0] and "overlap 10 mm" in texts[0]

    def plural(n: int, noun: str) -> str:
        return f"{n} {noun}{'s' if n != 1 else ''}"

    tiles = plural(c_count * r_count, "tile")
    grid = f"{plural(c_count, 'column')} \u00d7 {plural(r_count, 'row')} = {tiles}"
    assert grid in texts[0]
    # Tiles are found by column letter (above the map) and row number (left of it),
    # so that no label covers the board.
    map_page = pages[0]
    (headers,) = [i for i in map_page.items if isinstance(i, Group) and i.label == "tile columns and rows"]
    labels = [t.text for t in headers.items if isinstance(t, Text)]
    letters = {chr(ord("A") + c) for c in range(c_count)}
    assert len(labels) == c_count + r_count and set(labels) == letters | {str(r + 1) for r in range(r_count)}
    board_box = next(i for i in map_page.items if isinstance(i, Group) and i.label == "whole board, scaled")
    top = board_box.dy
    left = board_box.dx
    for t in headers.items:
        assert isinstance(t, Text) and (t.y < top or t.x < left), t  # outside the map
    for n, (name, text) in enumerate(zip(names, texts[1:], strict=True)):
        row, column = n // c_count + 1, n % c_count + 1
        assert f"Tile {name} — row {row} of {r_count}, column {column} of {c_count}" in text
        assert "Big board" in text and "Check: this bar" in text


def artwork_group(page: Scene) -> Group:
    (group,) = [i for i in page.items if isinstance(i, Group) and (i.label or "").startswith("tile")]
    return group


@pytest.mark.parametrize(("columns", "rows", "cell"), [(10, 10, 45.0), (7, 11, 30.0)])
def test_tiles_cover_the_board_overlap_and_stay_printable(columns: int, rows: int, cell: float) -> None:
    art = board(columns, rows, cell)
    pages = board_pages(art, A4, landscape=False, title="Cover")
    room = tile_room(A4)
    windows = []
    for page in pages[1:]:
        group = artwork_group(page)
        assert group.clip is not None and group.scale == 1
        x, y, w, h = group.clip
        on_page = Box(x + group.dx, y + group.dy, w, h)
        assert room.inset(-1, -1, -1, -1).contains(on_page)  # at most the 0.5 mm bleed outside
        assert A4.printable.contains(on_page)
        windows.append((x, y, w, h))
    # Clamped to the board (outer edges bleed 0.5 mm), neighbours share exactly OVERLAP mm.
    for axis, size in ((0, art.width), (1, art.height)):
        spans = sorted(
            {(round(max(w[axis], 0), 6), round(min(w[axis] + w[axis + 2], size), 6)) for w in windows}
        )
        assert spans[0][0] == 0 and spans[-1][1] == pytest.approx(size)
        for (_, end), (start, _) in pairwise(spans):
            assert end - start == pytest.approx(OVERLAP, abs=1e-6)


def test_nothing_is_printed_outside_the_printable_area() -> None:
    pages = board_pages(board(10, 10, 45.0), A4, landscape=False, title="Margins")
    pdf = pdfium.PdfDocument(render_pdf(Document(pages)))
    px = 2.0 * MM
    for index, scene in enumerate(pages):
        image = pdf[index].render(scale=2.0).to_pil().convert("RGB")
        width, height = image.size
        inside = A4.printable.inset(-0.5, -0.5, -0.5, -0.5)
        if index:
            group = artwork_group(scene)
            x, y, w, h = group.clip or (0, 0, 0, 0)
            window = Box(x + group.dx, y + group.dy, w, h).inset(-0.5, -0.5, -0.5, -0.5)
        data = image.load()
        assert data is not None
        for j in range(0, height, 2):
            for i in range(0, width, 2):
                r, g, b = data[i, j]
                if (r, g, b) == (255, 255, 255):
                    continue
                x_mm, y_mm = i / px, j / px
                assert inside.x <= x_mm <= inside.right and inside.y <= y_mm <= inside.bottom
                if index and (r, g, b) in ((255, 0, 0), (0, 0, 255)):  # board squares: only in the window
                    assert window.x <= x_mm <= window.right and window.y <= y_mm <= window.bottom


def test_the_ruler_measures_50_mm_and_2_inches() -> None:
    _, width, height = ruler()
    assert width <= 190 and height <= 16
    pages = board_pages(board(4, 4, 30.0), A4, landscape=False, title="Ruler")
    with pdf_of(pages) as doc:
        page = doc.pages[0]
        bars = sorted(r["width"] / MM for r in page.rects if abs(r["height"] / MM - 1.0) < 0.01)
        ticks = sorted(
            round(line["x0"] / MM, 4)
            for line in page.lines
            if abs(line["x0"] - line["x1"]) < 1e-6 and line["top"] / MM > 297 - MARGIN - 20
        )
    assert bars == pytest.approx([50.0, 50.8], abs=0.01)
    metric, inch = ticks[:51], ticks[51:]
    assert len(inch) == 17
    assert metric[-1] - metric[0] == pytest.approx(50.0, abs=0.01)
    assert inch[-1] - inch[0] == pytest.approx(50.8, abs=0.01)
    assert all(b - a == pytest.approx(1.0, abs=0.01) for a, b in pairwise(metric))
    assert all(b - a == pytest.approx(25.4 / 8, abs=0.01) for a, b in pairwise(inch))


def test_every_board_page_carries_the_ruler() -> None:
    pages = board_pages(board(10, 10, 45.0), A4, landscape=False, title="Ruler everywhere")
    for page in pages:
        assert any(isinstance(i, Group) and i.label == "calibration ruler" for i in page.items)


def test_a_diagram_that_fits_is_centred_unscaled() -> None:
    picture = board(5, 5, 20.0)
    page = diagram_page(picture, A4, landscape=False, title="Start", caption="White to move.")
    (group,) = [i for i in page.items if isinstance(i, Group)]
    assert group.scale == 1
    assert group.dx == pytest.approx((210 - 100) / 2)
    assert any(isinstance(i, Text) and i.text == "White to move." for i in page.items)


def test_a_diagram_too_big_is_scaled_down_and_says_so() -> None:
    picture = board(12, 12, 30.0)
    page = diagram_page(picture, A4, landscape=True, title="Start", caption="Black to move.")
    (group,) = [i for i in page.items if isinstance(i, Group)]
    assert group.scale < 1
    assert 360 * group.scale <= 190 - 12
    captions = " ".join(i.text for i in page.items if isinstance(i, Text))
    assert f"Scaled to {int(group.scale * 100)} %" in captions and "Black to move." in captions
    with pdf_of((page,)) as doc:
        drawn = cells(doc.pages[0])
    box = A4.oriented(True).printable
    assert min(c["x0"] for c in drawn) >= box.x and max(c["x1"] for c in drawn) <= box.right
    assert min(c["top"] for c in drawn) >= box.y and max(c["bottom"] for c in drawn) <= box.bottom


def test_long_titles_are_shortened_to_the_page() -> None:
    title = "A very long board title " * 10
    pages = board_pages(board(4, 4, 30.0), A4, landscape=False, title=title)
    texts: list[Item] = [i for i in pages[0].items if isinstance(i, Text) and i.bold]
    assert texts and all(isinstance(t, Text) and t.text.endswith("…") for t in texts)
    with pdf_of(pages) as doc:
        chars = [c for c in doc.pages[0].chars if c["x1"] / MM > 210 - MARGIN + 0.01]
    assert chars == []


def rich_board() -> Scene:
    """Shapes of every kind, many straddling tile borders, for the culling check."""
    items: list[Item] = list(board(9, 9, 40.0).items)
    for k in range(9):
        x = 20 + 40 * k
        items += [
            Circle(x, 180, 17, Style(fill="#00aa00", stroke="#000000", stroke_width=1.5)),
            Ellipse(x + 20, 100, 25, 4, 30 * k, Style(fill="#aa00aa")),
            Polygon(((x, 300), (x + 35, 260), (x + 5, 330)), Style(stroke="#000000", stroke_width=2.0)),
            Text(x + 20, 140, f"Größe {k}", 6, anchor=("start", "middle", "end")[k % 3], bold=k % 2 == 0),
        ]
    items.append(Group((Text(0, 0, "grouped", 8),), dx=170, dy=200, scale=2))
    items.append(Polygon(((0, 0), (360, 360)), Style(stroke="#ffff00", stroke_width=1), closed=False))
    return Scene(360, 360, tuple(items))


def test_tiles_carry_only_their_part_and_look_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    art = rich_board()
    culled = board_pages(art, A4, landscape=False, title="Cull")
    monkeypatch.setattr(sheet, "_bounds", lambda item: None)
    whole = board_pages(art, A4, landscape=False, title="Cull")
    assert len(culled) == len(whole) > 2
    for a, b in zip(culled[1:], whole[1:], strict=True):
        assert len(artwork_group(a).items) < len(artwork_group(b).items)
    docs = [pdfium.PdfDocument(render_pdf(Document(pages))) for pages in (culled, whole)]
    for index in range(1, len(culled)):
        images = [doc[index].render(scale=3.0).to_pil().convert("RGB") for doc in docs]
        assert images[0].tobytes() == images[1].tobytes(), f"page {index + 1} differs"


def test_board_pages_speak_the_asked_language_and_can_leave_numbering_out() -> None:
    art = board(10, 10, 45.0)
    pages = board_pages(art, A4, landscape=False, title="Grand plateau", lang="fr", numbered=False)
    with pdf_of(pages) as doc:
        texts = [(p.extract_text() or "").replace("\u00a0", " ") for p in doc.pages]
    assert "Plan d\u2019assemblage — 3 colonnes \u00d7 2 lignes = 6 feuilles ; plan réduit à" in texts[0]
    assert "Découpez le long des traits de coupe" in texts[0]
    assert "Feuille A1 — ligne 1 sur 2, colonne 1 sur 3" in texts[1]
    for text in texts:
        assert "Contrôle : cette barre doit mesurer exactement 50 mm" in text
        assert not any(word in text for word in ("Tile", "Assembly", "Check", "Page", "Cut along"))
    numbered = board_pages(art, A4, landscape=False, title="Großes Brett", lang="de")
    with pdf_of(numbered) as doc:
        assert "Seite 2 von 7" in (doc.pages[1].extract_text() or "")


def test_a_single_page_says_the_size_of_the_board_not_of_the_artwork() -> None:
    art = board(4, 4, 30.0)
    (page,) = board_pages(art, A4, landscape=False, title="Board", board_size=(100.0, 90.5))
    assert page.description == "Actual size (1:1): the board measures 100 \u00d7 90.5\u00a0mm."
    (page,) = board_pages(art, A4, landscape=False, title="Brett", lang="de", board_size=(100.0, 90.5))
    assert page.description == "Originalgröße (1:1): Das Spielbrett misst 100 \u00d7 90,5\u00a0mm."


def test_render_applies_the_language_to_boards_and_start_diagrams() -> None:
    from boardgen.descriptor import load_variant
    from boardgen.outputs import RenderOptions, render

    variante = load_variant("variante-dames")
    data = render(variante, "board", "pdf", RenderOptions(cell_size=20, lang="fr"))
    with pdfplumber.open(io.BytesIO(data)) as doc:
        text = (doc.pages[0].extract_text() or "").replace("\u00a0", " ")
        subject = doc.metadata.get("Subject", "")
    assert "Taille réelle : le plateau mesure 160 \u00d7 160 mm." in text and "Contrôle" in text
    assert "plateau à imprimer" in str(subject)
    english = render(variante, "board", "pdf", RenderOptions(cell_size=20))
    with pdfplumber.open(io.BytesIO(english)) as doc:
        assert "Actual size (1:1): the board measures 160 \u00d7 160" in (doc.pages[0].extract_text() or "")
    start = render(variante, "start", "pdf", RenderOptions(lang="de"))
    with pdfplumber.open(io.BytesIO(start)) as doc:
        assert "Variante Dames (orthogonales Damespiel): Grundstellung" in (doc.pages[0].extract_text() or "")


def _polygons(item: object) -> int:
    from boardgen.scene import Group, Polygon

    if isinstance(item, Group):
        return sum(_polygons(child) for child in item.items)
    return 1 if isinstance(item, Polygon) else 0


def test_tile_pages_carry_only_their_share_of_the_board() -> None:
    """Tiles cull the cells they cannot show, so a board's PDF grows with its cells, not
    with cells times pages: over all tiles each cell is drawn about once (overlaps aside)."""
    from boardgen.descriptor import load_variant
    from boardgen.outputs import RenderOptions, board_pages_for
    from boardgen.scene import Group

    variant = load_variant("hex9-checkers")
    pages = board_pages_for(variant, RenderOptions(cell_size=40))
    tiles = pages[1:]
    assert len(tiles) >= 12
    drawn = sum(
        _polygons(item)
        for page in tiles
        for item in page.items
        if isinstance(item, Group) and (item.label or "").startswith("tile ")
    )
    assert variant.grid.size <= drawn < 1.8 * variant.grid.size
