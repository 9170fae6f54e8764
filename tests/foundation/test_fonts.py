"""A designer's fonts (a theme's ``fonts``, a descriptor's ``print.fonts``) and words
printed on the board: embedded in PDFs, outlines in SVG, measured in their own metrics,
checked before anything is drawn, each bad file one located line."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from fontTools import subset
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from pypdf import PdfReader

from boardgen.cli import main
from boardgen.descriptor import load_variant
from boardgen.descriptor.theme import apply_theme, load_theme
from boardgen.foundation.fonts import DEFAULT, open_face, text_width
from boardgen.outputs.files import RenderOptions, render
from boardgen.render.diagram import fit_cell_size
from boardgen.render.legible import MIN_TEXT_MM

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "tests" / "data" / "fonts"
PT = 72 / 25.4


def _embedded(data: bytes) -> set[str]:
    """The base names of the fonts a PDF embeds (TrueType font files only)."""
    found: set[str] = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in (page.get("/Resources") or {}).get("/Font", {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor.get_object():
                found.add(str(font["/BaseFont"]).split("+")[-1])
    return found


@pytest.fixture
def serif_theme(tmp_path: Path) -> Path:
    """A theme setting DejaVu Serif (the subset under tests/data/fonts) beside its files."""
    folder = tmp_path / "club"
    (folder / "fonts").mkdir(parents=True)
    for name in ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"):
        shutil.copy(FONTS / name, folder / "fonts" / name)
    theme = folder / "club.yaml"
    theme.write_text("fonts: {text: fonts/DejaVuSerif.ttf, bold: fonts/DejaVuSerif-Bold.ttf}\n", "utf-8")
    return theme


def test_a_themes_fonts_are_embedded_and_every_text_is_set_in_them(serif_theme: Path) -> None:
    themed = apply_theme(load_variant("kruzno-checkers"), load_theme(serif_theme))
    rules = render(themed, "rules", "pdf", RenderOptions(lang="de"))
    assert _embedded(rules) == {"DejaVuSerif", "DejaVuSerif-Bold"}  # no Vera left anywhere
    page = pdfplumber.open(io.BytesIO(rules)).pages[0]
    assert "Randzone" in page.extract_text()
    assert {c["fontname"].split("+")[-1] for c in page.chars} <= {"DejaVuSerif", "DejaVuSerif-Bold"}
    render(load_variant("kruzno-checkers"), "board", "pdf")  # what is made once (the ruler) keeps its faces
    for what in ("board", "pieces", "start"):
        assert _embedded(render(themed, what, "pdf")) <= {
            "DejaVuSerif",
            "DejaVuSerif-Bold",
            "BoardgenSymbols",
        }
    # the same bytes again: faces are named by their content, never by where they lie
    assert render(themed, "rules", "pdf", RenderOptions(lang="de")) == rules


def test_svg_draws_a_designers_text_as_outlines_keeping_the_words(serif_theme: Path) -> None:
    themed = apply_theme(load_variant("kruzno-checkers"), load_theme(serif_theme))
    svg = render(themed, "start", "svg").decode("utf-8")
    assert not re.findall(r"<text\b", svg)  # no text left for a viewer to set in another face
    labels = re.findall(r'<path d="[^"]+" aria-label="([^"]+)"', svg)
    assert {"a", "k", "1", "11"} <= set(labels)
    assert render(themed, "start", "svg").decode("utf-8") == svg
    plain = render(load_variant("kruzno-checkers"), "start", "svg").decode("utf-8")
    assert "<text" in plain and 'aria-label="a"' not in plain  # boardgen's own faces stay text


def test_widths_are_measured_in_the_face_that_draws_them(serif_theme: Path) -> None:
    serif = load_theme(serif_theme).fonts
    assert serif is not None
    word = "Spielbrett zum Ausdrucken"
    vera, dejavu = text_width(word, 10.0, fonts=DEFAULT), text_width(word, 10.0, fonts=serif)
    assert dejavu > vera * 1.02  # DejaVu Serif sets wider than Vera
    themed = apply_theme(load_variant("chinese-checkers"), load_theme(serif_theme))
    # the rule sheet's lines break at the serif widths: no line runs past the text frame
    page = pdfplumber.open(io.BytesIO(render(themed, "rules", "pdf", RenderOptions(lang="fr")))).pages[0]
    right = max(c["x1"] for c in page.chars if c["size"] < 12)
    assert right <= page.width - 10 * PT


def test_the_6_pt_rule_holds_in_a_designers_fonts(serif_theme: Path) -> None:
    themed = apply_theme(load_variant("pool-checkers"), load_theme(serif_theme))
    for what in ("board", "start", "pieces", "rules"):
        data = render(themed, what, "pdf", RenderOptions(lang="en"))
        sizes = [c["size"] for p in pdfplumber.open(io.BytesIO(data)).pages for c in p.chars]
        assert sizes and min(sizes) >= MIN_TEXT_MM * PT - 0.01, what


def test_a_descriptor_names_its_fonts_beside_it(tmp_path: Path) -> None:
    text = (ROOT / "variants" / "catchup.yaml").read_text("utf-8")
    (tmp_path / "type").mkdir()
    shutil.copy(FONTS / "DejaVuSerif.ttf", tmp_path / "type" / "Serif.ttf")
    path = tmp_path / "catchup.yaml"
    path.write_text(text.replace("print:\n", "print:\n  fonts: {text: type/Serif.ttf}\n", 1), "utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    variant = load_variant(str(path))
    assert variant.print.fonts is not None and variant.print.fonts.bold == variant.print.fonts.regular
    assert _embedded(render(variant, "rules", "pdf")) == {"DejaVuSerif"}


def _cff_font(path: Path) -> None:
    """A real OpenType font with PostScript (CFF) outlines: one glyph."""
    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder([".notdef", "A"])
    builder.setupCharacterMap({ord("A"): "A"})
    strings = {}
    for name in (".notdef", "A"):
        pen = T2CharStringPen(500, None)
        pen.moveTo((0, 0))
        pen.lineTo((250, 700))
        pen.lineTo((500, 0))
        pen.closePath()
        strings[name] = pen.getCharString()
    builder.setupCFF("TestCFF", {"FullName": "Test CFF"}, strings, {})
    builder.setupHorizontalMetrics({".notdef": (500, 0), "A": (500, 0)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Test CFF", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    builder.save(str(path))


def _ascii_only(path: Path) -> None:
    """DejaVu Serif cut down to ASCII: no é, ß, « » for the rule sheets."""
    options = subset.Options()
    font = subset.load_font(str(FONTS / "DejaVuSerif.ttf"), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=range(0x20, 0x7F))
    subsetter.subset(font)
    subset.save_font(font, str(path), options)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (None, "no such file"),
        (lambda p: p.write_text("not a font at all\n", "utf-8"), "not a TrueType or OpenType font"),
        (_cff_font, "PostScript (CFF) outlines"),
        (lambda p: p.write_bytes(b"\x00\x01\x00\x00" + bytes(8)), "no complete TrueType font"),
    ],
    ids=["missing", "text-file", "cff-outlines", "cut-short"],
)
def test_a_bad_font_file_is_one_located_line(tmp_path: Path, make: object, words: str) -> None:
    font = tmp_path / "Face.ttf"
    if callable(make):
        make(font)
    theme = tmp_path / "club.yaml"
    theme.write_text("colours: {line: '#1d2b22'}\nfonts:\n  text: Face.ttf\n", "utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "catchup", "--out", str(out), "--theme", str(theme)])
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert "\n" not in line and line.startswith(f"{theme}:3:") and "fonts.text" in line, line
    assert "Face.ttf" in line and words in line and "Traceback" not in line
    assert not out.exists()
    with pytest.raises(ValueError, match=re.escape(words)):
        open_face(str(font))


def test_a_font_lacking_a_character_is_refused_at_its_key(tmp_path: Path) -> None:
    _ascii_only(tmp_path / "Ascii.ttf")
    theme = tmp_path / "club.yaml"
    theme.write_text("fonts: {text: Ascii.ttf}\n", "utf-8")
    result = CliRunner().invoke(
        main, ["render", "kruzno-checkers", "--theme", str(theme), "-o", str(tmp_path / "x.svg")]
    )
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert line.startswith(f"{theme}:1:") and "fonts.text" in line and "kruzno-checkers" in line, line
    assert "Ascii.ttf" in line and "U+00DF, which players.0.name.de needs" in line  # Weiß
    # in a descriptor: located at its print.fonts key, the same refusal
    text = (ROOT / "variants" / "catchup.yaml").read_text("utf-8")
    path = tmp_path / "catchup.yaml"
    path.write_text(text.replace("print:\n", "print:\n  fonts: {text: Ascii.ttf}\n", 1), "utf-8")
    result = CliRunner().invoke(main, ["render", str(path), "-o", str(tmp_path / "y.svg")])
    assert result.exit_code == 2 and "print.fonts.text" in result.output and "U+00" in result.output


def test_xiangqi_prints_its_river_words_in_the_chinese_characters_boardgen_ships() -> None:
    variant = load_variant("xiangqi")
    assert [w.text for w in variant.board.words] == ["楚", "河", "漢", "界"]
    board = render(variant, "board", "pdf")
    assert "DroidSansFallback" in _embedded(board)
    text = "".join(p.extract_text() for p in pdfplumber.open(io.BytesIO(board)).pages)
    assert all(ch in text for ch in "楚河漢界")
    tiles = pdfplumber.open(io.BytesIO(board)).pages[1:]  # the first page maps the tiles, reduced
    chars = [c for p in tiles for c in p.chars if c["text"] in "楚河漢界"]
    assert {round(c["size"]) for c in chars} == {44}  # true size on the board to print
    svg = render(variant, "start", "svg").decode("utf-8")
    assert {"楚", "漢"} <= set(re.findall(r'aria-label="([^"]+)"', svg))  # outlines: no font needed
    # a diagram so small that the words would print under 6 pt leaves them out
    from boardgen.render.board import BoardOptions, board_scene

    small = board_scene(variant, BoardOptions(3.0))
    assert "words" not in repr([getattr(i, "label", None) for i in small.items])
    assert fit_cell_size(variant) > 0


@pytest.mark.parametrize(
    ("words", "key", "message"),
    [
        ("{text: 楚, at: [b5, c6], size: 5}", "board.words.0.size", "6"),
        ("{text: 楚, at: [z5]}", "board.words.0.at.0", "z5"),
        ("{text: 帝, at: e5}", "board.words.0.text", "U+5E1D"),
    ],
)
def test_bad_board_words_are_refused_at_their_key(tmp_path: Path, words: str, key: str, message: str) -> None:
    text = (ROOT / "variants" / "xiangqi.yaml").read_text("utf-8")
    start = text.index("  words:\n")
    end = text.index("pieces:\n")
    path = tmp_path / "xiangqi.yaml"
    path.write_text(text[:start] + f"  words: [{words}]\n" + text[end:], "utf-8")
    result = CliRunner().invoke(main, ["render", str(path), "-o", str(tmp_path / "x.svg")])
    assert result.exit_code == 2, result.output
    assert key in result.output and message in result.output
