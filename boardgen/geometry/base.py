"""What every board geometry offers: cells or points, names, neighbours, lines, rows and rings.

Cells are plain integers ``0 .. size-1`` (cheap, hashable, fast, as in python-chess);
each has integer grid coordinates, a name a user can type, and a centre and outline in
units of the cell size (distance between neighbouring centres), with y pointing up.
Everything above geometry (regions, rules, layout, drawing) speaks only this
interface, so a new board shape is one new module (a *shape*, see :mod:`.shapes`).

A board is drawn one of three ways (:attr:`Grid.drawn`): as **cells** (squares,
hexagons: pieces stand in them), as **points** joined by **lines** (Go, Morris,
Chinese checkers: pieces stand on the points, which :meth:`Grid.lines` joins), or as
**pits** (mancala boards). Each place still has an outline, the area it owns: that is
where a tiled board is cut (along cell edges, or half-way between points).
"""

from __future__ import annotations

__all__ = [
    "ALPHABET",
    "COMPASS",
    "SIDES",
    "Drawn",
    "Grid",
    "Point",
    "Side",
    "column_letters",
    "compass_name",
    "parse_column_letters",
]

import copy
import functools
import math
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Collection, Mapping, Sequence
from typing import Literal, TypeVar

from ..errors import shown

Side = Literal["south", "north"]
_G = TypeVar("_G", bound="Grid")
#: How a board is drawn: cells pieces stand in, points on lines, or pits.
Drawn = Literal["cells", "points", "pits"]
#: The eight compass steps on a square lattice.
COMPASS: Mapping[str, tuple[int, int]] = {
    "n": (0, 1), "s": (0, -1), "e": (1, 0), "w": (-1, 0),
    "ne": (1, 1), "nw": (-1, 1), "se": (1, -1), "sw": (-1, -1),
}  # fmt: skip


def compass_name(dx: float, dy: float) -> str:
    """The compass direction ("n", "ne", ...) nearest the vector ``(dx, dy)`` (y up)."""
    names = ("e", "ne", "n", "nw", "w", "sw", "s", "se")
    return names[round(math.degrees(math.atan2(dy, dx)) / 45) % 8]


SIDES: tuple[Side, ...] = ("south", "north")
Point = tuple[float, float]


#: The letters columns are named with, unless a board leaves some out (Go's boards: no ``i``).
ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def column_letters(index: int, alphabet: str = ALPHABET) -> str:
    """0 -> 'a', 25 -> 'z', 26 -> 'aa': bijective base ``len(alphabet)``, so any width has
    names; with ``alphabet`` lacking ``i``, 8 -> 'j' (Go's column letters)."""
    letters = ""
    base = len(alphabet)
    index += 1
    while index > 0:
        index, rest = divmod(index - 1, base)
        letters = alphabet[rest] + letters
    return letters


def parse_column_letters(text: str, alphabet: str = ALPHABET) -> int:
    """Inverse of :func:`column_letters`; raises ValueError on anything else."""
    if not text or not all(ch in alphabet for ch in text):
        raise ValueError(f"{shown(text)} is not a column letter")
    index = 0
    for ch in text:
        index = index * len(alphabet) + alphabet.index(ch) + 1
    return index - 1


class Grid(ABC):
    """A finite board of cells with integer coordinates ``(x, y)``; y grows northwards."""

    #: Short name of the tiling, as written in descriptors ("square", "hexhex").
    kind: str
    #: Named unit steps ``name -> (dx, dy)`` in grid coordinates.
    directions: Mapping[str, tuple[int, int]]
    #: Number of rows between the south and the north edge.
    row_count: int
    #: How the board is drawn (see the module's docstring).
    drawn: Drawn = "cells"
    #: On a board of points, the directions along which :meth:`lines` joins neighbours
    #: (one of each opposite pair); boards with lines of their own override :meth:`lines`.
    line_directions: tuple[str, ...] = ()
    #: Directions from a row's first cell and a column's first cell to their labels.
    label_directions: tuple[str, str] = ("w", "s")
    #: Whether row and column labels stand at the board's edges rather than beside each
    #: row's and column's first place (lattice boards whose rows may start inside).
    labels_at_edges: bool = False
    #: The letters the columns are named with (:meth:`lettered`).
    letters: str = ALPHABET

    def __init__(self, coords: Sequence[tuple[int, int]]) -> None:
        self._coords: tuple[tuple[int, int], ...] = tuple(coords)
        self._index: dict[tuple[int, int], int] = {xy: i for i, xy in enumerate(self._coords)}
        self._names: tuple[str, ...] = tuple(self._name_of(xy) for xy in self._coords)
        self._by_name: dict[str, int] = {name: i for i, name in enumerate(self._names)}
        if not hasattr(self, "row_count"):
            ys = [xy[1] for xy in self._coords]
            self.row_count = max(ys) - min(ys) + 1 if ys else 0

    def without(self: _G, cells: Collection[int]) -> _G:
        """The same board with ``cells`` removed (a mask: holes, cut corners). The other
        cells keep their names and coordinates; their numbers close up in order."""
        gone = frozenset(cells)
        kept = [xy for i, xy in enumerate(self._coords) if i not in gone]
        grid = copy.copy(self)
        for cached in ("_middle", "_middle_point", "_rings", "_by_centre", "_neighbour_map"):
            grid.__dict__.pop(cached, None)
        Grid.__init__(grid, kept)
        return grid

    def lettered(self: _G, letters: str) -> _G:
        """The same board with its columns named with ``letters`` (Go's boards leave out
        ``i``, easily taken for ``j`` or ``l``): names change, places do not."""
        if letters == self.letters:
            return self
        grid = copy.copy(self)
        grid.letters = letters
        Grid.__init__(grid, self._coords)
        return grid

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
            raise ValueError(f"no cell named {shown(text)} on this {self.describe()}")
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

    def neighbours(self, cell: int) -> Mapping[str, int]:
        """The cells one step away, by direction name (those on the board)."""
        found = {}
        for direction in self.directions:
            other = self.step(cell, direction)
            if other is not None:
                found[direction] = other
        return found

    def lines(self) -> tuple[tuple[int, int], ...]:
        """The lines drawn between points, as pairs of neighbouring points (none on a
        board of cells): by default, every step along :attr:`line_directions`."""
        if self.drawn != "points":
            return ()
        pairs = []
        for cell in self.cells():
            for direction in self.line_directions:
                other = self.step(cell, direction)
                if other is not None:
                    pairs.append((cell, other))
        return tuple(pairs)

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

    def ring(self, cell: int) -> int:
        """1 for the outermost ring of cells, 2 for the one inside it, and so on: by
        default, one more than the fewest steps to a cell with a place missing around it."""
        return self._rings[cell]

    @functools.cached_property
    def _rings(self) -> tuple[int, ...]:
        full = len(self.directions)
        rings = [0] * self.size
        queue: deque[int] = deque()
        for cell in self.cells():
            if len(self.neighbours(cell)) < full:
                rings[cell] = 1
                queue.append(cell)
        while queue:
            cell = queue.popleft()
            for other in self.neighbours(cell).values():
                if rings[other] == 0:
                    rings[other] = rings[cell] + 1
                    queue.append(other)
        return tuple(r or 1 for r in rings)

    def half_turn(self, cell: int) -> int | None:
        """The cell a 180-degree rotation of the board about its middle brings ``cell``
        to, or None where the board is not symmetric so (a mask, an odd shape)."""
        x, y = self.centre(cell)
        mx, my = self._middle_point
        return self._by_centre.get((round(2 * mx - x, 4), round(2 * my - y, 4)))

    @functools.cached_property
    def _middle_point(self) -> Point:
        xs = [self.centre(c)[0] for c in self.cells()]
        ys = [self.centre(c)[1] for c in self.cells()]
        return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)

    @functools.cached_property
    def _by_centre(self) -> dict[tuple[float, float], int]:
        found = {}
        for c in self.cells():
            x, y = self.centre(c)
            found[(round(x, 4), round(y, 4))] = c
        return found

    def areas(self) -> tuple[tuple[Point, ...], ...]:
        """The polygons the board's surface is made of (cell units, y up): the cells'
        outlines by default. A tiled board is cut along their edges."""
        return tuple(self.outline(c) for c in self.cells())

    def sides(self) -> Mapping[str, tuple[int, ...]]:
        """The board's named outer sides (``south``, ``north-east``, ...), each as its
        cells in order, for shapes whose sides a game names (Hex, Y); none by default."""
        return {}

    @abstractmethod
    def centre(self, cell: int) -> Point:
        """Centre in cell units, y up; neighbouring centres are 1 apart."""

    @abstractmethod
    def outline(self, cell: int) -> tuple[Point, ...]:
        """Polygon of the cell (on a board of points, the area the point owns) in cell
        units, y up, counter-clockwise."""

    @functools.cached_property
    def _middle(self) -> float:
        """x of the board's south-north centre line, in cell units (computed once)."""
        xs = [self.centre(c)[0] for c in self.cells()]
        return (min(xs) + max(xs)) / 2

    def across(self, cell: int) -> float:
        """Signed distance from the board's south-north centre line, in cell units."""
        return self.centre(cell)[0] - self._middle
