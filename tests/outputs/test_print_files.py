"""Every PDF with words comes in every language of its game: ``board-<lang>.pdf``,
``start-<lang>.pdf``, ``pieces-<lang>.pdf`` beside ``rules-<lang>.pdf``, each speaking
its language only, and a start page says who moves first."""

from __future__ import annotations

import io
import re
from dataclasses import replace

import pypdf
import pypdfium2
import pytest

from boardgen.descriptor import load_variant
from boardgen.foundation.paper import A4
from boardgen.outputs.files import (
    OUTPUTS,
    WORDED,
    booklet_files,
    render_file,
    variant_files,
    variant_languages,
    worded_file,
)
from boardgen.texts.catalogue import catalogue, languages

#: English words of board and start pages that another language's pages must not show.
ENGLISH = ("Tile ", "Assembly map", "Check: this bar", "Cut along", "Actual size", "moves first")


def text_of(data: bytes) -> str:
    pdf = pypdfium2.PdfDocument(data)
    text = " ".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    return re.sub(r"\s+", " ", text.replace("\u00a0", " "))


def test_files_with_words_come_once_per_language_and_pictures_once() -> None:
    variant = load_variant("kruzno-checkers")
    names = variant_files(variant)
    assert names[: len(OUTPUTS)] == ("board.svg", "start.svg")
    for what in WORDED:
        assert [n for n in names if n.startswith(f"{what}-")] == [
            f"{what}-{lang}.pdf" for lang in languages()
        ]
    assert not [n for n in names if n in ("board.pdf", "start.pdf", "pieces.pdf")]
    assert len(names) == len(set(names))


def test_a_game_is_printed_in_the_languages_of_its_title() -> None:
    variant = load_variant("catchup")
    assert variant_languages(variant) == languages()
    fewer = replace(variant, title={"en": variant.title["en"], "fr": variant.title["fr"]})
    assert variant_languages(fewer) == ("en", "fr")
    assert {n for n in variant_files(fewer) if n.endswith(".pdf")} == {
        worded_file(what, lang) for what in WORDED for lang in ("en", "fr")
    }
    assert booklet_files([fewer]) == (
        "booklet-en.pdf",
        "booklet-en-fold.pdf",
        "booklet-fr.pdf",
        "booklet-fr-fold.pdf",
    )
    with pytest.raises(KeyError):
        render_file(fewer, "board-de.pdf")


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_board_and_start_pages_speak_their_language(lang: str) -> None:
    c = catalogue(lang)
    variant = load_variant("pool-checkers")  # 40 mm squares: a tiled board
    board = render_file(variant, f"board-{lang}.pdf")
    text = text_of(board)
    assert pypdf.PdfReader(io.BytesIO(board)).trailer["/Root"]["/Lang"] == lang
    assert c.text("board.ruler").replace("\u00a0", " ")[:40] in text
    tile = c.text("board.tile", name="A1", row=1, rows=2, column=1, columns=2)
    assert tile.split(" ")[0] in text
    start = render_file(variant, f"start-{lang}.pdf")
    words = text_of(start)
    first = variant.player(variant.first).name[lang]
    assert c.text("words.start_caption", first=first).replace("\u00a0", " ") in words
    if lang != "en":
        assert not [w for w in ENGLISH if w in text or w in words]


def test_an_empty_start_says_who_places_the_first_stone() -> None:
    variant = load_variant("catchup")
    for lang in variant_languages(variant):
        first = variant.player(variant.first).name[lang]
        wanted = catalogue(lang).text("words.start_caption_empty", first=first).replace("\u00a0", " ")
        assert wanted in text_of(render_file(variant, f"start-{lang}.pdf"))


# -- proposals: parts the sources leave open, said so on the sheets ----------------------


def test_invented_setups_and_first_players_are_marked_as_proposals_on_the_sheets() -> None:
    from boardgen.texts.compose import rule_sheet_text

    for vid, proposed in (("kruzno-checkers", {"setup", "first"}), ("hex9-checkers", {"setup", "first"})):
        variant = load_variant(vid)
        assert set(variant.proposals) == proposed
        for lang in variant_languages(variant):
            c = catalogue(lang)
            sheet = rule_sheet_text(variant, lang)
            for section in sheet.sections:
                leads = [b.text for b in section.blocks if getattr(b, "lead", "") == c.text("proposals.lead")]
                wanted = [c.text("proposals.setup_first")] if section.name == "setup" else []
                assert leads == wanted, (vid, lang, section.name)
    for vid in ("american-checkers", "pool-checkers", "variante-dames", "catchup"):
        assert load_variant(vid).proposals == ()  # stated by their sources


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("[rules]", "unknown value 'rules'"),
        ("[setup, setup]", "'setup' is listed twice"),
        ("setup", "a list"),
    ],
)
def test_bad_proposals_are_refused_at_their_line(value: str, message: str) -> None:
    from pathlib import Path

    from boardgen.descriptor.parse import parse_variant
    from boardgen.descriptor.yamlload import load_text
    from boardgen.errors import BoardgenError

    source = Path(load_variant("kruzno-checkers").file).read_text(encoding="utf-8")
    text = source.replace("proposals: [setup, first]", f"proposals: {value}")
    with pytest.raises(BoardgenError, match=message) as info:
        parse_variant(load_text(text, "kruzno-checkers.yaml"))
    assert "proposals" in str(info.value)


def test_a_single_proposal_gets_its_own_note() -> None:
    from boardgen.texts.compose import rule_sheet_text

    variant = replace(load_variant("kruzno-checkers"), proposals=("first",))
    c = catalogue("en")
    sheet = rule_sheet_text(variant, "en")
    notes = {s.name: [b.text for b in s.blocks if getattr(b, "lead", "")] for s in sheet.sections}
    assert notes["first"] == [c.text("proposals.first")] and notes["setup"] == []


# -- rule sheet layout: examples in order, no one-word last lines ------------------------


def _positions(
    data: bytes, example_word: str
) -> tuple[dict[int, tuple[int, float]], dict[int, tuple[int, float]]]:
    """Where each numbered section heading and each example caption starts: (page, top)."""
    import pdfplumber

    heads: dict[int, tuple[int, float]] = {}
    examples: dict[int, tuple[int, float]] = {}
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for n, page in enumerate(pdf.pages):
            for line in page.extract_text_lines():
                size = round(line["chars"][0]["size"], 1)
                heading = re.match(r"^(\d+)\. ", line["text"])
                if heading and size == 12.5:
                    heads[int(heading[1])] = (n, line["top"])
                for number in re.findall(rf"{example_word} (\d+)\.", line["text"]):
                    examples.setdefault(int(number), (n, line["top"]))
    return heads, examples


@pytest.mark.parametrize(
    ("vid", "lang"),
    [("pool-checkers", "fr"), ("variante-dames", "fr"), ("variante-dames", "de"), ("kruzno-checkers", "en")],
)
def test_examples_stay_beside_their_sections(vid: str, lang: str) -> None:
    """An example of section k never comes after the heading of section k+2 (a row of
    examples may join sections k and k+1), nor before the heading of section k-1; the
    sheet keeps to two pages. (The French Pool and Variante Dames sheets once showed
    the examples of sections 3-4 after section 5.)"""
    from boardgen.sheets.rulesheet import render_rules
    from boardgen.texts.compose import Shown, rule_sheet_text

    variant = load_variant(vid)
    sheet = rule_sheet_text(variant, lang)
    data = render_rules(variant, lang, A4)
    heads, examples = _positions(data, catalogue(lang).text("words.example", n="").strip())
    assert len(pypdf.PdfReader(io.BytesIO(data)).pages) == 2
    for section in sheet.sections:
        for block in section.blocks:
            if isinstance(block, Shown):
                at = examples[block.number]
                later = heads.get(section.number + 2)
                earlier = heads.get(section.number - 1)
                assert later is None or at < later, (block.number, section.number)
                assert earlier is None or at > earlier, (block.number, section.number)


def test_paragraphs_end_on_two_words_at_least() -> None:
    from boardgen.sheets.flow import glued

    assert glued("A man moves one square.") == "A man moves one\u00a0square."
    assert glued("one") == "one"
    assert (
        glued("Jumped pieces stay until the capture is over.")
        == "Jumped pieces stay until the capture is\u00a0over."
    )
    long = "It must go on, changing direction: extraordinarily unbreakable"
    assert glued(long) == long  # two long words would leave a gap: left alone
    assert glued("Les Noirs jouent en\u00a0premier.") == "Les Noirs jouent en\u00a0premier."
