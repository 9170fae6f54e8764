"""The 10x10 and 12x12 draughts boards: tiled onto A4, one true-scale sheet of A2."""

from __future__ import annotations

import io

import pypdf
import pytest

from boardgen.descriptor import load_variant
from boardgen.outputs.files import RenderOptions, render


@pytest.mark.parametrize("variant_id", ["international-draughts", "frisian-draughts", "canadian-draughts"])
def test_a_big_board_is_one_page_of_a2_and_tiles_onto_a4(variant_id: str) -> None:
    variant = load_variant(variant_id)
    a2 = pypdf.PdfReader(io.BytesIO(render(variant, "board", "pdf", RenderOptions(paper="a2"))))
    assert len(a2.pages) == 1
    width, height = (round(float(x) * 25.4 / 72) for x in a2.pages[0].mediabox[2:])
    assert (width, height) == (420, 594)
    a4 = pypdf.PdfReader(io.BytesIO(render(variant, "board", "pdf")))
    assert 4 <= len(a4.pages) <= 8
