"""Published games of the draughts family, each checked against its recorded end.

``tests/records/test_published_games.py`` replays every record under ``examples/`` and checks
that each ply is a legal move; here each game's last position is compared with what
the record implies (who is left, where, whose turn), so a rules change that still
finds every written move legal but plays one of them differently is caught too.
"""

from __future__ import annotations

from pathlib import Path

import boardgen

GAMES = Path(__file__).resolve().parents[2] / "examples" / "games"


def _record(name: str) -> boardgen.GameRecord:
    (record,) = boardgen.read_pdn(GAMES / f"{name}.pdn")
    return record


def _count(position: boardgen.Position, player: str, kind: str) -> int:
    return sum(1 for p in position.pieces().values() if p.player == player and p.kind == kind)


def test_the_2003_world_championship_game_clerc_andall() -> None:
    record = _record("international-draughts-clerc-andall-2003")
    assert record.game.id == "international-draughts"
    assert record.tags["Event"] == "WK 2003" and record.player("white") == "Clerc,R."
    assert len(record.plies) == 119 and record.result == "1-0"
    # 41... 23x41: a man's double capture written by its ends; the engine finds the path.
    assert str(record.plies[81].move) == "23x32x41"
    # 44. 38x7: three men in one capture, ending one row short of the crown.
    assert str(record.plies[86].move) == "38x27x16x7"
    # White crowns first (53. 7-1), Black later (58... 41-46).
    assert "K" not in record.position(104).text
    assert record.position(105).text == "B:W24,25,35,37,39,K1:B4,9,27,28,36"
    end = record.position(119)
    assert end.text == "B:W25,26,35,39,K42:B32,K46:quiet=1"
    assert (_count(end, "white", "man"), _count(end, "white", "king")) == (4, 1)
    assert (_count(end, "black", "man"), _count(end, "black", "king")) == (1, 1)
    assert end.outcome() is None  # Black resigned; the game was not over by the rules


def test_the_2005_italian_championship_game_borghetti_sardu() -> None:
    record = _record("italian-draughts-borghetti-sardu-2005")
    assert record.game.id == "italian-draughts"
    assert record.player("white") == "Borghetti, Michele" and record.player("black") == "Sardu, Gianni"
    assert len(record.plies) == 119 and record.result == "1-0"
    # The Italian numbering: White's men start on 21-32, and the first move is 23-19.
    assert str(record.plies[0].move) == "23-19" and record.plies[0].before.turn == "white"
    end = record.position(119)
    assert end.text == "B:W20,K3,K14,K19:B15,K12,K16"
    assert (_count(end, "white", "man"), _count(end, "white", "king")) == (1, 3)
    assert (_count(end, "black", "man"), _count(end, "black", "king")) == (1, 2)
    assert end.outcome() is None  # Black resigned


def test_the_2021_frisian_world_championship_game_walinga_groenveld() -> None:
    record = _record("frisian-draughts-walinga-groenveld-2021")
    assert record.game.id == "frisian-draughts"
    assert record.player("white") == "Walinga, Marten" and record.player("black") == "Groenveld, Folkert"
    # The copy of the column we have stops after Black's 48th move: 96 plies, unfinished.
    assert len(record.plies) == 96 and record.result == "*"
    straight = {p.written for p in record.plies if p.written in {"39x19", "34x32", "30x28", "28x30"}}
    assert straight == {"39x19", "34x32", "30x28", "28x30"}  # captures along columns and rows
    # 42... 20x49: up the column over 30, then diagonally over 44, crowned on the far row.
    crowning = record.plies[83]
    assert str(crowning.move) == "20x40x49" and [str(m) for m in crowning.before.legal_moves()] == [
        "20x40x49"
    ]
    assert "K49" in crowning.after.text
    end = record.position(96)
    assert end.text == "W:W27,28,45:B6,14,16,23,K46"
    assert (_count(end, "white", "man"), _count(end, "white", "king")) == (3, 0)
    assert (_count(end, "black", "man"), _count(end, "black", "king")) == (4, 1)


def test_the_2004_italian_championship_game_veronesi_milanese() -> None:
    record = _record("international-draughts-veronesi-milanese-2004")
    assert record.game.id == "international-draughts"
    assert len(record.plies) == 98 and record.result == "0-1"
    # 34... 15x24: a man's capture of five round a loop, printed by its ends only.
    loop = record.plies[67]
    assert loop.written == "15x24" and len(loop.move.captured) == 5
    assert loop.after.text == "W:W25,26,43,45,47,48:B2,4,6,7,16,24,36"
    end = record.position(98)
    assert end.text == "W:W12,24,47:B4,6,11,36,K3:quiet=1"
    assert (_count(end, "white", "man"), _count(end, "black", "man"), _count(end, "black", "king")) == (
        3,
        4,
        1,
    )


def test_a_loop_capture_written_by_its_ends_is_one_move() -> None:
    # The hand-built core of 34... 15x24 above: the man goes round clockwise or
    # anticlockwise, takes the same five men and ends on 24 either way.
    position = boardgen.load("international-draughts").position("B:W20,29,30,39,40:B15")
    paths = [str(m) for m in position.legal_moves()]
    assert paths == ["15x24x33x44x35x24", "15x24x35x44x33x24"]
    assert {position.play(p).text for p in paths} == {"W:W:B24"}
    assert position.play("15x24").text == "W:W:B24"
