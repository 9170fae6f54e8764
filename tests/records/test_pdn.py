"""PDN game records: reading every part of PDN 3.0 the issue lists, writing back, refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

import boardgen
from boardgen.records.pdn import parse_pdn
from boardgen.records.pdn.gametypes import GAME_TYPES, variant_for

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED = ROOT / "examples" / "tinsley-chinook-1992-game32.pdn"

TWO_GAMES = """\
[Event "Club night"]
[Black "Ann"]
[White "Bob"]
[Result "1-0"]
[GameType "21"]

{Before the first move.} 1. 11-15 {Old Fourteenth?} 23-19 $1 2. 8-11 ! 22-17
(2... 22-18 {not played} (2... 24-20) 3. 15x22) 3. 9-14 19-16 4. 12x19 1-0

[Event "Second"]
[FEN "W:W27,K30:B23,14"]
1... 27x18x9 {both men} *
"""


def test_tags_moves_comments_variations_nags_results_and_several_games() -> None:
    first, second = parse_pdn(TWO_GAMES, file="two.pdn")
    assert first.tags["Event"] == "Club night" and first.result == "1-0"
    assert first.comment == "Before the first move."
    assert [p.written for p in first.plies] == ["11-15", "23-19", "8-11", "22-17", "9-14", "19-16", "12x19"]
    assert first.plies[0].comment == "Old Fourteenth?"
    assert first.plies[1].nags == ("$1",) and first.plies[2].nags == ("!",)
    assert first.plies[3].variations == ("2... 22-18 {not played} (2... 24-20) 3. 15x22",)
    assert [p.number for p in first.plies] == [1, 1, 2, 2, 3, 3, 4]
    # the variation was played from the position before 22-17, and the game went on from 22-17
    (side,) = first.plies[3].lines
    assert [p.written for p in side.plies] == ["22-18", "15x22"]
    assert side.plies[0].before == first.plies[3].before
    assert [p.written for p in side.plies[0].lines[0].plies] == ["24-20"]
    assert side.positions()[-1].text == "W:W19,21,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,22"
    assert first.plies[4].before == first.plies[3].after
    assert second.tags["Event"] == "Second" and second.result == "*"
    assert second.start.text == "W:W27,K30:B14,23"
    assert second.plies[0].move.captured == ("e3", "c5") and second.plies[0].number == 1


def test_moves_with_or_without_intermediate_squares() -> None:
    (full,) = parse_pdn('[FEN "W:W27,K30:B23,14"] 1... 27x18x9')
    (short,) = parse_pdn('[FEN "W:W27,K30:B23,14"] 1... 27x9')
    assert full.plies[0].move == short.plies[0].move and short.plies[0].move.text == "27x18x9"


def test_an_illegal_move_is_located_and_named() -> None:
    text = '[Event "x"]\n1. 11-15 23-19\n2. 8-11 22-17\n3. 8-13 17-13 *\n'
    with pytest.raises(boardgen.BoardgenError) as caught:
        parse_pdn(text, file="bad.pdn")
    assert str(caught.value).startswith("bad.pdn:4:4: move 3 (8-13): move '8-13' is not legal here")


def test_an_ambiguous_move_asks_for_the_whole_path() -> None:
    # 14x30 takes 17 and 25, or 18 and 26: two different moves.
    text = '[FEN "B:W17,18,25,26:B14"]\n1. 14x30 *'
    with pytest.raises(boardgen.BoardgenError, match=r"<pdn>:2:4: move 1 \(14x30\): .* ambiguous"):
        parse_pdn(text)
    (record,) = parse_pdn(text.replace("14x30", "14x23x30"))
    assert record.plies[0].after.text == "W:W17,25:BK30"  # crowned on 30


def test_a_loop_written_by_its_ends_is_one_move() -> None:
    # The king on 2 takes the same four men whichever way round it goes: 2x2 is clear.
    text = '[FEN "W:W23,25,27,28,29,31,32,K2:B1,4,6,7,8,14,15"]\n1... 2x2 *'
    (record,) = parse_pdn(text)
    assert len(record.plies[0].move.captured) == 4
    assert record.plies[0].after.text == "B:W23,25,27,28,29,31,32,K2:B1,4,8"


def test_game_types_map_to_shipped_games_or_are_refused_by_id() -> None:
    assert variant_for(None, ["american-checkers"]) == "american-checkers"
    assert variant_for("23", ["pool-checkers"]) == "pool-checkers"
    assert variant_for("21,B,8,8,N1,0", ["american-checkers"]) == "american-checkers"
    assert set(GAME_TYPES) == {20, 21, 22, 23, 24, 25, 26, 27, 29, 30, 31, 40}
    with pytest.raises(boardgen.BoardgenError, match=r"GameType 25 is Russian draughts.*'russian-draughts'"):
        variant_for("25", ["american-checkers"])
    with pytest.raises(boardgen.BoardgenError, match="GameType 99"):
        variant_for("99", [])
    # Frisian draughts ships: its GameType reads as the game.
    (record,) = parse_pdn('[GameType "40"] 1. 32-28 *', file="x.pdn")
    assert record.game.id == "frisian-draughts"


def test_pool_checkers_by_game_type() -> None:
    (record,) = parse_pdn('[GameType "23"]\n1. 11-15 22-18 2. 15x22 *')
    assert record.game.id == "pool-checkers" and record.plies[-1].move.captured


def test_what_is_not_pdn_is_refused_with_its_place() -> None:
    for text, message in (
        ('[Event "x"\n1. 11-15', "<pdn>:1:1: bad tag"),
        ("1. 11-15 {open", "<pdn>:1:10: comment '{' is never closed"),
        ("1. 11-15 (1. 10-14", "<pdn>:1:10: variation '(' is never closed"),
        ("1. 11-15 hello", "<pdn>:1:10: unexpected 'hello'"),
        ('[FEN "W:W99:B1"] *', "<pdn>:1:1: FEN: "),
        ("", "<pdn>: no game"),
    ):
        with pytest.raises(boardgen.BoardgenError) as caught:
            parse_pdn(text)
        assert str(caught.value).startswith(message), (text, str(caught.value))


def test_writing_gives_back_the_same_game() -> None:
    for record in [*parse_pdn(TWO_GAMES), *boardgen.read_pdn(PUBLISHED)]:
        (again,) = parse_pdn(boardgen.write_pdn(record))
        assert [p.move for p in again.plies] == [p.move for p in record.plies]
        assert [p.nags for p in again.plies] == [p.nags for p in record.plies]
        assert [p.comment for p in again.plies] == [p.comment for p in record.plies]
        assert [p.variations for p in again.plies] == [p.variations for p in record.plies]
        assert again.start == record.start and again.result == record.result


def test_the_published_game_plays_to_its_recorded_end() -> None:
    (record,) = boardgen.read_pdn(PUBLISHED)
    assert record.game.id == "american-checkers"
    assert record.tags["Black"] == "Chinook" and record.player("white") == "Tinsley, Marion"
    assert len(record.plies) == 71 and record.result == "1/2-1/2"
    assert record.position(71).text == "W:W30,K6,K10:B12,23,K24"  # three pieces each, a draw
    assert record.position(0) == record.game.start
    assert "independent.co.uk" in PUBLISHED.read_text()  # the source is cited
    with pytest.raises(boardgen.BoardgenError, match="ply 72 is out of range"):
        record.position(72)


def test_latin_1_files_and_a_missing_file(tmp_path: Path) -> None:
    old = tmp_path / "old.pdn"
    old.write_bytes('[Event "Café"] 1. 11-15 *'.encode("latin-1"))
    assert boardgen.read_pdn(old)[0].tags["Event"] == "Café"
    with pytest.raises(boardgen.BoardgenError, match=r"none\.pdn: no such file"):
        boardgen.read_pdn(tmp_path / "none.pdn")


def test_compact_and_annotated_move_text() -> None:
    (record,) = parse_pdn("1.11-15 23-19 2.8-11! 22-17?! 3.11-16* 17-13 *")
    assert [p.written for p in record.plies] == ["11-15", "23-19", "8-11", "22-17", "11-16", "17-13"]
    assert [p.nags for p in record.plies[2:5]] == [("!",), ("?!",), ("*",)]


def test_the_variant_option_overrides_the_game_type() -> None:
    (record,) = parse_pdn('[GameType "25"] 1. 11-15 *', game="pool-checkers")
    assert record.game.id == "pool-checkers"


def test_spanish_records_count_squares_from_white_s_near_right_corner() -> None:
    # GameType 24: square 1 is h1 and the classic first move 10-14 is f3-e4.
    (record,) = parse_pdn('[GameType "24"] 1. 10-14 23-19 *')
    assert record.game.id == "spanish-draughts"
    first = record.plies[0]
    assert str(first.move) == "10-14"
    variant = record.game.variant
    names = {n: variant.grid.name(c) for c, n in (variant.board.pdn or {}).items()}
    assert (names[10], names[14], names[23], names[19]) == ("f3", "e4", "c6", "d5")


def test_a_huge_tag_or_move_is_quoted_short_in_the_error_line() -> None:
    huge_tag = '[GameType "25,W,8,8,A0,' + "9" * 10_000 + '"]\n1. c3-d4 *'
    huge_move = '[GameType "24"]\n1. ' + "1" * 5_000 + "-14 *"
    for text in (huge_tag, huge_move):
        with pytest.raises(boardgen.BoardgenError) as info:
            parse_pdn(text, file="g.pdn")
        message = str(info.value)
        assert len(message) < 400 and "characters" in message, message[:200]


def test_a_game_holds_at_most_500_variations() -> None:
    """Each variation is played from its own position: 200,000 of them once took 26 s."""
    from boardgen.records.pdn.tokens import MAX_VARIATIONS

    many = " ".join("(1. 9-13)" for _ in range(MAX_VARIATIONS + 1))
    with pytest.raises(boardgen.BoardgenError, match=r"^<pdn>:2:\d+: more than 500 variations in one game$"):
        boardgen.read_pdn(f'[GameType "21"]\n1. 11-15 {many} 23-19 *')
    allowed = " ".join("(1. 9-13)" for _ in range(MAX_VARIATIONS))
    (record,) = boardgen.read_pdn(f'[GameType "21"]\n1. 11-15 {allowed} 23-19 *')
    assert len(record.plies) == 2
