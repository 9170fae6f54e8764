"""Maker files (``render --format laser|dxf|stl``): read back as the machines' software
would, measured at true scale, watertight, deterministic, refused cleanly when misused."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import ezdxf
import pytest
import trimesh
from click.testing import CliRunner

from boardgen.cli import main
from boardgen.descriptor.library import Library
from boardgen.makers.counters import OUTLINE_SIDES, dot_centres, makers_counters
from boardgen.makers.files import maker_file
from boardgen.makers.solids import BOARD_BASE, CELL_RISE, COUNTER_HEIGHT, RELIEF
from boardgen.render.counter_pages import counter_sets

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
GAMES = ("american-checkers", "kruzno-checkers", "catchup", "hexdame")


@pytest.fixture(scope="module")
def library() -> Library:
    return Library(())


def _layers(data: bytes) -> dict[str, ET.Element]:
    root = ET.fromstring(data)
    return {
        g.get(f"{INKSCAPE}label", ""): g
        for g in root.iter(f"{SVG}g")
        if g.get(f"{INKSCAPE}groupmode") == "layer"
    }


def _corners(path: ET.Element) -> list[tuple[float, float]]:
    words = (path.get("d") or "").replace("M", "").replace("L", "").replace("Z", "").split()
    numbers = [float(w) for w in words]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def test_laser_board_has_named_layers_in_one_colour_each(library: Library) -> None:
    data = maker_file(library.load("american-checkers"), "board", "laser")
    layers = _layers(data)
    assert list(layers) == ["engrave", "score", "cut"]
    assert layers["cut"].get("stroke") == "#ff0000" and float(layers["cut"].get("stroke-width", "1")) <= 0.01
    assert layers["score"].get("stroke") == "#0000ff" and layers["score"].get("fill") == "none"
    assert layers["engrave"].get("fill") == "#000000" and layers["engrave"].get("stroke") == "none"
    assert len(layers["cut"]) == 1  # the sheet's outline, once


def test_laser_board_is_true_scale(library: Library) -> None:
    """Each of the 32 dark squares is engraved, exactly one cell (print.cell_size) wide."""
    variant = library.load("american-checkers")
    data = maker_file(variant, "board", "laser")
    root = ET.fromstring(data)
    width_mm = float(root.get("width", "").removesuffix("mm"))
    assert root.get("viewBox", "").split()[2] == f"{width_mm:g}"  # one user unit = 1 mm
    squares = list(_layers(data)["engrave"])
    assert len(squares) == 32
    for square in squares:
        xs = [x for x, _ in _corners(square)]
        ys = [y for _, y in _corners(square)]
        assert max(xs) - min(xs) == pytest.approx(variant.print.cell_size, abs=0.002)
        assert max(ys) - min(ys) == pytest.approx(variant.print.cell_size, abs=0.002)


def test_laser_board_engraves_a_shaded_ring(library: Library) -> None:
    """Kruzno's restricted outer ring (30 hexagons) is the engraved area; every cell is scored."""
    variant = library.load("kruzno-checkers")
    layers = _layers(maker_file(variant, "board", "laser"))
    assert len(layers["engrave"]) == len(variant.restricted) == 30
    assert len(layers["score"]) >= variant.grid.size


def test_laser_counters_cut_every_counter_with_marks(library: Library) -> None:
    variant = library.load("american-checkers")
    layers = _layers(maker_file(variant, "pieces", "laser"))
    counters = makers_counters(variant)
    assert len(layers["cut"]) == len(counters) == sum(s.count for s in counter_sets(variant))
    kings = sum(1 for c in counters if c.kind == "king")
    second = sum(1 for c in counters if c.player == 1)
    assert kings > 0 and second > 0
    assert len(layers["engrave"]) == kings + second  # a crown per king, one dot per second-player counter


def test_dxf_has_the_same_work_on_layers(library: Library) -> None:
    variant = library.load("hexdame")
    doc = ezdxf.read(io.StringIO(maker_file(variant, "pieces", "dxf").decode()))
    assert not doc.audit().has_errors
    assert {"CUT", "SCORE", "ENGRAVE"} <= {layer.dxf.name for layer in doc.layers}
    cut = [e for e in doc.modelspace() if e.dxf.layer == "CUT"]
    assert len(cut) == len(makers_counters(variant)) and {e.dxftype() for e in cut} == {"CIRCLE"}
    diameters = {round(2 * e.dxf.radius, 3) for e in cut}
    assert diameters == {round(c.diameter, 3) for c in makers_counters(variant)}


def test_dxf_board_is_turned_for_cad_and_true_scale(library: Library) -> None:
    variant = library.load("american-checkers")
    doc = ezdxf.read(io.StringIO(maker_file(variant, "board", "dxf").decode()))
    engraved = [e for e in doc.modelspace() if e.dxf.layer == "ENGRAVE"]
    assert len(engraved) == 32
    for square in engraved:
        points = [v.dxf.location for v in square.vertices]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        assert max(xs) - min(xs) == pytest.approx(variant.print.cell_size, abs=1e-6)
        assert min(ys) >= 0  # y up from the sheet's bottom edge


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("what", ["board", "pieces"])
def test_stl_is_watertight(library: Library, game: str, what: str) -> None:
    mesh = trimesh.load(io.BytesIO(maker_file(library.load(game), what, "stl")), file_type="stl")  # type: ignore[arg-type]
    assert mesh.is_watertight and mesh.is_winding_consistent and mesh.volume > 0


def test_tactile_board_raises_the_playing_squares(library: Library) -> None:
    variant = library.load("american-checkers")
    mesh = trimesh.load(io.BytesIO(maker_file(variant, "board", "stl")), file_type="stl")  # type: ignore[arg-type]
    heights = sorted({round(float(z), 3) for z in mesh.vertices[:, 2]})
    played, other, _ = CELL_RISE
    assert heights == [0.0, round(BOARD_BASE - 0.2, 3), BOARD_BASE, BOARD_BASE + other, BOARD_BASE + played]
    # the plate is the board's picture: 8 cells of cell_size plus the margins
    assert mesh.bounds[1][0] - mesh.bounds[0][0] == pytest.approx(8 * variant.print.cell_size + 12, abs=0.01)


def test_stl_counters_stand_the_counter_height_with_relief(library: Library) -> None:
    variant = library.load("american-checkers")
    mesh = trimesh.load(io.BytesIO(maker_file(variant, "pieces", "stl")), file_type="stl")  # type: ignore[arg-type]
    assert mesh.bounds[1][2] == pytest.approx(COUNTER_HEIGHT + RELIEF)
    assert mesh.bounds[0][2] == 0


def test_six_players_are_told_apart_by_touch() -> None:
    """Outline and dot count differ for every pair of the six players a game may have."""
    marks = {(OUTLINE_SIDES[p], len(dot_centres(p, 0, 0, 10))) for p in range(6)}
    assert len(marks) == 6
    assert len({len(dot_centres(p, 0, 0, 10)) for p in range(6)}) == 6


@pytest.mark.parametrize("fmt", ["laser", "dxf", "stl"])
def test_maker_files_are_deterministic(library: Library, fmt: str) -> None:
    variant = library.load("catchup")
    assert maker_file(variant, "board", fmt) == maker_file(variant, "board", fmt)  # type: ignore[arg-type]


def test_cell_size_scales_board_and_counters(library: Library) -> None:
    variant = library.load("american-checkers")
    small = trimesh.load(io.BytesIO(maker_file(variant, "board", "stl", 20.0)), file_type="stl")  # type: ignore[arg-type]
    assert small.bounds[1][0] - small.bounds[0][0] == pytest.approx(8 * 20 + 12, abs=0.01)


def test_cli_writes_each_maker_format(tmp_path: Path) -> None:
    runner = CliRunner()
    for args, name in (
        (["--format", "laser", "--what", "pieces"], "p.svg"),
        ([], "b.dxf"),
        (["--what", "pieces"], "p.stl"),
    ):
        result = runner.invoke(main, ["render", "american-checkers", *args, "-o", str(tmp_path / name)])
        assert result.exit_code == 0, result.output
        assert (tmp_path / name).stat().st_size > 1000


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--format", "laser", "-o", "x.pdf"], "writes a .svg file"),
        (["--format", "stl", "--what", "start", "-o", "x.stl"], "--what board|pieces"),
        (["--what", "rules", "-o", "x.dxf"], "--what board|pieces"),
        (["--paper", "a4", "-o", "x.dxf"], "--paper does not apply"),
        (["--format", "dxf", "-o", "x.stl"], "writes a .dxf file"),
    ],
)
def test_cli_refuses_maker_misuse_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], says: str
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["render", "catchup", *args], catch_exceptions=False)
    assert not list(tmp_path.iterdir())  # nothing written
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and says in lines[0]
