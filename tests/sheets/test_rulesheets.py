"""Rule sheets as PDFs: every game in every language, read back as text.

One full ``build`` makes every sheet and booklet; the PDFs are then read with
pdfium (text in drawing order, per language) and pypdf (fonts, metadata).
"""

from __future__ import annotations

import functools
import io
import re
from dataclasses import replace
from pathlib import Path

import pypdf
import pypdfium2
import pytest

from boardgen.descriptor import load_all
from boardgen.descriptor.model import Example, Variant
from boardgen.errors import BoardgenError
from boardgen.foundation.fonts import missing_glyphs, missing_symbols
from boardgen.foundation.paper import A4, LETTER
from boardgen.outputs.files import RenderOptions, booklet_files, render, variant_files
from boardgen.rules.registry import make_game
from boardgen.sheets.rulesheet import render_rules
from boardgen.texts.catalogue import languages

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = load_all(ROOT / "variants")
LANGS = languages()
BY_ID = {v.id: v for v in VARIANTS}

#: Facts each sheet must state, written here independently of the catalogues:
#: (piece counts, who starts) for the draughts games and for Catchup.
FACTS = {
    "en": ("{n} men for {p}", "{p} moves first", "{n} stones for {p}", "{p} opens the game"),
    "fr": (
        "{n} pions pour les {p}",
        "Les {p} jouent en premier",
        "{n} pierres pour les {p}",
        "Les {p} ouvrent",
    ),
    "de": ("{n} Steine für {p}", "{p} beginnt", "{n} Steine für {p}", "{p} eröffnet das Spiel"),
}
#: The same facts on a print-only game's sheet (``rules: {family: none}``).
PRINT_ONLY_FACTS = {
    "en": ("1 piece for {p}", "{n} pieces for {p}", "{p} plays first"),
    "fr": ("1 pièce pour {p}", "{n} pièces pour {p}", "Premier à jouer : {p}"),
    "de": ("1 Spielstein für {p}", "{n} Spielsteine für {p}", "{p} beginnt"),
}
#: A chess sheet counts each player's pieces of every kind (the family's own words).
CHESS_PIECES = {"en": "{n} pieces for {p}", "fr": "{n} pièces pour les {p}", "de": "{p} bekommt {n} Figuren"}
#: The chess-like families print pieces of declared kinds: xiangqi each player's setup,
#: shogi every kind as often as a set holds it, unpromoted and promoted (a captured piece
#: changes sides), 73 a player.
KINDED_FACTS = {"en": "{n} pieces for {p}", "fr": "{n} pièces pour les {p}", "de": "{n} Figuren für {p}"}
KINDED_COUNTS = {"xiangqi": None, "shogi": 73}
#: The stone games start on an empty board and share out stones enough to fill it, the
#: first player listed taking the odd one; Othello's discs carry both colours.
STONE_FAMILIES = ("go", "connection")
DISCS = {"en": "{n} discs", "fr": "{n} pions bicolores", "de": "{n} zweifarbige Spielsteine"}
#: Common words of each language, and words only that language's sheets use.
WORDS = {
    "en": ({"the", "and", "you", "with"}, {"Capturing", "Setting up", "Who starts"}),
    "fr": ({"les", "des", "une", "vous"}, {"Mise en place", "Qui commence"}),
    "de": ({"und", "der", "die", "nicht"}, {"Aufbau", "Wer beginnt"}),
}


@functools.cache
def text_of(path: Path) -> str:
    """All text of a PDF in drawing order (so that captions set side by side in columns
    stay whole), lines joined and spaces (no-break ones too) collapsed."""
    pdf = pypdfium2.PdfDocument(path.read_bytes())
    text = " ".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\ufffe", ""))


def test_every_sheet_and_booklet_exists(built: Path) -> None:
    for variant in VARIANTS:
        assert {f"rules-{lang}.pdf" for lang in LANGS} <= set(variant_files(variant))
        for lang in LANGS:
            sheet = built / variant.id / f"rules-{lang}.pdf"
            assert sheet.is_file() and sheet.read_bytes().startswith(b"%PDF"), sheet
    assert set(booklet_files(VARIANTS)) == {f"booklet-{lang}{e}.pdf" for lang in LANGS for e in ("", "-fold")}
    for name in booklet_files(VARIANTS):
        assert (built / name).is_file()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_sheet_text_is_in_its_language_and_states_the_facts(built: Path, variant: Variant, lang: str) -> None:
    text = text_of(built / variant.id / f"rules-{lang}.pdf")
    words = set(re.findall(r"\w+", text.lower()))
    own, titles = WORDS[lang]
    found = own & words  # a short sheet may do without one of them (Y's never says "vous")
    assert len(found) >= len(own) - 1, f"{lang} words missing: {own - words}"
    for other, (common, _) in WORDS.items():
        if other != lang:
            assert len(common & words) < len(found), f"{variant.id} {lang} reads like {other}"
    assert any(t in text for t in titles)
    assert variant.title[lang].replace("\u00a0", " ") in text
    men, first, stones, opens = FACTS[lang]
    family = variant.rules.family
    pieces, starts = (stones, opens) if family == "placement" else (men, first)
    cells = len(variant.board.playable)
    if family == "none":
        _, pieces, starts = PRINT_ONLY_FACTS[lang]
    if family == "chess":
        pieces = CHESS_PIECES[lang]
    if family == "placement":
        bounds = make_game(variant.game_spec(), "placement").score_bounds()  # type: ignore[attr-defined]
        counts = dict(zip((p.id for p in variant.players), bounds, strict=True))
    elif family in STONE_FAMILIES:
        pieces = stones
        counts = {variant.players[0].id: (cells + 1) // 2, variant.players[1].id: cells // 2}
    elif family == "morris":
        counts = {p.id: variant.rules.params.get("men", 9) for p in variant.players}
    elif family in KINDED_COUNTS:
        pieces = KINDED_FACTS[lang]
        full = KINDED_COUNTS[family]
        counts = {p.id: full or variant.counts[p.id] for p in variant.players}
    else:
        counts = dict(variant.counts)
    if family == "reversi":
        assert DISCS[lang].format(n=cells) in text
        counts = {}
    for player in variant.players:
        if player.id not in counts:
            continue
        said = pieces
        if variant.rules.family == "none" and counts[player.id] == 1:
            said = PRINT_ONLY_FACTS[lang][0]
        assert said.format(n=counts[player.id], p=player.name[lang]) in text
    assert starts.format(p=variant.player(variant.first).name[lang]) in text


@pytest.mark.parametrize("lang", LANGS)
def test_every_example_caption_is_on_the_sheet(built: Path, lang: str) -> None:
    for variant in VARIANTS:
        text = text_of(built / variant.id / f"rules-{lang}.pdf")
        for example in variant.examples:
            start = re.sub(r"\s+", " ", example.caption[lang].replace("'", "\u2019"))[:30]
            assert start.replace("\u00a0", " ").split(":")[0] in text, (variant.id, example.id)


def test_fonts_are_embedded_and_no_glyph_is_missing(built: Path) -> None:
    for path in [*built.glob("*/rules-*.pdf"), *built.glob("booklet-*.pdf")]:
        reader = pypdf.PdfReader(path)
        for page in reader.pages:
            fonts = page["/Resources"].get_object().get("/Font", {})
            for ref in fonts.values():
                font = ref.get_object()
                descendants = font.get("/DescendantFonts")
                described = descendants[0].get_object() if descendants else font
                name = str(font.get("/BaseFont"))
                assert "Helvetica" not in name and "Times" not in name, (path, name)
                descriptor = described["/FontDescriptor"].get_object()
                assert "/FontFile2" in descriptor, (path, name)
        if path.name.startswith("rules-"):  # piece symbols are drawn in the symbol font
            assert missing_symbols(missing_glyphs(text_of(path))) == "", path


def test_sheets_carry_title_and_language(built: Path) -> None:
    for variant in VARIANTS:
        for lang in LANGS:
            reader = pypdf.PdfReader(built / variant.id / f"rules-{lang}.pdf")
            assert reader.trailer["/Root"]["/Lang"] == lang
            assert variant.title[lang].split(" (")[0] in str(reader.metadata.title).replace("\u00a0", " ")


def test_sheets_are_a4_by_default_and_letter_on_request() -> None:
    pool = BY_ID["pool-checkers"]
    a4 = pypdf.PdfReader(io.BytesIO(render(pool, "rules", "pdf", RenderOptions(lang="fr"))))
    assert [round(float(x)) for x in a4.pages[0].mediabox[2:]] == [595, 842]
    letter = pypdf.PdfReader(
        io.BytesIO(render(pool, "rules", "pdf", RenderOptions(paper="letter", lang="fr")))
    )
    assert [round(float(x)) for x in letter.pages[0].mediabox[2:]] == [612, 792]
    assert len(letter.pages) <= 5


def test_sheets_are_short_and_reproducible() -> None:
    for variant in VARIANTS:
        data = render_rules(variant, "de", A4)
        assert 1 <= len(pypdf.PdfReader(io.BytesIO(data)).pages) <= 4, variant.id
    kruzno = BY_ID["kruzno-checkers"]
    assert render_rules(kruzno, "en", LETTER) == render_rules(kruzno, "en", LETTER)


def test_each_example_move_is_legal_for_the_engine() -> None:
    for variant in VARIANTS:
        game = make_game(variant.game_spec(), variant.rules.family)
        topics = {e.topic for e in variant.examples}
        if variant.rules.family == "leaping":
            assert {"moving", "capturing"} <= topics, variant.id
        for example in variant.examples:
            position = game.parse_position(example.position) if example.position else game.initial()
            move = game.parse_move(position, example.move)
            assert move in game.legal_moves(position), (variant.id, example.id)


def test_an_example_the_engine_refuses_fails_the_sheet() -> None:
    american = BY_ID["american-checkers"]
    texts = {"en": "Nowhere.", "fr": "Nulle part.", "de": "Nirgends."}
    bad = replace(american, examples=(Example("bad", "moving", None, "11-20", texts),))
    with pytest.raises(BoardgenError, match="example 'bad'") as info:
        render_rules(bad, "en", A4)
    assert "american-checkers.yaml" in str(info.value)


def test_the_cli_renders_one_sheet(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from boardgen.cli import main

    out = tmp_path / "regles.pdf"
    args = ["render", "pool-checkers", "--what", "rules", "--lang", "fr", "--paper", "letter", "-o", str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert pypdf.PdfReader(out).trailer["/Root"]["/Lang"] == "fr"
    refused = CliRunner().invoke(
        main, ["render", "pool-checkers", "--what", "rules", "--lang", "xx", "-o", str(out)]
    )
    assert refused.exit_code == 2 and "no text catalogue for language 'xx'" in refused.output


#: Sheets that took two pages only with example diagrams too small to carry the square
#: numbers their captions name (Frisian's 10 x 10 rows of three, Pool's German text):
#: the numbers now stay, and the sheet takes a third page.
_THREE_PAGES = {
    ("frisian-draughts", "en"),
    ("frisian-draughts", "fr"),
    ("frisian-draughts", "de"),
    ("pool-checkers", "de"),
    # Xiangqi and shogi: seven kinds of pieces (eight), the end of the game's rules, four
    # (three) examples.
    *((game, lang) for game in ("xiangqi", "shogi") for lang in ("en", "fr", "de")),
}


def test_every_sheet_fits_two_a4_pages(built: Path) -> None:
    """Pool and Variante Dames, the longest sheets, used to spill onto a third page."""
    for variant in VARIANTS:
        for lang in LANGS:
            pages = len(pypdf.PdfReader(built / variant.id / f"rules-{lang}.pdf").pages)
            wanted = (3,) if (variant.id, lang) in _THREE_PAGES else (1, 2)
            assert pages in wanted, (variant.id, lang, pages)


def test_sheet_metadata_is_in_the_sheet_language(built: Path) -> None:
    from boardgen.texts.catalogue import catalogue, typeset

    for variant in VARIANTS:
        for lang in LANGS:
            reader = pypdf.PdfReader(built / variant.id / f"rules-{lang}.pdf")
            c = catalogue(lang)
            title = typeset(variant.title[lang], c.typography)
            assert reader.metadata.subject == c.text("subject.rules", title=title)


@pytest.mark.parametrize("lang", LANGS)
def test_examples_show_every_landing_and_crowning_they_speak_of(built: Path, lang: str) -> None:
    """Captions that name several landing squares or new kings have them drawn."""
    from boardgen.render.diagram import example_scene
    from boardgen.scene.shapes import Group

    def labels(item: object) -> set[str]:
        if isinstance(item, Group):
            return {item.label or "", *(label for child in item.items for label in labels(child))}
        return set()

    variante = BY_ID["variante-dames"]
    game = make_game(variante.game_spec(), "leaping")
    by_id = {e.id: e for e in variante.examples}
    flying = example_scene(variante, game, by_id["flying-king"], cell_size=6)
    assert "other landings" in labels(Group(flying.items))
    assert "Could also have stopped on: a6, a8." in flying.description
    last = example_scene(variante, game, by_id["last-two-pieces"], cell_size=6)
    assert "crowned" in labels(Group(last.items))
    assert "Kings after the move: d6, h8." in last.description
    text = text_of(built / "variante-dames" / f"rules-{lang}.pdf")
    assert all(cell in text for cell in ("a6", "a7", "a8"))


def test_every_catchup_example_shows_the_scoring_track(built: Path) -> None:
    """The first example (no score changes) shows the track too, both pawns on 1: each
    Catchup diagram of the sheet, start and three examples, prints the ovals 1 to 45."""
    import pdfplumber

    with pdfplumber.open(built / "catchup" / "rules-en.pdf") as pdf:
        words = [w["text"] for page in pdf.pages for w in page.extract_words()]
    assert words.count("44") == 4  # oval 44: the start diagram and the three examples
