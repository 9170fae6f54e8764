"""Moves as records write them, matched to the engine's legal moves.

Two forms the engine's own notation does not read are met in published collections:

- squares with leading zeros (``06-10``) and alphanumeric squares without a separator
  (``c3d4``): :func:`normalized` writes them the usual way;
- PDN 3.0's intermediate squares of a flying king's capture: where a king takes two
  pieces on one line, the record names the square just behind the first piece taken
  (``46x32x14x3`` on the international board), while the engine may have landed
  elsewhere on that line. :func:`through` finds the legal move that takes the same
  pieces between the same ends, which is the move the record means.
"""

from __future__ import annotations

__all__ = ["normalized", "through"]

import itertools
import math
import re
from collections.abc import Sequence

from ..model.positions import Move, Position

_LEADING_ZEROS = re.compile(r"(?<![0-9A-Za-z])0+(?=[0-9])")
_JOINED = re.compile(r"(?<=[0-9])(?=[A-Za-z][0-9])")


def normalized(written: str) -> str:
    """``written`` with leading zeros dropped and ``-`` between squares written without
    a separator: ``06-010`` -> ``6-10``, ``c3d4`` -> ``c3-d4``, ``e3xc5xe7`` unchanged.

    >>> normalized("06-10"), normalized("c3d4"), normalized("a10b9"), normalized("e3xc5xe7")
    ('6-10', 'c3-d4', 'a10-b9', 'e3xc5xe7')
    """
    text = _LEADING_ZEROS.sub("", written)
    if re.fullmatch(r"(?:[A-Za-z][0-9]{1,2}){2,}", text):
        text = _JOINED.sub("-", text)
    return text


def _between(position: Position, a: str, b: str) -> list[str] | None:
    """The cells strictly between ``a`` and ``b`` on the straight line joining them, or
    None when no straight line of the board joins them."""
    grid = position.game.variant.grid
    (ax, ay), (bx, by) = grid.coords(grid.parse(a)), grid.coords(grid.parse(b))
    dx, dy = bx - ax, by - ay
    steps = math.gcd(abs(dx), abs(dy))
    if steps == 0:
        return None
    ux, uy = dx // steps, dy // steps
    cells = []
    for k in range(1, steps):
        cell = grid.at(ax + k * ux, ay + k * uy)
        if cell is None:
            return None
        cells.append(grid.name(cell))
    return cells


def through(position: Position, cells: Sequence[str]) -> list[Move]:
    """The legal moves from ``cells[0]`` to ``cells[-1]`` that take exactly the pieces
    the written path crosses (each leg a straight line between the cells named), when
    the path names intermediate squares the engine's own paths do not."""
    if len(cells) < 3:
        return []
    pieces = position.pieces()
    mover = position.turn
    crossed: set[str] = set()
    for a, b in itertools.pairwise(cells):
        line = _between(position, a, b)
        if line is None:
            return []
        crossed |= {c for c in line if c in pieces and pieces[c].player != mover}
    return [
        m
        for m in position.legal_moves()
        if (m.path[0], m.path[-1]) == (cells[0], cells[-1])
        and len(m.captured) == len(crossed)
        and set(m.captured) == crossed
    ]
