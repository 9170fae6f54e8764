"""The position as plain text, for ``<desc>`` and for screen readers.

A picture of a board says nothing to someone who cannot see it; the same position as
a small text board plus a list of pieces does, and it makes diffs readable.
"""

from __future__ import annotations

__all__ = ["describe_position"]

from collections.abc import Mapping

from ..descriptor.model import Variant
from ..geometry import HexHexGrid
from ..rules.base import PieceView


def describe_position(variant: Variant, pieces: Mapping[int, PieceView]) -> str:
    """A text board (north at the top) followed by each player's pieces by cell name.

    Men are the player's letter in lower case, kings in upper case, stones as men;
    ``.`` is an empty playable cell and a space a cell no piece may use.
    """
    grid = variant.grid
    letters = {p.id: p.letter for p in variant.players}
    lines: list[str] = []
    hexes = isinstance(grid, HexHexGrid)
    for row in range(grid.row_count - 1, -1, -1):
        cells = sorted((c for c in grid.cells() if grid.coords(c)[1] == row), key=lambda c: grid.coords(c)[0])
        marks = []
        for cell in cells:
            piece = pieces.get(cell)
            if piece is not None:
                letter = letters[piece.player]
                marks.append(letter if piece.kind == "king" else letter.lower())
            elif cell in variant.board.playable:
                marks.append(".")
            else:
                marks.append(" ")
        indent = " " * abs(row - (grid.row_count - 1) // 2) if hexes else ""
        lines.append(f"{row + 1:>2} {indent}{' '.join(marks)}")
    summary = []
    for player in variant.players:
        mine = sorted(c for c, p in pieces.items() if p.player == player.id)
        kings = [c for c in mine if pieces[c].kind == "king"]
        names = ", ".join(grid.name(c) + ("(K)" if c in kings else "") for c in mine)
        summary.append(f"{player.name['en']} ({len(mine)}): {names or 'none'}")
    return "\n".join([*lines, "", *summary])
