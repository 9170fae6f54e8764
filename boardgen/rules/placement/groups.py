"""Groups and scores of stones, on sets of cells stored as integer bitmasks.

A player's stones are one ``int`` whose bit ``c`` is set when cell ``c`` holds one
of their stones: union, difference and counting are single operations, and
positions stay small and hashable. A group is a maximal set of a player's stones
connected through the grid's neighbour steps (the six hex neighbours on hexhex).
"""

from __future__ import annotations

__all__ = ["Groups", "bits", "mask_of"]

from collections.abc import Iterable, Iterator

from ...geometry import Grid


def mask_of(cells: Iterable[int]) -> int:
    """The bitmask holding exactly ``cells``."""
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def bits(mask: int) -> Iterator[int]:
    """The cells of a bitmask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Groups:
    """Neighbourhoods of the playable cells of one board, and group arithmetic on them."""

    def __init__(self, grid: Grid, playable: Iterable[int]) -> None:
        self.playable = mask_of(playable)
        neighbours = [0] * grid.size
        for cell in bits(self.playable):
            for direction in grid.directions:
                other = grid.step(cell, direction)
                if other is not None and self.playable >> other & 1:
                    neighbours[cell] |= 1 << other
        #: Mask of the playable neighbours of each cell.
        self.neighbours: tuple[int, ...] = tuple(neighbours)

    def group(self, own: int, cell: int) -> int:
        """The group of ``own`` containing ``cell`` (which must be in ``own``)."""
        group = frontier = 1 << cell
        while frontier:
            grown = 0
            for c in bits(frontier):
                grown |= self.neighbours[c]
            frontier = grown & own & ~group
            group |= frontier
        return group

    def sizes(self, own: int) -> list[int]:
        """Sizes of all groups of ``own``, largest first (the tie-break order)."""
        sizes: list[int] = []
        rest = own
        while rest:
            group = self.group(own, (rest & -rest).bit_length() - 1)
            sizes.append(group.bit_count())
            rest &= ~group
        sizes.sort(reverse=True)
        return sizes

    def score(self, own: int) -> int:
        """Size of the largest group, but at least 1: both scores start at 1."""
        return max([1, *self.sizes(own)])

    def largest_through(self, own: int, placed: int) -> int:
        """Size of the largest group of ``own`` that holds a cell of ``placed``.

        Placing stones only grows or merges the groups they touch, so the new score
        after a turn is the larger of the old score and this: no full recount needed.
        """
        best = 0
        rest = placed
        while rest:
            group = self.group(own, (rest & -rest).bit_length() - 1)
            best = max(best, group.bit_count())
            rest &= ~group
        return best
