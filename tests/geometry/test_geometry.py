"""Cell counts, names and neighbourhoods of the two board geometries."""

from __future__ import annotations

import pytest

from boardgen.geometry import HexHexGrid, SquareGrid
from boardgen.geometry.base import column_letters, parse_column_letters


@pytest.mark.parametrize(("side", "cells"), [(2, 7), (5, 61), (6, 91), (9, 217), (40, 4681)])
def test_hexhex_cell_count(side: int, cells: int) -> None:
    assert HexHexGrid(side).size == cells == 3 * side * (side - 1) + 1


def test_kruzno_outer_ring_has_30_cells() -> None:
    grid = HexHexGrid(6)
    assert sum(1 for c in grid.cells() if grid.ring(c) == 1) == 30
    assert sum(1 for c in grid.cells() if grid.ring(c) == 6) == 1


@pytest.mark.parametrize("grid", [HexHexGrid(6), HexHexGrid(9, "flat"), SquareGrid(8, 8), SquareGrid(30, 28)])
def test_names_round_trip(grid: HexHexGrid | SquareGrid) -> None:
    names = [grid.name(c) for c in grid.cells()]
    assert len(set(names)) == grid.size
    assert all(grid.parse(name) == c for c, name in enumerate(names))
    assert all(grid.parse(name.upper()) == c for c, name in enumerate(names))


def test_hex_names_follow_documented_scheme() -> None:
    grid = HexHexGrid(6)
    assert [grid.name(c) for c in grid.cells() if grid.coords(c)[1] == 0] == [
        "a1",
        "b1",
        "c1",
        "d1",
        "e1",
        "f1",
    ]
    assert grid.step(grid.parse("a1"), "nw") == grid.parse("a2")
    assert grid.step(grid.parse("a1"), "ne") == grid.parse("b2")
    assert grid.step(grid.parse("a1"), "e") == grid.parse("b1")
    assert grid.step(grid.parse("a1"), "sw") is None
    assert grid.half_turn(grid.parse("a1")) == grid.parse("k11")


def test_hex_neighbours_are_one_cell_apart() -> None:
    grid = HexHexGrid(5, "flat")
    for cell in grid.cells():
        for direction in grid.directions:
            other = grid.step(cell, direction)
            if other is not None:
                (ax, ay), (bx, by) = grid.centre(cell), grid.centre(other)
                assert abs(((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 - 1) < 1e-9


def test_square_colours_put_light_at_near_right() -> None:
    grid = SquareGrid(8, 8, "light")
    assert grid.colour(grid.parse("h1")) == "light"
    assert grid.colour(grid.parse("a1")) == "dark"
    assert grid.colour(grid.parse("a8")) == "light"  # the north player's near right corner
    dark = frozenset(c for c in grid.cells() if grid.colour(c) == "dark")
    assert len(dark) == 32


def test_pdn_numbers_match_the_standard_board() -> None:
    grid = SquareGrid(8, 8, "light")
    dark = frozenset(c for c in grid.cells() if grid.colour(c) == "dark")
    by_number = {n: grid.name(c) for c, n in grid.pdn_numbers(dark).items()}
    assert sorted(by_number) == list(range(1, 33))
    assert [by_number[n] for n in (1, 4, 5, 12, 21, 28, 29, 32)] == [
        "b8",
        "h8",
        "a7",
        "h6",
        "a3",
        "h2",
        "a1",
        "g1",
    ]


def test_column_letters_beyond_z() -> None:
    assert [column_letters(i) for i in (0, 25, 26, 27, 51, 52)] == ["a", "z", "aa", "ab", "az", "ba"]
    assert all(parse_column_letters(column_letters(i)) == i for i in range(2000))


def test_pdn_numbers_from_the_south_east_as_spanish_records_count() -> None:
    # Spanish draughts, played on the light squares: square 1 is White's near right
    # corner h1, and the classic opening 10-14 is f3-e4.
    grid = SquareGrid(8, 8, "light")
    light = frozenset(c for c in grid.cells() if grid.colour(c) == "light")
    by_number = {n: grid.name(c) for c, n in grid.pdn_numbers(light, "south-east").items()}
    assert sorted(by_number) == list(range(1, 33))
    assert [by_number[n] for n in (1, 4, 5, 10, 14, 29, 32)] == ["h1", "b1", "g2", "f3", "e4", "g8", "a8"]
    with pytest.raises(ValueError, match="unknown numbering start"):
        grid.pdn_numbers(light, "north-east")
