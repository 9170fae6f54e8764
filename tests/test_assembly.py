"""The tiles of a board assemble into the board: every shape printed whole on exactly one
tile, visible once the later tiles are glued on, every glue strip naming every tile laid
on it, and the whole equal to the untiled board (see ``tests/assembly.py``).

``make test`` checks a sample that holds every kind of join (squares, hexagons in both
orientations, a scoring track around the board, coordinates, and on boards of points the
lines cut between points: Xiangqi's files and palace diagonals, the Morris lines running
through empty places) on the three papers; ``make assembly`` checks every shipped game
on every paper.
"""

from __future__ import annotations

import os

import pytest
from assembly import assemble
from conftest import ROOT

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
    from boardgen.render import sheet

    real = sheet._glue

    def off_by_one(tile: object, total: int) -> list[object]:
        items = real(tile, total)  # type: ignore[arg-type]
        from boardgen.scene import Text

        return [
            Text(
                i.x, i.y, f"{int(i.text.split('/')[0]) % total + 1}/{total}", i.size, i.fill, i.anchor, i.bold
            )
            if isinstance(i, Text)
            else i
            for i in items
        ]

    monkeypatch.setattr(sheet, "_glue", off_by_one)
    found = assemble("hexdame", "A4")
    assert any("does not name it" in d or "does not lie" in d for d in found.defects)


def test_the_check_finds_a_line_left_whole_across_a_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail on boards of points: a line that crosses a cut printed whole on
    one tile (a palace diagonal) lies partly under the next tile or off the cut tile."""
    from boardgen.render import sheet, tiles

    def whole(stroke: object, areas: list[tuple[int, object]]) -> dict[int, list[object]]:
        return {min(tile for tile, _ in areas): [stroke]} if areas else {}

    monkeypatch.setattr(tiles, "parts_by_tile", whole)
    monkeypatch.setattr(sheet, "_PLANS", type(sheet._PLANS)())  # no plan remembered from before
    found = assemble("xiangqi", "A4")
    assert any("hidden under tile" in d or "cut off along the cut line" in d for d in found.defects)
