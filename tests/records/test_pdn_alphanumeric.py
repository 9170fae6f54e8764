"""PDN records in alphanumeric squares (``c3-d4``, ``d4xf6``, ``g7:e5``), as the GameType
tag of PDN 3.0 describes them: reading, errors with their place, writing back."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import boardgen
from boardgen.cli import main
from boardgen.records.pdn import parse_pdn
from boardgen.records.pdn.gametypes import GAME_TYPES
from boardgen.records.pdn.squares import STANDARD, Squares, game_type

#: The same opening twice: in the game's usual squares, and in the engine's PDN numbers
#: (square 1 on Black's side, which PDN writes as numbers from the top left: N2).
OPENING = '[GameType "25"]\n1. c3-d4 f6-e5 2. d4xf6 g7:e5 *\n'
NUMBERS = '[GameType "25,W,8,8,N2,0"]\n1. 22-18 11-15 2. 18x11 8x15 *\n'


def moves(text: str, **kwargs: object) -> list[str]:
    (record,) = parse_pdn(text, **kwargs)  # type: ignore[arg-type]
    return [p.move.text for p in record.plies]


def test_a_russian_game_reads_in_algebraic_squares_with_each_separator() -> None:
    (record,) = parse_pdn(OPENING)
    assert record.game.id == "russian-draughts"
    assert [p.written for p in record.plies] == ["c3-d4", "f6-e5", "d4xf6", "g7:e5"]
    assert [p.move.path for p in record.plies][:2] == [("c3", "d4"), ("f6", "e5")]
    assert record.plies[2].move.captured == ("e5",) and record.plies[3].move.captured == ("f6",)
    assert moves(OPENING) == moves(NUMBERS) == ["22-18", "11-15", "18x11", "8x15"]
    full = OPENING.replace('"25"', '"25,W,8,8,A0,0"').replace("g7:e5", "g7 x e5")
    assert moves(full) == moves(OPENING)
    # Bare numbers in an algebraic record are the board's own PDN numbers, as some programs write.
    assert moves('[GameType "25"] 1. 22-18 f6-e5 2. 18x11 *') == ["22-18", "11-15", "18x11"]
    with pytest.raises(boardgen.BoardgenError, match="'33' is not a playing square"):
        parse_pdn('[GameType "25"] 1. 33-29 *')


def test_brazilian_czech_and_turkish_read_algebraic_by_their_number() -> None:
    assert moves('[GameType "26"] 1. c3-d4 f6-e5 2. d4xf6 g7xe5 *') == ["22-18", "11-15", "18x11", "8x15"]
    assert moves('[GameType "29"] 1. c3-b4 *') == ["22-17"]
    # Turkish uses every square: men step forward or sideways, captures run along lines.
    (turkish,) = parse_pdn('[GameType "30"] 1. d3-d4 e6-e5 2. d4-d5 e5xc5 *')
    assert turkish.game.id == "turkish-draughts" and turkish.plies[-1].move.captured == ("d5",)


def test_thai_records_are_numbered_from_the_starting_side_and_capture_with_a_dash() -> None:
    # PDN's Thai form is 31,B,8,8,N2,0: numbers from the starting player's top left, which
    # are boardgen's own; the standard writes captures with '-' too.
    (record,) = parse_pdn('[GameType "31"] [FEN "B:B22:W18"] 1. 22-15 *')
    assert record.game.id == "thai-draughts" and record.plies[0].move.captured == ("d4",)
    # With no FEN the record starts from the setup, the dark side (Black) first from 25..32.
    assert moves('[GameType "31"] 1. 27-23 6-10 2. 23-19 *') == ["27-23", "6-10", "23-19"]


def test_a_capture_by_its_ends_or_its_whole_path_and_a_fen_in_algebraic() -> None:
    text = '[GameType "25"]\n[FEN "W:Wc3:Bd4,f6"]\n1. c3xg7 1-0\n'
    (record,) = parse_pdn(text)
    assert record.start.text == "W:W22:B11,18"
    assert record.plies[0].move.path == ("c3", "e5", "g7") and record.plies[0].move.captured == ("d4", "f6")
    assert moves(text.replace("c3xg7", "c3xe5xg7")) == ["22x15x8"]
    # Kings and the engine's numbers mix with algebraic squares in a FEN.
    (kings,) = parse_pdn('[GameType "25"] [FEN "B:WKh2,22:Bb8"] 1... b8-a7 *')
    assert kings.start.text == "B:W22,K28:B1"


def test_a_loop_by_its_ends_is_one_move_and_an_ambiguous_capture_lists_both_paths() -> None:
    # Four men round c3: the man takes them all either way round and comes back home.
    (loop,) = parse_pdn('[GameType "25"] [FEN "W:Wc3:Bd4,b4,d6,b6"] 1. c3xc3 *')
    assert len(loop.plies[0].move.captured) == 4 and loop.plies[0].after.text == "B:W22:B"
    # The king on h6 can reach a7 taking two men, or four: the ends alone do not say which.
    text = '[GameType "25"]\n[FEN "W:WKh6:Bb6,f4,b2,b4,e7"]\n1. h6xa7 *\n'
    with pytest.raises(boardgen.BoardgenError) as caught:
        parse_pdn(text, file="two.pdn")
    assert str(caught.value) == (
        "two.pdn:3:4: move 1 (h6xa7): move 'h6xa7' is ambiguous: write the whole path "
        "(h6xe3xa7, h6xc1xa3xc5xa7)"
    )
    assert moves(text.replace("h6xa7", "h6xc1xa3xc5xa7")) == ["12x30x21x14x5"]


@pytest.mark.parametrize(
    "text,message",
    [
        (
            OPENING.replace("2. d4xf6", "2. c3-d5"),
            "g.pdn:2:19: move 2 (c3-d5): 'd5' is not a playing square in this notation "
            "(GameType 25,W,8,8,A0,0)",
        ),
        (
            OPENING.replace("2. d4xf6", "2. c1-d2"),
            "g.pdn:2:19: move 2 (c1-d2): move 'c1-d2' is not legal here; legal moves: d4xf6",
        ),
        ('[GameType "25"]\n1. c3 *\n', "g.pdn:2:4: unexpected 'c3'"),
        (
            '[GameType "25,W,10,10,A0,0"] 1. c3-d4 *',
            "g.pdn:1:1: GameType '25,W,10,10,A0,0' is a 10x10 board; russian-draughts is a 8x8 square board",
        ),
        (
            '[GameType "25,W,8,8,A0,1"] 1. c3-d4 *',
            "g.pdn:1:1: GameType '25,W,8,8,A0,1': invert flag 1 does not fit russian-draughts, "
            "whose first player's bottom left corner is a playing square",
        ),
        ('[GameType "25,W,8,8,S0"] *', "g.pdn:1:1: GameType '25,W,8,8,S0': notation S is chess's"),
        ('[GameType "25,W,8"] *', "g.pdn:1:1: GameType '25,W,8' is not PDN"),
        ('[GameType "25"] [FEN "W:Wc4:Bd5"] *', "g.pdn:1:17: FEN: 'c4' is not a playing square"),
    ],
)
def test_what_is_wrong_is_refused_with_its_place(text: str, message: str) -> None:
    with pytest.raises(boardgen.BoardgenError) as caught:
        parse_pdn(text, file="g.pdn")
    assert str(caught.value).startswith(message), str(caught.value)


def test_the_notation_is_seen_from_the_side_of_the_player_who_starts() -> None:
    # English checkers: Black starts from the north, so its bottom left is the board's h8.
    assert moves('[GameType "21,B,8,8,A0,0"] 1. c3-d4 *') == ["11-15"]
    assert moves('[GameType "21"] 1. 11-15 *') == ["11-15"]
    # Square 1 in the other corners (A1 bottom right, A2 top left, A3 top right).
    assert moves('[GameType "25,W,8,8,A1,0"] 1. f3-e4 *') == ["22-18"]
    assert moves('[GameType "25,W,8,8,A2,0"] 1. c6-d5 *') == ["22-18"]
    assert moves('[GameType "25,W,8,8,A3,0"] 1. f6-e5 *') == ["22-18"]


def test_the_standard_numbers_are_the_engines_own_for_every_numbered_game() -> None:
    """PDN's numeric notation for each shipped game that uses it gives back exactly the
    numbers boardgen's descriptors print (so ``[GameType "20"]`` and no tag read as before)."""
    for number, (vid, _) in GAME_TYPES.items():
        game = boardgen.load(vid)
        numbers = game.variant.board.pdn
        if numbers is None or STANDARD[number].split(",")[4][0] != "N":
            continue
        squares = Squares.of(game_type(str(number)), game)
        grid = game.variant.grid
        assert {w: str(numbers[grid.parse(c)]) for w, c in squares.cells.items()} == {
            w: w for w in squares.cells
        }, vid


def test_a_game_read_in_algebraic_writes_back_in_algebraic() -> None:
    text = OPENING.replace("2. d4xf6", "{the exchange} 2. d4xf6 $1").replace(" *", " 1/2-1/2")
    (record,) = parse_pdn(text)
    written = boardgen.write_pdn(record)
    assert '[GameType "25"]' in written and "1. c3-d4 f6-e5 {the exchange} 2. d4xf6 $1 g7:e5" in written
    (again,) = parse_pdn(written)
    assert [p.move for p in again.plies] == [p.move for p in record.plies]
    assert [p.comment for p in again.plies] == [p.comment for p in record.plies]
    # A record without the tag gets the game's number, and its squares stay algebraic.
    (bare,) = parse_pdn("1. c3-d4 f6-e5 *", game="russian-draughts")
    (back,) = parse_pdn(boardgen.write_pdn(bare))
    assert back.game.id == "russian-draughts" and [p.written for p in back.plies] == ["c3-d4", "f6-e5"]


def test_the_game_command_refuses_a_bad_algebraic_record_and_writes_nothing(
    in_tmp: Path,
) -> None:
    Path("bad.pdn").write_text(OPENING.replace("2. d4xf6", "2. c3-d5"))
    for target in ("sheet.pdf", "again.pdn"):
        result = CliRunner().invoke(main, ["game", "bad.pdn", "-o", target])
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr.startswith("bad.pdn:2:19: move 2 (c3-d5): 'd5' is not a playing square")
        assert result.stderr.count("\n") == 1
    assert sorted(p.name for p in in_tmp.iterdir()) == ["bad.pdn"]
    Path("good.pdn").write_text(OPENING)
    result = CliRunner().invoke(main, ["game", "good.pdn", "-o", "again.pdn"])
    assert result.exit_code == 0 and "c3-d4 f6-e5" in Path("again.pdn").read_text()
