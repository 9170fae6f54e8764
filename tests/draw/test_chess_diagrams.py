"""Chess diagrams: the king in check glows, the last move is tinted (written as UCI
writes it too), the pieces are named by kind in the text alternative, and the SVG stays
smaller than python-chess's own."""

from __future__ import annotations

import pytest

import boardgen

MATE = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
BEFORE = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"


def _desc(svg: str) -> str:
    return svg.split("<desc>")[1].split("</desc>")[0]


def test_a_king_in_check_glows_and_the_text_says_so() -> None:
    chess = boardgen.load("chess")
    drawn = boardgen.svg(chess.position(MATE), lastmove="h5f7")
    assert 'aria-label="check"' in drawn and drawn.count("<circle") >= 3
    assert "In check: the king on e8." in _desc(drawn)
    assert "Last move: h5 to f7." in _desc(drawn)
    assert boardgen.svg(chess.position(MATE), lastmove="h5-f7") == drawn
    quiet = boardgen.svg(chess.position(BEFORE))
    assert 'aria-label="check"' not in quiet and "In check" not in quiet


def test_the_glow_takes_its_colour_key() -> None:
    position = boardgen.load("chess").position(MATE)
    assert "#1565c0" in boardgen.svg(position, colours={"check": "blue"})
    assert "#e8112d" in boardgen.svg(position)


def test_a_move_diagram_crosses_out_the_piece_taken() -> None:
    position = boardgen.load("chess").position(BEFORE)
    drawn = boardgen.svg(position, move="Qxf7#")
    assert 'aria-label="captured"' in drawn and 'aria-label="arrows"' in drawn
    assert "White to move plays Qxf7#." in _desc(drawn)
    passing = boardgen.load("chess").position("4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2")
    assert "Captured: c5." in _desc(boardgen.svg(passing, move="dxc6"))


def test_the_text_alternative_names_each_piece_by_kind() -> None:
    text = _desc(boardgen.svg(boardgen.load("chess").start))
    assert "White (16): rook a1, knight b1, bishop c1, queen d1, king e1" in text
    assert "Black (16): pawn a7" in text


def test_the_svg_is_smaller_than_python_chess() -> None:
    svg = pytest.importorskip("chess.svg", reason="python-chess (the size to beat) cannot be imported here")
    chess = pytest.importorskip("chess")
    board = chess.Board(MATE)
    theirs = svg.board(board, lastmove=chess.Move.from_uci("h5f7"), check=board.king(chess.BLACK))
    ours = boardgen.svg(boardgen.load("chess").position(MATE), lastmove="h5f7")
    assert len(ours) < len(theirs)
    assert len(boardgen.svg(boardgen.load("chess").start)) < len(svg.board(chess.Board()))
