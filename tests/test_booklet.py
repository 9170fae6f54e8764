"""The booklet: cover, contents with the right page numbers, every game's sheet and
board, numbered pages, bookmarks, metadata and embedded fonts.

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
from boardgen.outputs import board_pages_for, render_booklet_file
from boardgen.render.paper import LETTER
from boardgen.sheets.booklet import render_booklet
from boardgen.texts.catalogue import catalogue, languages

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = load_all(ROOT / "variants")


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
    tiled = [p for p in pages if re.search(r"\bA1\b", p)]
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
ENGLISH_BOARD_WORDS = ("Tile ", "Assembly map", "Check: this bar", "Cut along", "Actual size", "actual size")


def test_board_pages_speak_the_booklet_language_and_have_one_page_number(
    booklet: tuple[str, bytes, list[str]],
) -> None:
    lang, data, pages = booklet
    c = catalogue(lang)
    ruler = c.text("board.ruler").replace("\u00a0", " ")
    board_pages = [n for n, text in enumerate(pages, start=1) if ruler[:30] in text]
    assert len(board_pages) == sum(len(board_pages_for(v)) for v in VARIANTS)
    page_of = re.escape(c.text("words.page_of", n="{n}", total="{t}").replace("\u00a0", " "))
    page_of = page_of.replace(re.escape("{n}"), r"\d+").replace(re.escape("{t}"), r"\d+")
    for n in board_pages:
        text = pages[n - 1]
        if lang != "en":
            assert not [w for w in ENGLISH_BOARD_WORDS if w in text], (n, text[:200])
        assert not re.search(page_of, text), n  # only the booklet's own page number
        assert c.text("words.page", n=n).replace("\u00a0", " ") in text
    tile = c.text("board.tile", name="A1", row=1, rows=2, column=1, columns=2).replace("\u00a0", " ")
    assert any(tile in pages[n - 1] for n in board_pages), "tiles are named in the booklet's language"
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert reader.metadata.subject == c.count("subject.booklet", len(VARIANTS))
