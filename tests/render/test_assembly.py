"""The tiles of a board assemble into the board: every shape printed whole on exactly one
tile, visible once the later tiles are glued on, every glue strip naming every tile laid
on it, and the whole equal to the untiled board (see ``tests/support/assembly.py``).

``make test`` checks a sample that holds every kind of join (squares, hexagons in both
orientations, a scoring track around the board, coordinates, and on boards of points the
lines cut between points: Xiangqi's files and palace diagonals, the Morris lines running
through empty places) on the three papers; ``make assembly`` checks every shipped game
on every paper.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from shapely import box as make_box
from shapely.geometry import LineString
from shapely.geometry import Polygon as Region

from boardgen.cli import main
from boardgen.descriptor import load_variant
from boardgen.foundation.paper import paper_named
from boardgen.outputs.files import RenderOptions, board_pages_for, scene_for
from boardgen.render.pages import tile_plan
from boardgen.render.tiles import leaves
from boardgen.scene.shapes import Text
from tests.support.assembly import assemble
from tests.support.tools import ROOT

_PAPERS = ("A4", "Letter", "A3")
_SAMPLE = (
    "catchup",
    "hexdame",
    "hex9-checkers",
    "international-draughts",
    "kruzno-checkers",
    "xiangqi",
    "nine-mens-morris",
)


def _games() -> tuple[str, ...]:
    if os.environ.get("BOARDGEN_ASSEMBLY") == "all":
        return tuple(sorted(path.stem for path in (ROOT / "variants").glob("*.yaml")))
    return _SAMPLE


@pytest.mark.parametrize("paper", _PAPERS)
@pytest.mark.parametrize("variant_id", _games())
def test_the_tiles_assemble_into_the_board(variant_id: str, paper: str) -> None:
    found = assemble(variant_id, paper)
    assert not found.defects, "\n".join(found.defects[:20])


def test_the_check_finds_a_strip_that_names_the_wrong_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a glue strip naming the tile after the right one is caught."""
    from boardgen.render import pages

    real = pages._glue

    def off_by_one(tile: object, total: int) -> list[object]:
        items = real(tile, total)  # type: ignore[arg-type]
        from boardgen.scene.shapes import Text

        return [
            Text(
                i.x, i.y, f"{int(i.text.split('/')[0]) % total + 1}/{total}", i.size, i.fill, i.anchor, i.bold
            )
            if isinstance(i, Text)
            else i
            for i in items
        ]

    monkeypatch.setattr(pages, "_glue", off_by_one)
    monkeypatch.setattr(pages, "_TILE_ART", type(pages._TILE_ART)())  # no tile page remembered from before
    found = assemble("hexdame", "A4")
    assert any("does not name it" in d or "does not lie" in d for d in found.defects)


def test_the_check_finds_a_line_left_whole_across_a_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail on boards of points: a line that crosses a cut printed whole on
    one tile (a palace diagonal) lies partly under the next tile or off the cut tile."""
    from boardgen.render import pages, tiles

    def whole(stroke: object, areas: list[tuple[int, object]]) -> dict[int, list[object]]:
        return {min(tile for tile, _ in areas): [stroke]} if areas else {}

    monkeypatch.setattr(tiles, "parts_by_tile", whole)
    monkeypatch.setattr(pages, "_PLANS", type(pages._PLANS)())  # no plan remembered from before
    found = assemble("xiangqi", "A4")
    assert any("hidden under tile" in d or "cut off along the cut line" in d for d in found.defects)


_RIVER = """\
format: 1
id: river-{name}
title: {{en: River, fr: Fleuve, de: Fluss}}
players:
  - {{id: amber, name: {{en: Amber, fr: Ambre, de: Bernstein}}, colour: "#f2b134", letter: A}}
  - {{id: slate, name: {{en: Slate, fr: Ardoise, de: Schiefer}}, colour: "#2f3e4e", letter: S}}
first: amber
board:
{board}
  words:
    - {{text: {word}, at: [{at}], size: {points}}}
setup:
  amber: {{men: {{cells: [a1]}}, count: 1}}
  slate: {{men: {{cells: [{far}]}}, count: 1}}
rules: {{family: none}}
print: {{cell_size: {size}}}
sheet:
  en: {{intro: "Cross the river.", notes: {{play: ["Move one piece a turn."]}}}}
  fr: {{intro: "Traversez le fleuve.", notes: {{play: ["Déplacez une pièce par tour."]}}}}
  de: {{intro: "Überquere den Fluss.", notes: {{play: ["Ziehe eine Figur pro Zug."]}}}}
"""

#: Boards with a word across the line where their tiles would be cut if it were not
#: there (checked below): between four squares, between two rows of points (as
#: Xiangqi's river), between two hexagons of a staircase join.
_RIVERS = {
    "squares": ("  kind: square\n  width: 8\n  height: 8\n  playable: all", "d4, e5", "h8", 40),
    "points": (
        "  kind: square\n  width: 9\n  height: 10\n  playable: all\n  drawn: points",
        "b5, c6",
        "i10",
        36,
    ),
    "hexagons": ("  kind: hexhex\n  side: 5\n  orientation: flat", "e5, f5", "i9", 40),
}


def _river(tmp_path: Path, board: str, word: str = "楚河", points: float = 44) -> str:
    shape, at, far, size = _RIVERS[board]
    path = tmp_path / f"river-{board}.yaml"
    text = _RIVER.format(name=board, board=shape, at=at, far=far, size=size, word=word, points=points)
    path.write_text(text, "utf-8")
    return str(path)


@pytest.mark.parametrize("paper", ["A4", "A3"])
@pytest.mark.parametrize("board", sorted(_RIVERS))
def test_a_word_across_cells_is_printed_whole_on_the_tile_of_those_cells(
    tmp_path: Path, board: str, paper: str
) -> None:
    """A word lying on the areas of several cells is printed on the tile that holds all
    of them, and no cut line crosses it: the tiles are cut elsewhere."""
    ref = _river(tmp_path, board)
    found = assemble(ref, paper)
    assert found.tiles > 1 and not found.defects, "\n".join(found.defects)
    variant = load_variant(ref)
    options = RenderOptions(paper=paper)
    pages = board_pages_for(variant, options)
    plan = tile_plan(
        scene_for(variant, "board", options), paper_named(paper), landscape=pages[0].width > pages[0].height
    )
    assert plan is not None
    word = next(leaf for leaf in leaves(plan) if isinstance(leaf.item, Text) and leaf.item.text == "楚河")
    assert isinstance(word.item, Text) and word.box is not None
    size = word.item.size
    glyphs = make_box(word.box.x, word.box.y + 0.1 * size, word.box.right, word.box.bottom - 0.35 * size)
    under = [
        leaf.owner
        for leaf in leaves(plan)
        if leaf.corners and Region(leaf.corners).intersection(glyphs).area > 0.05
    ]
    assert len(under) >= 2, "the word lies across cells"
    assert set(under) == {word.owner}
    assert not any(LineString(line).intersects(glyphs) for tile in plan.tiles for line in tile.cut)


@pytest.mark.parametrize("board", sorted(_RIVERS))
def test_the_check_finds_a_word_cut_from_its_cells(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, board: str
) -> None:
    """The check can fail: tiles cut with no regard for the cells under a word leave part
    of it under a later tile, or cut it off along the cut line."""
    from boardgen.render import pages, tiles

    monkeypatch.setattr(tiles, "_bonds", lambda shapes, centres, regions: {})
    monkeypatch.setattr(pages, "_PLANS", type(pages._PLANS)())
    found = assemble(_river(tmp_path, board), "A4")
    assert any("hidden under tile" in d or "cut off along the cut line" in d for d in found.defects)


def test_a_word_no_tile_holds_with_its_cells_turns_the_page_or_is_refused_in_one_line(tmp_path: Path) -> None:
    """Seven 70 pt characters across six 40 mm columns: no A4 tile in portrait holds them
    with the cells under them (the one line, nothing written); unasked, the board is
    printed in landscape, the word whole."""
    ref = _river(tmp_path, "squares", "楚河漢界楚河漢", 70)
    out = tmp_path / "board.pdf"
    runner = CliRunner()
    refused = runner.invoke(
        main, ["render", ref, "--what", "board", "--paper", "a4", "--portrait", "-o", str(out)]
    )
    assert refused.exit_code == 2 and not out.exists()
    lines = refused.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in refused.output
    assert lines[0].startswith("a cell of this board, or a word with the cells under it, does not fit whole")
    turned = runner.invoke(main, ["render", ref, "--what", "board", "--paper", "a4", "-o", str(out)])
    assert turned.exit_code == 0 and out.exists(), turned.output
    assert all(
        page.width > page.height for page in board_pages_for(load_variant(ref), RenderOptions(paper="A4"))
    )
    found = assemble(ref, "A4")
    assert found.tiles > 1 and not found.defects, "\n".join(found.defects)
