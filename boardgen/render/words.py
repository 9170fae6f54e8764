"""Words printed on the board itself (``board.words``: Xiangqi's river, 楚河 漢界).

Each word stands where the descriptor puts it, in board units, so it keeps its place on
a flipped board and at any cell size; its size is given for the descriptor's own cell
size and scales with the board. A word that would print below 6 pt (a small diagram) is
left out rather than printed too small to read, as every other text of boardgen. The
face is the one that has its characters (:meth:`boardgen.foundation.fonts.FontSet.face_for`): the
text face for Latin words, boardgen's Chinese characters for Xiangqi's.
"""

from __future__ import annotations

__all__ = ["word_items"]

from ..descriptor.model import Variant
from ..scene.shapes import Group, Item, Text
from .layout import Layout
from .legible import MIN_TEXT_MM

#: Millimetres per point.
PT = 25.4 / 72


def word_items(variant: Variant, layout: Layout, colour: str) -> list[Item]:
    """The board's words, as one group (none when the board has none or all are too small)."""
    scale = layout.cell_size / variant.print.cell_size
    texts: list[Item] = []
    for word in variant.board.words:
        size = word.size * PT * scale
        if size < MIN_TEXT_MM - 1e-9:
            continue
        x, y = layout.to_page(word.at)
        texts.append(Text(x, y + 0.35 * size, word.text, size, colour, "middle"))
    return [Group(tuple(texts), label="words")] if texts else []
