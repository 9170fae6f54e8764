"""The tiles of a board assemble into the board: every shape printed whole on exactly one
tile, visible once the later tiles are glued on, every glue strip naming every tile laid
on it, and the whole equal to the untiled board (see ``tests/assembly.py``).

``make test`` checks a sample that holds every kind of join (squares, hexagons in both
orientations, a scoring track around the board, coordinates) on the three papers;
``make assembly`` checks every shipped game on every paper.
"""

from __future__ import annotations

import os

import pytest
from assembly import assemble
from conftest import ROOT

_PAPERS = ("A4", "Letter", "A3")
_SAMPLE = ("catchup", "hexdame", "hex9-checkers", "international-draughts", "kruzno-checkers")


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
