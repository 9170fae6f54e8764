"""Board sheets: one centred page when the board fits, else a map and true-scale tiles."""

from __future__ import annotations

import io
from itertools import pairwise

import pdfplumber
import pypdfium2 as pdfium
import pytest
from pdfplumber.pdf import PDF

from boardgen.backends.pdf import render_pdf
from boardgen.foundation.paper import A3, A4, LETTER, MARGIN, Box, Paper, paper_named
from boardgen.render.pages import GUTTER, OVERLAP, board_pages, content_box, diagram_page
from boardgen.render.ruler import ruler
from boardgen.render.tiles import item_bounds
from boardgen.scene.shapes import Circle, Document, Ellipse, Group, Item, Polygon, Rect, Scene, Style, Text

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


def expected_tiles(cells: int, cell: float, room: float) -> int:
    """Fewest tiles along one axis: a tile holds whole cells, plus a glue band of OVERLAP
    mm when another tile follows, within ``room`` mm."""
    count, left = 0, cells
    while left > 0:
        count += 1
        if left * cell <= room + 1e-9:
            break
        left -= int((room - OVERLAP) // cell)
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
    c_count = expected_tiles(columns, cell, room.width)
    r_count = expected_tiles(rows, cell, room.height)
    assert c_count * r_count > 1
    assert len(pages) == 1 + c_count * r_count
    assert all((p.width, p.height) == (sheet.width, sheet.height) for p in pages)
    total = c_count * r_count
    with pdf_of(pages) as doc:
        texts = [p.extract_text() for p in doc.pages]
        for page in doc.pages[1:]:  # every square on a tile is drawn whole, at true scale
            for c in cells(page):
                assert (c["width"], c["height"]) == pytest.approx((cell, cell), abs=0.01)
    assert "Assembly map" in texts[0] and "glue strips (10 mm)" in texts[0]

    def plural(n: int, noun: str) -> str:
        return f"{n} {noun}{'s' if n != 1 else ''}"

    grid = f"{plural(c_count, 'column')} \u00d7 {plural(r_count, 'row')} = {plural(total, 'tile')}"
    assert grid in texts[0]
    # The map names each tile "n/total" inside its frame: no letters that read like a1.
    (names,) = [i for i in pages[0].items if isinstance(i, Group) and i.label == "tile numbers"]
    labels = [t.text for t in names.items if isinstance(t, Text)]
    assert labels == [f"{n}/{total}" for n in range(1, total + 1)]
    for n, text in enumerate(texts[1:]):
        row, column = n // c_count + 1, n % c_count + 1
        assert f"Tile {n + 1}/{total} — row {row} of {r_count}, column {column} of {c_count}" in text
        assert "Big board" in text and "Check: this bar" in text


def artwork_group(page: Scene) -> Group:
    (group,) = [i for i in page.items if isinstance(i, Group) and (i.label or "").startswith("tile")]
    return group


def _squares(item: Item, dx: float = 0.0, dy: float = 0.0) -> list[tuple[float, float]]:
    """Top-left corners (artwork mm) of the red and blue squares a tile's artwork draws."""
    if isinstance(item, Group):
        return [p for child in item.items for p in _squares(child, dx + item.dx, dy + item.dy)]
    if isinstance(item, Rect) and item.style.fill in ("#ff0000", "#0000ff"):
        return [(round(item.x, 6), round(item.y, 6))]
    return []


@pytest.mark.parametrize(("columns", "rows", "cell"), [(10, 10, 45.0), (7, 11, 30.0), (9, 7, 37.0)])
def test_tiles_cut_on_cell_edges_with_glue_bands_and_stay_printable(
    columns: int, rows: int, cell: float
) -> None:
    """Each square is printed on exactly one tile, whole; a tile's edge towards its next
    neighbour lies on a cell edge, and its glue band reaches OVERLAP mm past it."""
    art = board(columns, rows, cell)
    pages = board_pages(art, A4, landscape=False, title="Cover")
    room = tile_room(A4)
    seen: list[tuple[float, float]] = []
    spans = []
    for page in pages[1:]:
        group = artwork_group(page)
        assert group.clip is not None and group.scale == 1
        x, y, w, h = group.clip
        on_page = Box(x + group.dx, y + group.dy, w, h)
        assert room.inset(-1, -1, -1, -1).contains(on_page)  # at most the 0.5 mm bleed outside
        assert A4.printable.contains(on_page)
        squares = [p for item in group.items for p in _squares(item)]
        assert squares
        seen += squares
        xs, ys = [p[0] for p in squares], [p[1] for p in squares]
        spans.append((min(xs), max(xs) + cell, min(ys), max(ys) + cell, x + w, y + h))
        for px, py in squares:  # on the cell grid: no sliver, no shifted square
            assert px / cell == pytest.approx(round(px / cell)) and py / cell == pytest.approx(
                round(py / cell)
            )
    assert sorted(seen) == sorted(
        {(round(c * cell, 6), round(r * cell, 6)) for c in range(columns) for r in range(rows)}
    )
    assert len(seen) == columns * rows  # each exactly once
    for left, right, top, bottom, clip_right, clip_bottom in spans:
        followers = [s for s in spans if s[0] == pytest.approx(right) and s[2] == top]
        for follower in followers:  # the next tile starts on this tile's last cell edge
            assert clip_right - follower[0] >= OVERLAP - 1e-6  # and lies on its glue band
        below = [s for s in spans if s[2] == pytest.approx(bottom) and s[0] == left]
        for follower in below:
            assert clip_bottom - follower[2] >= OVERLAP - 1e-6


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
    assert f"Scaled to {int(group.scale * 100)}%" in captions and "Black to move." in captions
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


def test_tiles_carry_only_their_part_and_every_shape_once() -> None:
    """Shapes are shared out by their centres, so a shape straddling a join is printed
    whole on one tile, never cut in two; the yellow diagonal, larger than any tile, is
    drawn (clipped) on every tile."""
    art = rich_board()
    pages = board_pages(art, A4, landscape=False, title="Cull")
    assert len(pages) > 2

    def leaves(item: Item) -> list[Item]:
        return [x for child in item.items for x in leaves(child)] if isinstance(item, Group) else [item]

    drawn = [leaf for page in pages[1:] for leaf in leaves(artwork_group(page))]
    everything = [leaf for item in art.items for leaf in leaves(item)]
    diagonal = everything[-1]
    assert sum(leaf is diagonal for leaf in drawn) == len(pages) - 1
    for leaf in everything[:-1]:
        assert sum(leaf is other for other in drawn) == 1, leaf


def test_board_pages_speak_the_asked_language_and_can_leave_numbering_out() -> None:
    art = board(10, 10, 45.0)
    pages = board_pages(art, A4, landscape=False, title="Grand plateau", lang="fr", numbered=False)
    with pdf_of(pages) as doc:
        texts = [(p.extract_text() or "").replace("\u00a0", " ") for p in doc.pages]
    assert "Plan d\u2019assemblage — 3 colonnes \u00d7 2 lignes = 6 feuilles ; plan réduit à" in texts[0]
    assert "Découpez chaque feuille" in texts[0]
    assert "Feuille 1/6 — ligne 1 sur 2, colonne 1 sur 3" in texts[1]
    for text in texts:
        assert "Contrôle : cette barre doit mesurer exactement 50 mm" in text
        assert not any(word in text for word in ("Tile", "Assembly", "Check", "Page", "Cut out"))
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
    from boardgen.outputs.files import RenderOptions, render

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
    from boardgen.scene.shapes import Group, Polygon

    if isinstance(item, Group):
        return sum(_polygons(child) for child in item.items)
    return 1 if isinstance(item, Polygon) else 0


def test_tile_pages_carry_only_their_share_of_the_board() -> None:
    """Each hexagon of a tiled board is printed on exactly one tile, whole: a board's PDF
    grows with its cells, not with cells times pages, and no cell is cut at a join."""
    from boardgen.descriptor import load_variant
    from boardgen.outputs.files import RenderOptions, board_pages_for
    from boardgen.scene.shapes import Group

    variant = load_variant("hex9-checkers")
    pages = board_pages_for(variant, RenderOptions(cell_size=40))
    tiles = pages[1:]
    assert len(tiles) >= 12
    drawn = sum(
        _hexagons(item)
        for page in tiles
        for item in page.items
        if isinstance(item, Group) and (item.label or "").startswith("tile ")
    )
    assert drawn == variant.grid.size


def _hexagons(item: Item) -> int:
    if isinstance(item, Group):
        return sum(_hexagons(child) for child in item.items)
    return 1 if isinstance(item, Polygon) and item.closed and len(item.points) == 6 else 0


def test_the_kruzno_board_at_30_mm_takes_four_a4_tiles() -> None:
    from boardgen.descriptor import load_variant
    from boardgen.outputs.files import RenderOptions, board_pages_for

    pages = board_pages_for(load_variant("kruzno-checkers"), RenderOptions(cell_size=30, paper="a4"))
    assert len(pages) == 1 + 4


@pytest.mark.parametrize("variant_id", ["american-checkers", "catchup", "kruzno-checkers", "hex9-checkers"])
def test_tiled_boards_show_cut_lines_glue_strips_and_no_cut_text(variant_id: str) -> None:
    """Marks to follow without reading: every tile but the first has a dashed cut line
    and scissors, every tile but the last a glue strip; and no label or number of the
    board is split between two tiles (each text lies whole inside its tile's window)."""
    from boardgen.descriptor import load_variant
    from boardgen.outputs.files import board_pages_for

    pages = board_pages_for(load_variant(variant_id))
    tiles = pages[1:]
    assert len(tiles) > 1

    def labelled(item: Item, label: str) -> bool:
        return isinstance(item, Group) and (
            item.label == label or any(labelled(c, label) for c in item.items)
        )

    for n, page in enumerate(tiles):
        group = artwork_group(page)
        scissors = any(labelled(item, "scissors") for item in page.items)  # on the page, never clipped
        assert labelled(group, "cut line") == (n > 0) and scissors == (n > 0)
        assert labelled(group, "glue strip") == (n < len(tiles) - 1)
        assert group.clip is not None
        window = Box(*group.clip).inset(-0.01, -0.01, -0.01, -0.01)

        def texts(item: Item) -> list[Text]:
            if isinstance(item, Group):
                return [t for child in item.items for t in texts(child)] if item.scale == 1 else []
            return [item] if isinstance(item, Text) else []

        for text in texts(group):
            bounds = item_bounds(text)
            assert bounds is not None
            inner = Box(bounds.x, bounds.y + 0.1 * text.size, bounds.width, bounds.height - 0.45 * text.size)
            assert window.contains(inner), (variant_id, n + 1, text.text)


def test_a_cell_larger_than_a_tile_is_refused_in_one_line() -> None:
    from boardgen.errors import BoardgenError
    from boardgen.foundation.paper import paper_named

    paper = paper_named("100x140")
    with pytest.raises(BoardgenError, match=r"does not fit whole on a tile of .* paper"):
        board_pages(board(3, 3, 95.0), paper, landscape=False, title="Huge cells")
