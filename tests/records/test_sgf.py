"""SGF: the main-line reader, and published Go games replayed move by move.

The records under ``examples/games/*.sgf`` are real games (AlphaGo against Lee Sedol
and Fan Hui, and against itself), each citing its source in the root's ``SO``
property. Every move must be legal for the Go family; the result must be one the
final position allows (a resignation, or a count whose winner matches).
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from boardgen.errors import BoardgenError
from boardgen.records.sgf.reader import parse_sgf, read_sgf, replay_sgf, sgf_result

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "examples" / "games").glob("go-*.sgf"))


def test_there_are_go_records() -> None:
    assert len(RECORDS) >= 5


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_published_go_game_replays(path: Path) -> None:
    sgf = read_sgf(path)
    cited = sgf.properties.get("SO", [""])[0].startswith("https://")
    assert cited or path.read_text(encoding="utf-8").startswith("% "), f"{path.name} does not cite its source"
    assert sgf.size == 19 and len(sgf.moves) > 100
    game, positions = replay_sgf(sgf)
    assert len(positions) >= len(sgf.moves) + 1
    for before, after in itertools.pairwise(positions):
        assert before.plies + 1 == after.plies
    assert sgf.result[:2] in {"B+", "W+"}
    # A game ends by resignation or agreement, or by two passes when it was counted.
    counted = sgf_result(sgf.result) is not None and positions[-1].passes == 2
    assert (game.ending(positions[-1]) is not None) is counted


#: Counted games: the rules their result was counted under, the dead stones the players
#: agreed on (cells, boardgen's names), and the scores counted (komi included).
COUNTED: dict[str, tuple[str, tuple[str, ...], dict[str, float]]] = {
    # 11th UEC Cup, Ray - Natsukaze, Japanese rules (territory), komi 6.5, W+3.5. Both
    # programs played on until every dead stone was taken and then passed: on the
    # rendered final position no stone stands in the other colour's territory and the
    # only points reached by both colours are k18 and p18 (dame), so none is dead.
    "go-ray-natsukaze-2019-uec": ("territory", (), {"black": 49.0, "white": 52.5}),
}


@pytest.mark.parametrize("name", sorted(COUNTED))
def test_a_counted_game_scores_its_recorded_result(name: str) -> None:
    scoring, dead, counted = COUNTED[name]
    sgf = read_sgf(ROOT / "examples" / "games" / f"{name}.sgf")
    game, positions = replay_sgf(sgf, scoring=scoring)
    end = positions[-1]
    assert end.passes == 2 and game.is_over(end)
    scores = game.score(end, [game.spec.grid.parse(cell) for cell in dead])
    winner, margin = sgf_result(sgf.result) or ("", 0.0)
    loser = "white" if winner == "black" else "black"
    assert scores == counted and scores[winner] - scores[loser] == margin
    assert game.ending(end).result == winner  # type: ignore[union-attr]


def test_main_line_skips_variations_and_reads_setup_and_passes() -> None:
    text = "(;GM[1]SZ[9]KM[5.5]HA[2]AB[cc][gg]RE[W+1.5];W[ee](;B[dd];W[]C[a pass];B[tt])(;B[ff]))"
    sgf = parse_sgf(text)
    assert (sgf.size, sgf.komi, sgf.handicap, sgf.result) == (9, 5.5, 2, "W+1.5")
    assert sgf.black == ((2, 2), (6, 6))
    assert sgf.moves == (("W", (4, 4)), ("B", (3, 3)), ("W", None), ("B", None))
    game, positions = replay_sgf(sgf)
    assert game.to_move(positions[0]) == "white"  # the first move is White's
    assert game.position_text(positions[-1]) == "B:c7,d6,g3:W:e5/W/-/2/0-0/4"
    assert sgf_result("W+1.5") == ("white", 1.5) and sgf_result("B+R") is None


def test_bad_records_name_the_problem() -> None:
    with pytest.raises(BoardgenError, match="starts with"):
        parse_sgf("GM[1]")
    with pytest.raises(BoardgenError, match="off a 9x9 board"):
        parse_sgf("(;SZ[9];B[zz])")
    with pytest.raises(BoardgenError, match="never closes"):
        parse_sgf("(;SZ[9];B[aa")
    with pytest.raises(BoardgenError, match="SGF move 2"):
        replay_sgf(parse_sgf("(;SZ[9];B[aa];W[aa])"))
