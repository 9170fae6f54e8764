"""The placement family (Catchup): turn limits, scoring, end of game, notation, params, checks.

Counting (perft) and the score bound live in test_placement_counts.py.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from math import comb
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgen.errors import BoardgenError
from boardgen.geometry import HexHexGrid
from boardgen.rules.base import MoveView, PieceView
from boardgen.rules.placement import PlacementGame, PlacementPosition, check_params, make_game
from boardgen.rules.placement.groups import bits
from boardgen.rules.spec import GameSpec, PlayerSpec, ScoringTrack

GRID = HexHexGrid(5)


def catchup_spec(
    params: Mapping[str, Any] | None = None,
    setup: Mapping[str, frozenset[int]] | None = None,
    grid: HexHexGrid = GRID,
    playable: Iterable[int] | None = None,
    track: int | None = 45,
) -> GameSpec:
    return GameSpec(
        id="catchup-under-test",
        grid=grid,
        playable=frozenset(grid.cells() if playable is None else playable),
        regions={},
        players=(PlayerSpec("white", None, "W"), PlayerSpec("black", None, "B")),
        first="white",
        setup=dict(setup or {}),
        params=dict(params or {}),
        scoring_track=None if track is None else ScoringTrack(track),
    )


@pytest.fixture(scope="module")
def game() -> PlacementGame:
    return make_game(catchup_spec())


def cells(*names: str) -> frozenset[int]:
    return frozenset(GRID.parse(n) for n in names)


def turns(k: int, empty: int) -> int:
    """Number of turns placing 1..k stones on ``empty`` cells."""
    return sum(comb(empty, s) for s in range(1, min(k, empty) + 1))


def play_all(game: PlacementGame, *texts: str) -> PlacementPosition:
    position = game.initial()
    for text in texts:
        position = game.play(position, game.parse_move(position, text))
    return position


# -- the turn rule ---------------------------------------------------------------------


def test_white_opens_with_one_stone(game: PlacementGame) -> None:
    start = game.initial()
    assert game.to_move(start) == "white"
    assert game.position_text(start) == "W:-:B:-/W/first"
    assert game.allowance(start) == 1
    assert len(game.legal_moves(start)) == 61
    with pytest.raises(BoardgenError, match="at most 1 stone"):
        game.parse_move(start, "e5,e6")


def test_the_first_stone_does_not_raise_whites_score(game: PlacementGame) -> None:
    # Both scores start at 1; one stone is a group of 1, so the score did not rise
    # and Black's first turn is a normal one: 1 or 2 stones.
    after = play_all(game, "e5")
    assert after.scores == (1, 1) and not after.rose
    assert game.to_move(after) == "black"
    assert game.allowance(after) == 2
    assert len(game.legal_moves(after)) == turns(2, 60) == 1830


@pytest.mark.parametrize(
    ("black", "rose", "white_may_place", "count"),
    [
        ("a1", False, 2, turns(2, 59)),  # one stone: still 1
        ("a1,i9", False, 2, turns(2, 58)),  # two apart: still 1
        ("a1,b1", True, 3, turns(3, 58)),  # a pair: 2 >= White's 1
    ],
)
def test_blacks_first_turn_decides_whites_allowance(
    game: PlacementGame, black: str, rose: bool, white_may_place: int, count: int
) -> None:
    after = play_all(game, "e5", black)
    assert after.rose is rose
    assert game.allowance(after) == white_may_place
    assert len(game.legal_moves(after)) == count
    assert {len(m) for m in game.legal_moves(after)} == set(range(1, white_may_place + 1))


# Hand-built positions, White to move; each pair differs in one part of the condition.
CATCH_UP_CASES = [
    # the opponent rose and is now ahead (3 > 2): catch-up
    ("W:a1,a2:B:e5,e6,e7/W/rose", 3),
    # rose and level (2 = 2): "greater than or equal" still allows 3
    ("W:a1,a2:B:e5,e6/W/rose", 3),
    # rose, but still behind (2 < 3): no catch-up
    ("W:a1,a2,a3:B:e5,e6/W/rose", 2),
    # ahead (3 > 2) but did not rise on the last turn: no catch-up
    ("W:a1,a2:B:e5,e6,e7/W/-", 2),
    # level and no rise: no catch-up
    ("W:a1,a2:B:e5,e6/W/-", 2),
]


@pytest.mark.parametrize(("text", "allowance"), CATCH_UP_CASES)
def test_three_stones_exactly_when_the_opponent_rose_and_is_not_behind(
    game: PlacementGame, text: str, allowance: int
) -> None:
    position = game.parse_position(text)
    assert game.allowance(position) == allowance
    empty = 61 - position.occupied.bit_count()
    assert len(game.legal_moves(position)) == turns(allowance, empty)
    three = "b1,b2,b3"
    if allowance == 3:
        assert len(game.parse_move(position, three)) == 3
    else:
        with pytest.raises(BoardgenError, match="not a catch-up turn"):
            game.parse_move(position, three)


def test_the_same_for_black(game: PlacementGame) -> None:
    assert game.allowance(game.parse_position("W:e5,e6:B:a1/B/rose")) == 3
    assert game.allowance(game.parse_position("W:e5,e6:B:a1,a2,a3/B/rose")) == 2
    assert game.allowance(game.parse_position("W:e5,e6,e7:B:a1/B/-")) == 2


def test_rose_compares_with_the_score_before_the_turn(game: PlacementGame) -> None:
    before = game.parse_position("W:a1,a2,a3:B:e5,e6,e7,h8,h9/B/-")
    assert before.scores == (3, 3)
    # Growing the small group to the size of the largest leaves the score at 3.
    level = game.play(before, cells("i9"))
    assert level.scores == (3, 3) and not level.rose
    assert game.allowance(level) == 2
    # Joining the two groups makes 6: a rise, and White (3) is behind: catch-up.
    merged = game.play(before, cells("f7", "g8"))
    assert merged.scores == (3, 7) and merged.rose
    assert game.allowance(merged) == 3
    # A rise that stays below White's score gives White nothing.
    ahead = game.parse_position("W:a1,a2,a3,a4,a5:B:e5,e6,e7/B/-")
    small_rise = game.play(ahead, cells("e8"))
    assert small_rise.rose and small_rise.scores == (5, 4)
    assert game.allowance(small_rise) == 2


def test_only_the_opponents_last_turn_counts(game: PlacementGame) -> None:
    position = play_all(game, "e5", "a1,a2")  # Black rose to 2: White may place 3
    assert game.allowance(position) == 3
    position = play_all(game, "e5", "a1,a2", "i9", "e1")  # Black's next turn did not rise
    assert position.scores == (1, 2) and not position.rose
    assert game.allowance(position) == 2


def test_no_turn_may_exceed_the_empty_cells(game: PlacementGame) -> None:
    full = set(GRID.cells())
    white = frozenset(c for c in full if GRID.coords(c)[1] < 4)
    black = frozenset(full - white - cells("e5", "i9"))
    text = f"W:{','.join(GRID.name(c) for c in white)}:B:{','.join(GRID.name(c) for c in black)}/W/rose"
    position = game.parse_position(text)
    assert game.allowance(position) == 3  # Black (33) rose and is ahead of White (26)
    assert game.max_stones(position) == 2
    assert len(game.legal_moves(position)) == 3
    last = game.play(position, cells("e5"))
    assert game.max_stones(last) == 1 and len(game.legal_moves(last)) == 1
    over = game.play(last, cells("i9"))
    assert game.is_over(over) and game.legal_moves(over) == []
    assert game.perft(over, 1) == 0


def test_play_refuses_illegal_turns(game: PlacementGame) -> None:
    start = game.initial()
    for bad in (frozenset(), cells("e5", "e6")):
        with pytest.raises(BoardgenError, match="illegal turn"):
            game.play(start, bad)
    after = play_all(game, "e5")
    with pytest.raises(BoardgenError, match="illegal turn"):
        game.play(after, cells("e5"))


# -- scoring and the end of the game -------------------------------------------------------


def reference_sizes(stones: Iterable[int]) -> list[int]:
    """Group sizes by a plain flood fill over grid.step, largest first."""
    rest = set(stones)
    sizes = []
    while rest:
        stack = [rest.pop()]
        size = 1
        while stack:
            cell = stack.pop()
            for direction in GRID.directions:
                other = GRID.step(cell, direction)
                if other in rest:
                    rest.remove(other)
                    stack.append(other)
                    size += 1
        sizes.append(size)
    return sorted(sizes, reverse=True)


def full_board(game: PlacementGame, white: Iterable[int]) -> PlacementPosition:
    white_mask = sum(1 << c for c in set(white))
    return game.position((white_mask, game.groups.playable & ~white_mask), 0, opening=False, rose=False)


def test_stripes_the_larger_largest_group_wins(game: PlacementGame) -> None:
    # Rows alternate colours: each row is one group (rows of 5..9 cells).
    white = [c for c in GRID.cells() if GRID.coords(c)[1] % 2 == 0]
    position = full_board(game, white)
    assert game.ranking(position) == ([9, 7, 7, 5, 5], [8, 8, 6, 6])
    assert position.scores == (9, 8)
    assert game.outcome(position) == "white"


def mirrored_board(centre_to: str) -> list[int]:
    """White's cells of a board whose two colours are half-turn images of each other,
    except the centre: the south half for White, with six pairs swapped, so that
    both largest groups have 20 stones and the centre only adds to a small group."""
    south = [c for c in GRID.cells() if GRID.coords(c)[::-1] < (4, 4)]  # rows 1-4 and a5-d5
    swapped = cells("d4", "d5", "e3", "e4", "f2", "f3")
    white = [c for c in south if c not in swapped] + [GRID.half_turn(c) for c in swapped]
    return white + ([GRID.parse("e5")] if centre_to == "white" else [])


@pytest.mark.parametrize("centre_to", ["white", "black"])
def test_equal_largest_groups_are_decided_by_the_next_ones(game: PlacementGame, centre_to: str) -> None:
    white = mirrored_board(centre_to)
    position = full_board(game, white)
    black = set(GRID.cells()) - set(white)
    winner_sizes, loser_sizes = [20, 11], [20, 10]
    expected = (winner_sizes, loser_sizes) if centre_to == "white" else (loser_sizes, winner_sizes)
    assert game.ranking(position) == expected
    assert (reference_sizes(white), reference_sizes(black)) == expected
    assert game.outcome(position) == centre_to


def test_outcome_while_cells_are_empty(game: PlacementGame) -> None:
    assert game.outcome(game.initial()) is None
    assert game.outcome(play_all(game, "e5")) is None


def test_identical_group_sizes_draw_on_an_even_board() -> None:
    # Catchup's 61 cells make a tie impossible (stone counts differ); on a ring of six
    # cells, alternate colours give both players three single stones.
    small = HexHexGrid(2)
    centre = small.parse("b2")
    ring = [c for c in small.cells() if c != centre]
    game = make_game(catchup_spec(grid=small, playable=ring))
    around = sorted(ring, key=lambda c: math.atan2(small.centre(c)[1], small.centre(c)[0]))
    white = sum(1 << c for c in around[::2])
    position = game.position((white, game.groups.playable & ~white), 0, opening=False, rose=False)
    assert game.ranking(position) == ([1, 1, 1], [1, 1, 1])
    assert game.outcome(position) == "draw"
    assert "can tie" in next(c.detail for c in game.family_checks() if c.name == "placement.full-board-ties")


def test_scores_start_at_one(game: PlacementGame) -> None:
    assert game.initial().scores == (1, 1)
    assert game.groups.score(0) == 1


# -- notation ------------------------------------------------------------------------------


def test_moves_are_sorted_cell_names(game: PlacementGame) -> None:
    position = play_all(game, "e5", "a1,a2")
    move = game.parse_move(position, " d4 , b2,c3 ")
    assert game.move_text(position, move) == "b2,c3,d4"
    assert game.view(move) == MoveView(path=(), placed=tuple(GRID.parse(n) for n in ("b2", "c3", "d4")))
    assert game.pieces(position) == {
        GRID.parse("e5"): PieceView("white", "stone"),
        GRID.parse("a1"): PieceView("black", "stone"),
        GRID.parse("a2"): PieceView("black", "stone"),
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "name at least one cell"),
        ("z9", "no cell named"),
        ("b2,b2", "named twice"),
        ("e5", "already hold a stone"),
        ("b1,b2,b3,b4", "at most 3"),
    ],
)
def test_bad_moves_are_explained(game: PlacementGame, text: str, message: str) -> None:
    position = play_all(game, "e5", "a1,a2")
    with pytest.raises(BoardgenError, match=message):
        game.parse_move(position, text)


def test_position_text_examples(game: PlacementGame) -> None:
    position = play_all(game, "e5", "d4,d5")
    text = game.position_text(position)
    assert text == "W:e5:B:d4,d5/W/rose"
    assert game.parse_position(text) == position
    assert game.parse_position(" W:e5 : B:d5,d4 / W / rose ") == position
    assert game.parse_position("B:d4,d5:W:e5/W/rose") == position
    assert game.parse_position("W::B:/W/first") == game.initial()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("W:-:B:-", "expected 'W:<cells>:B:<cells>"),
        ("W:e5/B/-", "expected 'W:<cells>:B:<cells>"),
        ("W:e5:X:d4/B/-", "player letters"),
        ("W:e5:W:d4/B/-", "player letters"),
        ("W:e5,z1:B:d4/B/-", "no cell named"),
        ("W:e5,e5:B:d4/B/-", "named twice"),
        ("W:e5:B:e5/B/-", "both players"),
        ("W:e5:B:-/X/-", "player to move"),
        ("W:e5:B:-/B/up", "turn state"),
        ("W:e5:B:-/B/first", "'first' belongs to the starting board"),
        ("W:-:B:-/B/first", "'first' belongs to the starting board"),
        ("W:-:B:-/W/-", "'first' belongs to the starting board"),
        ("W:e5:B:d4,i9/W/rose", "still its starting 1"),
    ],
)
def test_bad_positions_are_explained(game: PlacementGame, text: str, message: str) -> None:
    with pytest.raises(BoardgenError, match=message):
        game.parse_position(text)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), length=st.integers(0, 45))
def test_positions_round_trip_along_random_games(game: PlacementGame, seed: int, length: int) -> None:
    rng = random.Random(seed)
    position = game.initial()
    for _ in range(length):
        text = game.position_text(position)
        again = game.parse_position(text)
        assert again == position and again.scores == position.scores
        assert game.position_text(again) == text
        if game.is_over(position):
            break
        empty = list(bits(game.empty(position)))
        move = frozenset(rng.sample(empty, rng.randint(1, game.max_stones(position))))
        assert game.parse_move(position, game.move_text(position, move)) == move
        position = game.play(position, move)


# -- params --------------------------------------------------------------------------------


def test_params_default_to_catchup() -> None:
    explicit = make_game(catchup_spec({"opening_stones": 1, "stones_per_turn": 2, "catchup_stones": 3}))
    assert explicit.params == make_game(catchup_spec()).params


def test_params_change_the_turns() -> None:
    wide = make_game(catchup_spec({"opening_stones": 2}))
    assert len(wide.legal_moves(wide.initial())) == turns(2, 61)
    # With an opening pair White's first turn can rise, so Black may catch up at once.
    after = wide.play(wide.initial(), cells("e5", "e6"))
    assert after.rose and wide.allowance(after) == 3
    flat = make_game(catchup_spec({"catchup_stones": 2}))
    assert flat.allowance(flat.parse_position("W:a1,a2:B:e5,e6,e7/W/rose")) == 2
    single = make_game(catchup_spec({"stones_per_turn": 1, "catchup_stones": 1}))
    assert len(single.legal_moves(single.parse_position("W:e5:B:-/B/-"))) == 60


@pytest.mark.parametrize(
    ("params", "key", "message"),
    [
        ({"stones": 2}, "rules.params.stones", "unknown placement parameter"),
        ({"stones_per_turn": 0}, "rules.params.stones_per_turn", "from 1 to 10"),
        ({"opening_stones": 11}, "rules.params.opening_stones", "from 1 to 10"),
        ({"catchup_stones": 10**400}, "rules.params.catchup_stones", "not a huge number"),
        ({"opening_stones": "1"}, "rules.params.opening_stones", "whole number"),
        ({"catchup_stones": True}, "rules.params.catchup_stones", "whole number"),
        ({"catchup_stones": 2.5}, "rules.params.catchup_stones", "whole number"),
        (
            {"stones_per_turn": 3, "catchup_stones": 2},
            "rules.params.catchup_stones",
            "at least stones_per_turn",
        ),
    ],
)
def test_bad_params_are_refused_with_their_key(params: dict[str, Any], key: str, message: str) -> None:
    with pytest.raises(BoardgenError, match=message) as caught:
        make_game(catchup_spec(params))
    assert caught.value.key == key
    located: list[tuple[str | int, ...]] = []

    def error(path: tuple[str | int, ...], text: str) -> BoardgenError:
        located.append(path)
        return BoardgenError(text)

    with pytest.raises(BoardgenError, match=message):
        check_params(params, error)
    assert located == [tuple(key.split(".")[2:])]


# -- family checks -------------------------------------------------------------------------


def test_checks_on_the_catchup_board(game: PlacementGame) -> None:
    checks = {c.name: c for c in game.family_checks()}
    assert checks["placement.start"].ok
    assert checks["placement.start"].detail == "the board starts empty: 61 empty cells"
    track = checks["placement.scoring-track"]
    assert track.ok and track.detail.startswith("highest reachable score ≤ 45")
    assert track.detail.endswith("track goes to 45")
    assert checks["placement.full-board-ties"].ok
    assert "cannot tie" in checks["placement.full-board-ties"].detail


def test_a_short_or_missing_track_fails() -> None:
    short = {c.name: c for c in make_game(catchup_spec(track=40)).family_checks()}
    assert not short["placement.scoring-track"].ok
    assert "the track stops at 40 but a score can reach 45" in short["placement.scoring-track"].detail
    assert short["placement.scoring-track"].key == ("furniture", "scoring_track", "maximum")
    missing = {c.name: c for c in make_game(catchup_spec(track=None)).family_checks()}
    assert not missing["placement.scoring-track"].ok


def test_declared_setups_are_used_and_checked() -> None:
    game = make_game(catchup_spec(setup={"white": cells("a1", "a2"), "black": cells("i9")}))
    start = game.initial()
    assert game.position_text(start) == "W:a1,a2:B:i9/W/first"
    assert start.scores == (2, 1)
    check = next(c for c in game.family_checks() if c.name == "placement.start")
    assert check.ok and "white 2, black 1" in check.detail
    clash = make_game(catchup_spec(setup={"white": cells("a1"), "black": cells("a1")}))
    check = next(c for c in clash.family_checks() if c.name == "placement.start")
    assert not check.ok and "a1" in check.detail
    full = make_game(catchup_spec(setup={"white": frozenset(GRID.cells())}))
    check = next(c for c in full.family_checks() if c.name == "placement.start")
    assert not check.ok and "full" in check.detail
