"""What every board geometry offers: cells, names, neighbours, rows and rings.

Cells are plain integers ``0 .. size-1`` (cheap, hashable, fast, as in python-chess);
each has integer grid coordinates, a name a user can type, and a centre and outline in
units of the cell size (distance between neighbouring centres), with y pointing up.
Everything above geometry (regions, rules, layout) speaks only this interface, so a
new tiling is one new module.
"""

from __future__ import annotations

__all__ = ["SIDES", "Grid", "Point", "Side", "column_letters", "parse_column_letters"]

import functools
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Literal

Side = Literal["south", "north"]
SIDES: tuple[Side, ...] = ("south", "north")
Point = tuple[float, float]


def column_letters(index: int) -> str:
    """0 -> 'a', 25 -> 'z', 26 -> 'aa': bijective base 26, so any width has names."""
    letters = ""
    index += 1
    while index > 0:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def parse_column_letters(text: str) -> int:
    """Inverse of :func:`column_letters`; raises ValueError on anything else."""
    if not text or not all("a" <= ch <= "z" for ch in text):
        raise ValueError(f"{text!r} is not a column letter")
    index = 0
    for ch in text:
        index = index * 26 + (ord(ch) - ord("a") + 1)
    return index - 1


class Grid(ABC):
    """A finite board of cells with integer coordinates ``(x, y)``; y grows northwards."""

    #: Short name of the tiling, as written in descriptors ("square", "hexhex").
    kind: str
    #: Named unit steps ``name -> (dx, dy)`` in grid coordinates.
    directions: Mapping[str, tuple[int, int]]
    #: Number of rows between the south and the north edge.
    row_count: int

    def __init__(self, coords: Sequence[tuple[int, int]]) -> None:
        self._coords: tuple[tuple[int, int], ...] = tuple(coords)
        self._index: dict[tuple[int, int], int] = {xy: i for i, xy in enumerate(self._coords)}
        self._names: tuple[str, ...] = tuple(self._name_of(xy) for xy in self._coords)
        self._by_name: dict[str, int] = {name: i for i, name in enumerate(self._names)}

    # -- cells and names -------------------------------------------------------------

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self._coords)

    def cells(self) -> range:
        return range(len(self._coords))

    def coords(self, cell: int) -> tuple[int, int]:
        return self._coords[cell]

    def at(self, x: int, y: int) -> int | None:
        """The cell at grid coordinates ``(x, y)``, or None off the board."""
        return self._index.get((x, y))

    def name(self, cell: int) -> str:
        return self._names[cell]

    def parse(self, text: str) -> int:
        """The cell a user's name denotes; raises ValueError with a readable reason."""
        cell = self._by_name.get(text.strip().lower())
        if cell is None:
            raise ValueError(f"no cell named {text!r} on this {self.describe()}")
        return cell

    @abstractmethod
    def _name_of(self, xy: tuple[int, int]) -> str: ...

    @abstractmethod
    def describe(self) -> str:
        """A short human description, e.g. '8x8 square board'."""

    # -- neighbourhood ---------------------------------------------------------------

    def step(self, cell: int, direction: str, distance: int = 1) -> int | None:
        """The cell ``distance`` steps away in a named direction, or None off the board."""
        dx, dy = self.directions[direction]
        x, y = self._coords[cell]
        return self._index.get((x + dx * distance, y + dy * distance))

    @staticmethod
    def opposite(direction: str) -> str:
        """The direction pointing the other way (used to turn rules round for north)."""
        flips = {"n": "s", "s": "n", "e": "w", "w": "e"}
        return "".join(flips[ch] for ch in direction)

    # -- relative positions (for regions written from a player's point of view) -----

    def row_from(self, cell: int, side: Side) -> int:
        """1-based row of ``cell`` counted from ``side``'s edge."""
        y = self._coords[cell][1]
        return y + 1 if side == "south" else self.row_count - y

    @abstractmethod
    def ring(self, cell: int) -> int:
        """1 for the outermost ring of cells, 2 for the one inside it, and so on."""

    @abstractmethod
    def half_turn(self, cell: int) -> int:
        """The cell a 180-degree rotation of the board brings ``cell`` to."""

    @abstractmethod
    def centre(self, cell: int) -> Point:
        """Centre in cell units, y up; neighbouring centres are 1 apart."""

    @abstractmethod
    def outline(self, cell: int) -> tuple[Point, ...]:
        """Polygon of the cell in cell units, y up, counter-clockwise."""

    @functools.cached_property
    def _middle(self) -> float:
        """x of the board's south-north centre line, in cell units (computed once)."""
        xs = [self.centre(c)[0] for c in self.cells()]
        return (min(xs) + max(xs)) / 2

    def across(self, cell: int) -> float:
        """Signed distance from the board's south-north centre line, in cell units."""
        return self.centre(cell)[0] - self._middle
