"""The booklets: cover, contents with the right page numbers, every game's sheet, board
and pieces, numbered pages, blank backs for double-sided printing, bookmarks, metadata
and embedded fonts; the folded edition's A5 pages imposed in saddle-stitch order.

Text is read with pdfium, which is fast enough for 3 x 50 pages of boards; the rule
sheets' own tests read them with pdfplumber.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdf
import pypdfium2
import pytest

from boardgen.descriptor import load_all
from boardgen.foundation.paper import A4, LETTER
from boardgen.outputs.files import board_pages_for, render_booklet_file
from boardgen.render.counter_pages import pieces_pages
from boardgen.sheets.booklet import FOLD_PAPER, render_booklet, render_folded_booklet
from boardgen.sheets.impose import padded, saddle_stitch
from boardgen.texts.catalogue import catalogue, languages

ROOT = Path(__file__).resolve().parents[2]
#: The booklet of the brief's six games (`make boards`); the library's is tested below.
BRIEF = (
    "american-checkers",
    "catchup",
    "hex9-checkers",
    "kruzno-checkers",
    "pool-checkers",
    "variante-dames",
)
LIBRARY = load_all(ROOT / "variants")
VARIANTS = [v for v in LIBRARY if v.id in BRIEF]


@pytest.fixture(scope="module", params=languages())
def booklet(request: pytest.FixtureRequest) -> tuple[str, bytes, list[str]]:
    lang: str = request.param
    data = render_booklet_file(VARIANTS, f"booklet-{lang}.pdf")
    # pdfium reads the 50 pages of boards and rules in 0.1 s (pdfplumber: 4 s).
    pdf = pypdfium2.PdfDocument(data)
    texts = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    pages = [re.sub(r"[ \u00a0]+", " ", text.replace("\r\n", "\n")) for text in texts]
    return lang, data, pages


def test_cover_then_contents_with_every_game(booklet: tuple[str, bytes, list[str]]) -> None:
    lang, _, pages = booklet
    c = catalogue(lang)
    assert c.text("words.booklet_title") in pages[0]
    assert c.text("words.contents") in pages[1]
    cover = " ".join(pages[0].split())  # titles may wrap in the cover's narrow columns
    for variant in VARIANTS:
        assert variant.title[lang].replace("\u00a0", " ").split(" (")[0] in cover


def test_contents_page_numbers_lead_to_each_game(booklet: tuple[str, bytes, list[str]]) -> None:
    lang, _, pages = booklet
    entries = re.findall(r"^(.+?) [. ]*\.[. ]*(\d+)$", pages[1], flags=re.M)
    found = {title.strip(): int(page) for title, page in entries}
    board_word = catalogue(lang).text("words.board_part")
    titles = [v.title[lang].replace("\u00a0", " ") for v in VARIANTS]
    numbers = [found[title] for title in titles]
    assert numbers == sorted(numbers) and numbers[0] == 3
    for variant, title, number in zip(VARIANTS, titles, numbers, strict=True):
        body = pages[number - 1].split("\n", 1)[1]  # below the page number, which pdfium reads first
        assert body.lstrip().startswith(title.split(" (")[0]), (title, number)
        boards = len(board_pages_for(variant, title=title))
        following = [int(n) for t, n in entries if t.strip() == board_word]
        board_page = next(n for n in following if n > number)
        assert variant.title[lang].split(" (")[0] in pages[board_page - 1]
        assert board_page + boards - 1 <= len(pages)
    assert len([t for t, _ in entries if t.strip() == board_word]) == len(VARIANTS)


def test_every_page_but_the_cover_is_numbered(booklet: tuple[str, bytes, list[str]]) -> None:
    lang, _, pages = booklet
    label = catalogue(lang).text("words.page", n="{n}").replace("\u00a0", " ")
    for n, text in enumerate(pages[1:], start=2):
        assert label.format(n=n) in text, n


def test_booklet_has_sheets_boards_bookmarks_and_metadata(booklet: tuple[str, bytes, list[str]]) -> None:
    lang, data, pages = booklet
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert reader.trailer["/Root"]["/Lang"] == lang
    assert reader.metadata.title == catalogue(lang).text("words.booklet_title")
    outline = [item.title for item in reader.outline if not isinstance(item, list)]
    assert [t.replace("\u00a0", " ") for t in outline] == [
        v.title[lang].replace("\u00a0", " ") for v in VARIANTS
    ]
    boards = sum(len(board_pages_for(v)) for v in VARIANTS)
    assert len(pages) >= 2 + boards + len(VARIANTS) * 2
    tiled = [p for p in pages if re.search(r"\b1/[2-9]\b", p)]  # tile 1 of n
    assert tiled, "tiled boards are included"
    sizes = {tuple(round(float(x)) for x in page.mediabox[2:]) for page in reader.pages}
    assert (595, 842) in sizes


def test_booklet_fonts_are_embedded(booklet: tuple[str, bytes, list[str]]) -> None:
    _, data, _ = booklet
    reader = pypdf.PdfReader(io.BytesIO(data))
    for page in reader.pages:
        for ref in page["/Resources"].get_object().get("/Font", {}).values():
            font = ref.get_object()
            described = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            assert "/FontFile2" in described["/FontDescriptor"].get_object(), font.get("/BaseFont")


def test_letter_booklet_and_reproducible_bytes() -> None:
    two = VARIANTS[:2]
    data = render_booklet(two, "de", LETTER)
    assert data == render_booklet(two, "de", LETTER)
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert tuple(round(float(x)) for x in reader.pages[0].mediabox[2:]) == (612, 792)


#: Words of the English board pages that must not appear on another language's pages.
ENGLISH_BOARD_WORDS = (
    "Tile ",
    "Assembly map",
    "Check: this bar",
    "Cut out each",
    "Actual size",
    "actual size",
)


def test_board_pages_speak_the_booklet_language_and_have_one_page_number(
    booklet: tuple[str, bytes, list[str]],
) -> None:
    lang, data, pages = booklet
    c = catalogue(lang)
    ruler = c.text("board.ruler").replace("\u00a0", " ")
    board_pages = [n for n, text in enumerate(pages, start=1) if ruler[:30] in text]
    pieces = sum(len(pieces_pages(v, A4)) for v in VARIANTS)
    assert len(board_pages) == sum(len(board_pages_for(v)) for v in VARIANTS) + pieces
    page_of = re.escape(c.text("words.page_of", n="{n}", total="{t}").replace("\u00a0", " "))
    page_of = page_of.replace(re.escape("{n}"), r"\d+").replace(re.escape("{t}"), r"\d+")
    for n in board_pages:
        text = pages[n - 1]
        if lang != "en":
            assert not [w for w in ENGLISH_BOARD_WORDS if w in text], (n, text[:200])
        assert not re.search(page_of, text), n  # only the booklet's own page number
        assert c.text("words.page", n=n).replace("\u00a0", " ") in text
    tile = c.text("board.tile", name="1/4", row=1, rows=2, column=1, columns=2).replace("\u00a0", " ")
    assert any(tile in pages[n - 1] for n in board_pages), "tiles are named in the booklet's language"
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert reader.metadata.subject == c.count("subject.booklet", len(VARIANTS))


def test_booklet_prints_double_sided_cleanly(booklet: tuple[str, bytes, list[str]]) -> None:
    """Every rule sheet starts on a right-hand (odd) page; every board and pieces page
    (the pages with a ruler) is a right-hand page with a blank back, so cutting it out
    spoils nothing; the cover says how to print."""
    lang, _, pages = booklet
    c = catalogue(lang)
    ruler = c.text("board.ruler").replace("\u00a0", " ")[:30]
    blank = c.text("words.blank")
    assert c.text("words.booklet_note").replace("\u00a0", " ")[:40] in pages[0].replace("\n", " ")
    assert len(pages) % 2 == 0
    for n, text in enumerate(pages, start=1):
        if ruler in text:
            assert n % 2 == 1 and blank in pages[n], n
        if blank in text:
            assert n % 2 == 0 and text.replace(blank, "").strip() == c.text("words.page", n=n), n
    for variant in VARIANTS:
        title = variant.title[lang].replace("\u00a0", " ").split(" (")[0]
        starts = [
            n for n, text in enumerate(pages, start=1) if text.split("\n", 1)[-1].lstrip().startswith(title)
        ]
        assert starts and all(n % 2 == 1 for n in starts), (variant.id, starts)
    pieces_word = c.text("pieces.title", title="")[:12].strip(" :")
    assert pieces_word and sum(pieces_word in p for p in pages) >= len(VARIANTS)


# -- the folded edition ------------------------------------------------------------------


def test_saddle_stitch_order() -> None:
    # Eight pages, two sheets: the outer sheet holds 8|1 and 2|7, the inner 6|3 and 4|5.
    assert saddle_stitch(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]
    # Five pages are padded to eight with blanks at the end (None).
    assert saddle_stitch(5) == [(None, 0), (1, None), (None, 2), (3, 4)]
    assert [padded(n) for n in (0, 1, 4, 5, 8, 9)] == [4, 4, 4, 8, 8, 12]
    for n in range(1, 41):
        sides = saddle_stitch(n)
        shown = [p for side in sides for p in side if p is not None]
        assert sorted(shown) == list(range(n)) and len(sides) == padded(n) // 2
        # Folded, the sheets read in order: each sheet's front right, back left, back right,
        # front left, from the outside in; then back out of the middle.
        fronts, backs = sides[0::2], sides[1::2]
        first_half = [p for f, b in zip(fronts, backs, strict=True) for p in (f[1], b[0])]
        second_half = [p for f, b in reversed(list(zip(fronts, backs, strict=True))) for p in (b[1], f[0])]
        order = [p for p in first_half + second_half if p is not None]
        assert order == list(range(n))


def _halves(data: bytes) -> list[tuple[str, str]]:
    """Each sheet side's text, left half and right half (pdfplumber crops)."""
    import pdfplumber

    found = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            w, h = page.width, page.height
            left = page.crop((0, 0, w / 2, h)).extract_text() or ""
            right = page.crop((w / 2, 0, w, h)).extract_text() or ""
            found.append((left, right))
    return found


def test_folded_booklet_pages_land_where_a_saddle_stitch_needs_them() -> None:
    """Which A5 page lands where, read from the imposed PDF: each half's printed page
    number ("Page n"; the cover has none) is the one :func:`saddle_stitch` puts there."""
    c = catalogue("en")
    data = render_folded_booklet(VARIANTS[:2], "en", A4)
    reader = pypdf.PdfReader(io.BytesIO(data))
    for page in reader.pages:  # A4 landscape sides
        assert tuple(round(float(x)) for x in page.mediabox[2:]) == (842, 595)
    halves = _halves(data)
    count = len(halves) * 2
    assert count % 4 == 0
    numbers: list[int | None] = []
    for left, right in halves:
        for text in (left, right):
            found = re.findall(r"^Page (\d+)$", text, flags=re.M)
            numbers.append(int(found[-1]) if found else None)
    # A5 page i (from 0) is printed "Page i+1", except the cover (0) and blank padding.
    pages = max(n for n in numbers if n is not None)
    expected = [None if p in (None, 0) else p + 1 for side in saddle_stitch(pages) for p in side]
    assert numbers == expected
    assert c.text("words.booklet_title") in halves[0][1].replace("\n", " ")  # the cover, front right
    fold_note = c.text("words.booklet_fold_note")
    assert "short edge" in fold_note and fold_note[:30] in halves[0][1].replace("\n", " ")


def test_folded_booklet_is_typeset_for_a5_not_shrunk() -> None:
    """The A5 pages keep the A4 sheets' type sizes: the body text is 9.6 pt on both."""
    import pdfplumber

    fold = render_booklet_file(VARIANTS, "booklet-fr-fold.pdf")
    assert fold == render_booklet_file(VARIANTS, "booklet-fr-fold.pdf")  # deterministic
    with pdfplumber.open(io.BytesIO(fold)) as pdf:
        sizes = {round(ch["size"], 1) for page in pdf.pages[:4] for ch in page.chars}
    assert 9.6 in sizes  # the body size of the A4 sheets (the 6 pt floor is tested over every PDF)
    assert (FOLD_PAPER.width, FOLD_PAPER.height) == (148.0, 210.0)
    reader = pypdf.PdfReader(io.BytesIO(fold))
    assert reader.trailer["/Root"]["/Lang"] == "fr"
    assert len(reader.pages) % 2 == 0


def test_the_library_booklet_keeps_its_cover_to_one_page_and_its_contents_lead_to_every_game() -> None:
    """All thirty-seven shipped games (`make library`): the cover still fits one page (more,
    smaller pictures, or their names alone), and the contents, running over several pages,
    point at each sheet."""
    data = render_booklet(LIBRARY, "de", A4)
    pdf = pypdfium2.PdfDocument(data)
    pages = [
        re.sub(r"[ \u00a0]+", " ", pdf[i].get_textpage().get_text_range().replace("\r\n", "\n"))
        for i in range(len(pdf))
    ]
    c = catalogue("de")
    cover = " ".join(pages[0].split())
    assert c.text("words.booklet_note")[:40] in cover  # the note after the pictures, on page 1
    for variant in LIBRARY:
        assert variant.title["de"].split(" (")[0].split()[-1] in cover, variant.id
    contents = "".join(pages[1:6])  # the contents' pages (the first sheets' lines do not match)
    entries = dict(re.findall(r"^(.+?) [. ]*\.[. ]*(\d+)$", contents, flags=re.M))
    for variant in LIBRARY:
        title = variant.title["de"].replace("\u00a0", " ")
        number = int(entries[title])
        assert pages[number - 1].split("\n", 1)[1].lstrip().startswith(title.split(" (")[0]), variant.id
