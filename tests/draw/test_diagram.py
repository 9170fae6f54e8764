"""Move diagrams: the ``diagram`` command, example diagrams played by the engine, and marks."""

from __future__ import annotations

import io
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner
from PIL import Image

from boardgen.cli import main
from boardgen.descriptor import load_variant
from boardgen.descriptor.model import Example, Variant
from boardgen.errors import BoardgenError
from boardgen.outputs.files import render_file, variant_files
from boardgen.render.diagram import diagram_scene, example_scene, fit_cell_size, parse_cell, parse_path
from boardgen.rules.registry import make_game

SVG = "{http://www.w3.org/2000/svg}"
NS = {"svg": SVG[1:-1]}
Point = tuple[float, float]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["diagram", *args])
    return result.exit_code, result.stdout, result.stderr


def group(root: ET.Element, label: str) -> ET.Element:
    found = root.find(f".//svg:g[@aria-label='{label}']", NS)
    assert found is not None, f"no group {label!r}"
    return found


def points(element: ET.Element) -> list[Point]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in element.get("points", "").split())]


def square_centres(root: ET.Element, flipped: bool = False) -> dict[str, Point]:
    """Cell name -> centre, read off the squares' rects (columns a.. west to east, unless flipped)."""
    rects = [r for r in group(root, "cells").iter(f"{SVG}rect")]
    xs = sorted({float(r.get("x", "")) for r in rects})
    ys = sorted({float(r.get("y", "")) for r in rects}, reverse=True)  # rank 1 at the bottom
    size = float(rects[0].get("width", ""))
    if flipped:
        xs, ys = xs[::-1], ys[::-1]
    return {
        f"{chr(ord('a') + i)}{j + 1}": (x + size / 2, y + size / 2)
        for i, x in enumerate(xs)
        for j, y in enumerate(ys)
    }


def centroid(pts: list[Point]) -> Point:
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def near(a: Point, b: Point, tolerance: float = 0.01) -> bool:
    return math.dist(a, b) <= tolerance


def with_example(variant: Variant, position: str | None, move: str, example_id: str = "demo") -> Variant:
    texts = {"en": "A demonstration", "fr": "Une démonstration", "de": "Eine Vorführung"}
    return replace(variant, examples=(Example(example_id, "capturing", position, move, texts),))


# -- the command ------------------------------------------------------------------------------


def test_svg_is_written_about_120_mm_wide_with_a_text_description(in_tmp: Path) -> None:
    code, out, _ = run("american-checkers", "--arrow", "11-15", "--highlight", "15", "-o", "d.svg")
    assert code == 0 and out == "wrote d.svg\n"
    root = ET.fromstring((in_tmp / "d.svg").read_bytes())
    width = float(re.fullmatch(r"([\d.]+)mm", root.get("width", ""))[1])  # type: ignore[index]
    assert width == pytest.approx(120.0, abs=0.5)
    desc = root.find("svg:desc", NS)
    assert desc is not None and desc.text is not None
    assert "Arrow: f6 to e5." in desc.text and "Highlighted: e5." in desc.text
    assert "Black (12): 1 (b8), 2 (d8)" in desc.text


def test_pdf_is_one_page_of_the_picture_at_the_asked_cell_size(in_tmp: Path) -> None:
    code, _, _ = run("kruzno-checkers", "--cell-size", "10", "--no-coordinates", "-o", "d.pdf")
    assert code == 0
    data = (in_tmp / "d.pdf").read_bytes()
    assert data.startswith(b"%PDF-")
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    width_mm = float(reader.pages[0].mediabox.width) * 25.4 / 72
    assert width_mm == pytest.approx(11 * 10 + 2 * 1.5, abs=0.01)  # 11 cells across flats + padding


def test_png_is_rendered_at_the_asked_resolution(in_tmp: Path) -> None:
    code, _, _ = run("catchup", "--format", "png", "--dpi", "100", "--cell-size", "12", "-o", "d")
    assert code == 0
    data = (in_tmp / "d").read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    svg = CliRunner().invoke(main, ["diagram", "catchup", "--cell-size", "12", "-o", "d.svg"])
    assert svg.exit_code == 0
    root = ET.fromstring((in_tmp / "d.svg").read_bytes())
    width_mm, height_mm = (float(root.get(k, "")[:-2]) for k in ("width", "height"))
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        assert image.width == pytest.approx(width_mm / 25.4 * 100, abs=1.5)
        assert image.height == pytest.approx(height_mm / 25.4 * 100, abs=1.5)
        assert image.getpixel((0, 0)) == (255, 255, 255)  # white, not transparent black


def test_png_by_file_name(in_tmp: Path) -> None:
    code, _, _ = run("pool-checkers", "--dpi", "50", "-o", "d.png")
    assert code == 0
    assert (in_tmp / "d.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    "args",
    [
        ["--arrow", "z9-a1"],
        ["--arrow", "c3"],
        ["--arrow", "11-99"],
        ["--highlight", "i9"],
        ["--highlight", "0"],
        ["--position", "W:W99:B1"],
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_written(in_tmp: Path, args: list[str]) -> None:
    code, out, err = run("american-checkers", *args, "-o", "out/d.svg")
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (in_tmp / "out").exists() or not list((in_tmp / "out").iterdir())


def test_square_numbers_only_on_pdn_boards() -> None:
    checkers, dames = load_variant("american-checkers"), load_variant("variante-dames")
    assert parse_path(checkers, "11-15") == parse_path(checkers, "f6-e5") == parse_path(checkers, "F6 x e5")
    assert parse_cell(checkers, "1") == checkers.grid.parse("b8")
    with pytest.raises(BoardgenError, match="no cell named '11'"):
        parse_cell(dames, "11")


def test_flip_puts_a1_at_the_top_right(in_tmp: Path) -> None:
    for flip in (False, True):
        args = ["--highlight", "a1", "-o", "d.svg"] + (["--flip"] if flip else [])
        assert run("variante-dames", *args)[0] == 0
        root = ET.fromstring((in_tmp / "d.svg").read_bytes())
        (mark,) = group(root, "highlights").iter(f"{SVG}polygon")
        centres = square_centres(root).values()
        right, top = max(x for x, _ in centres), min(y for _, y in centres)
        left, bottom = min(x for x, _ in centres), max(y for _, y in centres)
        assert near(centroid(points(mark)), (right, top) if flip else (left, bottom))
        labels = {t.text: float(t.get("x", "")) for t in group(root, "coordinates").iter(f"{SVG}text")}
        assert (labels["a"] > labels["h"]) == flip  # files read h..a from the north side
        desc = root.find("svg:desc", NS)
        assert desc is not None and desc.text is not None
        assert ("Drawn from Black's side." in desc.text) == flip


def test_flipped_hex_board_turns_half_round(in_tmp: Path) -> None:
    for name, flip in (("plain.svg", []), ("flip.svg", ["--flip"])):
        assert run("kruzno-checkers", "--highlight", "a1", "--highlight", "k11", *flip, "-o", name)[0] == 0
    marks = {}
    for name in ("plain.svg", "flip.svg"):
        root = ET.fromstring((in_tmp / name).read_bytes())
        marks[name] = [centroid(points(p)) for p in group(root, "highlights").iter(f"{SVG}polygon")]
    (a1, k11), (fa1, fk11) = marks["plain.svg"], marks["flip.svg"]
    assert near(fa1, k11) and near(fk11, a1)
    assert a1[1] > k11[1]  # unflipped: a1 is nearer the bottom


# -- example diagrams ---------------------------------------------------------------------------


def double_jump() -> tuple[Variant, ET.Element]:
    variant = with_example(load_variant("american-checkers"), "W:W27,K30:B23,14,3,8", "27x18x9")
    game = make_game(variant.game_spec(), variant.rules.family)
    scene = example_scene(variant, game, variant.examples[0], cell_size=15)
    from boardgen.backends.svg import render_svg

    return variant, ET.fromstring(render_svg(scene))


def test_example_arrow_bends_at_each_landing_and_ends_on_the_destination() -> None:
    _, root = double_jump()
    centres = square_centres(root)
    arrows = group(root, "arrows")
    halo, colour = list(arrows)
    shaft, head = list(colour)
    path = points(shaft)
    assert len(path) == 3  # start, the landing on d4, the head's base
    assert near(path[1], centres["d4"])
    start, end = centres["f2"], centres["d4"]
    assert math.dist(path[0], start) < math.dist(start, end) / 3  # starts on the moving man
    assert near(points(head)[0], centres["b6"])  # the tip
    assert len(list(halo)) == 2


def test_example_marks_captures_and_landings() -> None:
    _, root = double_jump()
    centres = square_centres(root)
    crosses = [centroid(points(line)) for line in list(group(root, "captured"))[1]]
    assert len(crosses) == 4  # two strokes per captured man
    assert {min(centres, key=lambda n: math.dist(centres[n], c)) for c in crosses} == {"e3", "c5"}
    landings = [centroid(points(p)) for p in group(root, "highlights").iter(f"{SVG}polygon")]
    assert [min(centres, key=lambda n: math.dist(centres[n], c)) for c in landings] == ["d4", "b6"]
    pieces = group(root, "pieces")
    assert len([c for c in pieces.iter(f"{SVG}circle") if c.get("r") and float(c.get("r", 0)) > 5]) == 6


def test_example_description_says_the_position_and_the_move() -> None:
    _, root = double_jump()
    desc = root.find("svg:desc", NS)
    title = root.find("svg:title", NS)
    assert title is not None and title.text == "American Checkers: A demonstration"
    assert desc is not None and desc.text is not None
    assert "White (2): 27 (f2), K30 (c1)" in desc.text
    assert "White to move plays 27x18x9.\nCaptured: e3, c5.\nLands on: d4, b6." in desc.text


def test_placement_example_rings_the_new_stones() -> None:
    variant = with_example(load_variant("catchup"), None, "e5")
    game = make_game(variant.game_spec(), variant.rules.family)
    scene = example_scene(variant, game, variant.examples[0], cell_size=12)
    from boardgen.backends.svg import render_svg

    root = ET.fromstring(render_svg(scene))
    (ring,) = group(root, "placed").iter(f"{SVG}circle")
    stones = [c for c in group(root, "pieces").iter(f"{SVG}circle")]
    assert len(stones) == 1
    assert near(
        (float(ring.get("cx", "")), float(ring.get("cy", ""))),
        (float(stones[0].get("cx", "")), float(stones[0].get("cy", ""))),
    )
    assert root.find(".//svg:g[@aria-label='arrows']", NS) is None
    desc = root.find("svg:desc", NS)
    assert desc is not None and "White to move plays e5.\nNew stones: e5." in (desc.text or "")


@pytest.mark.parametrize(
    ("position", "move", "message"),
    [
        (None, "11-7", "move '11-7' is not legal here"),
        ("W:W27:B23", "27-24", "move '27-24' is not legal here; legal moves: 27x18"),
        ("W:W27:B99", "27x18", "'99' is not a square number"),
    ],
)
def test_an_example_the_engine_refuses_fails_naming_it(position: str | None, move: str, message: str) -> None:
    variant = with_example(load_variant("american-checkers"), position, move, "bad-jump")
    game = make_game(variant.game_spec(), variant.rules.family)
    with pytest.raises(BoardgenError) as caught:
        example_scene(variant, game, variant.examples[0], cell_size=15)
    text = str(caught.value)
    assert text.startswith(str(variant.file)) and "example 'bad-jump'" in text and message in text
    with pytest.raises(BoardgenError, match="example 'bad-jump'"):
        render_file(variant, "example-bad-jump.svg")


def test_build_fails_on_an_illegal_example(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = Path(__file__).resolve().parents[2] / "variants" / "american-checkers.yaml"
    folder = tmp_path / "variants"
    folder.mkdir()
    original = source.read_text(encoding="utf-8")
    assert "\nexamples:\n" in original
    text = original.replace(
        "\nexamples:\n",
        "\nexamples:\n"
        "  - id: backwards\n    topic: moving\n    move: 9-5\n"
        "    caption: {en: Men do not move backwards, fr: Non, de: Nein}\n",
        1,
    )
    (folder / "american-checkers.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setenv("BOARDGEN_VARIANTS", str(folder))
    result = CliRunner().invoke(main, ["build", "--out", str(tmp_path / "out"), "--quiet"])
    assert result.exit_code == 2
    assert "example 'backwards'" in result.stderr
    assert not list((tmp_path / "out").rglob("*.svg"))


def test_examples_become_files_of_the_build() -> None:
    variant = with_example(load_variant("kruzno-checkers"), None, "c3-c4", "first-step")
    names = variant_files(variant)
    assert names[-1] == "example-first-step.svg" and "pieces-en.pdf" in names
    root = ET.fromstring(render_file(variant, "example-first-step.svg"))
    assert root.find(".//svg:g[@aria-label='arrows']", NS) is not None


def test_diagram_scene_defaults_and_sizes() -> None:
    variant = load_variant("hex9-checkers")
    size = fit_cell_size(variant)
    scene = diagram_scene(variant, {}, cell_size=size)
    assert scene.width == pytest.approx(120.0, abs=0.5)
    assert scene.title == variant.title["en"]
    assert "White (0): none" in scene.description


def test_svg_diagrams_do_not_load_reportlab_or_pdfium(in_tmp: Path) -> None:
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from boardgen.cli import main\n"
        "r = CliRunner().invoke(main, ['diagram', 'catchup', '--highlight', 'e5', '-o', 'd.svg'])\n"
        "assert r.exit_code == 0, r.output\n"
        "print(sorted(m for m in ('reportlab', 'pypdfium2', 'PIL') if m in sys.modules))\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "[]"


def test_a_one_step_arrow_leaves_the_piece_and_shows_its_shaft() -> None:
    variant = with_example(load_variant("kruzno-checkers"), None, "e4-e5")
    game = make_game(variant.game_spec(), variant.rules.family)
    scene = example_scene(variant, game, variant.examples[0], cell_size=5)
    from boardgen.backends.svg import render_svg

    root = ET.fromstring(render_svg(scene))
    shaft, head = list(list(group(root, "arrows"))[1])
    tail, base = points(shaft)[0], points(shaft)[-1]
    tip = points(head)[0]
    assert math.dist(tail, base) > 1.0  # a visible shaft, not a head alone
    # the shaft starts at the rim of the man (radius 0.36 cells), not under it
    pieces = [c for c in group(root, "pieces").iter(f"{SVG}circle") if float(c.get("r", "0")) > 1.5]
    mover = min(pieces, key=lambda c: math.dist(tail, (float(c.get("cx", "")), float(c.get("cy", "")))))
    centre = (float(mover.get("cx", "")), float(mover.get("cy", "")))
    assert math.dist(tail, centre) >= 0.3 * 5
    assert math.dist(tip, centre) > 5.0  # past the target cell's centre


def test_square_numbers_lie_under_the_pieces_and_never_below_six_points() -> None:
    variant = load_variant("american-checkers")
    from boardgen.backends.svg import render_svg
    from boardgen.render.pictures import start_pieces

    for size, shown in ((6.0, range(13, 21)), (25.0, range(1, 33))):
        scene = diagram_scene(variant, start_pieces(variant), cell_size=size)
        root = ET.fromstring(render_svg(scene))
        numbers = group(root, "square numbers")
        # small squares: a man covers its number whole (no fragment peeks out); large: all shown
        assert sorted(int(t.text or "") for t in numbers.iter(f"{SVG}text")) == list(shown)
        texts = list(numbers.iter(f"{SVG}text"))
        sizes = {float(t.get("font-size") or numbers.get("font-size") or 0) for t in texts}
        assert min(sizes) >= 6 * 25.4 / 72 - 1e-3
        labels = [e.get("aria-label") for e in root.iter(f"{SVG}g") if e.get("aria-label")]
        assert labels.index("square numbers") < labels.index("pieces")  # under the men: no notch
    # a jump's marks (landing tint, crosses) are drawn over the numbers, never under them
    scene = diagram_scene(variant, start_pieces(variant), cell_size=6, highlights=(0,), captured=(1,))
    root = ET.fromstring(render_svg(scene))
    labels = [e.get("aria-label") for e in root.iter(f"{SVG}g") if e.get("aria-label")]
    assert labels.index("square numbers") < labels.index("captured")
    # squares too small for a 6 pt number get none
    tiny = ET.fromstring(render_svg(diagram_scene(variant, start_pieces(variant), cell_size=4)))
    assert tiny.find(".//svg:g[@aria-label='square numbers']", NS) is None


def test_scoring_track_example_shows_the_pawns_and_the_move() -> None:
    variant = load_variant("catchup")
    game = make_game(variant.game_spec(), variant.rules.family)
    example = next(e for e in variant.examples if e.id == "joining-groups")
    scene = example_scene(variant, game, example, cell_size=6)
    assert "Score pawns: White on 3, Black on 3." in scene.description
    assert "White's score pawn moves from 3 to 7." in scene.description
    from boardgen.backends.svg import render_svg

    root = ET.fromstring(render_svg(scene))
    track = group(root, "scoring track")
    tinted = [e for e in track.iter(f"{SVG}ellipse") if e.get("fill") == "#ffd23f"]
    assert len(tinted) == 1  # oval 7
    assert track.find(".//svg:g[@aria-label='arrows']", NS) is not None
    bare = example_scene(variant, game, example, cell_size=6, track=False)
    assert "Score pawns" not in bare.description and "scoring track" not in str(bare.items)


@pytest.mark.parametrize("size", [6.0, 30.0])
def test_score_pawns_stand_on_their_ovals_and_carry_a_readable_number(size: float) -> None:
    """Each pawn's centre lies inside its oval (not between two, not outside the ring),
    and every number of the track is at least 6 pt."""
    from boardgen.scene.shapes import Circle, Ellipse, Group, Text

    variant = load_variant("catchup")
    game = make_game(variant.game_spec(), variant.rules.family)
    example = next(e for e in variant.examples if e.id == "catching-up")  # Black on 3, White 2 -> 5
    scene = example_scene(variant, game, example, cell_size=size)
    track = next(i for i in scene.items if isinstance(i, Group) and i.label == "scoring track")
    ovals = [i for i in track.items if isinstance(i, Ellipse)]
    texts = [i for i in track.items if isinstance(i, Text)]
    assert texts and min(t.size for t in texts) >= 6 * 25.4 / 72 - 1e-9
    colours = {p.colour: p.id for p in variant.players}
    pawns = [i for i in track.items if isinstance(i, Circle) and i.style.fill in colours]

    def inside(oval: Ellipse, x: float, y: float) -> bool:
        a = math.radians(oval.angle)
        dx, dy = x - oval.cx, y - oval.cy
        u, v = dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a)
        return (u / oval.rx) ** 2 + (v / oval.ry) ** 2 <= 1.0

    def oval_number(x: float, y: float) -> int:
        found = [n for n, oval in enumerate(ovals, start=1) if inside(oval, x, y)]
        assert len(found) == 1, f"pawn at {x:.1f},{y:.1f} is on no oval"
        return found[0]

    assert sorted((colours[p.style.fill or ""], oval_number(p.cx, p.cy)) for p in pawns) == [
        ("black", 3),
        ("white", 2),
    ]


# -- zoomed windows ---------------------------------------------------------------------------


def test_a_move_too_small_on_a_big_board_is_shown_zoomed_in() -> None:
    variant = load_variant("hex9-checkers")
    game = make_game(variant.game_spec(), variant.rules.family)
    example = next(e for e in variant.examples if e.id == "opening-step")
    size = fit_cell_size(variant, 100.0)
    scene = example_scene(variant, game, example, cell_size=size)
    whole = diagram_scene(variant, {}, cell_size=size)
    assert scene.width <= whole.width + 0.5 and scene.height <= whole.height + 0.5  # same room
    from boardgen.render.diagram import example_window

    moved = [variant.grid.parse(n) for n in ("e5", "e6")]
    window, zoomed = example_window(variant, None, moved, size)
    assert size * 1 < 15.0 <= zoomed * 1  # one step, centre to centre: under 15 mm whole, over it zoomed
    assert window is not None and set(moved) <= window
    assert "Shown: the part of the board around the move" in scene.description
    pieces = next(i for i in scene.items if getattr(i, "label", None) == "pieces")
    assert len(str(pieces).split("Circle(")) - 1 < 2 * 110  # only the men near the move


def test_a_move_large_enough_is_shown_on_the_whole_board() -> None:
    variant = load_variant("american-checkers")
    game = make_game(variant.game_spec(), variant.rules.family)
    for example in variant.examples:  # 8x8 at the rule sheet's 52 mm: zooming would gain too little
        scene = example_scene(variant, game, example, cell_size=fit_cell_size(variant, 52.0))
        assert "Shown:" not in scene.description


def test_a_descriptor_window_shows_the_rectangle_its_cells_span(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parents[2] / "variants" / "pool-checkers.yaml").read_text("utf-8")
    text = text.replace("    move: 11-15\n", "    move: 11-15\n    window: {cells: [a3, h8]}\n", 1)
    path = tmp_path / "pool-checkers.yaml"
    path.write_text(text, "utf-8")
    variant = load_variant(str(path))
    window = variant.examples[0].window
    assert window is not None and {variant.grid.name(c) for c in window} == {"a3", "h8"}
    game = make_game(variant.game_spec(), variant.rules.family)
    scene = example_scene(variant, game, variant.examples[0], cell_size=6.0)
    from boardgen.backends.svg import render_svg

    root = ET.fromstring(render_svg(scene))
    squares = list(group(root, "cells").iter(f"{SVG}rect"))
    assert len(squares) == 8 * 6  # rows 3..8, every column
    labels = [t.text or "" for t in group(root, "coordinates").iter(f"{SVG}text")]
    numbers = sorted(int(t) for t in labels if t.isdigit())
    assert numbers == [3, 4, 5, 6, 7, 8]


def test_a_window_holding_no_cell_is_refused_at_its_line(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parents[2] / "variants" / "pool-checkers.yaml").read_text("utf-8")
    text = text.replace("    move: 11-15\n", "    move: 11-15\n    window: {cells: []}\n", 1)
    path = tmp_path / "pool-checkers.yaml"
    path.write_text(text, "utf-8")
    with pytest.raises(BoardgenError) as error:
        load_variant(str(path))
    assert "examples.0.window" in str(error.value) or "window" in str(error.value)


@pytest.mark.parametrize("size", [6.0, 25.0])
def test_a_diagram_drawn_in_two_layers_looks_like_the_whole_scene(size: float) -> None:
    """The API's board layer (every square number) plus the position layer (numbers over
    tints, patches over the numbers pieces would partly hide) prints the very picture
    board_scene draws, which leaves those numbers out."""
    import pypdfium2 as pdfium

    from boardgen.backends.pdf import render_pdf
    from boardgen.render.board import BoardOptions, board_scene
    from boardgen.render.layers import board_layer, position_items
    from boardgen.render.marks import highlight_items
    from boardgen.render.pictures import start_pieces
    from boardgen.scene.shapes import Document, Scene

    variant = load_variant("american-checkers")
    pieces = start_pieces(variant)
    tinted = [parse_cell(variant, "15")]

    def overlay(layout: object) -> tuple[list[object], list[object]]:
        return highlight_items(layout, tinted), []  # type: ignore[arg-type]

    options = BoardOptions(size)
    whole = board_scene(variant, options, pieces, overlay)  # type: ignore[arg-type]
    layer = board_layer(variant, options)
    items = position_items(variant, layer, pieces, overlay, coordinates=True, tinted=tinted)  # type: ignore[arg-type]
    layered = Scene(layer.width, layer.height, (*layer.items, *items))
    images = []
    for scene in (whole, layered):
        pdf = pdfium.PdfDocument(render_pdf(Document((scene,))))
        images.append(pdf[0].render(scale=4.0).to_pil().convert("RGB"))
    a, b = images
    from PIL import ImageChops

    differing = (
        ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 40 else 0).histogram()[255]
    )
    assert differing < 0.0005 * a.width * a.height  # antialiasing at patch edges at most
