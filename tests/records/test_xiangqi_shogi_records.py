"""Xiangqi PGN (ICCS, WXF) and shogi KIF and USI records, and published games of both
replayed to their recorded ends.

The published games are under ``examples/games/``, each file citing where it comes
from on its first line (repository, commit and path):

* ``xiangqi-masters-1956-1997-iccs.pgn`` and ``-wxf.pgn``: fifteen master games from
  maksimKorzh/wukong-xiangqi (``xqdb/games_pgn/bulk_games_uci.pgn`` and
  ``xqdb_international.pgn`` at 9ef8db735e78ec640a64d50240698087b44c5294), the same
  games in ICCS coordinates and in full-width WXF. Their results are in the same
  repository's ``xqdb/games_html/*.html`` (``DhtmlXQ_result``: W a red win, L a black
  win, D a draw), copied into :data:`XIANGQI_RESULTS`.
* ``shogi-*.kif``: six professional title-match games of 2014 and 2018 from
  na2hiro/Kifu-for-JS (``packages/json-kifu-format/test/files/kif/`` at
  91ed88a48e2bc7c8862b3c5eb9f5f84000b531b4), in Shift-JIS as published there.
"""

# ruff: noqa: RUF001 - KIF writes full-width digits and colons, which these texts must match
from __future__ import annotations

from pathlib import Path

import pytest

import boardgen
from boardgen.errors import BoardgenError
from boardgen.records.shogi import write_usi
from boardgen.records.xiangqi import write_xiangqi_pgn

GAMES = Path(__file__).resolve().parents[2] / "examples" / "games"

#: (Red, Black) -> the result the source's HTML pages give (W, L or D).
XIANGQI_RESULTS = {
    ("DING Wa Chong", "SCHAEFER Nobert"): "W",
    ("GUO ChangShun", "ZANG RuYi"): "W",
    ("HO Shing Kin", "LU LiangCheng"): "D",
    ("HO Shing Kin", "DONG JianXuong"): "W",
    ("WONG Steve", "ZHANG RongQing"): "W",
    ("ZHENG YiTing", "Ung Dau"): "L",
    ("ZHAO GuoRong", "KE YongQing"): "L",
    ("LIU DianZhong", "LIU DaHua"): "W",
    ("LIU DaHua", "HUANG Yong"): "L",
    ("Lv Qin", "LIN HongMin"): "W",
    ("YAN Andrew", "CHIU Yu Kuen"): "L",
    ("KONG Vong", "TRUONG Wen"): "W",
    ("LE Thien Vi", "BI BingJian"): "W",
    ("LIU DaHua", "LIU YiCi"): "W",
    ("Lv Qin", "TRENH A Sang"): "W",
}
_WINNER = {"W": "red", "L": "black", "D": "draw"}


def _replays(record: boardgen.GameRecord) -> None:
    """Every ply is the engine's legal move from the ply's position."""
    assert record.plies
    for ply in record.plies:
        assert ply.move in ply.before.legal_moves()
        assert ply.before.play(ply.move) == ply.after


def test_fifteen_master_games_replay_in_iccs_and_in_wxf_alike() -> None:
    iccs = boardgen.read_records(GAMES / "xiangqi-masters-1956-1997-iccs.pgn")
    wxf = boardgen.read_records(GAMES / "xiangqi-masters-1956-1997-wxf.pgn")
    assert len(iccs) == len(wxf) == 15
    differ = []
    for a, b in zip(iccs, wxf, strict=True):
        assert a.game.id == "xiangqi" and a.tags["Red"] == b.tags["Red"]
        _replays(a)
        _replays(b)
        assert len(a.plies) == len(b.plies)
        differ += [
            (a.tags["Red"], p.index) for p, q in zip(a.plies, b.plies, strict=True) if p.move != q.move
        ]
        # The engine never ends a game before its record does, nor against its result.
        winner = _WINNER[XIANGQI_RESULTS[(a.tags["Red"], a.tags["Black"])]]
        for record in (a, b):
            for position in record.positions()[:-1]:
                assert position.ending() is None
            ending = record.positions()[-1].ending()
            assert ending is None or ending.result == winner
    # One move differs: the ICCS copy writes 36. e5e6 (the front soldier), the WXF copy
    # 36. -P+1 (the rear one), and the source's own move list (DPXQ 4645, e4-e5) agrees
    # with the WXF copy; both go on legally to the end.
    assert differ == [("LIU DianZhong", 71)]


def test_a_master_game_that_ends_in_mate_ends_so_in_the_engine() -> None:
    iccs = boardgen.read_records(GAMES / "xiangqi-masters-1956-1997-iccs.pgn")
    (game,) = [r for r in iccs if r.tags["Red"] == "LE Thien Vi"]
    ending = game.positions()[-1].ending()
    assert ending is not None and ending.result == "red" and "checkmated" in ending.reason
    assert len(game.plies) == 43 and game.numbered_in_pairs and game.plies[-1].number == 22


SHOGI_GAMES = {
    "shogi-watanabe-miura-2014-kio-game3": ("渡辺明", "三浦弘行", 85, "1-0"),
    "shogi-habu-kimura-2014-oi-game1": ("羽生善治", "木村一基", 116, "0-1"),
    "shogi-habu-itodani-2014-ryuo-challenger-game2": ("羽生善治", "糸谷哲郎", 117, "1-0"),
    "shogi-watanabe-sato-2014-jt-cup": ("渡辺明", "佐藤康光", 107, "1-0"),
    "shogi-toyoshima-habu-2014-oza-game4": ("豊島将之", "羽生善治", 103, "*"),
    "shogi-habu-sato-2018-meijin-game3": ("羽生 善治竜王", "佐藤 天彦名人", 52, "*"),
}


@pytest.mark.parametrize("name", sorted(SHOGI_GAMES))
def test_a_professional_shogi_game_replays_to_its_recorded_end(name: str) -> None:
    black, white, plies, result = SHOGI_GAMES[name]
    path = GAMES / f"{name}.kif"
    assert path.read_bytes().startswith(b"# Source: https://github.com/na2hiro/Kifu-for-JS/")
    (record,) = boardgen.read_records(path)
    assert record.game.id == "shogi" and record.format == "kif" and not record.numbered_in_pairs
    assert record.player("black") == black and record.player("white") == white
    assert len(record.plies) == plies and record.result == result
    _replays(record)
    # Each resigned (投了) or was cut off: the rules have not ended any of them.
    assert all(position.ending() is None for position in record.positions())
    assert record.plies[0].written == record.plies[0].move.text  # kept in USI, which any font prints
    # Written back as a USI line, the game reads again move for move.
    (again,) = boardgen.read_records(write_usi(record))
    assert [p.move for p in again.plies] == [p.move for p in record.plies]


def test_kif_moves_drops_promotions_and_the_same_square() -> None:
    (record,) = boardgen.read_records(GAMES / "shogi-watanabe-miura-2014-kio-game3.kif")
    texts = [p.move.text for p in record.plies]
    assert texts[9] == "2c2d"  # 10 同　歩(23): takes back on the square of the move before
    assert texts[20] == "P*8g"  # 21 ８七歩打
    assert texts[34] == "8h3c+"  # 35 ３三角成(88)


def test_usi_lines_and_sfen_starts() -> None:
    text = (
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b\nposition sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b\n"
    )
    first, second = boardgen.read_records(text)
    assert [p.move.text for p in first.plies] == ["7g7f", "3c3d", "8h2b+", "3a2b"]
    assert first.positions()[-1].text.split()[2] == "Bb"
    assert second.start.text == "4k4/9/9/9/9/9/9/9/4K4 b G 1" and len(second.plies) == 1
    assert write_usi(second) == "position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b\n"


def test_xiangqi_pgn_with_fen_comments_and_variations_written_back() -> None:
    text = """[Game "Chinese Chess"]
[Event "A test"]
[FEN "3k5/4R4/9/9/9/9/9/9/9/2R1K4 w - - 0 1"]
[Result "1-0"]
{Red mates in one.} 1. C0-D0 {the chariot closes the file} (1. C0-C1) 1-0
"""
    (record,) = boardgen.read_records(text)
    assert record.format == "xiangqi-pgn" and record.result == "1-0" and record.comment == "Red mates in one."
    assert [p.move.text for p in record.plies] == ["c1-d1"] and record.plies[0].comment.startswith(
        "the chariot"
    )
    assert record.positions()[-1].ending().result == "red"
    back = write_xiangqi_pgn(record)
    assert "1. C0-D0" in back and '[FEN "3k5/4R4/9/9/9/9/9/9/9/2R1K4 w - - 0 1"]' in back
    (again,) = boardgen.read_records(back)
    assert [p.move for p in again.plies] == [p.move for p in record.plies]


def test_bad_records_name_file_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pgn"
    bad.write_text('[Game "Chinese Chess"]\n1. H2-E2 H9-G7 2. H2-H9\n', encoding="utf-8")
    with pytest.raises(BoardgenError, match=r"bad\.pgn:2:19: move 2 \(H2-H9\): move 'h3-h10' is not legal"):
        boardgen.read_records(bad)
    kif = tmp_path / "bad.kifu"
    kif.write_text("手合割：平手\n   1 ７六歩(77)\n   2 ７六歩(73)\n", encoding="utf-8")
    with pytest.raises(BoardgenError, match=r"bad\.kifu:3:1: move 2 \(７六歩\)"):
        boardgen.read_records(kif)
    wrong = tmp_path / "wrong.kifu"
    wrong.write_text("手合割：平手\n   1 ７六銀(77)\n", encoding="utf-8")  # a pawn stands on 7g
    with pytest.raises(
        BoardgenError, match=r"wrong\.kifu:2:1: KIF: move 1 \(７六銀\) names a piece that is not"
    ):
        boardgen.read_records(wrong)
    with pytest.raises(BoardgenError, match="handicap"):
        boardgen.read_records("手合割：角換わり\n   1 ７六歩(77)\n", file="odd.kif")
    with pytest.raises(BoardgenError, match="USI"):
        boardgen.read_records("position startpos moves 7g7f 9a9z\n")
    with pytest.raises(BoardgenError, match="Chinese characters are not read"):
        boardgen.read_records('[Game "Chinese Chess"]\n1. 炮二平五 *\n')
