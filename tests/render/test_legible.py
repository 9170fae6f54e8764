"""Print-shop legibility: the greyscale colour rule and the 6 pt floor on every page.

The colour rule runs over every descriptor in ``variants/`` (a new variant is checked
the day it is added); the text floor measures every character of every PDF of a real
build, as a reviewer with a loupe would: with PDFium (pypdfium2, which boardgen already
uses to rasterise), sixteen times faster than pdfplumber and giving the same sizes (a
test below compares the two on a rule sheet).
"""

from __future__ import annotations

import ctypes
import math
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from click.testing import CliRunner

from boardgen.cli import main
from boardgen.descriptor import load_variant
from boardgen.render.legible import (
    MIN_TEXT_MM,
    OUTLINE_CONTRAST,
    PIECE_CONTRAST,
    colour_findings,
    contrast_ratio,
    legible_items,
    relative_luminance,
)
from boardgen.scene.shapes import Circle, Group, Style, Text

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = sorted((ROOT / "variants").glob("*.yaml"))
POINT = 25.4 / 72


def test_contrast_ratio_follows_wcag() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#777777") == pytest.approx(1.0)
    # WCAG's own example: #777777 on white is just under 4.5:1.
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert relative_luminance("#ff0000") == pytest.approx(0.2126)


@pytest.mark.parametrize("path", VARIANTS, ids=[p.stem for p in VARIANTS])
def test_every_piece_stands_out_from_its_cells_in_greyscale(path: Path) -> None:
    variant = load_variant(str(path))
    findings = colour_findings(variant)
    assert findings, "every game has pieces standing somewhere"
    for found in findings:
        assert found.piece >= PIECE_CONTRAST or found.outline >= OUTLINE_CONTRAST, found.message()


def test_american_red_men_pass_by_their_fill_not_only_their_outline() -> None:
    variant = load_variant(str(ROOT / "variants" / "american-checkers.yaml"))
    red = [f for f in colour_findings(variant) if f.player == "Black"]
    assert red and all(f.piece >= PIECE_CONTRAST for f in red)


def test_validate_warns_about_colours_that_vanish_in_greyscale(tmp_path: Path) -> None:
    text = (ROOT / "variants" / "american-checkers.yaml").read_text("utf-8")
    old = text.replace('"#d9412f"', '"#b3262d"').replace('    dark: "#1c3523"', '    dark: "#8b5a3c"')
    path = tmp_path / "american-checkers.yaml"
    path.write_text(old, "utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 0, result.output  # a warning, not a failure
    warnings = [line for line in result.stdout.splitlines() if ": warn " in line]
    assert len(warnings) == 1
    assert f"{path}:11:13: players.0.colour: in greyscale, Black's pieces on the dark squares" in warnings[0]
    assert "1.12:1" in warnings[0]
    clean = CliRunner().invoke(main, ["validate", str(ROOT / "variants" / "american-checkers.yaml")])
    assert ": warn " not in clean.stdout


def test_legible_items_drops_only_text_that_would_print_too_small() -> None:
    dot = Circle(0, 0, 1, Style(fill="#000000"))
    big, small = Text(0, 0, "a", 3.0), Text(0, 0, "b", 2.0)
    assert legible_items((dot, big, Group((small, big), scale=0.5)), 1.0) == (dot, big)
    assert legible_items((Group((small, big), scale=0.8),), 1.0) == (Group((big,), scale=0.8),)
    assert legible_items((small,), 1.1) == (small,)  # 2.2 mm is above 6 pt (2.12 mm)


def char_sizes(path: Path) -> list[float]:
    """The printed size (pt) of every character drawn in the PDF: its font size scaled by
    the character's matrix (the page's mm-to-pt scale, a map's reduction), as pdfplumber
    reports it; spaces and characters PDFium infers (line ends) left out."""
    sizes = []
    matrix = pdfium_c.FS_MATRIX()
    document = pdfium.PdfDocument(str(path))
    try:
        for page in document:
            text = page.get_textpage()
            for k in range(pdfium_c.FPDFText_CountChars(text)):
                if pdfium_c.FPDFText_IsGenerated(text, k) or pdfium_c.FPDFText_GetUnicode(text, k) == 32:
                    continue
                pdfium_c.FPDFText_GetMatrix(text, k, ctypes.byref(matrix))
                scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
                sizes.append(pdfium_c.FPDFText_GetFontSize(text, k) * scale)
    finally:
        document.close()
    return sizes


def test_pdfium_reads_the_sizes_pdfplumber_reads(built: Path) -> None:
    """The fast reader finds the sizes pdfplumber finds (the same multiset: the two list
    characters in different orders) on a rule sheet (6 and 7 pt text) and a tiled board
    (an assembly map scaled down)."""
    for path in (built / "kruzno-checkers" / "rules-fr.pdf", built / "hex9-checkers" / "board-en.pdf"):
        with pdfplumber.open(path) as doc:
            slow = [c["size"] for page in doc.pages for c in page.chars if c["text"] != " "]
        assert sorted(char_sizes(path)) == pytest.approx(sorted(slow), abs=0.01)


def test_no_printed_character_is_below_six_points(built: Path) -> None:
    """Every character of every PDF of a full build: rule sheets, booklets, boards,
    tiles, assembly maps, start pages and pieces sheets."""
    pdfs = sorted(built.rglob("*.pdf"))
    assert len(pdfs) >= 6 * 6 + 3
    smallest: dict[str, float] = {}
    for pdf in pdfs:
        sizes = char_sizes(pdf)
        assert sizes, f"{pdf.name} has no text"
        smallest[str(pdf.relative_to(built))] = min(sizes)
    tiny = {name: round(size, 2) for name, size in smallest.items() if size < 6.0 - 0.01}
    assert not tiny, f"text below 6 pt: {tiny}"
    assert pytest.approx(6 * POINT) == MIN_TEXT_MM


def test_pieces_on_a_board_of_points_are_measured_on_the_board_not_on_squares() -> None:
    """A square board drawn as points shows one surface (print.colours.cell) under its
    lines: the check measures the pieces there, not on dark squares it never draws."""
    variant = load_variant(str(ROOT / "variants" / "go-9.yaml"))
    assert {(f.surface, f.surface_key) for f in colour_findings(variant)} == {("board", "cell")}
    pits = load_variant(str(ROOT / "variants" / "oware.yaml"))
    assert {f.surface_key for f in colour_findings(pits)} == {"cell"}
