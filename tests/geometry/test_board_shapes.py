"""Board shapes beyond squares and hexhex: true scale measured in the PDF, tiling between
points (cut half-way between them, each line shared out at the cut), the geometry
model's neighbours and lines, print-only games, located errors."""

from __future__ import annotations

import io
import itertools
import math
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from shapely import box as make_box
from shapely import unary_union
from shapely.geometry import LineString
from shapely.geometry import Point as Spot
from shapely.geometry import Polygon as Region
from shapely.geometry.base import BaseGeometry

from boardgen.cli import main
from boardgen.descriptor import load_variant
from boardgen.geometry import PitGrid, RhombusGrid, SquareGrid, StarGrid, TriangleGrid
from boardgen.outputs.files import RenderOptions, render
from boardgen.render.board import BoardOptions, _prepared, board_scene
from boardgen.render.linecuts import parts_by_tile, stroke_outline
from boardgen.render.surface import line_width
from boardgen.render.tiles import Plan, leaves, plan_tiles
from boardgen.scene.shapes import Circle, Polygon, Text
from tests.support.assembly import assemble

MM = 72 / 25.4


def _page(variant_id: str, paper: str = "a1") -> pdfplumber.page.Page:
    data = render(load_variant(variant_id), "board", "pdf", RenderOptions(paper=paper))
    pdf = pdfplumber.open(io.BytesIO(data))
    assert len(pdf.pages) == 1, "the board should fit one page of this paper"
    return pdf.pages[0]


def _steps(values: list[float]) -> Counter[float]:
    """The gaps (mm) between successive distinct values (points), rounded to 0.05 mm."""
    distinct = sorted({round(v, 2) for v in values})
    return Counter(round(round((b - a) / MM / 0.05) * 0.05, 2) for a, b in itertools.pairwise(distinct))


def test_go_lines_are_22_mm_apart_across_and_23_7_mm_lengthwise() -> None:
    page = _page("go-19")
    width = line_width(22)  # the board's lines, not the ruler's ticks
    lines = [obj for obj in page.lines if abs(obj["linewidth"] / MM - width) < 0.01]
    across = [ln["x0"] for ln in lines if abs(ln["x0"] - ln["x1"]) < 0.01]  # vertical halves
    along = [ln["top"] for ln in lines if abs(ln["top"] - ln["bottom"]) < 0.01]  # horizontal halves
    assert _steps(across) == {22.0: 18}
    assert _steps(along) == {23.7: 18}


def _circle_centres(page: pdfplumber.page.Page, diameter_mm: float) -> list[tuple[float, float]]:
    return [
        ((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2)
        for c in page.curves
        if abs((c["x1"] - c["x0"]) / MM - diameter_mm) < 0.2
    ]


def _nearest_gaps(centres: list[tuple[float, float]]) -> Counter[float]:
    gaps = Counter()
    for i, (x, y) in enumerate(centres):
        best = min(math.hypot(x - u, y - v) for j, (u, v) in enumerate(centres) if j != i)
        gaps[round(best / MM, 1)] += 1
    return gaps


def test_chinese_checkers_holes_are_29_4_mm_apart() -> None:
    holes = _circle_centres(_page("chinese-checkers"), 0.4 * 29.4)
    assert len(holes) == 121
    assert _nearest_gaps(holes) == {29.4: 121}


def test_morris_points_stand_on_a_30_mm_lattice() -> None:
    dots = _circle_centres(_page("nine-mens-morris", "a3"), 0.2 * 30)
    assert len(dots) == 24
    assert _steps([x for x, _ in dots]) == {30.0: 6}
    assert _steps([y for _, y in dots]) == {30.0: 6}


def test_pits_are_one_pitch_apart() -> None:
    page = _page("oware", "a2")
    pits = [
        ((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2)
        for c in page.curves
        if abs((c["x1"] - c["x0"]) / MM - 0.84 * 55) < 0.3
        and abs((c["bottom"] - c["top"]) / MM - 0.84 * 55) < 0.3
    ]
    assert len(pits) == 12
    assert _steps([x for x, _ in pits]) == {55.0: 5}
    assert _steps([y for _, y in pits]) == {55.0: 1}


def test_rhombus_hexagons_print_at_the_cell_size_across_flats() -> None:
    page = _page("hex-11", "a2")
    size = (22.0, round(22 * 2 / math.sqrt(3), 2))  # a Go stone's width across flats
    cells = [
        c
        for c in page.curves
        if c["fill"] and (round(c["width"] / MM, 2), round(c["height"] / MM, 2)) == size
    ]
    assert len(cells) == 121


#: Boards whose pieces stand on points joined by lines, tiled on a portrait A4 tile's
#: room: square lattices (cut in straight lines) and Chinese checkers' star of holes
#: (cut in staircases along the hexagons the holes own).
_POINT_BOARDS = (
    "go-19", "go-13", "go-9", "xiangqi", "nine-mens-morris", "alquerque", "fox-and-geese", "chinese-checkers",
)  # fmt: skip


def _point_plan(variant_id: str) -> tuple[Plan, list[tuple[float, float]], BaseGeometry]:
    """The tiles of a point board as printed, on an A4 tile's room, its points (artwork mm) and
    the board's surface (the areas the points own, every empty place included)."""
    variant = load_variant(variant_id)
    options = BoardOptions(variant.print.cell_size, variant.print.coordinates)
    plan = plan_tiles(board_scene(variant, options).items, (178.0, 239.0))
    layout = _prepared(variant, options, None).layout
    points = [layout.centre(c) for c in variant.grid.cells()]
    surface = unary_union([Region(leaf.corners) for leaf in leaves(plan) if leaf.corners])
    return plan, points, surface


@pytest.mark.parametrize("variant_id", _POINT_BOARDS)
def test_tiles_are_cut_half_way_between_points(variant_id: str) -> None:
    plan, points, surface = _point_plan(variant_id)
    assert len(plan.tiles) > 1
    # The joins one sees: across the board (not in the bleed around it), and not under
    # a later tile (a glue band's corner).
    inside = surface.buffer(-0.01)
    edges = [
        (a, b)
        for tile in plan.tiles
        for line in tile.cut
        for a, b in itertools.pairwise(line)
        if inside.contains(middle := Spot((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        and not any(later.joins.keep.buffer(-0.01).contains(middle) for later in plan.tiles[tile.number :])
    ]
    assert edges, "tiles are cut across the board"
    pitch = min(math.dist(p, q) for p, q in itertools.combinations(points, 2))
    for a, b in edges:  # never through a point, a star point, a hole
        nearest = min(LineString((a, b)).distance(Spot(p)) for p in points)
        assert nearest >= pitch / 2 - 0.01, (a, b, nearest)
    if variant_id == "chinese-checkers":
        return
    xs = sorted({round(x, 3) for x, _ in points})
    ys = sorted({round(y, 3) for _, y in points})
    for (ax, ay), (bx, by) in edges:
        if abs(ax - bx) < 1e-6:  # a vertical cut: half-way between two columns of points
            assert _between(xs, ax), (ax, xs)
        else:  # a horizontal one, between two rows
            assert abs(ay - by) < 1e-6 and _between(ys, ay), (ay, ys)


def _between(values: list[float], v: float) -> bool:
    i = next(k for k, x in enumerate(values) if x > v)
    return abs(v - (values[i - 1] + values[i]) / 2) < 0.01


@pytest.mark.parametrize("variant_id", _POINT_BOARDS)
def test_a_point_its_marks_and_its_labels_are_on_one_tile(variant_id: str) -> None:
    """A point's area and its dot, hole or star point are printed on one tile, and a
    coordinate on the tile of the area beside it (the row or column it names)."""
    plan, _, _ = _point_plan(variant_id)
    areas = [(Region(leaf.corners), leaf.owner) for leaf in leaves(plan) if leaf.corners]
    found = list(leaves(plan))
    marks = [leaf for leaf in found if isinstance(leaf.item, Circle)]
    labels = [leaf for leaf in found if isinstance(leaf.item, Text)]
    assert marks and len({owner for _, owner in areas}) == len(plan.tiles)
    for mark in marks:
        assert isinstance(mark.item, Circle)
        centre = Spot(mark.item.cx, mark.item.cy)
        assert [owner for area, owner in areas if area.contains(centre)] == [mark.owner]
    for label in labels:
        assert isinstance(label.item, Text) and label.box is not None
        middle = Spot(label.box.x + label.box.width / 2, label.box.y + label.box.height / 2)
        nearest = min(areas, key=lambda entry: entry[0].distance(middle))
        assert label.owner == nearest[1], label.item.text


def test_every_line_half_is_printed_on_its_own_points_tile() -> None:
    variant = load_variant("go-19")
    scene = board_scene(variant, BoardOptions(variant.print.cell_size))
    plan = plan_tiles(scene.items, (178.0, 239.0))
    lines = next(n for n in plan.nodes if getattr(n.item, "label", None) == "lines")
    assert lines.children is not None
    owners = Counter(leaf.owner for leaf in lines.children)
    assert sum(owners.values()) == 2 * 2 * 19 * 18  # each of the 684 segments as two halves
    assert -1 not in owners  # no line is drawn on every tile
    areas = [(Region(leaf.corners), leaf.owner) for leaf in leaves(plan) if leaf.corners]
    for half in lines.children:  # on the tile of the area holding its point, where it starts
        assert isinstance(half.item, Polygon) and not half.item.closed
        start = Spot(half.item.points[0])
        assert [owner for area, owner in areas if area.contains(start)] == [half.owner]


@pytest.mark.parametrize("cut", ["x", "y"])
def test_a_diagonal_through_the_corner_of_four_areas_is_shared_at_the_cut(cut: str) -> None:
    """A 1 mm diagonal from (0, 0) to (10, 10) over four 10 mm squares whose corners meet
    at (5, 5), the tiles cut at x = 5 or at y = 5: each tile prints the part of the
    stroke on its own side of the cut, the stroke's corners in the squares beside it
    included, and the two parts paint the stroke, no more."""
    areas = [
        (1 + (i if cut == "x" else j), make_box(10 * i - 5, 10 * j - 5, 10 * i + 5, 10 * j + 5))
        for i in (0, 1)
        for j in (0, 1)
    ]
    stroke = Region(stroke_outline([(0.0, 0.0), (10.0, 10.0)], 1.0))
    parts = parts_by_tile(stroke, areas)
    assert sorted(parts) == [1, 2] and [len(found) for found in parts.values()] == [1, 1]
    first, second = parts[1][0], parts[2][0]
    axis = 0 if cut == "x" else 1
    assert first.bounds[axis + 2] == pytest.approx(5.0) and second.bounds[axis] == pytest.approx(5.0)
    assert first.area == pytest.approx(second.area) and first.area + second.area == pytest.approx(stroke.area)
    assert first.union(second).symmetric_difference(stroke).area < 1e-9


def test_shapes_have_the_documented_sizes_names_and_neighbours() -> None:
    star = StarGrid(5)
    assert star.size == 121 and [len(c) for c in star.sides().values()] == [10] * 6
    assert TriangleGrid(15).size == 120 and set(TriangleGrid(4).sides()) == {"south", "west", "east"}
    hex11 = RhombusGrid(11, 11)
    assert hex11.name(hex11.half_turn(0) or 0) == "k11"
    assert hex11.name(hex11.step(0, "ne") or 0) == "a2"
    assert hex11.lines() == () and len(RhombusGrid(3, 3, drawn="points").lines()) == 3 * 2 + 3 * 2 + 2 * 2
    go = SquareGrid(19, 19, drawn="points", aspect=23.7 / 22)
    assert len(go.lines()) == 2 * 19 * 18
    assert go.centre(go.parse("a2"))[1] == pytest.approx(23.7 / 22)
    pits = PitGrid(6, 2, stores=True)
    assert [pits.name(c) for c in pits.cells() if pits.is_store(c)] == ["west", "east"]


def test_morris_neighbours_follow_the_lines() -> None:
    grid = load_variant("nine-mens-morris").grid
    a1 = grid.parse("a1")
    assert {d: grid.name(c) for d, c in grid.neighbours(a1).items()} == {"e": "d1", "n": "a4"}
    assert grid.name(grid.step(a1, "e", 2) or 0) == "g1"
    assert grid.step(grid.parse("d2"), "w") == grid.parse("b2")
    assert grid.step(grid.parse("d3"), "n") is None  # the middle has no point


def test_a_mask_removes_places_and_keeps_names() -> None:
    from boardgen.geometry import HexHexGrid

    grid = HexHexGrid(5)
    holed = grid.without({grid.parse("e5")})
    assert holed.size == grid.size - 1
    with pytest.raises(ValueError):
        holed.parse("e5")
    assert holed.name(holed.parse("a1")) == "a1"


MY_GAME = """\
format: 1
id: three-corners
title: {en: Three corners, fr: Trois coins, de: Drei Ecken}
players:
  - {id: amber, name: {en: Amber, fr: Ambre, de: Bernstein}, colour: "#f2b134", letter: A}
  - {id: slate, name: {en: Slate, fr: Ardoise, de: Schiefer}, colour: "#2f3e4e", letter: S}
first: amber
board:
  kind: triangle
  side: 7
  remove: [d2]
  sides: {south: amber, west: slate}
setup:
  amber: {men: {cells: [a1, b1]}, count: 2}
  slate: {men: {cells: [a7]}, count: 1}
rules: {family: none}
print: {cell_size: 24}
sheet:
  en: {intro: "Join the three sides.", notes: {play: ["Place one stone a turn."]}}
  fr: {intro: "Reliez les trois côtés.", notes: {play: ["Posez une pierre par tour."]}}
  de: {intro: "Verbinde die drei Seiten.", notes: {play: ["Setze einen Stein pro Zug."]}}
"""


def test_a_print_only_game_of_ones_own_validates_and_builds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("three-corners.yaml").write_text(MY_GAME, "utf-8")
    runner = CliRunner()
    checked = runner.invoke(main, ["validate", "three-corners.yaml"])
    assert checked.exit_code == 0, checked.output
    assert "no engine checks its rules" in checked.output
    assert "mirror" not in checked.output  # an asymmetric start is fine for a print-only game
    built = runner.invoke(main, ["build", "three-corners.yaml", "--out", "out"])
    assert built.exit_code == 0, built.output
    page = pdfplumber.open("out/three-corners/rules-en.pdf").pages[0]
    rules = " ".join(page.extract_text().split())
    assert "Place one stone a turn." in rules and "does not play it" in rules
    assert "Amber starts with 2 pieces: a1, b1." in rules


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ("  remove: [d2]\n", "  remove: [z9]\n"),
        ("  sides: {south: amber, west: slate}\n", "  sides: {north: amber}\n"),
        ("  sides: {south: amber, west: slate}\n", "  sides: {south: nobody}\n"),
        ("rules: {family: none}\n", "rules: {family: none, params: {stones: 2}}\n"),
    ],
)
def test_bad_board_keys_get_one_located_line(tmp_path: Path, change: str, where: str) -> None:
    path = tmp_path / "three-corners.yaml"
    path.write_text(MY_GAME.replace(change, where), "utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{path}:"), result.output
    assert "Traceback" not in result.output


def test_a_crooked_morris_line_is_refused_at_its_key(tmp_path: Path) -> None:
    text = (Path(__file__).parents[2] / "variants" / "nine-mens-morris.yaml").read_text("utf-8")
    path = tmp_path / "nine-mens-morris.yaml"
    path.write_text(text.replace("    - [d1, d3]\n", "    - [d1, e3]\n"), "utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2
    assert "board.lines.3.1" in result.output and "not a straight line" in result.output


# Greyscale: red (#c8102e) and green (#2e8b3a) are the same grey; yellow and white nearly.
_COLOURS = ["#c8102e", "#2e8b3a", "#f2d024", "#f6f4ee", "#1f5fbf", "#1c1c1c"]


def _many_players(n: int) -> str:
    players = "".join(
        f'  - {{id: p{i}, name: {{en: P{i}}}, colour: "{_COLOURS[i]}", letter: {"ABCDEF"[i]}}}\n'
        for i in range(n)
    )
    setup = "".join(f"  p{i}: {{men: {{cells: [{'abcdef'[i]}1]}}, count: 1}}\n" for i in range(n))
    return (
        f"format: 1\nid: party\ntitle: {{en: Party}}\nplayers:\n{players}first: p0\n"
        f"board: {{kind: triangle, side: 6}}\nsetup:\n{setup}"
        "rules: {family: none}\nprint: {cell_size: 25}\n"
    )


@pytest.mark.parametrize("n", [3, 4, 6])
def test_players_greyscale_cannot_separate_carry_their_letters(tmp_path: Path, n: int) -> None:
    from boardgen.render.legible import PLAYER_CONTRAST, contrast_ratio
    from boardgen.scene.shapes import Group, Text

    path = tmp_path / "party.yaml"
    path.write_text(_many_players(n), "utf-8")
    variant = load_variant(str(path))
    scene = board_scene(
        variant,
        BoardOptions(25.0),
        {c: _stone(f"p{i}") for i, c in enumerate(sorted(variant.grid.cells())[:n])},
    )
    marks = {
        item.label.split()[1]: [t.text for t in item.items if isinstance(t, Text)]
        for item in _walk(scene.items)
        if isinstance(item, Group) and (item.label or "").startswith("marks ")
    }
    for a in variant.players:
        for b in variant.players:
            if a.id != b.id and contrast_ratio(a.colour, b.colour) < PLAYER_CONTRAST:
                # both carry their own letter: never told apart by colour alone
                assert marks[a.id] == [a.letter] and marks[b.id] == [b.letter]
    if n == 3:  # red and green need letters, yellow stands apart
        assert set(marks) == {"p0", "p1"}
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 0, result.output


def _stone(player: str) -> object:
    from boardgen.rules.base import PieceView

    return PieceView(player, "stone")


def _walk(items: tuple[object, ...]) -> list[object]:
    from boardgen.scene.shapes import Group

    found: list[object] = []
    for item in items:
        found.append(item)
        if isinstance(item, Group):
            found.extend(_walk(item.items))
    return found


def _fonts(data: bytes) -> set[str]:
    from pypdf import PdfReader

    found: set[str] = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in (page.get("/Resources") or {}).get("/Font", {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            embedded = descriptor is not None and "/FontFile2" in descriptor.get_object()
            if embedded:
                found.add(str(font["/BaseFont"]).split("+")[-1])
    return found


def test_chess_glyphs_are_drawn_in_the_embedded_symbol_font() -> None:
    variant = load_variant("chess")
    start = render(variant, "start", "pdf")
    assert "DejaVuSans" in _fonts(start)
    text = pdfplumber.open(io.BytesIO(start)).pages[0].extract_text()
    for glyph in "♚♛♜♝♞♟":
        assert glyph in text
    pieces = render(variant, "pieces", "pdf")
    assert "DejaVuSans" in _fonts(pieces)
    assert "♞" in " ".join(p.extract_text() for p in pdfplumber.open(io.BytesIO(pieces)).pages)


def test_a_glyph_the_font_lacks_is_refused_at_its_key(tmp_path: Path) -> None:
    text = (Path(__file__).parents[2] / "variants" / "chess.yaml").read_text("utf-8")
    path = tmp_path / "chess.yaml"
    path.write_text(text.replace('glyph: "♛"', 'glyph: "帝"'), "utf-8")  # in no face boardgen ships
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 1  # a check fails (exit 2 is for a file that cannot be read)
    assert "pieces.1.glyph" in result.output and "U+5E1D" in result.output
    # 帥, a Xiangqi piece's name, is in the Chinese characters boardgen ships
    path.write_text(text.replace('glyph: "♛"', 'glyph: "帥"'), "utf-8")
    assert CliRunner().invoke(main, ["validate", str(path)]).exit_code == 0


LAKE_GAME = """\
format: 1
id: lakeside
title: {en: Lakeside, fr: Bord du lac}
players:
  - {id: red, name: {en: Red, fr: Rouge}, colour: "#c8102e", letter: R}
  - {id: blue, name: {en: Blue, fr: Bleu}, colour: "#8fb8e8", letter: B}
first: red
board: {kind: hexhex, side: 4}
regions:
  lake:
    where: {ring: [3, 4]}
    name: {en: the lake, fr: le lac}
    colour: "#9cc3e6"
    pattern: hatch
  shore: {ring: 1}
setup: {}
furniture: {scoring_track: {maximum: 20}}
rules: {family: none}
print: {cell_size: 25}
sheet:
  en: {intro: "Reach the lake first."}
"""


def test_regions_print_in_their_own_look_and_words_and_warnings_point_at_keys(tmp_path: Path) -> None:
    path = tmp_path / "lakeside.yaml"
    path.write_text(LAKE_GAME, "utf-8")
    variant = load_variant(str(path))
    scene = board_scene(variant, BoardOptions(25.0))
    lake = next(i for i in _walk(scene.items) if getattr(i, "label", None) == "region lake")
    fills = {getattr(getattr(i, "style", None), "fill", None) for i in lake.items}  # type: ignore[attr-defined]
    assert "#9cc3e6" in fills  # its own colour, and its hatching on top
    assert any(getattr(i, "closed", True) is False for i in lake.items)  # type: ignore[attr-defined]
    from boardgen.texts.compose import rule_sheet_text

    sheet = rule_sheet_text(variant, "en")
    assert "The lake: 7 cells, marked on the board." in sheet.components
    assert not any("border" in line for line in sheet.components)
    assert "Le lac : 7 cases" in " ".join(rule_sheet_text(variant, "fr").components).replace(
        "\u202f", " "
    ).replace("\xa0", " ")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    warns = [line for line in result.output.splitlines() if ": warn " in line]
    assert len(warns) == 3, result.output
    text = "\n".join(warns)
    assert "regions.shore" in text and "used by nothing" in text
    assert "furniture.scoring_track" in text and "nothing scores" in text
    assert "sheet.en.intro" in text and "not in fr" in text


THEME = """\
colours: {light: "#2c2c2c", dark: "#2c2c2c", cell: "#2c2c2c", line: "#6d8b74"}
players: {white: "#fbfaf5", black: "#303030"}
booklet:
  title: {en: Tuesday Club Games, fr: Les jeux du mardi}
  cover: {en: Printed for the Tuesday club}
"""


def test_a_theme_sets_colours_and_booklet_words_and_is_checked(tmp_path: Path) -> None:
    theme = tmp_path / "club.yaml"
    theme.write_text(THEME, "utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(
        main, ["build", "go-9", "othello", "--out", str(out), "--theme", str(theme), "-q"]
    )
    assert result.exit_code == 0, result.output
    cover = pdfplumber.open(out / "booklet-en.pdf").pages[0].extract_text()
    assert "Tuesday Club Games" in cover and "Printed for the Tuesday club" in cover
    assert "Les jeux du mardi" in pdfplumber.open(out / "booklet-fr.pdf").pages[0].extract_text()
    assert "#6d8b74" in (out / "othello" / "board.svg").read_text("utf-8")
    # black pieces on a board of nearly the same grey: the greyscale rule notes it
    assert "boardgen: note: othello:" in result.output and "greyscale" in result.output
    assert "boardgen: note: go-9:" in result.output


def test_build_title_replaces_the_booklet_title_and_is_checked(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "go-9", "--out", str(out), "--title", "Games Night", "-q"])
    assert result.exit_code == 0, result.output
    assert "Games Night" in pdfplumber.open(out / "booklet-de.pdf").pages[0].extract_text()
    bad = CliRunner().invoke(main, ["build", "go-9", "--out", str(tmp_path / "x"), "--title", "x" * 81])
    assert bad.exit_code == 2 and "--title" in bad.output and not (tmp_path / "x").exists()


def test_a_bad_theme_key_is_one_located_line(tmp_path: Path) -> None:
    theme = tmp_path / "club.yaml"
    theme.write_text('colours: {light: "green"}\n', "utf-8")
    result = CliRunner().invoke(main, ["build", "go-9", "--out", str(tmp_path / "o"), "--theme", str(theme)])
    assert result.exit_code == 2
    assert result.output.strip().startswith(f"{theme}:1:") and "colours.light" in result.output


@pytest.mark.parametrize(
    "variant_id",
    ["hex-14", "game-of-y", "havannah-8", "chinese-checkers", "oware", "go-13"],
)
def test_every_place_prints_whole_on_one_tile_and_the_tiles_assemble(variant_id: str) -> None:
    """The print shop's virtual assembly (tests/support/assembly.py) on the new shapes: every
    shape whole on exactly one tile, visible once glued, strips naming their tiles."""
    found = assemble(variant_id, "A4")
    assert not found.defects, "\n".join(found.defects[:10])


def _leaves_of(node: object) -> list[object]:
    children = getattr(node, "children", None)
    if children is None:
        return [node]
    return [leaf for child in children for leaf in _leaves_of(child)]


TOWER = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <path d="M20 90 L80 90 L70 80 L65 35 L75 35 L75 15 L25 15 L25 35 L35 35 L30 80 Z" fill="currentColor"/>
  <circle cx="50" cy="55" r="6" fill="#c8102e"/>
  <path d="M40 80 q10 -15 20 0" fill="none" stroke="currentColor" stroke-width="3"/>
</svg>
"""

TOWERS = """\
format: 1
id: towers
title: {en: Towers}
players:
  - {id: light, name: {en: Light}, colour: "#f4eee0", letter: L}
  - {id: dark, name: {en: Dark}, colour: "#2b2b2b", letter: D}
first: light
board: {kind: square, width: 5, height: 5, playable: all}
pieces:
  - {id: tower, name: {en: tower}, artwork: tower.svg}
setup:
  light: {tower: {cells: [a1, c1, e1]}}
  dark: {tower: {cells: [a5, c5, e5]}}
rules: {family: none}
print: {cell_size: 40}
"""


def test_a_designers_artwork_is_drawn_inside_each_counter(tmp_path: Path) -> None:
    (tmp_path / "tower.svg").write_text(TOWER, "utf-8")
    (tmp_path / "towers.yaml").write_text(TOWERS, "utf-8")
    variant = load_variant(str(tmp_path / "towers.yaml"))
    data = render(variant, "start", "pdf")
    page = pdfplumber.open(io.BytesIO(data)).pages[0]
    red = [c for c in page.curves if c.get("non_stroking_color") and len(c["pts"]) >= 30]
    centres = {(round((c["x0"] + c["x1"]) / 2 / MM), round((c["top"] + c["bottom"]) / 2 / MM)) for c in red}
    assert len(red) >= 6  # each tower's red window (a 32-point circle), on all six counters
    assert len(centres) >= 6
    pieces = render(variant, "pieces", "pdf")
    assert len(pdfplumber.open(io.BytesIO(pieces)).pages[0].curves) > 6


@pytest.mark.parametrize(
    ("artwork", "words"),
    [
        (None, "tower.svg"),
        (
            '<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5" transform="scale(2)"/></svg>',
            "transform",
        ),
        ('<svg xmlns="http://www.w3.org/2000/svg"><text>K</text></svg>', "<text>"),
        ("<html></html>", "not an SVG"),
        ('<svg xmlns="http://www.w3.org/2000/svg"><path d="M 1 2 L"/></svg>', "ends early"),
    ],
)
def test_bad_artwork_is_one_located_line(tmp_path: Path, artwork: str | None, words: str) -> None:
    if artwork is not None:
        (tmp_path / "tower.svg").write_text(artwork, "utf-8")
    (tmp_path / "towers.yaml").write_text(TOWERS, "utf-8")
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "towers.yaml")])
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert "\n" not in line and "pieces.0.artwork" in line and words in line
