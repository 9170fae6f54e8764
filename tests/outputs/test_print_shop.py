"""Print-shop output (--print-shop): PDF/X-4 checked with pikepdf and qpdf (veraPDF needs a
Java install no package registry offers here): version, output intent with a CMYK
profile, X-4 keys in the Info dictionary and the XMP, page boxes nested with the bleed
asked for, crop marks of at least 3 mm outside the bleed, every colour CMYK with black
text pure K, a board trimmed at true scale, and the same bytes twice."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from boardgen.backends.pdfx import PROFILE_ENV, PROFILES
from boardgen.cli import main
from boardgen.descriptor import load_variant
from boardgen.outputs.files import RenderOptions, scene_for
from tests.support.tools import need_tool

MM = 72 / 25.4


@pytest.fixture(autouse=True)
def _profile() -> None:
    import os

    if not os.environ.get(PROFILE_ENV) and not any(p.is_file() for p in PROFILES):
        if os.environ.get("CI"):
            pytest.fail("no CMYK profile (run: bash scripts/system-deps)")
        pytest.skip("no CMYK profile installed (run: bash scripts/system-deps)")


def _render(tmp: Path, *args: str) -> bytes:
    out = tmp / "out.pdf"
    result = CliRunner().invoke(main, ["render", *args, "--print-shop", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def _colour_ops(pdf: pikepdf.Pdf) -> list[tuple[str, list[float]]]:
    found: list[tuple[str, list[float]]] = []

    def scan(stream: object) -> None:
        for operands, operator in pikepdf.parse_content_stream(stream):
            op = str(operator)
            if op in ("rg", "RG", "g", "G", "k", "K"):
                found.append((op, [float(v) for v in operands]))

    for page in pdf.pages:
        scan(page)
        for _, xobject in (page.get("/Resources", {}).get("/XObject", {}) or {}).items():
            if xobject.get("/Subtype") == "/Form":
                scan(xobject)
    return found


def _check_pdfx(data: bytes, bleed_mm: float, *, black_text: bool = True) -> pikepdf.Pdf:
    pdf = pikepdf.open(io.BytesIO(data))
    assert pdf.pdf_version >= "1.6"
    (intent,) = list(pdf.Root.OutputIntents)
    assert intent.S == "/GTS_PDFX" and intent.DestOutputProfile.N == 4
    icc = intent.DestOutputProfile.read_bytes()
    assert icc[16:20] == b"CMYK" and icc[36:40] == b"acsp"
    assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-4" and pdf.docinfo.Trapped == "/False"
    assert pdf.docinfo.CreationDate and pdf.docinfo.ModDate and str(pdf.docinfo.Title)
    meta = pdf.open_metadata()
    assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-4" and meta["pdf:Trapped"] == "False"
    for page in pdf.pages:
        media, bleed, trim = (
            [float(v) for v in page.obj[key]] for key in ("/MediaBox", "/BleedBox", "/TrimBox")
        )
        for outer, inner in ((media, bleed), (bleed, trim)):
            assert (
                outer[0] <= inner[0]
                and outer[1] <= inner[1]
                and inner[2] <= outer[2]
                and inner[3] <= outer[3]
            )
        assert [round((t - b) * s / MM, 2) for t, b, s in zip(trim, bleed, (1, 1, -1, -1), strict=True)] == [
            bleed_mm
        ] * 4
        marks = _crop_marks(page)
        assert len(marks) == 8 and all(length >= 3.0 for length in marks)
    ops = _colour_ops(pdf)
    assert not [op for op, _ in ops if op in ("rg", "RG", "g", "G")], "every colour is CMYK"
    if black_text:  # a board's ink is its own dark brown; a rule sheet's text is black
        assert any(op == "k" and values == [0, 0, 0, 1] for op, values in ops), "black is pure K"
    assert not [v for op, v in ops if op in ("k", "K") and v[3] >= 0.999 and max(v[:3]) > 0], "no rich black"
    return pdf


def _crop_marks(page: pikepdf.Page) -> list[float]:
    """Lengths (mm) of the lines drawn outside the bleed box (the crop marks)."""
    x0, y0, x1, y1 = (float(v) for v in page.obj["/BleedBox"])
    lengths, at = [], None
    for operands, operator in pikepdf.parse_content_stream(page):
        op = str(operator)
        if op == "m":
            at = (float(operands[0]), float(operands[1]))
        elif op == "l" and at is not None:
            x, y = float(operands[0]), float(operands[1])
            outside = all(not (x0 <= px <= x1 and y0 <= py <= y1) for px, py in (at, (x, y)))
            if outside:
                lengths.append(((x - at[0]) ** 2 + (y - at[1]) ** 2) ** 0.5 / MM)
            at = None
    return lengths


def test_a_print_shop_board_is_pdfx4_of_its_own_size_with_its_bleed(tmp_path: Path) -> None:
    data = _render(tmp_path, "american-checkers", "--bleed", "5")
    pdf = _check_pdfx(data, 5.0, black_text=False)
    (page,) = pdf.pages
    trim = [float(v) for v in page.obj["/TrimBox"]]
    board = scene_for(load_variant("american-checkers"), "board", RenderOptions())
    assert round((trim[2] - trim[0]) / MM, 2) == round(board.width, 2)  # true scale, trimmed at the board
    assert round((trim[3] - trim[1]) / MM, 2) == round(board.height, 2)
    subprocess.run([need_tool("qpdf"), "--check", str(tmp_path / "out.pdf")], check=True, capture_output=True)
    assert _render(tmp_path, "american-checkers", "--bleed", "5") == data  # reproducible


def test_a_print_shop_rule_sheet_keeps_its_pages_as_the_trim(tmp_path: Path) -> None:
    data = _render(tmp_path, "hexdame", "--what", "rules", "--lang", "de")
    pdf = _check_pdfx(data, 3.0)
    trim = [float(v) for v in pdf.pages[0].obj["/TrimBox"]]
    assert round((trim[2] - trim[0]) / MM) == 210 and round((trim[3] - trim[1]) / MM) == 297
    subprocess.run([need_tool("qpdf"), "--check", str(tmp_path / "out.pdf")], check=True, capture_output=True)


def test_print_shop_options_are_refused_where_they_mean_nothing(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["render", "hexdame", "--print-shop", "-o", str(tmp_path / "b.svg")])
    assert result.exit_code == 2 and "--print-shop" in result.output
    result = runner.invoke(main, ["render", "hexdame", "--bleed", "3", "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 2 and "--bleed" in result.output and not (tmp_path / "b.pdf").exists()
    result = runner.invoke(
        main, ["render", "hexdame", "--print-shop", "--bleed", "30", "-o", str(tmp_path / "b.pdf")]
    )
    assert result.exit_code == 2 and not (tmp_path / "b.pdf").exists()


def test_a_missing_profile_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PROFILE_ENV, str(tmp_path / "none.icc"))
    result = CliRunner().invoke(main, ["render", "hexdame", "--print-shop", "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 2 and "none.icc" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "b.pdf").exists()
