"""Go: captures, suicide, ko, passes, scoring (area, territory, dead stones), handicap."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import boardgen
from boardgen.cli import main
from boardgen.errors import BoardgenError
from boardgen.geometry import SquareGrid
from boardgen.outputs.files import render
from boardgen.rules.go import PASS, GoGame
from boardgen.rules.go.params import parse_params
from tests.support.openspiel_oracle import _spec


def go(size: int = 9, **params: object) -> GoGame:
    spec = _spec("go", SquareGrid(size, size), (("black", "B"), ("white", "W")), {}, params)
    return GoGame(spec, parse_params(spec.params))


#: Go 9x9 perft from the empty board (passes are moves), as OpenSpiel counts it.
GO9_PERFT = [1, 82, 6643, 531522]


@pytest.mark.parametrize("depth", range(len(GO9_PERFT)))
def test_go9_perft(depth: int) -> None:
    game = go()
    assert game.perft(game.initial(), depth) == GO9_PERFT[depth]


def test_the_shipped_go9_board_counts_as_openspiel() -> None:
    """go-9 prints its rows 23.7 mm apart and its columns 22 mm: stones still touch
    north and south, so a1 keeps its liberty a2 when b1 is taken."""
    engine = boardgen.load("go-9").engine
    assert engine.perft(engine.initial(), 2) == GO9_PERFT[2]


def test_capture_removes_a_group_without_liberty() -> None:
    game = go()
    position = game.parse_position("B:a2,b1,c2:W:b2/B")
    after = game.play(position, game.parse_move(position, "b3"))
    assert game.position_text(after) == "B:a2,b1,b3,c2:W:-/W/-/0/1-0/1"


def test_suicide_is_refused_unless_switched_on() -> None:
    game = go()
    position = game.parse_position("B:a2,b1:W:c1/W")
    with pytest.raises(BoardgenError, match="suicide"):
        game.parse_move(position, "a1")
    loose = go(suicide=True)
    after = loose.play(position, loose.spec.grid.parse("a1"))
    assert loose.position_text(after) == "B:a2,b1:W:c1/B/-/0/1-0/1"


def test_simple_ko_forbids_the_immediate_retake() -> None:
    game = go()
    # White c3 stands in atari among black b3, c4, d3, its last liberty c2; black c2 takes it,
    # alone and inside white's eye: white may not retake on c3 at once.
    position = game.parse_position("B:c4,b3,d3:W:b2,d2,c1,c3/B")
    taken = game.play(position, game.parse_move(position, "c2"))
    assert game.position_text(taken).split("/")[2] == "c3"
    with pytest.raises(BoardgenError, match="ko"):
        game.parse_move(taken, "c3")
    later = game.play(game.play(taken, game.parse_move(taken, "h8")), game.spec.grid.parse("h9"))
    assert game.spec.grid.parse("c3") in game.legal_moves(later)


def test_two_passes_end_and_area_scoring_with_komi() -> None:
    game = go()
    position = game.parse_position("B:e1,e2,e3,e4,e5,e6,e7,e8,e9:W:f1,f2,f3,f4,f5,f6,f7,f8,f9/B")
    over = game.play(game.play(position, PASS), PASS)
    assert game.legal_moves(over) == []
    assert game.score(over) == {"black": 45.0, "white": 36 + 7.5}
    ending = game.ending(over)
    assert ending is not None and ending.result == "black"


def test_territory_scoring_counts_prisoners_and_dead_stones() -> None:
    game = go(scoring="territory", komi=0.5)
    position = game.parse_position(
        "B:e1,e2,e3,e4,e5,e6,e7,e8,e9:W:f1,f2,f3,f4,f5,f6,f7,f8,f9,b5/B/-/2/0-0/40"
    )
    assert game.score(position) == {"black": 0.0, "white": 27.5}  # b5 spoils black's area
    dead = game.score(position, dead=[game.spec.grid.parse("b5")])
    assert dead == {"black": 37.0, "white": 27.5}


def test_handicap_stones_on_star_points_and_white_first() -> None:
    game = go(size=19, handicap=4)
    start = game.initial()
    # Grid names keep the letter i, so Go's q4 and q16 are p4 and p16 here.
    assert game.position_text(start).startswith("B:d4,d16,p4,p16:W:-/W")
    nine = go(size=9, handicap=5)
    assert game.to_move(start) == "white"
    assert nine.position_text(nine.initial()).startswith("B:c3,c7,e5,g3,g7:W:-/W")


def test_positional_superko_forbids_a_repeated_board() -> None:
    game = go(ko="positional")
    start = game.initial()
    assert game.perft(start, 2) == go().perft(go().initial(), 2)


def test_bad_switches_are_refused() -> None:
    with pytest.raises(BoardgenError, match="ko must be one of simple, positional"):
        parse_params({"ko": "super"})
    with pytest.raises(BoardgenError, match="handicap must be 0 or 2 to 9"):
        parse_params({"handicap": 1})


def test_go_columns_are_lettered_without_i_on_the_board_and_in_moves() -> None:
    """``board.skip_letters: [i]``: the ninth column is j on the printed board, in the
    moves the engine lists and in position strings; the star points stand on the 4th,
    10th and 16th lines (d, k, q)."""
    game = boardgen.load("go-19")
    grid = game.variant.grid
    assert [grid.name(grid.at(x, 0)) for x in range(19)] == [f"{c}1" for c in "abcdefghjklmnopqrst"]
    with pytest.raises(ValueError):
        grid.parse("i5")
    marks = sorted(grid.coords(c) for c in game.variant.board.marks)
    assert marks == [(x, y) for x in (3, 9, 15) for y in (3, 9, 15)]
    engine = boardgen.load("go-9").engine
    names = [engine.move_text(engine.initial(), m) for m in engine.legal_moves(engine.initial())]
    assert "j1" in names and not any(n.startswith("i") for n in names)
    svg = render(game.variant, "board", "svg").decode("utf-8")
    labels = set(re.findall(r"<text[^>]*>([^<]*)</text>", svg))
    assert {"h", "j", "t"} <= labels and "i" not in labels


@pytest.mark.parametrize(
    ("skip", "words"),
    [("[I]", "'I' is not one lowercase letter"), ("[i, i]", "'i' is listed twice"), ("i", "a list")],
)
def test_a_bad_skip_letters_is_one_located_line(tmp_path: Path, skip: str, words: str) -> None:
    text = (Path(__file__).parents[2] / "variants" / "go-9.yaml").read_text("utf-8")
    path = tmp_path / "go-9.yaml"
    path.write_text(text.replace("skip_letters: [i]", f"skip_letters: {skip}"), "utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert "\n" not in line and line.startswith(f"{path}:") and "board.skip_letters" in line, line
    assert words in line
