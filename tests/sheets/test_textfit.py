"""Every page of a full build fits its text (``tests/support/textfit.py``, with pdfplumber): no
glyph beyond the margins, no two lines overlapping, every example caption on the page
of its diagram, in order and within its section, and every diagram showing the squares
its caption names.

``make test`` reads the rule sheets, the pieces sheets and the folded booklets in every
language (the A4 booklets set the same sheets again); ``make textfit`` reads every PDF,
boards and A4 booklets included.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.textfit import Report, check_pdf, check_sections

ROOT = Path(__file__).resolve().parents[2]
#: Each game's files apart, so that the test workers share the reading out.
_GAMES = sorted(p.stem for p in (ROOT / "variants").glob("*.yaml"))
_SAMPLE = (
    *(f"{vid}/rules-*.pdf" for vid in _GAMES),
    *(f"{vid}/pieces-*.pdf" for vid in _GAMES),
    *(f"booklet-{lang}-fold.pdf" for lang in ("en", "fr", "de")),
)


def _patterns() -> tuple[str, ...]:
    if os.environ.get("BOARDGEN_TEXTFIT") == "all":
        return (*(f"{vid}/*.pdf" for vid in _GAMES), "*.pdf")
    return _SAMPLE


@pytest.mark.parametrize("pattern", _patterns())
def test_every_page_fits_its_text(built: Path, pattern: str) -> None:
    report = Report()
    files = sorted(built.glob(pattern))
    assert files
    for path in files:
        check_pdf(path, report, examples="rules" in path.name or "booklet" in path.name)
        if path.name.startswith("rules-"):  # each example within its own section
            check_sections(path, path.parent.name, path.stem.removeprefix("rules-"), report)
    assert report.pages >= len(files)
    assert not report.defects, "\n".join(report.defects[:30])


def test_the_check_finds_text_off_the_page_and_examples_out_of_order(tmp_path: Path) -> None:
    """The checks can fail: a page with a line running off its edge, two overlapping
    lines and examples 1, 3 is caught three times."""
    from boardgen.backends.pdf import render_pdf
    from boardgen.scene.shapes import Document, Scene, Text

    page = Scene(
        210,
        297,
        (
            Text(20, 40, "Example 1. The man on 22 moves " + "far " * 60, 3.5),
            Text(20, 41, "Example 3. Overlapping line", 3.5),
        ),
    )
    path = tmp_path / "rules-en.pdf"
    path.write_bytes(render_pdf(Document((page,))))
    report = Report()
    check_pdf(path, report, examples=True)
    text = "\n".join(report.defects or [])
    assert "beyond the margins" in text and "overlap" in text and "example 3 after example 1" in text
