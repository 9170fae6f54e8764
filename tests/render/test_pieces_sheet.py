"""pieces-<lang>.pdf: counters measured in the PDF (pdfplumber), counted per colour, fonts
embedded, every word in the file's language."""

from __future__ import annotations

import functools
import io
import math
import re
from collections import Counter
from dataclasses import replace

import pdfplumber
import pypdf
import pytest

from boardgen.descriptor import load_variant
from boardgen.descriptor.model import RulesSpec, Variant
from boardgen.foundation.paper import LETTER
from boardgen.outputs.files import RenderOptions, render, render_file, variant_files, variant_languages
from boardgen.render.counter_pages import COUNTER_RATIO, counter_sets, pieces_pages, spares
from boardgen.rules.registry import make_game
from boardgen.scene.shapes import Circle, Group
from boardgen.texts.catalogue import catalogue

MM = 72 / 25.4
IDS = ["american-checkers", "catchup", "hex9-checkers", "kruzno-checkers", "pool-checkers", "variante-dames"]


def rgb(colour: str) -> tuple[float, float, float]:
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return (r, g, b)


@functools.cache
def pdf_of(variant_id: str) -> bytes:
    return render(load_variant(variant_id), "pieces", "pdf")


def discs(data: bytes, diameter: float) -> list[Counter[tuple[float, ...]]]:
    """Per page: filled circles ``diameter`` mm across (within 0.05 mm), counted by fill colour."""
    pages = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            found: Counter[tuple[float, ...]] = Counter()
            for curve in page.curves:
                w, h = curve["width"] / MM, curve["height"] / MM
                if curve["fill"] and abs(w - diameter) <= 0.05 and abs(h - diameter) <= 0.05:
                    found[tuple(round(c, 3) for c in curve["non_stroking_color"])] += 1
            pages.append(found)
    return pages


def colour_counts(data: bytes, variant: Variant, diameter: float) -> dict[str, int]:
    total: Counter[tuple[float, ...]] = sum(discs(data, diameter), Counter())
    return {p.id: total[tuple(round(c, 3) for c in rgb(p.colour))] for p in variant.players}


def test_pieces_come_in_every_language_of_the_game() -> None:
    variant = load_variant("pool-checkers")
    assert variant_languages(variant) == ("en", "de", "fr")
    assert {f"pieces-{lang}.pdf" for lang in ("en", "de", "fr")} <= set(variant_files(variant))
    assert render_file(variant, "pieces-en.pdf") == render(variant, "pieces", "pdf")


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_pieces_sheet_speaks_its_language(lang: str) -> None:
    variant = load_variant("american-checkers")
    c = catalogue(lang)
    data = render(variant, "pieces", "pdf", RenderOptions(lang=lang))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        text = " ".join((page.extract_text() or "") for page in pdf.pages).replace("\u00a0", " ")
        assert pypdf.PdfReader(io.BytesIO(data)).trailer["/Root"]["/Lang"] == lang
    for key in ("pieces.cut", "pieces.crown", "board.ruler"):
        assert c.text(key).replace("\u00a0", " ") in " ".join(text.split("\n")), key
    assert c.text("words.page_of", n=1, total=2) in text
    assert "Page 1 of" not in text and "Cut along" not in text and "spare" not in text
    black = variant.player("black").name[lang]
    assert c.count("pieces.man", 14, player=black) in text


@pytest.mark.parametrize(
    "variant_id", ["american-checkers", "hex9-checkers", "kruzno-checkers", "variante-dames"]
)
def test_men_per_colour_are_the_setup_count_plus_spares(variant_id: str) -> None:
    variant = load_variant(variant_id)
    diameter = COUNTER_RATIO * variant.print.cell_size
    counts = colour_counts(pdf_of(variant_id), variant, diameter)
    assert counts == {p.id: variant.counts[p.id] + spares(variant.counts[p.id]) for p in variant.players}


def test_spares_grow_with_big_games() -> None:
    assert [spares(n) for n in (12, 16, 20, 21, 30, 55)] == [2, 2, 2, 3, 3, 6]


@pytest.mark.parametrize("variant_id", [i for i in IDS if i != "catchup"])
def test_king_marks_one_per_man_of_each_colour_when_the_game_has_kings(variant_id: str) -> None:
    variant = load_variant(variant_id)
    game = make_game(variant.game_spec(), variant.rules.family)
    kings = game.params.has_kings  # type: ignore[attr-defined]
    counts = colour_counts(pdf_of(variant_id), variant, 0.5 * variant.print.cell_size)
    assert counts == {p.id: variant.counts[p.id] if kings else 0 for p in variant.players}


def test_no_king_marks_without_kings() -> None:
    variant = load_variant("variante-dames")
    kingless = replace(variant, rules=RulesSpec("leaping", {"king": "none", "promotion": "none"}))
    kinds = {s.kind for s in counter_sets(kingless)}
    assert kinds == {"man"}


def test_catchup_stones_reach_the_engine_bound_and_two_score_pawns() -> None:
    variant = load_variant("catchup")
    game = make_game(variant.game_spec(), variant.rules.family)
    bounds = game.score_bounds()  # type: ignore[attr-defined]
    data = pdf_of("catchup")
    stones = colour_counts(data, variant, COUNTER_RATIO * variant.print.cell_size)
    assert stones == {p.id: bound for p, bound in zip(variant.players, bounds, strict=True)}
    pawns = colour_counts(data, variant, 0.4 * variant.print.cell_size)
    assert pawns == {p.id: 1 for p in variant.players}
    assert not {s.kind for s in counter_sets(variant)} & {"man", "king"}


@pytest.mark.parametrize("variant_id", IDS)
def test_counter_diameter_is_074_cells(variant_id: str) -> None:
    variant = load_variant(variant_id)
    wanted = COUNTER_RATIO * variant.print.cell_size
    with pdfplumber.open(io.BytesIO(pdf_of(variant_id))) as pdf:
        sizes = [
            c["width"] / MM
            for page in pdf.pages
            for c in page.curves
            if c["fill"] and c["width"] / MM > 0.8 * wanted
        ]
    assert sizes and all(abs(size - wanted) <= 0.05 for size in sizes)


@pytest.mark.parametrize("variant_id", IDS)
def test_every_page_has_header_counts_and_the_ruler(variant_id: str) -> None:
    sets = counter_sets(load_variant(variant_id))
    c = catalogue("en")
    caption = c.text("board.ruler").replace("\u00a0", " ")
    names = {s.text(c, n).split(" ", 1)[1]: s for s in sets for n in (1, 2)}  # "men for White"
    totals: Counter[str] = Counter()
    with pdfplumber.open(io.BytesIO(pdf_of(variant_id))) as pdf:
        for n, page in enumerate(pdf.pages, start=1):
            text = page.extract_text()
            assert f"Page {n} of {len(pdf.pages)}" in text
            assert caption in text.replace("\n", " ").replace("\u00a0", " ")
            assert (round(page.width / MM), round(page.height / MM)) == (210, 297)  # A4 portrait
            rects = Counter((round(r["width"] / MM, 2), round(r["height"] / MM, 2)) for r in page.rects)
            assert rects[(50.0, 1.0)] == 1 and rects[(50.8, 1.0)] == 1  # the ruler's bars
            line = re.search(r"This page: (.*)\.", text)
            assert line is not None
            for part in line[1].split(", "):
                count, name = part.split(" ", 1)
                totals[names[name].text(c)] += int(count)
    assert totals == {s.text(c): s.count for s in sets}  # the pages add up to the whole set


@pytest.mark.parametrize("variant_id", ["american-checkers", "catchup"])
def test_counters_stay_in_the_printable_area_and_do_not_overlap(variant_id: str) -> None:
    variant = load_variant(variant_id)
    for page in pieces_pages(variant, LETTER):
        assert (page.width, page.height) == (LETTER.width, LETTER.height)
        (counters,) = [g for g in page.items if isinstance(g, Group) and g.label == "counters"]
        outer = [c for c in counters.items if isinstance(c, Circle) and c.style.fill]
        centres = {(c.cx, c.cy, c.r) for c in outer}
        for cx, cy, r in centres:
            assert cx - r >= 10 and cx + r <= page.width - 10 and cy - r >= 10 and cy + r <= page.height - 10
        ordered = sorted(centres)
        for i, (ax, ay, ar) in enumerate(ordered):
            for bx, by, br in ordered[i + 1 :]:
                assert (ax, ay) == (bx, by) or math.dist((ax, ay), (bx, by)) >= ar + br


def test_fonts_are_embedded() -> None:
    reader = pypdf.PdfReader(io.BytesIO(pdf_of("kruzno-checkers")))
    fonts = [ref.get_object() for page in reader.pages for ref in page["/Resources"]["/Font"].values()]
    assert fonts
    for font in fonts:
        assert "Vera" in str(font["/BaseFont"])
        assert "/FontFile2" in font["/FontDescriptor"].get_object()


def test_svg_is_refused() -> None:
    from boardgen.errors import BoardgenError

    with pytest.raises(BoardgenError, match="PDF only"):
        render(load_variant("catchup"), "pieces", "svg")


def test_deterministic() -> None:
    variant = load_variant("pool-checkers")
    assert render(variant, "pieces", "pdf") == pdf_of("pool-checkers")
