"""The newer families through the public API and the CLI, as users meet them."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

import boardgen
from boardgen.cli import main

BREAKTHROUGH = Path(__file__).parents[1] / "data" / "families" / "breakthrough-engine.yaml"


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


DATA = Path(__file__).parents[1] / "data" / "families"


def test_every_family_counts_perft_and_validates_through_the_cli() -> None:
    """Othello's published counts, Go 9x9 and side-5 Havannah as OpenSpiel counts them."""
    runner = CliRunner()
    expected = {
        "othello-engine": ["1", "4", "2", "12", "3", "56", "4", "244"],
        "go-engine": ["1", "82", "2", "6643"],
        "havannah-engine": ["1", "61", "2", "3721"],
    }
    for name, counts in expected.items():
        path = str(DATA / f"{name}.yaml")
        depth = str(len(counts) // 2)
        result = runner.invoke(main, ["perft", path, depth])
        assert result.exit_code == 0, result.output
        assert result.output.split() == counts, name
        checked = runner.invoke(main, ["validate", path])
        assert checked.exit_code == 0, checked.output


def test_othello_through_the_api_passes_and_scores() -> None:
    game = boardgen.load(DATA / "othello-engine.yaml")
    start = game.start
    assert [m.text for m in start.legal_moves()] == ["d3", "c4", "f5", "e6"]
    after = start.play("f5")
    assert after.score() == {"black": 4, "white": 1} and after.outcome() is None
    over = game.position("B:a1:W:h7,h8/B", study=True)  # no game reaches it: a study
    assert over.outcome() == "white" and over.score() == {"black": 1, "white": 63}


def test_go_through_the_api_score_with_komi() -> None:
    game = boardgen.load(DATA / "go-engine.yaml")
    position = game.position("B:e1,e2,e3,e4,e5,e6,e7,e8,e9:W:f1,f2,f3,f4,f5,f6,f7,f8,f9/B/-/2/0-0/40")
    assert position.outcome() == "black"
    assert position.score() == {"black": 36.0, "white": 27 + 6.5}
