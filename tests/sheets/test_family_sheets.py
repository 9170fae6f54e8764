"""Rule sheets of the newer families: composed from the switches in en, fr and de, with
the engine's example moves placed in their sections."""

from __future__ import annotations

from pathlib import Path

import pytest

import boardgen
from boardgen.descriptor import load_variant
from boardgen.texts.compose import rule_sheet_text

DATA = Path(__file__).parents[1] / "data" / "families"
GAMES = ["breakthrough", "lines-of-action", *(str(p) for p in sorted(DATA.glob("*-engine.yaml")))]


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("ref", GAMES, ids=lambda r: Path(r).stem)
def test_a_sheet_in_every_language(ref: str, lang: str) -> None:
    variant = load_variant(ref) if "/" not in ref else boardgen.load(ref).variant
    sheet = rule_sheet_text(variant, lang)
    names = [s.name for s in sheet.sections]
    assert names[:2] == ["setup", "first"] and names[-1] == "end"
    text = " ".join(t for s in sheet.sections for b in s.blocks if (t := getattr(b, "text", "")))
    assert "{" not in text and "  " not in text
    assert len(sheet.examples) == len(variant.examples)


def test_go_komi_is_written_as_each_language_writes_numbers() -> None:
    variant = boardgen.load(DATA / "go-engine.yaml").variant
    end = {lang: rule_sheet_text(variant, lang).sections[-1] for lang in ("en", "fr", "de")}
    assert "6.5" in end["en"].blocks[-1].text  # type: ignore[union-attr]
    assert "6,5" in end["fr"].blocks[-1].text and "6,5" in end["de"].blocks[-1].text  # type: ignore[union-attr]


def test_havannah_lists_the_three_shapes_and_allows_a_draw() -> None:
    variant = boardgen.load(DATA / "havannah-engine.yaml").variant
    sheet = rule_sheet_text(variant, "en")
    end = " ".join(getattr(b, "text", "") for b in sheet.sections[-1].blocks)
    assert "a ring" in end and "a bridge" in end and "a fork" in end and "is a draw" in end
    assert any(getattr(b, "lead", "") == "Swap" for s in sheet.sections for b in s.blocks)
