"""The goals of a connection game, read from a group's features.

Every goal but the ring depends only on which board features a group of stones
touches: its corners (bridge), its sides (connect, connect_all_sides) and its edges,
the sides without their corners (fork). A group's features are the union of its
stones', one integer of flags. So the cells where a stone would win at once are found
by listing the mover's groups once, each with its features, and reading each cell's
goal from the union of its own features and those of the groups it touches: a few
integer operations per cell instead of a flood fill per move (:meth:`Goals.winning_cells`,
what perft counts with). The ring depends on the whole board; a cell is first tried
locally (:meth:`Goals.closes_ring`) and only one that may close a ring costs a flood
fill of the board.
"""

from __future__ import annotations

__all__ = ["Goals"]

from collections.abc import Mapping, Sequence

from ..lattice import Lattice, bits_of
from .params import ConnectionParams


class Goals:
    """The goals of one board and one set of switches."""

    def __init__(
        self,
        lattice: Lattice,
        params: ConnectionParams,
        sides: Mapping[str, int],
        corners: int,
        player_ids: Sequence[str],
    ) -> None:
        self.lattice = lattice
        self.params = params
        self.border = 0
        for mask in sides.values():
            self.border |= mask
        corner_masks = [1 << b for b in bits_of(corners)]
        edge_masks = [mask & ~corners for mask in sides.values()]
        #: One flag per feature: each corner cell, each edge (a side without its
        #: corners), each side, in that order.
        self.feature_masks = (*corner_masks, *edge_masks, *sides.values())
        corner_count, side_count = len(corner_masks), len(sides)
        self._corner_flags = (1 << corner_count) - 1
        self._edge_flags = ((1 << side_count) - 1) << corner_count
        self._side_shift = corner_count + side_count
        self._all_sides = (1 << side_count) - 1
        index = {name: i for i, name in enumerate(sides)}
        #: Per player: the flags of the sides they must join (0: no such goal).
        self._targets = tuple(sum(1 << index[n] for n in params.connect.get(pid, ())) for pid in player_ids)
        #: The features of each bit's cell alone.
        self._bit_features = {b: self.features(1 << b) for b in bits_of(lattice.full)}
        #: Per player: the memo of the goal (other than the ring) each set of features reaches.
        self._memo: tuple[dict[int, str], ...] = tuple({} for _ in player_ids)
        #: Per player: the cells where a lone stone reaches a goal (only on tiny boards).
        self._lone_wins = tuple(
            sum(1 << b for b, f in self._bit_features.items() if self.shape_goal(f, player))
            for player in range(len(player_ids))
        )
        self._neighbours = lattice.neighbours
        #: Whether a set of cells (the free neighbours of one cell) is connected through
        #: one another, as the local ring test meets them.
        self._joined: dict[int, bool] = {}

    # -- features and the goals they reach -----------------------------------------------

    def features(self, group: int) -> int:
        """The flags of the features the cells of ``group`` touch."""
        return sum(1 << i for i, mask in enumerate(self.feature_masks) if group & mask)

    def shape_goal(self, features: int, player: int) -> str:
        """The goal other than the ring that a group with ``features`` reaches for
        ``player`` ('' for none), in the order connect, all sides, bridge, fork."""
        memo = self._memo[player]
        goal = memo.get(features)
        if goal is None:
            goal = memo[features] = self._shape_goal(features, player)
        return goal

    def _shape_goal(self, features: int, player: int) -> str:
        p, sides = self.params, features >> self._side_shift
        target = self._targets[player]
        if target and sides & target == target:
            return "connect"
        if p.connect_all_sides and sides == self._all_sides:
            return "all"
        if p.bridge and (features & self._corner_flags).bit_count() >= 2:
            return "bridge"
        if p.fork and (features & self._edge_flags).bit_count() >= 3:
            return "fork"
        return ""

    # -- the ring --------------------------------------------------------------------------

    def has_ring(self, own: int) -> bool:
        """Whether ``own`` stones close a loop around some cell: a region of other cells
        that cannot reach the board's edge, or a stone of ``own`` off the edge whose
        neighbours are all ``own`` (the loop of its six neighbours surrounds it)."""
        lattice = self.lattice
        rest = lattice.full & ~own
        outside = lattice.group(rest & self.border, rest)
        if rest & ~outside:
            return True
        return any(lattice.around[b] & ~own == 0 for b in bits_of(own & ~self.border))

    def closes_ring(self, own: int, bit: int) -> bool:
        """Whether a stone on ``bit`` closes a ring for ``own`` (stones that close none).

        As :meth:`ConnectionGame.goal_reached` asks it: a stone touching fewer than two
        of its own closes none; else the answer is ``has_ring(own | bit)``, found without
        a flood fill when it can be. A new ring either surrounds a stone (``bit`` or one
        of its own neighbours, off the edge, with no free neighbour left: checked
        directly), or cuts a region of other cells off the edge. That region holds one
        of the other cells around ``bit``; when those touch one another they stay one
        region, which still reaches the edge if one of them is on it or if ``bit`` is not
        (the region reached the edge before, and not through ``bit``).
        """
        around = self.lattice.around
        touching = around[bit] & own
        if touching.bit_count() < 2:
            return False
        after = own | 1 << bit
        for b in bits_of((touching | 1 << bit) & ~self.border):
            if not around[b] & ~after:
                return True
        free = around[bit] & ~after
        if not free:
            return False
        joined = self._joined.get(free)
        if joined is None:
            joined = self._joined[free] = self.lattice.spread(free & -free, free) == free
        if joined and (free & self.border or not self.border >> bit & 1):
            return False
        return self.has_ring(after)

    # -- every winning cell at once ------------------------------------------------------

    def winning_cells(self, own: int, empty: int, player: int) -> int:
        """The cells of ``empty`` where a stone of ``player`` (whose stones are ``own``,
        without a ring) reaches a goal at once."""
        near = empty & self.lattice.dilate(own)
        wins = empty & ~near & self._lone_wins[player]
        if not near:
            return wins
        group_features = self._group_features(own)
        bit_features, neighbours = self._bit_features, self._neighbours
        memo, ring = self._memo[player], self.params.ring
        for b in bits_of(near):
            features = bit_features[b]
            for n in neighbours[b]:
                found = group_features.get(n)
                if found is not None:
                    features |= found
            goal = memo.get(features)
            if goal is None:
                goal = self.shape_goal(features, player)
            if goal or (ring and self.closes_ring(own, b)):
                wins |= 1 << b
        return wins

    def _group_features(self, own: int) -> dict[int, int]:
        """Each bit of ``own`` -> the features of its group."""
        out: dict[int, int] = {}
        bit_features, lattice = self._bit_features, self.lattice
        left = own
        while left:
            group = lattice.group(left & -left, own)
            left &= ~group
            features = 0
            members = list(bits_of(group))
            for b in members:
                features |= bit_features[b]
            for b in members:
                out[b] = features
        return out
