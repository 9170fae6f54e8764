"""The real generator against the simple one (leaping_reference.py) on random positions.

Positions are random placements of men and kings (a fixed seed, so failures repeat),
which reach far more capture shapes than games from the start do: kings everywhere,
long multi-jumps, loops, pieces on promotion rows and restricted cells. For each, the
two generators must give the same moves and each move the same resulting position.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardgen.rules.leaping import LeapingGame, Position
from tests.support.leaping_reference import Board, Reference
from tests.support.leaping_specs import game

CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("american-checkers", {}, 300),
    ("pool-checkers", {}, 300),
    ("pool-checkers", {"promotion": "arrival-continues-as-king"}, 300),
    ("pool-checkers", {"flying_king_landing": "any", "removal": "immediate"}, 200),
    (
        "pool-checkers",
        {"king_capture_directions": "all", "man_captures": "all", "king_reversal": "allowed"},
        200,
    ),
    ("international-draughts", {}, 100),
    ("international-draughts", {"man_captures": "all", "king_capture_directions": "all"}, 100),
    ("hexdame", {}, 100),
    ("turkish-draughts", {}, 60),
    ("thai-draughts", {}, 150),
    ("variante-dames", {}, 80),
    ("variante-dames", {"capture_choice": "majority"}, 80),
    ("variante-dames", {"removal": "end-of-sequence", "flying_king_landing": "must-continue"}, 80),
    ("variante-dames", {"flying_king_landing": "next", "king_reversal": "allowed"}, 80),
    ("kruzno-checkers", {}, 300),
    ("kruzno-checkers", {"restricted_rule": "leave-before-capturing"}, 300),
    ("hex9-checkers", {}, 100),
    ("american-checkers", {"promotion": "end-of-move", "man_captures": "diagonal", "king": "flying"}, 200),
]


def random_position(g: LeapingGame, rng: random.Random) -> Position:
    cells = sorted(g.spec.playable)
    rng.shuffle(cells)
    limit = min(12, len(cells) // 4)
    men: list[set[int]] = [set(), set()]
    kings: list[set[int]] = [set(), set()]
    for p in (0, 1):
        for _ in range(rng.randint(1, limit)):
            cell = cells.pop()
            on_far_row = (g.tables.far[p] >> g.layout.index[cell]) & 1
            if g.params.has_kings and (on_far_row or rng.random() < 0.4):
                kings[p].add(cell)
            else:
                men[p].add(cell)
    mask = g.layout.mask
    return Position((mask(men[0]), mask(men[1])), (mask(kings[0]), mask(kings[1])), rng.randrange(2))


def as_board(g: LeapingGame, pos: Position) -> tuple[Board, int]:
    board = {c: (g.player_ids.index(v.player), v.kind == "king") for c, v in g.pieces(pos).items()}
    return board, pos.turn


@pytest.mark.parametrize(("game_id", "overrides", "trials"), CONFIGS)
def test_same_moves_and_results_as_the_reference(
    game_id: str, overrides: dict[str, Any], trials: int
) -> None:
    g = game(game_id, **overrides)
    ref = Reference(g.spec)
    rng = random.Random(f"{game_id}{sorted(overrides.items())}")
    for _ in range(trials):
        pos = random_position(g, rng)
        board, turn = as_board(g, pos)
        theirs = {move: promoted for move, promoted in ref.moves(board, turn)}
        ours = g.legal_moves(pos)
        assert sorted((m.path, m.captured) for m in ours) == sorted(theirs), g.position_text(pos)
        for m in ours:
            expected = ref.play(board, turn, ((m.path, m.captured), theirs[(m.path, m.captured)]))
            assert as_board(g, g.play(pos, m)) == expected, (g.position_text(pos), g.move_text(pos, m))


@pytest.mark.parametrize("game_id", ["variante-dames", "kruzno-checkers", "pool-checkers"])
def test_same_perft_from_random_positions(game_id: str) -> None:
    g = game(game_id)
    ref = Reference(g.spec)
    rng = random.Random(game_id)
    for _ in range(5):
        pos = random_position(g, rng)
        assert g.perft(pos, 2) == ref.perft(*as_board(g, pos), 2), g.position_text(pos)
