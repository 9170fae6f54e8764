"""Region expressions: named sets of cells written relative to the board.

A descriptor says "the three rows nearest the south player, on dark squares" rather
than listing 12 squares, so the same text works on a board of another size.

An expression is either a word (``all``, ``playable`` or the name of a region defined
in the descriptor) or a mapping with exactly one selector:

``cells: [a1, c1]``        the cells named
``rows: 3`` / ``rows: [2, 3]`` with ``from: south|north|<player>``
                           the 3 rows nearest that edge / rows 2 and 3 counted from it
``ring: 1`` / ``ring: [1, 2]``
                           rings counted from the outside (1 = the outer ring)
``colour: dark|light``     squares of that colour (square boards)
``edge: <side>``            the cells along a named side of the board (a rhombus's
                           ``south``, a star's point ``north-west``: the shape's sides)
``nearest: 12`` with ``from:``
                           the 12 cells nearest that edge, row by row, from the middle
                           of each row outwards; refused if the cut falls between two
                           cells equally near the middle (the result would be lopsided)
``union: [...]`` / ``intersection: [...]``
                           set operations on sub-expressions

and optionally ``within: <expr>`` (keep only those cells) and ``except: <expr>``
(remove those cells), applied in that order.
"""

from __future__ import annotations

__all__ = ["MAX_REGION_DEPTH", "MAX_REGION_WORK", "RegionResolver"]

from collections.abc import Callable, Mapping

from ..geometry import Grid, Side, SquareGrid
from .reader import Reader
from .yamlload import PathKey

_SELECTORS = ("cells", "rows", "ring", "colour", "edge", "nearest", "union", "intersection")
_MODIFIERS = ("within", "except")
_BUILTINS = ("all", "playable")

#: Deepest nesting of region expressions, counting each named region a reference enters
#: (a chain ``r1: r2``, ``r2: r3``, ... is as deep as it is long).
MAX_REGION_DEPTH = 64
#: Most cells the selectors of one descriptor may look at in all (each selector looks at
#: every cell of the board once): 500 selectors on a 100x100 board, about two seconds. YAML
#: aliases let a small file repeat an expression thousands of times; this bounds the work.
MAX_REGION_WORK = 5_000_000


class RegionResolver:
    """Evaluates region expressions of one descriptor, with named regions resolved lazily."""

    def __init__(
        self,
        reader: Reader,
        grid: Grid,
        playable: frozenset[int],
        sides: Mapping[str, Side],
        named: Mapping[str, PathKey],
    ) -> None:
        self.reader = reader
        self.grid = grid
        self.playable = playable
        self.sides = sides
        self._named = named
        self._resolved: dict[str, frozenset[int]] = {}
        self._in_progress: list[str] = []
        self._depth = 0
        self._work = 0

    def named(self, name: str, path: PathKey) -> frozenset[int]:
        """The cells of region ``name`` (defined under ``regions:``)."""
        if name in self._resolved:
            return self._resolved[name]
        if name in self._in_progress:
            chain = " -> ".join([*self._in_progress[self._in_progress.index(name) :], name])
            raise self.reader.error(path, f"regions refer to each other in a circle: {chain}")
        if name not in self._named:
            known = ", ".join([*_BUILTINS, *self._named]) or "none"
            raise self.reader.error(path, f"unknown region '{name}' (known: {known})")
        self._in_progress.append(name)
        cells = self.evaluate(self._named[name])
        self._in_progress.pop()
        self._resolved[name] = cells
        return cells

    def evaluate(self, path: PathKey) -> frozenset[int]:
        """The cells of the expression at ``path``; refused past the depth and work bounds."""
        if self._depth >= MAX_REGION_DEPTH:
            raise self.reader.error(
                path, f"region expressions nest more than {MAX_REGION_DEPTH} deep (named regions included)"
            )
        self._depth += 1
        try:
            return self._evaluate(path)
        finally:
            self._depth -= 1

    def _evaluate(self, path: PathKey) -> frozenset[int]:
        value = self.reader.get(path)
        if isinstance(value, str):
            if value == "all":
                return frozenset(self.grid.cells())
            if value == "playable":
                return self.playable
            return self.named(value, path)
        if not isinstance(value, dict):
            raise self.reader.error(path, "expected a region: a region name or a mapping with a selector")
        chosen = [key for key in value if key in _SELECTORS]
        if len(chosen) != 1:
            listed = ", ".join(_SELECTORS)
            what = "no selector" if not chosen else f"several selectors ({', '.join(chosen)})"
            raise self.reader.error(path, f"a region needs exactly one selector of: {listed}; found {what}")
        selector = chosen[0]
        extra = ("from",) if selector in ("rows", "nearest") else ()
        self.reader.mapping(path, required=(selector, *extra), optional=_MODIFIERS)
        self._work += self.grid.size
        if self._work > MAX_REGION_WORK:
            raise self.reader.error(
                path,
                f"region expressions are too much work: their selectors would look at more than "
                f"{MAX_REGION_WORK:,} cells in all (aliases repeat an expression each time they are used)",
            )
        cells = _SELECT[selector](self, (*path, selector))
        if "within" in value:
            cells &= self.evaluate((*path, "within"))
        if "except" in value:
            cells -= self.evaluate((*path, "except"))
        return cells

    # -- selectors -------------------------------------------------------------------

    def _cells(self, path: PathKey) -> frozenset[int]:
        found: dict[int, int] = {}
        for i, _ in enumerate(self.reader.sequence(path)):
            name = self.reader.string((*path, i), what="a cell name")
            try:
                cell = self.grid.parse(name)
            except ValueError as exc:
                raise self.reader.error((*path, i), str(exc)) from None
            if cell in found:
                raise self.reader.error(
                    (*path, i), f"{self.grid.name(cell)} is listed twice (first as item {found[cell] + 1})"
                )
            found[cell] = i
        return frozenset(found)

    def _side(self, path: PathKey) -> Side:
        choices = ["south", "north", *self.sides]
        word = self.reader.string(path, choices=choices)
        if word in ("south", "north"):
            return word  # type: ignore[return-value]
        return self.sides[word]

    def _numbers(self, path: PathKey, limit: int, what: str) -> list[int]:
        value = self.reader.get(path)
        if isinstance(value, list):
            return [self.reader.integer((*path, i), minimum=1, maximum=limit) for i in range(len(value))]
        count = self.reader.integer(path, minimum=0, maximum=limit)
        return list(range(1, count + 1))

    def _rows(self, path: PathKey) -> frozenset[int]:
        side = self._side((*path[:-1], "from"))
        rows = set(self._numbers(path, self.grid.row_count, "row"))
        return frozenset(c for c in self.grid.cells() if self.grid.row_from(c, side) in rows)

    def _ring(self, path: PathKey) -> frozenset[int]:
        deepest = max(self.grid.ring(c) for c in self.grid.cells())
        rings = set(self._numbers(path, deepest, "ring"))
        return frozenset(c for c in self.grid.cells() if self.grid.ring(c) in rings)

    def _colour(self, path: PathKey) -> frozenset[int]:
        colour = self.reader.string(path, choices=("dark", "light"))
        if not isinstance(self.grid, SquareGrid):
            raise self.reader.error(
                path, f"colour regions exist only on square boards, not on a {self.grid.kind} board"
            )
        grid = self.grid
        return frozenset(c for c in grid.cells() if grid.colour(c) == colour)

    def _edge(self, path: PathKey) -> frozenset[int]:
        sides = self.grid.sides()
        if not sides:
            raise self.reader.error(path, f"a {self.grid.kind} board has no named sides")
        return frozenset(sides[self.reader.string(path, choices=tuple(sides))])

    def _nearest(self, path: PathKey) -> frozenset[int]:
        parent = path[:-1]
        side = self._side((*parent, "from"))
        count = self.reader.integer(path, minimum=0, maximum=self.grid.size)
        value = self.reader.get(parent)
        pool = frozenset(self.grid.cells())
        if "within" in value:
            pool &= self.evaluate((*parent, "within"))
        if "except" in value:
            pool -= self.evaluate((*parent, "except"))

        def key(cell: int) -> tuple[int, float]:
            return (self.grid.row_from(cell, side), round(abs(self.grid.across(cell)), 6))

        ranked = sorted(pool, key=lambda c: (*key(c), c))
        if count > len(ranked):
            raise self.reader.error(path, f"asks for {count} cells but only {len(ranked)} are available")
        if 0 < count < len(ranked) and key(ranked[count - 1]) == key(ranked[count]):
            raise self.reader.error(
                path,
                f"the {count} nearest cells are not well defined: "
                f"{self.grid.name(ranked[count - 1])} and {self.grid.name(ranked[count])} are equally near",
            )
        return frozenset(ranked[:count])

    def _combine(
        self, path: PathKey, op: Callable[[frozenset[int], frozenset[int]], frozenset[int]]
    ) -> frozenset[int]:
        items = self.reader.sequence(path, min_items=1)
        result = self.evaluate((*path, 0))
        for i in range(1, len(items)):
            result = op(result, self.evaluate((*path, i)))
        return result

    def _union(self, path: PathKey) -> frozenset[int]:
        return self._combine(path, frozenset.union)

    def _intersection(self, path: PathKey) -> frozenset[int]:
        return self._combine(path, frozenset.intersection)


_SELECT: dict[str, Callable[[RegionResolver, PathKey], frozenset[int]]] = {
    "cells": RegionResolver._cells,
    "rows": RegionResolver._rows,
    "ring": RegionResolver._ring,
    "colour": RegionResolver._colour,
    "edge": RegionResolver._edge,
    "nearest": RegionResolver._nearest,
    "union": RegionResolver._union,
    "intersection": RegionResolver._intersection,
}
