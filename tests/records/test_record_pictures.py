"""A record's pictures take the diagram options (size, flipped, coordinates, colours,
marks, window, language) in Python and on the command line, and a GIF's frames carry
the move that led to them."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

import boardgen
from boardgen.cli import main

ROOT = Path(__file__).resolve().parents[2]
PDN = ROOT / "examples" / "tinsley-chinook-1992-game32.pdn"
SGF = ROOT / "examples" / "games" / "go-ray-natsukaze-2019-uec.sgf"
RECORD = boardgen.read_records(PDN)[0]


def test_per_ply_svgs_take_the_diagram_options() -> None:
    drawn = RECORD.diagrams(size=200, flipped=True, coordinates=False, colours={"dark": "#556b2f"}, lang="de")
    assert len(drawn) == len(RECORD.plies) + 1
    expected = boardgen.svg(
        RECORD.position(3),
        lastmove=RECORD.plies[2].move,
        size=200,
        flipped=True,
        coordinates=False,
        colours={"dark": "#556b2f"},
        lang="de",
    )
    assert drawn[3] == expected and "Gezeigt von der Seite" in expected
    with pytest.raises(TypeError, match="unexpected option 'move'"):
        RECORD.diagrams(move="11-15")


def test_gif_frames_are_captioned_with_their_move() -> None:
    with_captions = RECORD.animation(size=160)
    without = RECORD.animation(size=160, captions=False)
    with Image.open(io.BytesIO(with_captions)) as image, Image.open(io.BytesIO(without)) as plain:
        assert image.n_frames == plain.n_frames == len(RECORD.plies) + 1
        assert image.width == plain.width == 160 and image.height > plain.height  # the caption's band
    assert RECORD.ply_label(0, "fr") == "Départ" and RECORD.ply_label(6) == "3... 23-19"
    assert RECORD.animation(size=160, flipped=True) != with_captions


def test_the_game_command_draws_with_the_diagram_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["game", str(PDN), "--ply", "4", "--flip", "--lang", "fr", "-o", "p.svg"])
    assert result.exit_code == 0, result.stderr
    expected = boardgen.svg(RECORD.position(4), lastmove=RECORD.plies[3].move, flipped=True, lang="fr")
    assert Path("p.svg").read_text("utf-8").split("\n", 1)[1] == expected
    result = runner.invoke(
        main, ["game", str(SGF), "--ply", "60", "--window", "a1-k10", "--size", "300", "-o", "w.png"]
    )
    assert result.exit_code == 0, result.stderr
    with Image.open("w.png") as image:
        assert image.width == 300
    result = runner.invoke(main, ["game", str(PDN), "-o", "plies/", "--size", "120", "--no-coordinates"])
    assert result.exit_code == 0, result.stderr
    assert 'width="120"' in (tmp_path / "plies" / "ply-000.svg").read_text("utf-8")
    result = runner.invoke(main, ["game", str(PDN), "-o", "s.pdf", "--window", "a1-d4"])
    assert result.exit_code == 2 and "--window does not apply to a .pdf output" in result.stderr
    result = runner.invoke(main, ["game", str(PDN), "-o", "g.gif", "--size", "5"])
    assert result.exit_code == 2 and "write a width in pixels from 16 to 4000" in result.stderr
