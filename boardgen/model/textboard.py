"""The position as plain text, for ``<desc>`` and for screen readers.

A picture of a board says nothing to someone who cannot see it; the same position as
a small text board plus a list of pieces does, and it makes diffs readable.
"""

from __future__ import annotations

__all__ = ["describe_position"]

import weakref
from collections.abc import Mapping

from ..descriptor.model import Variant
from ..geometry import Grid, HexHexGrid
from ..rules.base import PieceView

#: The cells of each row of a board, kept per board (a game's diagrams ask again and again).
_ROWS: weakref.WeakKeyDictionary[Grid, tuple[tuple[int, tuple[int, ...]], ...]] = weakref.WeakKeyDictionary()


def _rows(grid: Grid) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each row number, north first, with its cells from west to east."""
    rows = _ROWS.get(grid)
    if rows is None:
        by_row: dict[int, list[int]] = {}
        for cell in grid.cells():
            by_row.setdefault(grid.coords(cell)[1], []).append(cell)
        rows = tuple(
            (row, tuple(sorted(by_row.get(row, ()), key=lambda c: grid.coords(c)[0])))
            for row in range(grid.row_count - 1, -1, -1)
        )
        _ROWS[grid] = rows
    return rows


def describe_position(
    variant: Variant, pieces: Mapping[int, PieceView], scores: Mapping[str, int] | None = None
) -> str:
    """A text board (north at the top) followed by each player's pieces by cell name
    (and square number, on boards numbered for draughts notation), then, on a board
    with a scoring track, the track and where the score pawns stand (``scores``).

    Men are the player's letter in lower case, kings in upper case, stones as men;
    ``.`` is an empty playable cell and a space a cell no piece may use. A piece of a
    declared kind is listed with its kind (``rook a1``).
    """
    grid = variant.grid
    letters = {p.id: p.letter for p in variant.players}
    lines: list[str] = []
    hexes = isinstance(grid, HexHexGrid)
    playable = variant.board.playable
    for row, cells in _rows(grid):
        marks = []
        for cell in cells:
            piece = pieces.get(cell)
            if piece is not None:
                letter = letters[piece.player]
                marks.append(letter if piece.kind == "king" else letter.lower())
            elif cell in playable:
                marks.append(".")
            else:
                marks.append(" ")
        indent = " " * abs(row - (grid.row_count - 1) // 2) if hexes else ""
        lines.append(f"{row + 1:>2} {indent}{' '.join(marks)}")
    summary = []
    pdn = variant.board.pdn or {}

    def name(cell: int) -> str:
        king = pieces[cell].kind == "king"
        if cell in pdn:  # as in PDN positions: K before a king's number
            return f"{'K' if king else ''}{pdn[cell]} ({grid.name(cell)})"
        if pieces[cell].shape:  # a declared kind (a chess rook): "rook a1"
            return f"{pieces[cell].shape} {grid.name(cell)}"
        return grid.name(cell) + ("(K)" if king else "")

    for player in variant.players:
        mine = sorted(
            (c for c, p in pieces.items() if p.player == player.id), key=lambda c: (pdn.get(c, 0), c)
        )
        names = ", ".join(name(c) for c in mine)
        summary.append(f"{variant.text(player.name)} ({len(mine)}): {names or 'none'}")
    if pdn:
        summary.append(
            f"Squares are named by their draughts number (1 to {len(pdn)}), then by column and row;"
            " K marks a king."
        )
    track = variant.scoring_track
    if track is not None:
        line = f"Scoring track: ovals 1 to {track.maximum} around the board."
        if scores is None:
            line += " The two score pawns start on 1."
        else:
            line += (
                " Score pawns: "
                + ", ".join(f"{variant.text(p.name)} on {scores.get(p.id, 1)}" for p in variant.players)
                + "."
            )
        summary.append(line)
    return "\n".join([*lines, "", *summary])
