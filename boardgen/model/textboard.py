"""The position as plain text, for ``<desc>`` and for screen readers.

A picture of a board says nothing to someone who cannot see it; the same position as
a small text board plus a list of pieces does, and it makes diffs readable.
"""

from __future__ import annotations

__all__ = ["describe_position"]

import weakref
from collections.abc import Callable, Mapping

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


#: The summary's words in English, by key; a caller gives them in another language through
#: ``say`` (:func:`boardgen.render.describe.diagram_words` reads them from a catalogue).
ENGLISH = {
    "pieces": "{player} ({n}): {cells}",
    "none": "none",
    "king": "K",
    "numbered_squares": "Squares are named by their draughts number (1 to {n}), then by column and row;"
    " K marks a king.",
    "track": "Scoring track: ovals 1 to {n} around the board.",
    "track_start": "The two score pawns start on 1.",
    "pawns": "Score pawns: {pawns}.",
    "pawn": "{player} on {n}",
}


def _english(key: str, **values: object) -> str:
    return ENGLISH[key].format(**values)


def describe_position(
    variant: Variant,
    pieces: Mapping[int, PieceView],
    scores: Mapping[str, int] | None = None,
    *,
    say: Callable[..., str] = _english,
    lang: str = "en",
) -> str:
    """A text board (north at the top) followed by each player's pieces by cell name
    (and square number, on boards numbered for draughts notation), then, on a board
    with a scoring track, the track and where the score pawns stand (``scores``).

    Men are the player's letter in lower case, kings in upper case, stones as men;
    ``.`` is an empty playable cell and a space a cell no piece may use. ``say(key,
    **values)`` gives the summary's sentences (:data:`ENGLISH`'s keys) and ``lang`` the
    language of the players' names, for a description in another language. A piece of a
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

    king_mark = say("king")

    def name(cell: int) -> str:
        king = pieces[cell].kind == "king"
        if cell in pdn:  # as in PDN positions: K before a king's number
            return f"{king_mark if king else ''}{pdn[cell]} ({grid.name(cell)})"
        if pieces[cell].shape:  # a declared kind (a chess rook): "rook a1"
            return f"{pieces[cell].shape} {grid.name(cell)}"
        return grid.name(cell) + (f"({king_mark})" if king else "")

    for player in variant.players:
        mine = sorted(
            (c for c, p in pieces.items() if p.player == player.id), key=lambda c: (pdn.get(c, 0), c)
        )
        names = ", ".join(name(c) for c in mine) or say("none")
        summary.append(say("pieces", player=variant.text(player.name, lang), n=len(mine), cells=names))
    if pdn:
        summary.append(say("numbered_squares", n=len(pdn)))
    track = variant.scoring_track
    if track is not None:
        line = say("track", n=track.maximum)
        if scores is None:
            line += " " + say("track_start")
        else:
            pawns = [
                say("pawn", player=variant.text(p.name, lang), n=scores.get(p.id, 1)) for p in variant.players
            ]
            line += " " + say("pawns", pawns=", ".join(pawns))
        summary.append(line)
    return "\n".join([*lines, "", *summary])
