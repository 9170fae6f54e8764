"""Marks, labels, numbered moves, windows (part boards), the last move checked, the
diagram's own text in three languages, and boards of points without seams."""

from __future__ import annotations

import io
import subprocess
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

import boardgen
from boardgen import BoardgenError
from tests.support.tools import need_tool

NS = {"svg": "http://www.w3.org/2000/svg"}
GO = boardgen.load("go-19")
CHECKERS = boardgen.load("american-checkers")
PROBLEM = GO.position("B:c16,d16,e17,c15:W:d17,c17,e16,d15,e15/B")


def _groups(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {
        g.get("aria-label", ""): g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("aria-label")
    }


def _desc(svg: str) -> str:
    return ET.fromstring(svg).findtext("svg:desc", namespaces=NS) or ""


def test_every_mark_shape_is_drawn_and_described() -> None:
    svg = boardgen.svg(PROBLEM, marks="c14:triangle e18:circle g16:square f16:cross:red")
    marks = _groups(svg)["marks"]
    assert len(list(marks)) == 5  # circle, triangle, square, and the cross's two strokes
    assert any(child.get("stroke") == "#d62828" for child in marks)  # the colour given
    desc = _desc(svg)
    for line in ("Triangles: c14.", "Circles: e18.", "Squares: g16.", "Crosses: f16."):
        assert line in desc


def test_the_same_marks_in_every_form_draw_the_same() -> None:
    text = boardgen.svg(PROBLEM, marks="c14:triangle e18:circle:blue", labels="b18:A q16:12:red")
    listed = boardgen.svg(PROBLEM, marks=["c14:triangle", "e18:circle:blue"], labels=["b18:A", "q16:12:red"])
    mapped = boardgen.svg(
        PROBLEM,
        marks={"c14": "triangle", "e18": ("circle", "blue")},
        labels={"b18": "A", "q16": ("12", "red")},
    )
    assert text == listed == mapped


def test_mark_ink_reads_on_what_is_under_it() -> None:
    svg = boardgen.svg(PROBLEM, marks="c16:triangle d17:triangle")  # a black stone, a white one
    strokes = [child.get("stroke") or _groups(svg)["marks"].get("stroke") for child in _groups(svg)["marks"]]
    assert len(set(strokes)) == 2


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"marks": "d4:star"}, "is not a mark"),
        ({"marks": "z99:circle"}, "marks:"),
        ({"marks": "d4:circle:mauve"}, "'mauve' is not a colour"),
        ({"labels": "d4:ABCDE"}, "is not a label"),
        ({"labels": "d4"}, "is not a label"),
        ({"sequence": "d4 d4"}, "move 2 ('d4')"),
        ({"sequence": "d4", "move": "d4"}, "not both"),
        ({"first_number": 0, "sequence": "d4"}, "first_number"),
        ({"window": "a1"}, "is not a window"),
        ({"window": "a1-e5", "marks": "q16:circle"}, "q16 is outside the window"),
        ({"lang": "xx"}, "no text catalogue for language 'xx'"),
    ],
)
def test_bad_marks_are_refused_naming_the_option(options: dict[str, object], message: str) -> None:
    with pytest.raises(BoardgenError) as error:
        boardgen.svg(GO.start, **options)  # type: ignore[arg-type]
    assert message in str(error.value)


def test_an_arrow_to_its_own_cell_is_a_circle_as_python_chess_draws_it() -> None:
    svg = boardgen.svg(CHECKERS.start, arrows=["22-22:red"])
    groups = _groups(svg)
    assert "arrows" not in groups and len(list(groups["marks"])) == 1
    desc = _desc(svg)
    assert "Circles: c3." in desc and "Arrow" not in desc


def test_a_sequence_is_a_go_book_figure_a_ko_included() -> None:
    """Black takes the ko at c2 (1), White retakes at b2 (4) after an exchange elsewhere,
    Black takes again at c2 (7): the figure shows 1 and 4 on their stones, says "7 at 1",
    and numbers the moves played outside the window without drawing them."""
    start = GO.position("B:b3,a2,b1:W:c3,b2,d2,c1/B")
    svg = boardgen.svg(start, sequence="c2 q16 q4 b2 r16 r4 c2 pass", window="a1-e5")
    labels = [t.text for t in _groups(svg)["labels"].iter("{http://www.w3.org/2000/svg}text")]
    assert sorted(labels) == ["1", "4"]
    desc = _desc(svg)
    assert "Moves numbered in the order played: 1 c2, 2 q16, 3 q4, 4 b2, 5 r16, 6 r4, 7 c2, 8 pass." in desc
    assert "Not on their own stones: 7 at 1." in desc
    assert "White (4): c1, b2, d2, c3" in desc  # 4 stands where the stone it replaced stood
    numbered = boardgen.svg(start, sequence="c2 q16", first_number=51)
    assert "51 c2, 52 q16" in _desc(numbered)


def test_a_sequence_of_moving_pieces_numbers_where_they_stand() -> None:
    svg = boardgen.svg(CHECKERS.start, sequence="11-15 22-18 15x22")
    labels = {t.text for t in _groups(svg)["labels"].iter("{http://www.w3.org/2000/svg}text")}
    assert labels == {"3"}  # 11-15 went on to take on 22; 22-18 was taken


def test_a_window_shows_part_of_the_board_cut_where_it_goes_on() -> None:
    svg = boardgen.svg(PROBLEM, window="a11-k19")
    groups = _groups(svg)
    assert len(list(groups["cut edges"])) == 2  # the right and bottom sides: the board goes on there
    assert "lines beyond the window" in groups
    letters = [t.text for t in groups["coordinates"].iter("{http://www.w3.org/2000/svg}text")]
    assert "a" in letters and "k" in letters and "19" in letters and "11" in letters and "t" not in letters
    assert "Shown: part of the board, a19 to k11" in _desc(svg)
    whole = boardgen.svg(GO.start, window="a1-t19")  # the whole board is no window
    assert "cut edges" not in _groups(whole)


def test_a_window_on_a_board_of_squares_keeps_the_uncut_frame() -> None:
    svg = boardgen.svg(CHECKERS.start, window="a1-d4")
    groups = _groups(svg)
    assert len(list(groups["frame"])) == 2 and len(list(groups["cut edges"])) == 2
    pieces = list(groups["pieces"])
    assert pieces  # the four men of a1-d4 only
    assert "Shown: part of the board, a4 to d1" in _desc(svg)


def test_lastmove_must_lead_to_the_position() -> None:
    with pytest.raises(BoardgenError, match="lastmove: '11-15' does not lead here: no piece stands on e5"):
        boardgen.svg(CHECKERS.start, lastmove="11-15")
    after = CHECKERS.start.play("11-15")
    assert "Last move: f6 to e5." in _desc(boardgen.svg(after, lastmove="11-15"))
    with pytest.raises(BoardgenError, match="a piece still stands on"):
        boardgen.svg(after, lastmove="10-15")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Black to move plays 11-15.", "Circles: d4.", "Drawn from Black's side."]),
        ("fr", ["Noirs, au trait, joue 11-15.", "Cercles : d4.", "Vu du côté des Noirs."]),
        ("de", ["Schwarz am Zug spielt 11-15.", "Kreise: d4.", "Gezeigt von der Seite von Schwarz."]),
    ],
)
def test_the_diagram_speaks_the_language_asked_for(lang: str, words: list[str]) -> None:
    svg = boardgen.svg(CHECKERS.start, move="11-15", marks="d4:circle", flipped=True, lang=lang)
    desc = _desc(svg)
    for line in words:
        assert line in desc, desc
    title = ET.fromstring(svg).findtext("svg:title", namespaces=NS)
    assert title == CHECKERS.variant.text(CHECKERS.variant.title, lang)


def test_othello_shows_the_discs_a_move_turns_over() -> None:
    othello = boardgen.load("othello")
    svg = boardgen.svg(othello.start, move="d3")
    assert len(list(_groups(svg)["turned"])) == 1
    assert "Discs turned over (dotted): d4." in _desc(svg)


@pytest.mark.parametrize("size", [40, 73, 120, 200, 333])
@pytest.mark.parametrize("window", [None, "a1-e5"])
def test_a_board_of_points_has_no_seams_at_any_size(size: int, window: str | None) -> None:
    """Drawn with its lines in the board's own colour, a Go board must be one flat colour:
    no hairline where two points' areas meet (rsvg smooths edges as browsers do)."""
    rsvg = need_tool("rsvg-convert")
    cell = GO.variant.print.colours["cell"]
    flat = {"line": cell, "background": cell, "text": cell}
    svg = boardgen.svg(GO.start, size=size, coordinates=False, window=window, colours=flat)
    png = subprocess.run([rsvg], input=svg.encode(), capture_output=True, check=True).stdout
    with Image.open(io.BytesIO(png)) as image:
        picture = image.convert("RGB")
    margin = max(3, size // 40)
    inside = picture.crop((margin, margin, picture.width - margin, picture.height - margin))
    want = tuple(int(cell[i : i + 2], 16) for i in (1, 3, 5))
    colours = inside.getcolors(1 << 20) or []
    off = sum(n for n, c in colours if max(abs(a - b) for a, b in zip(c, want, strict=True)) > 1)
    assert off == 0


def test_the_english_words_are_the_catalogues() -> None:
    from boardgen.render.describe import ENGLISH
    from boardgen.texts.catalogue import catalogue

    entries = catalogue("en").entries
    assert {k.removeprefix("diagram."): v for k, v in entries.items() if k.startswith("diagram.")} == ENGLISH
    for lang in ("fr", "de"):
        keys = {k for k in catalogue(lang).entries if k.startswith("diagram.")}
        assert keys == {f"diagram.{k}" for k in ENGLISH}, lang
