"""SGF variations kept as a tree, as PDN's are: played and checked, in the API, on the
game sheet, and written back."""

from __future__ import annotations

import io

import pdfplumber
import pytest

import boardgen
from boardgen.records.sgf.tree import main_line

TREE = (
    "(;GM[1]SZ[9]PB[Ann]PW[Bob];B[ee];W[cc]"
    "(;B[dd];W[gg](;B[ff])(;B[fg]C[also good]))(;B[cd]C[side];W[dc])(;B[aa]))"
)


def test_the_tree_keeps_every_branch_on_the_node_it_replaces() -> None:
    nodes = main_line(TREE)
    assert [n.first("B") or n.first("W") for n in nodes[1:]] == ["ee", "cc", "dd", "gg", "ff"]
    assert [[n.props for n in branch] for branch in nodes[3].alternatives] == [
        [{"B": ["cd"], "C": ["side"]}, {"W": ["dc"]}],
        [{"B": ["aa"]}],
    ]


def test_variations_are_played_from_the_position_before_their_move() -> None:
    (record,) = boardgen.read_records(TREE)
    third = record.plies[2]
    assert third.written == "d6" and third.variations == ("c6 d7", "a9")
    side = third.lines[0]
    assert [p.written for p in side.plies] == ["c6", "d7"] and side.plies[0].comment == "side"
    assert side.positions()[0] == third.before and side.plies[1].number == 4
    assert record.plies[4].lines[0].plies[0].comment == "also good"


def test_a_bad_move_in_a_variation_is_refused_at_its_node() -> None:
    bad = "(;GM[1]SZ[9];B[ee];W[cc](;B[dd])\n(;B[ee]))"
    with pytest.raises(boardgen.BoardgenError, match=r"<pdn>:2:2: SGF move 3 \(B\[ee\]\) in a variation"):
        boardgen.read_records(bad)


def test_variations_are_written_back_and_read_again_the_same() -> None:
    (record,) = boardgen.read_records(TREE)
    again = boardgen.write_sgf(record)
    (read,) = boardgen.read_records(again)
    assert [(p.written, p.variations, p.comment) for p in read.plies] == [
        (p.written, p.variations, p.comment) for p in record.plies
    ]
    assert read.plies[4].lines[0].plies[0].comment == "also good"


def test_side_lines_are_printed_on_the_game_sheet() -> None:
    (record,) = boardgen.read_records(TREE)
    with pdfplumber.open(io.BytesIO(record.sheet(every=5))) as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
    assert "(3. c6 side 4. d7)" in text and "(3. a9)" in text and "(5. f3 also" in text


def test_a_line_branching_at_every_move_reads_and_writes_without_recursion() -> None:
    """Each branch point nests the rest of the line one bracket deeper: 119 of them."""
    points = [chr(97 + x) + chr(97 + y) for y in range(19) for x in range(19)]
    count = 120
    main = [f";{'BW'[i % 2]}[{points[3 * i]}]" for i in range(count)]
    side = [f";{'BW'[i % 2]}[{points[3 * i + 1]}]" for i in range(count)]
    text = "(;GM[1]SZ[19]" + main[0] + "".join("(" + m for m in main[1:])
    text += "".join(f")({side[i]})" for i in range(count - 1, 0, -1)) + ")"
    (record,) = boardgen.read_records(text)
    assert len(record.plies) == count and all(len(p.lines) == 1 for p in record.plies[1:])
    (again,) = boardgen.read_records(boardgen.write_sgf(record))
    assert [p.variations for p in again.plies] == [p.variations for p in record.plies]
