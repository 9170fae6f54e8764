"""The public Python API: games, immutable positions, diagrams, one error type, doctests."""

from __future__ import annotations

import doctest
import importlib
import io
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner
from PIL import Image

import boardgen
from boardgen.cli import main

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
NS = {"svg": SVG[1:-1]}

DOCTESTED = [
    "boardgen",
    "boardgen.model.positions",
    "boardgen.api",
    "boardgen.draw.diagrams",
    "boardgen.draw.options",
    "boardgen.docext.blocks",
    "boardgen.records.pdn.reader",
    "boardgen.records.pgn.reader",
    "boardgen.records.formats",
    "boardgen.rules.chess.chess960",
]


@pytest.mark.parametrize("name", DOCTESTED)
def test_the_documented_examples_run(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    module = importlib.import_module(name)
    failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS, raise_on_error=False)
    assert tried > 0, f"{name} has no examples"
    assert failed == 0


def test_the_public_names_are_exported() -> None:
    for name in ("load", "svg", "pdf", "png", "read_pdn", "write_pdn", "BoardgenError", "Position", "Game"):
        assert name in boardgen.__all__ and hasattr(boardgen, name)


def test_positions_are_immutable_values() -> None:
    game = boardgen.load("american-checkers")
    start = game.start
    after = start.play("11-15")
    assert start.text == game.start.text and after.text != start.text  # the start is unchanged
    assert after == game.position(after.text) and hash(after) == hash(game.position(after.text))
    assert start.play(start.legal_moves()[4]) == after  # a Move plays like its text
    with pytest.raises(AttributeError):
        after.state = start.state  # type: ignore[misc]
    assert boardgen.load("american-checkers") is game  # loaded once


def test_moves_name_their_cells_and_captures() -> None:
    game = boardgen.load("american-checkers")
    jump = game.position("W:W27,K30:B23,14").legal_moves()
    assert [m.text for m in jump] == ["27x18x9"]
    assert jump[0].path == ("f2", "d4", "b6") and jump[0].captured == ("e3", "c5")
    stones = boardgen.load("catchup").start.legal_moves()
    assert stones[0].placed == ("a1",) and stones[0].path == ()


def test_outcome_says_who_won() -> None:
    game = boardgen.load("american-checkers")
    assert game.position("B:W18:B").outcome() == "white"
    assert game.start.outcome() is None


def test_every_bad_input_is_a_value_error_with_the_cli_s_message(in_tmp: Path) -> None:
    game = boardgen.load("american-checkers")
    with pytest.raises(ValueError) as caught:
        game.position("W:W99:B1")
    assert isinstance(caught.value, boardgen.BoardgenError)
    result = CliRunner().invoke(
        main, ["diagram", "american-checkers", "--position", "W:W99:B1", "-o", "d.svg"]
    )
    assert result.exit_code == 2 and result.stderr.strip() == str(caught.value)
    with pytest.raises(boardgen.BoardgenError, match="did you mean american-checkers"):
        boardgen.load("american-chekers")
    for bad in (
        {"arrows": [("11", "99")]},
        {"fill": {"z9": "red"}},
        {"fill": {"d4": "reddish"}},
        {"colours": {"paper": "#ffffff"}},
        {"move": "11-17"},
        {"lastmove": "z9"},
    ):
        with pytest.raises(boardgen.BoardgenError):
            boardgen.svg(game.start, **bad)  # type: ignore[arg-type]


def _root(text: str) -> ET.Element:
    return ET.fromstring(text)


def _group(root: ET.Element, label: str) -> ET.Element:
    found = root.find(f".//svg:g[@aria-label='{label}']", NS)
    assert found is not None, label
    return found


def test_svg_options_draw_what_they_say() -> None:
    game = boardgen.load("american-checkers")
    text = boardgen.svg(
        game.start.play("11-15"),
        arrows=[("22", "18", "red"), "23-19:#00f", ("b6", "d4")],
        fill={"d4": "#00ff00", 19: None},
        lastmove="11-15",
        size=300,
    )
    root = _root(text)
    assert root.get("width") == "300" and re.fullmatch(r"\d+", root.get("height", ""))
    groups = root.findall(".//svg:g[@aria-label='arrows']", NS)
    assert len(groups) == 3  # one per colour
    arrows = "".join(ET.tostring(g).decode() for g in groups)
    assert all(ink in arrows for ink in ("#d62828", "#0000ff", "#1565c0"))
    tints = ET.tostring(root).decode()
    assert "#00ff00" in tints and "#ffd23f" in tints and "#9ccc65" in tints
    desc = root.find("svg:desc", NS)
    assert desc is not None and desc.text is not None
    assert "Last move: f6 to e5." in desc.text and "Arrow: e3 to f4." in desc.text


def test_move_draws_the_position_before_it_explained() -> None:
    game = boardgen.load("american-checkers")
    root = _root(boardgen.svg(game.position("W:W27,K30:B23,14"), move="27x18x9"))
    assert (
        len(_group(root, "captured").findall(".//svg:polyline", NS)) == 8
    )  # two crosses: two strokes on their halos
    desc = root.find("svg:desc", NS)
    assert desc is not None and "White to move plays 27x18x9." in (desc.text or "")


def test_colours_recolour_the_board_the_pieces_and_the_marks() -> None:
    game = boardgen.load("american-checkers")
    text = boardgen.svg(
        game.start, colours={"dark": "#112233", "black": "#445566", "arrow": "#778899"}, arrows=["9-13"]
    )
    assert "#112233" in text and "#445566" in text and "#778899" in text
    assert "#8b5a3c" not in text  # the default dark squares are gone


def test_colours_recolour_any_player_of_a_game_of_six() -> None:
    game = boardgen.load("chinese-checkers")
    third = game.variant.players[2]
    text = boardgen.svg(game.start, colours={third.id: "#123456"})
    assert len(game.variant.players) == 6 and "#123456" in text and third.colour not in text


def test_flipped_and_no_coordinates() -> None:
    game = boardgen.load("american-checkers")
    flipped = _root(boardgen.svg(game.start, flipped=True))
    assert "Drawn from Black's side." in (flipped.findtext("svg:desc", namespaces=NS) or "")
    bare = _root(boardgen.svg(game.start, coordinates=False))
    assert bare.find(".//svg:g[@aria-label='coordinates']", NS) is None


def test_pdf_and_png_come_from_the_same_call_family() -> None:
    game = boardgen.load("pool-checkers")
    data = boardgen.pdf(game.start, cell_size=20, arrows=["11-15"])
    page = pypdf.PdfReader(io.BytesIO(data)).pages[0]
    assert float(page.mediabox.width) * 25.4 / 72 > 8 * 20  # true scale: 20 mm a square
    png = boardgen.png(game.start, size=240)
    with Image.open(io.BytesIO(png)) as image:
        assert image.width == pytest.approx(240, abs=1)


def test_notebooks_and_print_show_the_position() -> None:
    game = boardgen.load("american-checkers")
    position = game.start.play("11-15")
    assert position._repr_svg_().startswith("<svg") and game._repr_svg_().startswith("<svg")
    text = str(position)
    assert text.splitlines()[0].startswith(" 8") and "Black (12):" in text
    assert repr(position).startswith("<boardgen.Position american-checkers W:")


def test_the_command_line_uses_only_public_names() -> None:
    """The diagram and game commands import nothing private from the library."""
    for name in ("_diagram.py", "_game.py"):
        source = (ROOT / "boardgen" / "cli" / name).read_text()
        for module in re.findall(r"from \.\.([\w.]+) import ([\w, ]+)", source):
            assert not any(part.startswith("_") for part in module[0].split(".")), module
            assert not any(n.strip().startswith("_") for n in module[1].split(",")), module


def test_a_user_descriptor_loads_by_path(tmp_path: Path) -> None:
    text = (ROOT / "variants" / "pool-checkers.yaml").read_text()
    mine = tmp_path / "mine.yaml"
    mine.write_text(text.replace("id: pool-checkers", "id: mine"))
    game = boardgen.load(mine)
    assert game.id == "mine" and len(game.start.legal_moves()) == 7
    assert os.fspath(game.variant.file) == os.fspath(mine)


def test_positions_are_equal_by_their_string_not_by_the_way_there() -> None:
    # International draughts counts repetitions along the game's own history; the same
    # position read from its string has none, yet it is the same position (as a chess
    # board's move stack is not compared). Two kings each: no counted ending applies.
    game = boardgen.load("international-draughts")
    start = game.position("W:WK47,K48:BK3,K4")
    there = start.play("47-15").play("3-8").play("15-47").play("8-3")
    read = game.position(there.text)  # "W:WK47,K48:BK3,K4:quiet=4": no history
    assert there == read and hash(there) == hash(read) and len({there, read}) == 1
    assert there.state != read.state  # the history a repetition draw counts is kept
    assert there != start  # the quiet-move counter differs, and it is in the string
    again = there.play("47-15").play("3-8").play("15-47").play("8-3")
    assert read.ending() is None and again.outcome() == "draw"
    assert "repetition" in str(again.ending())
