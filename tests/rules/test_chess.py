"""The chess family: perft against the published tables, FEN and SAN, the endings and
the draw rules, Chess960's castling; the lockstep with python-chess (the oracle, GPL,
never imported by boardgen) is in test_chess_lockstep.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import boardgen
from boardgen.cli import main
from boardgen.descriptor import load_variant
from boardgen.errors import BoardgenError
from boardgen.model.facts import game_facts
from boardgen.rules.chess.chess960 import back_rank, start_fen
from boardgen.rules.chess.game import ChessGame
from tests.support.chess_oracle import chess_game
from tests.support.tools import ROOT

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

#: The published perft tables (chessprogramming.org's "Perft Results"): position, counts
#: from depth 1. The deepest figures (start depth 6, Kiwipete 4 at full, position 3 at 6)
#: run in benchmarks/bench_chess.py; the suite stops where a count takes a second or two.
PUBLISHED = [
    (START, [20, 400, 8902, 197281, 4865609]),
    (KIWIPETE, [48, 2039, 97862]),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2812, 43238, 674624]),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", [6, 264, 9467, 422333]),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", [44, 1486, 62379]),
    ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", [46, 2079, 89890]),
]


@pytest.mark.parametrize(("fen", "counts"), PUBLISHED, ids=["start", "kiwipete", "3", "4", "5", "6"])
def test_perft_equals_the_published_tables(fen: str, counts: list[int]) -> None:
    game = chess_game("chess")
    position = game.parse_position(fen)
    assert [game.perft(position, depth) for depth in range(1, len(counts) + 1)] == counts


def test_the_perft_command_prints_the_published_figures() -> None:
    result = CliRunner().invoke(main, ["perft", "chess", "4"])
    assert result.exit_code == 0, result.output
    assert result.output.split("\n")[:4] == ["1 20", "2 400", "3 8902", "4 197281"]
    result = CliRunner().invoke(main, ["perft", "chess", "3", "--position", KIWIPETE, "--divide"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "O-O\t2059" in lines and "O-O-O\t1887" in lines and lines[-1] == "3 97862"
    assert sum(int(line.split("\t")[1]) for line in lines if "\t" in line) == 97862


def test_the_perft_command_bounds_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chess admits depth 6 from the start (tests cannot wait for it: the benchmark runs
    it); a depth past its bound is refused before any work, saying which depth to ask."""
    assert ChessGame.perft_positions >= 4_865_609
    monkeypatch.setattr(ChessGame, "perft_positions", 1000)
    result = CliRunner().invoke(main, ["perft", "chess", "5"])
    assert result.exit_code == 2
    assert "depth 4 would generate the moves of 8,902 positions, over the limit of 1,000" in result.stderr


#: chessprogramming.org's "Chess960 Perft Results" (positions 0 to 2, Shredder-FEN rights).
CHESS960 = [
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1", [21, 528, 12189, 326672]),
    ("2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 0 1", [21, 807, 18002]),
    ("b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 0 1", [20, 479, 10471, 273318]),
]


@pytest.mark.parametrize(("fen", "counts"), CHESS960, ids=["0", "1", "2"])
def test_chess960_perft_equals_the_published_tables(fen: str, counts: list[int]) -> None:
    game = chess_game("chess960")
    position = game.parse_position(fen)
    assert [game.perft(position, depth) for depth in range(1, len(counts) + 1)] == counts


def test_chess960_starts_by_number() -> None:
    assert back_rank(518) == "RNBQKBNR" and back_rank(0) == "BBQNNRKR" and back_rank(959) == "RKRNNQBB"
    assert boardgen.load("chess960").position(start_fen(321)).text == boardgen.load("chess960").start.text
    with pytest.raises(BoardgenError, match="from 0 to 959"):
        back_rank(960)


# -- positions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fen",
    [
        START,
        KIWIPETE,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",  # no pawn can take: kept
        "8/8/8/8/8/8/8/K1k5 b - - 99 180",
        "bnrbqkrn/pppppppp/8/8/8/8/PPPPPPPP/BNRBQKRN w KQkq - 0 1",
    ],
)
def test_a_fen_is_written_back_exactly(fen: str) -> None:
    game = boardgen.load("chess960" if fen.startswith("bnr") else "chess")
    assert game.position(fen).text == fen


def test_fen_after_moves_and_the_short_form() -> None:
    chess = boardgen.load("chess")
    after = chess.start.play("e4").play("c5").play("Nf3")
    assert after.text == "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    assert chess.start.play("e4").text.split()[3] == "e3"  # after every double step (the FEN standard)
    assert chess.position("8/8/8/8/8/8/8/K1k5 w - -").text == "8/8/8/8/8/8/8/K1k5 w - - 0 1"


@pytest.mark.parametrize(
    ("fen", "why"),
    [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"),
        ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "holds 7 squares, not 8"),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'9' is not a piece"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "'X' is not a piece"),
        ("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "Black has 0 kings"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move is w or b"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling right 'K'"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1", "castling rights are KQkq or -"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "en passant square e3"),
        ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "en passant square e3"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "move number"),
        ("4k3/8/8/8/8/8/8/R3K2r b - - 0 1", "White, who has just moved, is in check"),
        ("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "Black, who has just moved, is in check"),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn on its first or last rank (a8)"),
        ("4k3/8/8/8/8/8/8/4K3 w", "write a FEN"),
        ("bnrbqkrn/pppppppp/8/8/8/8/PPPPPPPP/BNRBQKRN w KQkq - 0 1", "Chess960 position"),
    ],
)
def test_a_bad_fen_is_refused_saying_why(fen: str, why: str) -> None:
    with pytest.raises(BoardgenError, match="position") as info:
        boardgen.load("chess").position(fen)
    assert why in str(info.value)
    assert "\n" not in str(info.value)


def test_chess960_castling_rights_are_read_in_x_fen_and_shredder_fen() -> None:
    game = boardgen.load("chess960")
    # the rook on b1 is not the outermost on its side (a1 holds one): X-FEN names its file
    fen = "1r2k2r/8/8/8/8/8/8/RR2K2R w KBkq - 0 1"
    assert game.position(fen).text == fen
    assert game.position(fen.replace("kq", "kb")).text == fen  # Black's b-rook is its outermost
    assert game.position("bnrbqkrn/pppppppp/8/8/8/8/PPPPPPPP/BNRBQKRN w GCgc - 0 1").text.split()[2] == "KQkq"


# -- moves --------------------------------------------------------------------------------


def test_moves_are_read_in_san_long_algebraic_and_uci() -> None:
    start = boardgen.load("chess").start
    for text in ("Nf3", "Ng1f3", "Ng1-f3", "Ng1xf3"[:3] + "f3", "g1f3", "g1-f3", "Nf3!?", " Nf3 "):
        assert start.move(text).text == "Nf3"
    position = boardgen.load("chess").position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert {position.move(t).text for t in ("O-O", "0-0", "e1g1", "e1h1", "O-O+")} == {"O-O"}
    assert position.move("0-0-0").text == "O-O-O"


def test_san_disambiguates_and_marks_check_and_mate() -> None:
    chess = boardgen.load("chess")
    knights = chess.position("4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1")  # both reach b3: named by file
    assert {"Nab3", "Ncb3"} <= {m.text for m in knights.legal_moves()}
    rooks = chess.position("4k3/8/8/8/8/8/4K3/R6R w - - 0 1")
    assert {"Rad1", "Rhd1", "Rab1", "Ra7"} <= {m.text for m in rooks.legal_moves()}
    files = chess.position("7k/8/R7/8/R7/8/8/4K3 w - - 0 1")
    assert {"R6a5", "R4a5"} <= {m.text for m in files.legal_moves()}
    queens = chess.position("7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1")
    assert "Qa4b3" in {m.text for m in queens.legal_moves()}
    mate = chess.position("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1")
    assert mate.move("Ra8").text == "Ra8#"
    assert mate.move("Ra7").text == "Ra7"
    promotion = chess.position("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    assert [m.text for m in promotion.legal_moves() if m.path[0] == "a7"] == [
        "a8=Q+",
        "a8=R+",
        "a8=B",
        "a8=N",
    ]
    assert promotion.move("a8Q").text == promotion.move("a7a8q").text == "a8=Q+"


def test_a_move_not_legal_or_ambiguous_is_refused_with_the_legal_moves() -> None:
    start = boardgen.load("chess").start
    with pytest.raises(BoardgenError, match=r"move 'Nf4' is not legal here; legal moves: Na3, Nc3"):
        start.move("Nf4")
    rooks = boardgen.load("chess").position("4k3/8/8/8/8/8/4K3/R6R w - - 0 1")
    with pytest.raises(BoardgenError, match="'Rf1' is ambiguous: it could be Raf1, Rhf1"):
        rooks.move("Rf1")


def test_en_passant_and_its_pin_along_the_rank() -> None:
    chess = boardgen.load("chess")
    open_ = chess.position("4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2")
    take = open_.move("dxc6")
    assert take.text == "dxc6" and take.captured == ("c5",)
    assert open_.play(take).pieces().get("c5") is None
    pinned = chess.position("8/8/8/K2pP2r/8/8/8/7k w - d6 0 2")
    assert "exd6" not in [m.text for m in pinned.legal_moves()]


def test_castling_rules() -> None:
    chess = boardgen.load("chess")
    through_check = chess.position("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1")  # f1 attacked: no O-O
    texts = {m.text for m in through_check.legal_moves()}
    assert "O-O" not in texts and "O-O-O" in texts
    in_check = chess.position("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1")
    assert not {"O-O", "O-O-O"} & {m.text for m in in_check.legal_moves()}
    after = chess.position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").play("O-O")
    assert after.text == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    assert after.play("Ra2").text.split()[2] == "k"  # Black's a-rook moved: only O-O is left


def test_chess960_castling_ends_on_the_usual_squares() -> None:
    game = boardgen.load("chess960")
    after = game.start.play("O-O")
    assert after.text == "bnrbqkrn/pppppppp/8/8/8/8/PPPPPPPP/BNRBQRKN b kq - 1 1"
    assert game.start.move("f1g1").text == "O-O"  # the king onto its rook, Chess960's UCI


# -- endings and draws --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "result", "reason"),
    [
        ("6k1/5ppp/8/8/8/8/8/R3K3 b - - 0 1", None, None),
        ("R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1", "white", "black is checkmated"),
        ("k7/8/1Q6/8/8/8/8/7K b - - 0 1", "draw", "stalemate"),
        ("k7/8/8/8/8/8/8/6BK b - - 0 1", "draw", "insufficient material"),
        ("k7/8/8/8/8/8/8/5NNK b - - 0 1", None, None),  # two knights can mate (with help)
        ("kb6/8/8/8/8/8/8/6BK b - - 0 1", "draw", "insufficient material"),  # same-coloured bishops
        ("kb6/8/8/8/8/8/8/5B1K b - - 0 1", None, None),
        ("k7/8/8/8/8/8/8/R6K b - - 149 200", None, None),
        ("k7/8/8/8/8/8/8/R6K b - - 150 200", "draw", "75-move rule"),
        ("k7/8/8/8/8/8/8/R6K b - - 100 200", None, None),  # fifty moves: a claim, not an end
    ],
)
def test_endings(fen: str, result: str | None, reason: str | None) -> None:
    ending = boardgen.load("chess").position(fen).ending()
    assert (ending and ending.result) == result
    assert reason is None or (ending is not None and reason in ending.reason)


def test_draws_are_claimed_or_automatic_as_the_switch_says() -> None:
    claimed = chess_game("chess")
    automatic = chess_game("chess", draw_claims="automatic")
    fifty = "k7/8/8/8/8/8/8/R6K b - - 100 200"
    assert claimed.ending(claimed.parse_position(fifty)) is None
    assert claimed.claimable(claimed.parse_position(fifty)) == "fifty-move rule"
    assert automatic.outcome(automatic.parse_position(fifty)) == "draw"
    # a move that makes the hundredth ply may be claimed before it is played (FIDE 9.3.1)
    assert claimed.claimable(claimed.parse_position("k7/8/8/8/8/8/8/1R5K w - - 99 200")) == "fifty-move rule"

    def shuffle(game: object, plies: int) -> object:
        position = game.initial()  # type: ignore[attr-defined]
        for ply in range(plies):
            position = game.play(position, game.parse_move(position, ("Nf3", "Nf6", "Ng1", "Ng8")[ply % 4]))  # type: ignore[attr-defined]
        return position

    twice = shuffle(claimed, 4)  # the start has occurred twice
    assert claimed.ending(twice) is None and claimed.claimable(twice) is None
    about = shuffle(claimed, 7)  # Ng8 would make the third time: claimable now
    assert claimed.claimable(about) == "threefold repetition"
    assert claimed.ending(shuffle(claimed, 8)) is None
    assert automatic.ending(shuffle(automatic, 8)).reason == "threefold repetition"  # type: ignore[union-attr]
    assert claimed.ending(shuffle(claimed, 16)).reason == "fivefold repetition"  # type: ignore[union-attr]


def test_a_finished_game_says_so_on_the_command_line() -> None:
    result = CliRunner().invoke(main, ["moves", "chess", "--position", "R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1"])
    assert result.exit_code == 0 and result.stdout == ""
    assert "white wins (black is checkmated)" in result.stderr


def test_validate_checks_a_chess960_setup(tmp_path: Path) -> None:
    text = (ROOT / "variants" / "chess960.yaml").read_text("utf-8")
    ok = CliRunner().invoke(main, ["validate", "chess960"])
    assert (
        ok.exit_code == 0
        and "chess.chess960-start: White's first rank BNRBQKRN is Chess960's start 321" in ok.output
    )
    swapped = text.replace("bishop: {cells: [a1, d1]}", "bishop: {cells: [b1, d1]}").replace(
        "knight: {cells: [b1, h1]}", "knight: {cells: [a1, h1]}"
    )
    path = tmp_path / "chess960.yaml"
    path.write_text(swapped, "utf-8")
    bad = CliRunner().invoke(main, ["validate", str(path)])
    assert bad.exit_code == 1
    assert (
        "FAIL chess.chess960-start" in bad.output
        and "NBRBQKRN is none of Chess960's 960 starts" in bad.output
    )


def test_facts_play_chess() -> None:
    """``boardgen facts chess`` plays through the Engine protocol (few short games here)."""
    facts = game_facts(load_variant("chess"), 4, max_plies=80)
    assert facts.played == 4
    assert all(p.games == 2 and p.branching > 10 for p in facts.policies)
