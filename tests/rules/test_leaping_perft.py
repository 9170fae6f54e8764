"""Perft tables of the five leaping games (tests/data/leaping_perft.json).

American checkers, Pool and Pool-with-Russian-crowning are checked against published
tables; Variante Dames, Kruzno and 9x9x9 hex checkers against the simple reference
generator in leaping_reference.py (the recorded deeper counts were compared once).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.leaping_reference import Reference
from tests.support.leaping_specs import game

TABLE: dict[str, Any] = json.loads((Path(__file__).parents[1] / "data" / "leaping_perft.json").read_text())[
    "games"
]


def _cases(count_key: str, to_key: str) -> list[tuple[str, int, int]]:
    cases = []
    for name, entry in TABLE.items():
        for depth in range(1, entry.get(to_key, 0) + 1):
            cases.append((name, depth, entry[count_key][depth - 1]))
    return cases


def _game(name: str) -> Any:
    return game(name.split("/")[0], **TABLE[name].get("overrides", {}))


@pytest.mark.parametrize(("name", "depth", "expected"), _cases("counts", "test_to"))
def test_perft_counts_move_paths(name: str, depth: int, expected: int) -> None:
    g = _game(name)
    assert g.perft(g.initial(), depth) == expected


@pytest.mark.parametrize(("name", "depth", "expected"), _cases("distinct", "distinct_test_to"))
def test_perft_distinct_matches_published_pool_and_russian_tables(
    name: str, depth: int, expected: int
) -> None:
    g = _game(name)
    assert g.perft(g.initial(), depth, distinct=True) == expected


@pytest.mark.parametrize(("name", "depth", "expected"), _cases("counts", "reference_to"))
def test_reference_generator_agrees(name: str, depth: int, expected: int) -> None:
    g = _game(name)
    ref = Reference(g.spec)
    board, turn = ref.initial()
    assert ref.perft(board, turn, depth) == expected


def test_depth_one_is_the_number_of_legal_moves() -> None:
    for name in TABLE:
        g = _game(name)
        assert g.perft(g.initial(), 1) == len(g.legal_moves(g.initial()))
        assert g.perft(g.initial(), 0) == 1


def test_two_paths_that_end_alike_are_two_moves() -> None:
    # The 4-jump loop, clockwise and anticlockwise: same start, end and captures.
    g = game("pool-checkers")
    pos = g.parse_position("W:W21,22,23,24,25,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,12,17,18")
    texts = [g.move_text(pos, m) for m in g.legal_moves(pos)]
    assert texts == ["21x14", "22x13x6x15x22", "22x15x6x13x22", "23x14"]
    assert g.perft(pos, 1) == 4
    assert g.perft(pos, 1, distinct=True) == 3
