"""The one-line text form of a position of stones, shared by the families that place
or move identical pieces (reversi, go, connection, race, lines of action, hop).

``B:d5,e4:W:d4,e5/B`` lists each player's letter and cells (``-`` for none) in
descriptor order, then ``/`` and the letter of the player to move; a family may add
further ``/``-separated fields (Go's ko point and passes). Cells are sorted by column,
then row, as the placement family writes them.
"""

from __future__ import annotations

__all__ = ["format_stones", "parse_move_cell", "parse_stones"]

from collections.abc import Sequence

from ..errors import BoardgenError, shown
from .lattice import Lattice


def _cells_text(lattice: Lattice, mask: int) -> str:
    grid = lattice.grid
    cells = sorted(lattice.cells_of(mask), key=grid.coords)
    return ",".join(grid.name(c) for c in cells) if cells else "-"


def format_stones(lattice: Lattice, letters: Sequence[str], masks: Sequence[int], mover: int) -> str:
    """``W:<cells>:B:<cells>/<mover>``; more players add more ``letter:cells`` pairs."""
    board = ":".join(f"{letter}:{_cells_text(lattice, m)}" for letter, m in zip(letters, masks, strict=True))
    return f"{board}/{letters[mover]}"


def parse_stones(
    lattice: Lattice, letters: Sequence[str], text: str, extra: int = 0
) -> tuple[list[int], int, list[str]]:
    """Each player's mask, the mover's index, and ``extra`` further fields.

    Raises BoardgenError naming what is wrong: an unknown letter, a cell off the board
    or named twice, a cell held by two players, a missing field.
    """
    what = f"position {shown(text)}"
    pairs = ":".join(f"{letter}:<cells>" for letter in letters)
    form = f"expected '{pairs}/<letter to move>'" + "/…" * extra
    parts = [p.strip() for p in text.strip().split("/")]
    if len(parts) != 2 + extra:
        raise BoardgenError(f"{what}: {form}")
    tokens = parts[0].split(":")
    if len(tokens) != 2 * len(letters):
        raise BoardgenError(f"{what}: {form}")
    masks = [0] * len(letters)
    seen: set[str] = set()
    taken = 0
    for i in range(0, len(tokens), 2):
        letter = tokens[i].strip()
        if letter not in letters or letter in seen:
            raise BoardgenError(
                f"{what}: expected the player letters {', '.join(letters)}, got {shown(letter)}"
            )
        seen.add(letter)
        body = tokens[i + 1].strip()
        if body in ("", "-"):
            continue
        for name in body.split(","):
            cell = parse_move_cell(lattice, name, what)
            bit = 1 << lattice.bit(cell)
            if taken & bit:
                raise BoardgenError(f"{what}: {lattice.grid.name(cell)} is named twice")
            taken |= bit
            masks[letters.index(letter)] |= bit
    if parts[1] not in letters:
        raise BoardgenError(
            f"{what}: the player to move must be one of {', '.join(letters)}, not {shown(parts[1])}"
        )
    return masks, list(letters).index(parts[1]), parts[2:]


def parse_move_cell(lattice: Lattice, name: str, what: str) -> int:
    """The board cell ``name`` denotes; refuses names off the grid or off the board."""
    try:
        cell = lattice.grid.parse(name)
    except ValueError as exc:
        raise BoardgenError(f"{what}: {exc}") from None
    if not lattice.has_cell(cell):
        raise BoardgenError(f"{what}: {lattice.grid.name(cell)} is not a playable cell")
    return cell
