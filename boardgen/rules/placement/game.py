"""Placement games (Catchup): the Engine protocol for stone placement with catch-up turns.

A turn places a *set* of stones on empty cells: which stone went down first cannot
matter, so moves are frozensets of cells and perft counts sets, not orderings. The
first player opens with up to ``opening_stones``; afterwards a turn places 1 to
``stones_per_turn`` stones, or up to ``catchup_stones`` when the opponent's score
rose on their last turn and is, at the start of this turn, at least the mover's.
No turn may place more stones than there are empty cells. A score is the size of the
player's largest group, but at least 1 (both scores start at 1). The game ends when
every playable cell holds a stone: the larger largest group wins, ties broken by the
second largest and so on; identical group sizes are a draw. docs/rules.md, Catchup
gives the reasons for each reading of the source.
"""

from __future__ import annotations

__all__ = ["MAX_LISTED_TURNS", "Move", "PlacementGame", "make_game"]

from collections.abc import Mapping, Sequence
from itertools import combinations
from math import comb

from ...errors import BoardgenError, shown
from ..base import Check, Ending, MoveView, PieceView
from ..spec import GameSpec
from .bound import score_bounds
from .groups import Groups, bits, mask_of
from .params import PlacementParams, parse_params
from .position import PlacementPosition, cell_text, format_position, parse_cells, parse_fields

#: Most turns :meth:`PlacementGame.legal_moves` lists: three stones on a side-14 board
#: already make 27 million. Counting (perft) needs no list and has no such bound.
MAX_LISTED_TURNS = 100_000

#: A turn: the set of cells that receive the mover's stones.
Move = frozenset[int]


class PlacementGame:
    """The placement rule family bound to one game's spec and params."""

    def __init__(self, spec: GameSpec, params: PlacementParams) -> None:
        self.spec = spec
        self.params = params
        self.grid = spec.grid
        self.groups = Groups(spec.grid, spec.playable)
        self.player_ids: tuple[str, str] = (spec.players[0].id, spec.players[1].id)
        self.letters: tuple[str, str] = (spec.players[0].letter, spec.players[1].letter)
        # _turn_counts[e][k]: number of turns placing 1..k stones on e empty cells.
        most = max(params.opening_stones, params.catchup_stones)
        self._turn_counts = [
            [sum(comb(e, s) for s in range(1, min(k, e) + 1)) for k in range(most + 1)]
            for e in range(self.groups.playable.bit_count() + 1)
        ]

    # -- positions -----------------------------------------------------------------

    def position(
        self, stones: tuple[int, int], mover: int, *, opening: bool, rose: bool
    ) -> PlacementPosition:
        """A position with its scores computed; the one way positions are built."""
        scores = (self.groups.score(stones[0]), self.groups.score(stones[1]))
        return PlacementPosition(stones, mover, opening, rose, scores)

    def _setup(self) -> tuple[int, int]:
        masks = [0, 0]
        for player_id, cells in self.spec.setup.items():
            if player_id not in self.player_ids:
                raise BoardgenError(f"setup names {player_id!r}, who is not a player", key="setup")
            for cell in cells:
                if not self.groups.playable >> cell & 1:
                    raise BoardgenError(
                        f"setup stone on {self.grid.name(cell)}, not a playable cell", key="setup"
                    )
                masks[self.player_ids.index(player_id)] |= 1 << cell
        if shared := masks[0] & masks[1]:
            raise BoardgenError(
                f"setup puts both players on {cell_text(self.grid, bits(shared))}", key="setup"
            )
        return masks[0], masks[1]

    def initial(self) -> PlacementPosition:
        if self.spec.first not in self.player_ids:
            raise BoardgenError(f"the first player {self.spec.first!r} is not a player", key="first")
        first = self.player_ids.index(self.spec.first)
        return self.position(self._setup(), first, opening=True, rose=False)

    def to_move(self, position: PlacementPosition) -> str:
        return self.player_ids[position.mover]

    def pieces(self, position: PlacementPosition) -> Mapping[int, PieceView]:
        return {
            cell: PieceView(player_id, "stone")
            for player_id, mask in zip(self.player_ids, position.stones, strict=True)
            for cell in bits(mask)
        }

    def empty(self, position: PlacementPosition) -> int:
        """Mask of the empty playable cells."""
        return self.groups.playable & ~position.occupied

    # -- the turn rule ---------------------------------------------------------------

    def catching_up(self, position: PlacementPosition) -> bool:
        """Whether this is a catch-up turn: the opponent's score rose on their last
        turn and is, now, at least the mover's."""
        opponent = 1 - position.mover
        return position.rose and position.scores[opponent] >= position.scores[position.mover]

    def allowance(self, position: PlacementPosition) -> int:
        """Most stones the rules let the mover place, before counting empty cells."""
        if position.opening:
            return self.params.opening_stones
        return self.params.catchup_stones if self.catching_up(position) else self.params.stones_per_turn

    def max_stones(self, position: PlacementPosition) -> int:
        """Most stones this turn may place: the allowance, cut to the empty cells."""
        return min(self.allowance(position), self.empty(position).bit_count())

    def legal_moves(self, position: PlacementPosition) -> list[Move]:
        """Every turn, each a set of cells; refused when there are too many to list."""
        count = self._turn_counts[self.empty(position).bit_count()][self.max_stones(position)]
        if count > MAX_LISTED_TURNS:
            raise BoardgenError(
                f"{self.to_move(position)} has {count:,} possible turns here: too many to list "
                f"(at most {MAX_LISTED_TURNS:,})"
            )
        empty = list(bits(self.empty(position)))
        return [
            frozenset(cells)
            for k in range(1, self.max_stones(position) + 1)
            for cells in combinations(empty, k)
        ]

    def play(self, position: PlacementPosition, move: Move) -> PlacementPosition:
        """The position after ``move``; raises BoardgenError if it is not legal here."""
        placed = mask_of(move)
        if not move or len(move) > self.max_stones(position) or placed & ~self.empty(position):
            names = ",".join(self.grid.name(c) if 0 <= c < self.grid.size else str(c) for c in sorted(move))
            raise BoardgenError(f"illegal turn {names or '(no stone)'} in {self.position_text(position)}")
        return self._after(position, placed)

    def _after(self, position: PlacementPosition, placed: int) -> PlacementPosition:
        me = position.mover
        own = position.stones[me] | placed
        score = max(position.scores[me], self.groups.largest_through(own, placed))
        stones = (own, position.stones[1]) if me == 0 else (position.stones[0], own)
        scores = (score, position.scores[1]) if me == 0 else (position.scores[0], score)
        return PlacementPosition(stones, 1 - me, False, score > position.scores[me], scores)

    # -- end of game -----------------------------------------------------------------

    def is_over(self, position: PlacementPosition) -> bool:
        return not self.empty(position)

    def score(self, position: PlacementPosition) -> Mapping[str, int]:
        """Each player's score: the size of their largest group (at least 1)."""
        return dict(zip(self.player_ids, position.scores, strict=True))

    def ranking(self, position: PlacementPosition) -> tuple[list[int], list[int]]:
        """Each player's group sizes, largest first: what the tie-break compares."""
        return self.groups.sizes(position.stones[0]), self.groups.sizes(position.stones[1])

    def outcome(self, position: PlacementPosition) -> str | None:
        """The winner's id, ``"draw"``, or None while the board is not full.

        Group sizes are compared largest first, pair by pair; a player who runs out of
        groups compares as 0 there, which is exactly Python's list ordering.
        """
        if not self.is_over(position):
            return None
        first, second = self.ranking(position)
        if first == second:
            return "draw"
        return self.player_ids[0] if first > second else self.player_ids[1]

    def ending(self, position: PlacementPosition) -> Ending | None:
        """How the game ended: the board is full, and the group sizes decide."""
        result = self.outcome(position)
        if result is None:
            return None
        first, second = self.ranking(position)
        sizes = " against ".join(
            f"{pid} {'+'.join(map(str, groups))}"
            for pid, groups in zip(self.player_ids, (first, second), strict=True)
        )
        return Ending(result, f"the board is full; groups {sizes}")

    # -- counting --------------------------------------------------------------------

    def perft(self, position: PlacementPosition, depth: int, distinct: bool = False) -> int:
        """Number of distinct sequences of ``depth`` turns (sets of cells) from here.

        Sequences that end the game early are not counted (the usual perft
        convention). The last ply is counted, not played: with ``e`` empty cells and
        at most ``k`` stones there are ``C(e,1) + ... + C(e,k)`` turns. ``distinct``
        changes nothing: two different turns place different stones, so they never
        lead to the same position.
        """
        if depth == 0:
            return 1
        empty = self.empty(position)
        if depth == 1:
            return self._turn_counts[empty.bit_count()][self.max_stones(position)]
        if depth == 2:
            return self._perft_2(position, empty)
        cells = list(bits(empty))
        total = 0
        for k in range(1, self.max_stones(position) + 1):
            for chosen in combinations(cells, k):
                total += self.perft(self._after(position, mask_of(chosen)), depth - 1)
        return total

    def _perft_2(self, position: PlacementPosition, empty: int) -> int:
        """Two plies: enumerate this turn, count the reply (only its limit matters)."""
        me, opponent = position.mover, 1 - position.mover
        own, old = position.stones[me], position.scores[me]
        their = position.scores[opponent]
        p = self.params
        cells = list(bits(empty))
        left = len(cells)
        total = 0
        for k in range(1, self.max_stones(position) + 1):
            counts = self._turn_counts[left - k]
            for chosen in combinations(cells, k):
                placed = mask_of(chosen)
                score = max(old, self.groups.largest_through(own | placed, placed))
                # The reply is a catch-up turn when my score rose and now is >= theirs.
                total += counts[p.catchup_stones if old < score >= their else p.stones_per_turn]
        return total

    # -- text --------------------------------------------------------------------------

    def move_text(self, position: PlacementPosition, move: Move) -> str:
        return cell_text(self.grid, move)

    def parse_move(self, position: PlacementPosition, text: str) -> Move:
        """The legal turn ``text`` names (cells in any order, ``,``-separated)."""
        cells = parse_cells(self.grid, self.groups.playable, text, f"turn {shown(text)}")
        if not cells:
            raise BoardgenError(f"turn {shown(text)}: name at least one cell, e.g. 'c3' or 'c3,d4'")
        taken = [c for c in cells if position.occupied >> c & 1]
        if taken:
            raise BoardgenError(f"turn {shown(text)}: {cell_text(self.grid, taken)} already hold a stone")
        most = self.max_stones(position)
        if len(cells) > most:
            raise BoardgenError(f"turn {shown(text)}: {self._limit_reason(position, most)}")
        return frozenset(cells)

    def _limit_reason(self, position: PlacementPosition, most: int) -> str:
        """Why a turn of distinct empty cells is too long: only the allowance can be."""
        who = self.to_move(position)
        if position.opening:
            return f"{who} may place at most {most} stone(s) on the first turn"
        if self.catching_up(position):
            return f"{who} may place at most {most} stone(s), even catching up"
        return f"{who} may place at most {most} stone(s): not a catch-up turn"

    def view(self, move: Move) -> MoveView:
        return MoveView(path=(), placed=tuple(sorted(move, key=self.grid.coords)))

    def position_text(self, position: PlacementPosition) -> str:
        return format_position(self.grid, self.letters, position)

    def parse_position(self, text: str) -> PlacementPosition:
        """The position ``text`` describes; also refuses states no game can reach
        (the opening flag off the starting board, a rise to a starting score)."""
        fields = parse_fields(self.grid, self.letters, self.groups.playable, text)
        position = self.position(fields.stones, fields.mover, opening=fields.opening, rose=fields.rose)
        start = self.initial()
        if position.opening != (position.stones == start.stones) or (
            position.opening and position.mover != start.mover
        ):
            raise BoardgenError(
                f"position {shown(text)}: 'first' belongs to the starting board with "
                f"{self.letters[start.mover]} to move, and only to it"
            )
        last = 1 - position.mover
        if position.rose and position.scores[last] <= start.scores[last]:
            raise BoardgenError(
                f"position {shown(text)}: 'rose' says {self.letters[last]}'s score rose, "
                f"but it is still its starting {start.scores[last]}"
            )
        return position

    # -- validation ------------------------------------------------------------------

    def score_bounds(self) -> tuple[int, int]:
        """Proven upper bounds on each player's score (see :mod:`.bound`)."""
        start = self.initial()
        setup = (start.stones[0].bit_count(), start.stones[1].bit_count())
        return score_bounds(self.params, self.groups.playable.bit_count(), setup, start.scores, start.mover)

    def family_checks(self) -> Sequence[Check]:
        try:
            start = self.initial()
        except BoardgenError as exc:
            return [Check("placement.start", False, exc.message, ("setup",))]
        return [self._start_check(start), self._track_check(), self._tie_check()]

    def _start_check(self, start: PlacementPosition) -> Check:
        empty = self.empty(start).bit_count()
        if start.occupied == 0:
            detail = f"the board starts empty: {empty} empty cells"
        else:
            counts = ", ".join(
                f"{pid} {mask.bit_count()}" for pid, mask in zip(self.player_ids, start.stones, strict=True)
            )
            detail = f"the board starts with the declared stones ({counts}); {empty} empty cells"
        if not empty:
            return Check("placement.start", False, "the board starts full: no turn can be played", ("setup",))
        return Check("placement.start", True, detail)

    def _track_check(self) -> Check:
        bounds = self.score_bounds()
        highest = max(bounds)
        per_player = ", ".join(f"{pid} ≤ {b}" for pid, b in zip(self.player_ids, bounds, strict=True))
        track = self.spec.scoring_track
        if track is None:
            return Check(
                "placement.scoring-track",
                False,
                f"no scoring track, but scores reach up to {highest}: add furniture.scoring_track",
                ("furniture",),
            )
        detail = f"highest reachable score ≤ {highest} ({per_player}); track goes to {track.maximum}"
        if track.maximum < highest:
            return Check(
                "placement.scoring-track",
                False,
                f"the track stops at {track.maximum} but a score can reach {highest} ({per_player})",
                ("furniture", "scoring_track", "maximum"),
            )
        return Check("placement.scoring-track", True, detail)

    def _tie_check(self) -> Check:
        cells = self.groups.playable.bit_count()
        if cells % 2:
            detail = f"a full board cannot tie: {cells} cells is odd, so the stone counts differ"
        else:
            detail = f"a full board can tie ({cells} cells): identical group sizes are a draw"
        return Check("placement.full-board-ties", True, detail)


def make_game(spec: GameSpec) -> PlacementGame:
    """The placement game for ``spec``; bad params raise BoardgenError (rules.params.<name>)."""
    return PlacementGame(spec, parse_params(spec.params))
