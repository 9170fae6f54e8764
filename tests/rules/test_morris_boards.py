"""Six and Twelve Men's Morris: the morris family plays them from their boards' data
(lines, diagonals included), and a board the placing fills is a draw where the
descriptor says so."""

from __future__ import annotations

import itertools

import pytest

import boardgen
from boardgen.rules.morris import MorrisGame
from boardgen.rules.morris.params import parse_params
from boardgen.texts.compose import rule_sheet_text


def engine(game_id: str, **params: object) -> MorrisGame:
    game = boardgen.load(game_id).engine
    assert isinstance(game, MorrisGame)
    if params:
        return MorrisGame(game.spec, parse_params({**_params(game), **params}))
    return game


def _params(game: MorrisGame) -> dict[str, object]:
    p = game.params
    return {
        "men": p.men,
        "flying": p.flying,
        "mill_protection": p.mill_protection,
        "full_board_draws": p.full_board_draws,
        "turn_limit": p.turn_limit,
    }


def mills(game: MorrisGame) -> set[frozenset[str]]:
    name = game.spec.grid.name
    return {
        frozenset(name(c) for c in range(mill.bit_length()) if mill >> c & 1) for mill in game.board.mills
    }


def test_six_mens_mills_are_the_sides_of_the_two_squares() -> None:
    sides = {
        frozenset(t.split())
        for t in (
            "a1 c1 e1",
            "e1 e3 e5",
            "a5 c5 e5",
            "a1 a3 a5",
            "b2 c2 d2",
            "d2 d3 d4",
            "b4 c4 d4",
            "b2 b3 b4",
        )
    }
    assert mills(engine("six-mens-morris")) == sides  # the joining lines hold two points: no mill


def test_twelve_mens_diagonals_are_lines_and_mills() -> None:
    twelve, nine = engine("twelve-mens-morris"), engine("nine-mens-morris")
    diagonals = {frozenset(t.split()) for t in ("a1 b2 c3", "g1 f2 e3", "g7 f6 e5", "a7 b6 c5")}
    assert mills(twelve) == mills(nine) | diagonals
    name = twelve.spec.grid.name
    b2 = next(c for c in twelve.board.cells if name(c) == "b2")
    assert {name(n) for n in twelve.board.step[b2].values()} == {"a1", "c3", "d2", "b4"}


def test_a_diagonal_mill_removes_a_man_on_twelve_only() -> None:
    text = "B:d1,g4:W:a1,b2/W/10-10/-/4"  # players in the descriptor's order: black, white
    twelve = engine("twelve-mens-morris")
    after = twelve.play(twelve.parse_position(text), twelve.parse_move(twelve.parse_position(text), "c3"))
    assert twelve.position_text(after).endswith("/remove/4")
    nine = engine("nine-mens-morris", men=12)
    after = nine.play(nine.parse_position(text), nine.parse_move(nine.parse_position(text), "c3"))
    assert nine.position_text(after).endswith("/-/5")


def _full_board(game: MorrisGame) -> str:
    """24 men on 24 points, twelve each, with no mill of either colour."""
    name = game.spec.grid.name
    cells = game.board.cells
    for whites in itertools.combinations(range(len(cells)), 12):
        w = sum(1 << cells[i] for i in whites)
        b = game.board.full & ~w
        if not any(m & w == m or m & b == m for m in game.board.mills):
            white = ",".join(name(c) for c in cells if w >> c & 1)
            black = ",".join(name(c) for c in cells if b >> c & 1)
            return f"B:{black}:W:{white}/W/0-0/-/24"
    raise AssertionError("no full board without a mill")


def test_a_full_board_after_the_placing_is_a_draw_on_twelve() -> None:
    twelve = engine("twelve-mens-morris")
    assert twelve.params.full_board_draws
    position = twelve.parse_position(_full_board(twelve))
    assert twelve.legal_moves(position) == []
    ending = twelve.ending(position)
    assert ending is not None and ending.result == "draw"
    strict = engine("twelve-mens-morris", full_board_draws=False)
    ending = strict.ending(position)
    assert ending is not None and ending.result == "black"  # white, to move, cannot: loses


def test_perft_of_the_placing_counts_every_order_until_a_mill_can_close() -> None:
    # Five plies place three white and two black men: a mill can close only on the
    # fifth, which ends the sequence, so every order of distinct points counts.
    for game_id, points in (("six-mens-morris", 16), ("twelve-mens-morris", 24)):
        game = engine(game_id)
        for depth in range(6):
            expected = 1
            for k in range(depth):
                expected *= points - k
            assert game.perft(game.initial(), depth) == expected, (game_id, depth)


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_end_section_says_a_full_board_draws_on_twelve_only(lang: str) -> None:
    said = {"en": "the game is drawn", "fr": "la partie est nulle", "de": "endet die Partie unentschieden"}[
        lang
    ]

    def end(game_id: str) -> str:
        sheet = rule_sheet_text(boardgen.load(game_id).variant, lang)
        return " ".join(getattr(b, "text", "") for b in sheet.sections[-1].blocks)

    assert said in end("twelve-mens-morris")
    assert said not in end("six-mens-morris") and said not in end("nine-mens-morris")
