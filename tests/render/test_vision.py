"""The greyscale colour rule as seen with protanopia, deuteranopia and tritanopia."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from boardgen.cli import main
from boardgen.descriptor import load_variant
from boardgen.render.legible import relative_luminance
from boardgen.render.vision import VISIONS, simulate, vision_findings

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = sorted((ROOT / "variants").glob("*.yaml"))


def test_simulation_keeps_greys_and_darkens_red_for_protanopes() -> None:
    for vision in VISIONS:
        for grey in ("#000000", "#808080", "#ffffff"):
            assert simulate(grey, vision) == grey  # rows of each matrix sum to 1
    # Machado's protanopia turns pure red into a dark olive, much darker than red.
    seen = simulate("#ff0000", "protanopia")
    assert seen == "#6d5f00"
    assert relative_luminance(seen) < relative_luminance("#ff0000")
    # deuteranopes and protanopes confuse red and green; tritanopes keep them apart
    red, green = "#d9412f", "#2e8b3a"
    assert (
        abs(
            relative_luminance(simulate(red, "deuteranopia"))
            - relative_luminance(simulate(green, "deuteranopia"))
        )
        < 0.1
    )


@pytest.mark.parametrize("path", VARIANTS, ids=[p.stem for p in VARIANTS])
def test_every_shipped_game_reads_with_each_colour_vision(path: Path) -> None:
    assert [f.message() for f in vision_findings(load_variant(str(path)))] == []


def test_validate_warns_when_only_a_colour_blind_reader_loses_the_pieces(tmp_path: Path) -> None:
    """American checkers' red men on its earlier green passed for most readers (2.58:1)
    and fell to 1.84:1 for protanopes: validate says so at the player's colour."""
    text = (ROOT / "variants" / "american-checkers.yaml").read_text("utf-8")
    path = tmp_path / "american-checkers.yaml"
    path.write_text(text.replace('    dark: "#1c3523"', '    dark: "#24402b"'), "utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 0, result.output  # a warning, not a failure
    warnings = [line for line in result.stdout.splitlines() if ": warn " in line]
    assert len(warnings) == 1, warnings
    assert f"{path}:11:13: players.0.colour: with protanopia: in greyscale, Black's pieces" in warnings[0]
    assert "1.84:1" in warnings[0]
