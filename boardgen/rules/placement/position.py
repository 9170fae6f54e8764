"""A placement position and its one-line text form.

Text form, e.g. ``W:d4,e5:B:c3/W/rose``, three fields separated by ``/``:

1. each player's letter followed by their stones, ``W:<cells>:B:<cells>``, players in
   descriptor order; cells are names joined by ``,`` sorted by column then row
   (``a1,a2,b1``), ``-`` when a player has none;
2. the letter of the player to move;
3. the turn state: ``first`` on the game's first turn (the only turn with the
   opening allowance), ``rose`` when the player who just moved raised their score on
   that turn (the first half of the catch-up condition), ``-`` otherwise.

Scores are not written: they are the boards' largest groups and are recomputed.
"""

from __future__ import annotations

__all__ = [
    "PlacementPosition",
    "PositionFields",
    "cell_text",
    "format_position",
    "parse_cells",
    "parse_fields",
]

from collections.abc import Iterable
from dataclasses import field
from typing import NamedTuple

from ...errors import BoardgenError, shown
from ...foundation.values import frozen
from ...geometry import Grid
from .groups import bits


@frozen
class PlacementPosition:
    """Everything the rules need to continue a game.

    ``stones`` are bitmasks (see :mod:`.groups`) in the order of ``spec.players`` and
    ``mover`` indexes that order. ``scores`` caches each player's score; it is a
    function of ``stones``, so it takes no part in equality or hashing.
    """

    stones: tuple[int, int]
    mover: int
    #: The next turn is the game's first turn (the opening allowance applies).
    opening: bool
    #: The opponent's score rose on their last turn.
    rose: bool
    scores: tuple[int, int] = field(compare=False)

    @property
    def occupied(self) -> int:
        """Mask of the cells holding a stone of either player."""
        return self.stones[0] | self.stones[1]


class PositionFields(NamedTuple):
    """What the text form says, before the rules check it is consistent."""

    stones: tuple[int, int]
    mover: int
    opening: bool
    rose: bool


_STATES = {"first": (True, False), "rose": (False, True), "-": (False, False)}


def cell_text(grid: Grid, cells: Iterable[int]) -> str:
    """Cell names sorted by column then row, joined by ``,`` (``-`` for none)."""
    ordered = sorted(cells, key=grid.coords)
    return ",".join(grid.name(c) for c in ordered) if ordered else "-"


def format_position(grid: Grid, letters: tuple[str, str], position: PlacementPosition) -> str:
    stones = ":".join(
        f"{letter}:{cell_text(grid, bits(mask))}"
        for letter, mask in zip(letters, position.stones, strict=True)
    )
    state = "first" if position.opening else "rose" if position.rose else "-"
    return f"{stones}/{letters[position.mover]}/{state}"


def parse_cells(grid: Grid, playable: int, text: str, what: str) -> list[int]:
    """Distinct playable cells named in ``text`` (``,``-separated); ``-`` or blank is none."""
    text = text.strip()
    if text in ("", "-"):
        return []
    cells: list[int] = []
    for name in text.split(","):
        try:
            cell = grid.parse(name)
        except ValueError as exc:
            raise BoardgenError(f"{what}: {exc}") from None
        if not playable >> cell & 1:
            raise BoardgenError(f"{what}: {grid.name(cell)} is not a playable cell")
        if cell in cells:
            raise BoardgenError(f"{what}: {grid.name(cell)} is named twice")
        cells.append(cell)
    return cells


def parse_fields(grid: Grid, letters: tuple[str, str], playable: int, text: str) -> PositionFields:
    """Read the text form; raises BoardgenError saying what is wrong and where."""
    what = f"position {shown(text)}"
    form = f"expected '{letters[0]}:<cells>:{letters[1]}:<cells>/<letter to move>/<first|rose|->'"
    parts = text.strip().split("/")
    if len(parts) != 3:
        raise BoardgenError(f"{what}: {form}")
    board, to_move, state = (p.strip() for p in parts)
    tokens = board.split(":")
    if len(tokens) != 4:
        raise BoardgenError(f"{what}: {form}")
    stones = [0, 0]
    seen: set[str] = set()
    for letter, cells_text in ((tokens[0].strip(), tokens[1]), (tokens[2].strip(), tokens[3])):
        if letter not in letters or letter in seen:
            raise BoardgenError(
                f"{what}: expected the player letters {letters[0]} and {letters[1]}, got {shown(letter)}"
            )
        seen.add(letter)
        for cell in parse_cells(grid, playable, cells_text, f"{what}, {letter}'s stones"):
            stones[letters.index(letter)] |= 1 << cell
    if shared := stones[0] & stones[1]:
        raise BoardgenError(f"{what}: {cell_text(grid, bits(shared))} hold stones of both players")
    if to_move not in letters:
        raise BoardgenError(
            f"{what}: the player to move must be {letters[0]} or {letters[1]}, not {shown(to_move)}"
        )
    if state not in _STATES:
        raise BoardgenError(f"{what}: the turn state must be 'first', 'rose' or '-', not {shown(state)}")
    opening, rose = _STATES[state]
    return PositionFields((stones[0], stones[1]), letters.index(to_move), opening, rose)
