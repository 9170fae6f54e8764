"""Placement counting: perft against a plain brute-force reference, and the score bound.

The reference below shares no code with the engine: stones are sets of cells, groups
are flood fills over ``grid.step``, every turn is generated, and each rule is
recomputed from scratch after every turn.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from math import comb

import pytest

from boardgen.geometry import HexHexGrid
from boardgen.rules.placement import PlacementGame, PlacementPosition, make_game
from boardgen.rules.placement.bound import score_bounds
from boardgen.rules.placement.params import PlacementParams
from boardgen.rules.spec import GameSpec, PlayerSpec, ScoringTrack


def catchup(side: int = 5) -> PlacementGame:
    grid = HexHexGrid(side)
    return make_game(
        GameSpec(
            id="catchup-under-test",
            grid=grid,
            playable=frozenset(grid.cells()),
            regions={},
            players=(PlayerSpec("white", None, "W"), PlayerSpec("black", None, "B")),
            first="white",
            setup={},
            scoring_track=ScoringTrack(45),
        )
    )


GAME = catchup()

# -- the reference --------------------------------------------------------------------------


@dataclass(frozen=True)
class Ref:
    """A position as the rules text describes it."""

    grid: HexHexGrid
    stones: dict[str, frozenset[int]]
    mover: str
    first_turn: bool
    opponent_rose: bool


def ref_score(grid: HexHexGrid, stones: frozenset[int]) -> int:
    best = 1  # both scores start at 1
    seen: set[int] = set()
    for start in stones:
        if start in seen:
            continue
        seen.add(start)
        group, todo = 1, [start]
        while todo:
            cell = todo.pop()
            for direction in grid.directions:
                other = grid.step(cell, direction)
                if other in stones and other not in seen:
                    seen.add(other)
                    todo.append(other)
                    group += 1
        best = max(best, group)
    return best


def ref_turns(ref: Ref) -> Iterator[frozenset[int]]:
    other = "B" if ref.mover == "W" else "W"
    if ref.first_turn:
        most = 1
    elif ref.opponent_rose and ref_score(ref.grid, ref.stones[other]) >= ref_score(
        ref.grid, ref.stones[ref.mover]
    ):
        most = 3
    else:
        most = 2
    empty = [c for c in ref.grid.cells() if c not in ref.stones["W"] | ref.stones["B"]]
    for k in range(1, most + 1):
        for chosen in itertools.combinations(empty, k):
            yield frozenset(chosen)


def ref_play(ref: Ref, turn: frozenset[int]) -> Ref:
    mine = ref.stones[ref.mover] | turn
    rose = ref_score(ref.grid, mine) > ref_score(ref.grid, ref.stones[ref.mover])
    other = "B" if ref.mover == "W" else "W"
    return Ref(ref.grid, {**ref.stones, ref.mover: mine}, other, False, rose)


def ref_perft(ref: Ref, depth: int) -> int:
    if depth == 1:
        return sum(1 for _ in ref_turns(ref))
    return sum(ref_perft(ref_play(ref, turn), depth - 1) for turn in ref_turns(ref))


def to_ref(game: PlacementGame, position: PlacementPosition) -> Ref:
    stones: dict[str, set[int]] = {"W": set(), "B": set()}
    for cell, piece in game.pieces(position).items():
        stones["W" if piece.player == "white" else "B"].add(cell)
    assert isinstance(game.grid, HexHexGrid)
    return Ref(
        game.grid,
        {k: frozenset(v) for k, v in stones.items()},
        "W" if game.to_move(position) == "white" else "B",
        position.opening,
        position.rose,
    )


# -- perft ------------------------------------------------------------------------------------

# Ten or nine cells left, from seeded random games: a catch-up turn (Black 16 >= White
# 14, rose); a rise that leaves the riser behind (Black 14 < White 15); no rise.
LATE = [
    "W:a1,a5,b2,b4,b6,c1,c4,c5,d1,d2,d5,d7,d8,e1,e3,e6,e9,f2,f7,f8,f9,g7,g8,g9,h5,h6,i5,i8"
    ":B:a2,a3,a4,b5,c3,d3,d4,e2,e4,e5,e7,f3,f5,f6,g4,g5,g6,h4,h7,h9,i6,i7,i9/W/rose",
    "W:b3,b5,c2,c6,d1,d3,d5,e1,e3,e4,e7,f2,f4,f5,f7,g4,h4,h7,h8,i5,i6,i7,i8,i9"
    ":B:a1,a4,a5,b1,b2,b4,b6,c1,c4,c5,d2,d4,d7,d8,e2,e5,e6,e8,f3,f6,f8,g5,g6,g8,g9,h5,h6/W/rose",
    "W:a2,b2,c1,c2,c5,c7,d1,d3,d6,d8,e2,e3,e5,e6,e9,f6,f9,g4,g5,g9,h4,h5,h8,h9,i5,i6"
    ":B:a1,a3,a4,a5,b1,b3,b5,c3,c4,c6,d2,d4,e1,e4,e7,f2,f3,f4,f7,g3,g6,g7,g8,h6,i7,i9/B/-",
]


@pytest.mark.parametrize(
    ("text", "counts"),
    [
        (LATE[0], [175, 11142, 250963]),
        (LATE[1], [55, 4086, 137217]),
        (LATE[2], [45, 2662, 39470]),
    ],
)
def test_perft_late_positions_match_the_reference(text: str, counts: list[int]) -> None:
    position = GAME.parse_position(text)
    ref = to_ref(GAME, position)
    for depth, expected in enumerate(counts, start=1):
        assert GAME.perft(position, depth) == expected
        assert ref_perft(ref, depth) == expected


def test_perft_from_the_empty_board_matches_the_reference() -> None:
    start = GAME.initial()
    assert GAME.perft(start, 0) == 1
    assert GAME.perft(start, 1) == ref_perft(to_ref(GAME, start), 1) == 61
    assert GAME.perft(start, 2) == ref_perft(to_ref(GAME, start), 2) == 61 * (60 + comb(60, 2)) == 111630


def test_perft_3_from_the_empty_board_by_formula() -> None:
    # White puts 1 stone anywhere (61). Black puts 1 stone (60; no rise: White may
    # place 1-2 of 59) or 2 stones (non-adjacent: still no rise, White 1-2 of 58;
    # adjacent: Black rose to 2 >= 1, White 1-3 of 58). Summed over White's cell, the
    # adjacent pairs avoiding it number 61*edges - 2*edges = 59*edges.
    grid = GAME.grid
    edges = sum(grid.step(c, d) is not None for c in grid.cells() for d in grid.directions) // 2
    two, three = 58 + comb(58, 2), 58 + comb(58, 2) + comb(58, 3)
    expected = 61 * (60 * (59 + comb(59, 2)) + comb(60, 2) * two) + 59 * edges * (three - two)
    assert edges == 156
    assert GAME.perft(GAME.initial(), 3) == expected == 475213494


def test_perft_whole_games_on_a_small_board() -> None:
    small = catchup(2)
    ref = to_ref(small, small.initial())
    for depth in range(1, 6):
        assert small.perft(small.initial(), depth) == ref_perft(ref, depth)
    assert [small.perft(small.initial(), d) for d in range(1, 4)] == [7, 147, 1920]


def test_perft_counts_sets_not_orders() -> None:
    after = GAME.play(GAME.initial(), frozenset({GAME.grid.parse("e5")}))
    moves = GAME.legal_moves(after)
    assert len(moves) == len(set(moves)) == GAME.perft(after, 1) == 60 + comb(60, 2)


# -- the score bound ----------------------------------------------------------------------------


def test_catchup_scores_stay_within_45() -> None:
    assert GAME.score_bounds() == (45, 45)


def test_the_bound_follows_the_params() -> None:
    # Without catch-up turns Black can own at most 2 stones per White stone: 40 of 61.
    assert score_bounds(PlacementParams(catchup_stones=2), 61, (0, 0), (1, 1), 0) == (41, 40)
    # One stone per turn: the first player owns ceil(61/2).
    assert score_bounds(PlacementParams(1, 1, 1), 61, (0, 0), (1, 1), 0) == (31, 30)


# Legal games (checked by the engine as they are played) in which a player's largest
# group reaches 45: the bound is exact, so the track needs all 45 ovals. The winner
# keeps three groups of at most the opponent's score (14-16 stones) in the sectors of
# a Y-shaped wall of the opponent's stones, placing 3 stones a turn while the
# opponent's chain rises by one each turn, then joins them through the wall's ends.
WHITE_45 = (
    "b1 e5,f5 a2,c1,f9 d5 a3,d1,g9 f6 a4,e1,h9 d4 a5,f2,i6 e6 b6,g3,i7 e4 c7,h4,i8 g5 "
    "c2,d8,i9 c4 b3,d2,f8 c3 b4,e2,g8 d3 b5,f3,h6 e7 c6,g4,h7 h5 d7,e3,h8 b2 c5,f4,g6 e8 "
    "a1,e9,i5 f7 d6,g7"
)
BLACK_45 = (
    "e5 a2,b1 f5 a3,c1,f9 d5 a4,d1,g9 d4 a5,e1,h9 e6 b6,f2,i6 e4 c7,g3,i7 g5 d8,h4,i8 c4 "
    "b3,c2,i9 c3 b4,d2,f8 d3 b5,e2,g8 e7 c6,f3,h6 h5 d7,g4,h7 b2 c5,e3,h8 e8 d6,f4,g6 f6 "
    "e9,i5 f7 a1,g7"
)


@pytest.mark.parametrize(
    ("record", "winner", "scores"), [(WHITE_45, "white", (45, 16)), (BLACK_45, "black", (16, 45))]
)
def test_a_score_of_45_is_reachable(record: str, winner: str, scores: tuple[int, int]) -> None:
    position = GAME.initial()
    for text in record.split():
        position = GAME.play(position, GAME.parse_move(position, text))
    assert GAME.is_over(position)
    assert position.scores == scores
    assert GAME.outcome(position) == winner


def test_the_bound_is_exact_on_the_seven_cell_board() -> None:
    small = catchup(2)
    best: dict[PlacementPosition, tuple[int, int]] = {}

    def highest(position: PlacementPosition) -> tuple[int, int]:
        if position not in best:
            result = position.scores
            for move in small.legal_moves(position):
                a, b = highest(small.play(position, move))
                result = (max(result[0], a), max(result[1], b))
            best[position] = result
        return best[position]

    assert highest(small.initial()) == small.score_bounds() == (5, 5)
