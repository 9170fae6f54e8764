"""Every file of a real build, proven with independent tools rather than assumed.

SVGs parse as XML, carry millimetre sizes, and render in librsvg (``rsvg-convert``) to
a picture that is not blank. PDFs open in pypdf, embed every font they use, and pass
``qpdf --check``. The tools come from scripts/system-deps (``make test`` runs it).
"""

from __future__ import annotations

import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from tests.support.tools import need_tool


def files(built: Path, suffix: str) -> list[Path]:
    return sorted(built.rglob(f"*{suffix}"))


def test_the_build_has_svgs_pdfs_and_the_gallery(built: Path) -> None:
    assert len(files(built, ".svg")) >= 30
    assert len(files(built, ".pdf")) >= 39
    assert (built / "index.html").is_file()


def test_every_svg_parses_with_millimetre_size(built: Path) -> None:
    for path in files(built, ".svg"):
        root = ET.fromstring(path.read_bytes())
        assert root.tag == "{http://www.w3.org/2000/svg}svg", path
        width, height = root.get("width", ""), root.get("height", "")
        assert width.endswith("mm") and height.endswith("mm"), path
        _, _, vw, vh = (float(v) for v in root.get("viewBox", "").split())
        assert (vw, vh) == pytest.approx((float(width[:-2]), float(height[:-2])), abs=1e-3), path


def test_every_svg_renders_in_librsvg(built: Path, tmp_path: Path) -> None:
    rsvg = need_tool("rsvg-convert")
    for path in files(built, ".svg"):
        png = tmp_path / (path.stem + ".png")
        result = subprocess.run(
            [rsvg, "--dpi-x", "48", "--dpi-y", "48", "-o", str(png), str(path)], capture_output=True
        )
        assert result.returncode == 0 and not result.stderr, (path, result.stderr)
        with Image.open(png) as image:
            colours = image.convert("L").getextrema()
            assert colours[1] - colours[0] > 50, f"{path} renders blank"


def _fonts(reader: PdfReader) -> dict[str, bool]:
    """Every font the PDF uses, and whether its program is embedded."""
    found: dict[str, bool] = {}
    for page in reader.pages:
        resources = page.get("/Resources")
        fonts = resources.get_object().get("/Font") if resources is not None else None
        for ref in fonts.get_object().values() if fonts is not None else []:
            font = ref.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            program = descriptor.get_object() if descriptor is not None else {}
            found[str(font.get("/BaseFont"))] = any(
                k in program for k in ("/FontFile", "/FontFile2", "/FontFile3")
            )
    return found


def test_every_pdf_opens_and_embeds_every_font(built: Path) -> None:
    for path in files(built, ".pdf"):
        reader = PdfReader(path, strict=True)
        assert len(reader.pages) >= 1, path
        fonts = _fonts(reader)
        assert fonts, f"{path} uses no font"
        assert all(fonts.values()), f"{path} has fonts that are not embedded: {fonts}"
        shipped = ("Vera", "DejaVuSans", "DroidSansFallback")  # text; symbols; Xiangqi's river words
        assert all(any(face in name for face in shipped) for name in fonts), fonts


def test_every_pdf_passes_qpdf_check(built: Path) -> None:
    qpdf = need_tool("qpdf")
    for path in files(built, ".pdf"):
        result = subprocess.run([qpdf, "--check", str(path)], capture_output=True, text=True)
        assert result.returncode == 0, (path, result.stdout[-500:], result.stderr[-500:])
        assert "No syntax or stream encoding errors found" in result.stdout, path


def test_every_pdf_page_renders(built: Path) -> None:
    for path in files(built, ".pdf"):
        document = pdfium.PdfDocument(path)
        try:
            page = document[len(document) - 1]
            image = page.render(scale=0.2).to_pil().convert("L")
            low, high = image.getextrema()
            assert high - low > 50, f"last page of {path} is blank"
        finally:
            document.close()
