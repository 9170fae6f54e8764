"""The newer families through the public API and the CLI, as users meet them."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

import boardgen
from boardgen.cli import main

BREAKTHROUGH = Path(__file__).parent / "data" / "families" / "breakthrough-engine.yaml"


def test_breakthrough_through_the_api_legal_moves_play_outcome() -> None:
    game = boardgen.load(BREAKTHROUGH)
    start = game.start
    assert len(start.legal_moves()) == 22 and start.turn == "white"
    race = game.position("W:b7:B:h8/W")
    won = race.play("b7-b8")
    assert won.outcome() == "white" and won.legal_moves() == []
    assert won.score() is None  # a race has no score
    capture = game.position("W:d4:B:e5,h8/W").move("d4xe5")
    assert capture.path == ("d4", "e5")


def test_breakthrough_perft_and_moves_through_the_cli() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["perft", str(BREAKTHROUGH), "3"])
    assert result.exit_code == 0, result.output
    assert result.output.split() == ["1", "22", "2", "484", "3", "11132"]
    result = runner.invoke(main, ["moves", str(BREAKTHROUGH)])
    assert result.exit_code == 0 and result.output.splitlines()[0].startswith("a2-a3\t")
    bad = runner.invoke(main, ["moves", str(BREAKTHROUGH), "--position", "W:z9:B:-/W"])
    assert bad.exit_code == 2 and "z9" in bad.output and "Traceback" not in bad.output


def test_catchup_keeps_a_score_too() -> None:
    start = boardgen.load("catchup").start
    assert start.score() == {"white": 1, "black": 1}
