"""The large-print edition: body text of at least 14 pt and larger example diagrams."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
from click.testing import CliRunner

from boardgen.cli import main
from boardgen.descriptor.library import Library
from boardgen.outputs.files import RenderOptions, render
from boardgen.sheets.flow import EDITIONS, current_edition, edition, styles

POINT = 25.4 / 72


def _words(data: bytes, tmp_path: Path, name: str) -> list[dict[str, float]]:
    path = tmp_path / name
    path.write_bytes(data)
    with pdfplumber.open(path) as pdf:
        return [w for page in pdf.pages for w in page.extract_words(extra_attrs=["size"])]


def test_every_paragraph_style_is_at_least_14_pt_in_large_print() -> None:
    with edition("large-print"):
        large = styles()
        assert current_edition() is EDITIONS["large-print"]
    assert current_edition() is EDITIONS["standard"]
    standard = styles()
    for name in ("title", "intro", "heading", "subheading", "body", "item", "caption", "small", "small_body"):
        assert getattr(large, name).fontSize >= 14
        assert getattr(large, name).fontSize > getattr(standard, name).fontSize
        assert getattr(large, name).leading > getattr(large, name).fontSize  # lines do not touch


def test_large_print_rule_sheet_sets_its_words_at_14_pt_and_its_diagrams_larger(tmp_path: Path) -> None:
    variant = Library(()).load("american-checkers")
    standard = render(variant, "rules", "pdf", RenderOptions(lang="en"))
    large = render(variant, "rules", "pdf", RenderOptions(lang="en", edition="large-print"))
    # the words of the rules (not the labels inside diagrams nor the footer): 14 pt and more
    text = [w for w in _words(large, tmp_path, "large.pdf") if w["text"].isalpha() and len(w["text"]) > 3]
    body = [w for w in text if w["size"] >= 12]
    assert len(body) > 0.9 * len(text)
    assert min(w["size"] for w in body) >= 14 - 1e-6
    (tmp_path / "standard.pdf").write_bytes(standard)
    with pdfplumber.open(tmp_path / "large.pdf") as big, pdfplumber.open(tmp_path / "standard.pdf") as small:
        assert len(big.pages) > len(small.pages)

        # the example diagrams' squares (filled rectangles) are larger in large print
        def square(pdf: pdfplumber.PDF) -> float:
            return max(float(r["width"]) for page in pdf.pages[1:] for r in page.rects if r["width"] < 40)

        assert square(big) > 1.2 * square(small)
    assert render(variant, "rules", "pdf", RenderOptions(lang="en", edition="large-print")) == large


def test_cli_large_print_build_and_refusal(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "out"
    result = runner.invoke(
        main, ["build", "catchup", "--edition", "large-print", "--out", str(out), "-j", "1"]
    )
    assert result.exit_code == 0, result.output
    words = _words((out / "catchup" / "rules-fr.pdf").read_bytes(), tmp_path, "c.pdf")
    text = [w for w in words if w["text"].isalpha() and len(w["text"]) > 3]
    assert sum(w["size"] >= 14 for w in text) > 0.9 * len(text)
    refused = runner.invoke(
        main, ["render", "catchup", "--edition", "large-print", "-o", str(tmp_path / "b.svg")]
    )
    assert refused.exit_code == 2 and "--edition does not apply" in refused.output
    assert not (tmp_path / "b.svg").exists()
