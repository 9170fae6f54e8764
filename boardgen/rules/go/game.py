"""Go: the Engine protocol for placing stones and capturing groups without liberties.

A move puts a stone of the mover's colour on an empty point, or passes. Enemy groups
left without a liberty (an empty point next to the group) are removed; a move whose
own group then has no liberty is suicide, refused unless the ``suicide`` switch is on
(the group is then removed). Ko is simple or positional superko (switch ``ko``). Two
passes in a row end the game; it is scored by area or territory, with komi, from the
final position (and, for a finished real game, the dead stones the players agreed on:
:meth:`GoGame.score`). Points touch along the grid's shortest steps, so the same rules
play on a square board (four neighbours) and on a hex board (six).
"""

from __future__ import annotations

__all__ = ["PASS", "GoGame", "GoPosition", "Move", "make_game", "star_points"]

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field

from ...errors import BoardgenError, shown
from ...foundation.values import frozen
from ..base import Check, Ending, MoveView, PieceView
from ..lattice import Lattice, bits_of, nearest_directions
from ..spec import GameSpec
from ..stonetext import format_stones, parse_move_cell, parse_stones
from .params import GoParams, parse_params

Move = int
PASS: Move = -1


@frozen
class GoPosition:
    """Stones per player (lattice masks), the mover, and what the rules remember.

    ``ko`` is the bit a simple ko forbids (-1: none); ``passes`` the passes in a row
    just played; ``prisoners`` the stones each player has captured; ``plies`` the
    moves played; ``seen`` the earlier boards (kept only when a rule needs them);
    ``repeated`` whether the last move recreated one of them.
    """

    stones: tuple[int, int]
    mover: int
    ko: int = -1
    passes: int = 0
    prisoners: tuple[int, int] = (0, 0)
    plies: int = 0
    seen: frozenset[tuple[int, int]] = field(default=frozenset(), compare=False)
    repeated: bool = False


def star_points(width: int, height: int) -> list[tuple[int, int]]:
    """The handicap points in the order they are taken (OpenSpiel's and the usual
    order): lower-left, upper-right, upper-left, lower-right, the two side points of
    the middle row, the middle of the lower and upper rows, the centre."""
    ex = 3 if width >= 13 else 2
    ey = 3 if height >= 13 else 2
    lo_x, hi_x, mid_x = ex, width - 1 - ex, width // 2
    lo_y, hi_y, mid_y = ey, height - 1 - ey, height // 2
    return [
        (lo_x, lo_y), (hi_x, hi_y), (lo_x, hi_y), (hi_x, lo_y),
        (lo_x, mid_y), (hi_x, mid_y), (mid_x, lo_y), (mid_x, hi_y), (mid_x, mid_y),
    ]  # fmt: skip


class GoGame:
    """The Go family bound to one game's spec and params."""

    def __init__(self, spec: GameSpec, params: GoParams) -> None:
        self.spec = spec
        self.params = params
        self.lattice = Lattice(spec.grid, spec.playable, nearest_directions(spec.grid))
        self.player_ids = (spec.players[0].id, spec.players[1].id)
        self.letters = (spec.players[0].letter, spec.players[1].letter)
        self._remember = params.ko == "positional" or params.repetition_draws

    # -- positions -------------------------------------------------------------------

    def handicap_stones(self) -> list[int]:
        """The cells of the handicap stones (empty without a handicap)."""
        n = self.params.handicap
        if n < 2:
            return []
        stars = star_points(self.lattice.width, self.lattice.height)
        points = stars[:n]
        if n >= 5 and n % 2 == 1:
            points[-1] = stars[8]
        grid, lat = self.spec.grid, self.lattice
        cells = [grid.at(x + lat.x0, y + lat.y0) for x, y in points]
        return [c for c in cells if c is not None]

    def initial(self) -> GoPosition:
        masks = [self.lattice.mask(self.spec.setup.get(pid, ())) for pid in self.player_ids]
        mover = self.player_ids.index(self.spec.first)
        if self.params.handicap:
            masks[mover] |= self.lattice.mask(self.handicap_stones())
            mover = 1 - mover
        if masks[0] & masks[1]:
            raise BoardgenError("the setup puts stones of both players on one point", key="setup")
        stones = (masks[0], masks[1])
        return GoPosition(stones, mover, seen=frozenset({stones}) if self._remember else frozenset())

    def to_move(self, position: GoPosition) -> str:
        return self.player_ids[position.mover]

    def pieces(self, position: GoPosition) -> Mapping[int, PieceView]:
        return {
            self.lattice.cell(b): PieceView(pid, "stone")
            for pid, mask in zip(self.player_ids, position.stones, strict=True)
            for b in bits_of(mask)
        }

    # -- moves -------------------------------------------------------------------------

    def _legal_bits(self, own: int, opp: int, ko: int) -> int:
        """Mask of the points where a stone may go, before any repetition rule: points
        with an empty neighbour at once, the enclosed ones after a look at the groups
        around them (one of ours keeps another liberty, or one of theirs is taken)."""
        lattice = self.lattice
        empty = lattice.full & ~(own | opp)
        if ko >= 0:
            empty &= ~(1 << ko)
        legal = empty & lattice.touch(lattice.full & ~(own | opp))
        if self.params.suicide:
            return empty
        enclosed = empty & ~legal
        for bit in bits_of(enclosed):
            if self._place(own, opp, bit) is not None:
                legal |= 1 << bit
        return legal

    def _place(self, own: int, opp: int, bit: int) -> tuple[int, int, int] | None:
        """(own, opp, captured) after a stone on ``bit``, or None when it is suicide and
        suicide is not allowed. Captured enemy stones come first; then a group without
        liberty of one's own is suicide."""
        lattice = self.lattice
        stone = 1 << bit
        around = lattice.around[bit]
        empty = lattice.full & ~(own | opp)
        if not around & opp and around & empty:
            return own | stone, opp, 0  # no enemy to take, a liberty of its own
        own |= stone
        empty &= ~stone
        captured = 0
        for n in lattice.neighbours[bit]:
            m = 1 << n
            if opp & m and not captured & m:
                group = lattice.group(m, opp)
                if not lattice.dilate(group) & empty:
                    captured |= group
        opp &= ~captured
        if not captured:
            group = lattice.group(stone, own)
            if not lattice.dilate(group) & (empty | captured):
                if not self.params.suicide:
                    return None
                return own & ~group, opp, -group  # a negative mask marks own stones lost
        return own, opp, captured

    def _playable(self, position: GoPosition) -> list[tuple[int, GoPosition]]:
        """Every stone move as (bit, resulting position)."""
        me = position.mover
        own, opp = position.stones[me], position.stones[1 - me]
        out = []
        for bit in bits_of(self._legal_bits(own, opp, position.ko)):
            after = self._after(position, bit, own, opp)
            if after is not None:
                out.append((bit, after))
        return out

    def _after(self, position: GoPosition, bit: int, own: int, opp: int) -> GoPosition | None:
        placed = self._place(own, opp, bit)
        if placed is None:
            return None
        own2, opp2, captured = placed
        me = position.mover
        stones = (own2, opp2) if me == 0 else (opp2, own2)
        prisoners = list(position.prisoners)
        if captured >= 0:
            prisoners[me] += captured.bit_count()
        else:
            prisoners[1 - me] += (-captured).bit_count()
        ko = -1
        # A lone stone played inside an enemy eye that took a lone stone: a ko.
        if captured > 0 and captured.bit_count() == 1 and not self.lattice.dilate(1 << bit) & ~opp:
            ko = captured.bit_length() - 1
        repeated = False
        seen = position.seen
        if self._remember:
            repeated = stones in seen
            if repeated and self.params.ko == "positional":
                return None
            seen = seen | {stones}
        return GoPosition(
            stones, 1 - me, ko, 0, (prisoners[0], prisoners[1]), position.plies + 1, seen, repeated
        )

    def _pass(self, position: GoPosition) -> GoPosition:
        return GoPosition(
            position.stones, 1 - position.mover, -1, position.passes + 1, position.prisoners,
            position.plies + 1, position.seen, False,
        )  # fmt: skip

    def is_over(self, position: GoPosition) -> bool:
        limit = self.params.move_limit
        return position.passes >= 2 or position.repeated or bool(limit and position.plies >= limit)

    def legal_moves(self, position: GoPosition) -> list[Move]:
        if self.is_over(position):
            return []
        cell = self.lattice.cell
        if self.params.ko != "positional":
            me = position.mover
            legal = self._legal_bits(position.stones[me], position.stones[1 - me], position.ko)
            return [*sorted(cell(b) for b in bits_of(legal)), PASS]
        return [*sorted(cell(b) for b, _ in self._playable(position)), PASS]

    def play(self, position: GoPosition, move: Move) -> GoPosition:
        if self.is_over(position):
            raise BoardgenError(f"the game is over: no move in {self.position_text(position)}")
        if move == PASS:
            return self._pass(position)
        name = self.spec.grid.name(move) if 0 <= move < self.spec.grid.size else str(move)
        if not self.lattice.has_cell(move):
            raise BoardgenError(f"illegal move {name}: not a point of the board")
        bit = self.lattice.bit(move)
        me = position.mover
        own, opp = position.stones[me], position.stones[1 - me]
        if (own | opp) >> bit & 1:
            raise BoardgenError(f"illegal move {name}: the point is taken")
        if bit == position.ko:
            raise BoardgenError(f"illegal move {name}: ko, the stone cannot be retaken at once")
        after = self._after(position, bit, own, opp)
        if after is None:
            why = "suicide" if self._place(own, opp, bit) is None else "it repeats an earlier position"
            raise BoardgenError(f"illegal move {name}: {why}")
        return after

    def perft(self, position: GoPosition, depth: int, distinct: bool = False) -> int:
        """Move sequences of ``depth`` plies, passes included; a finished game has none."""
        if depth == 0:
            return 1
        if self.is_over(position):
            return 0
        if self.params.ko != "positional":
            me = position.mover
            own, opp = position.stones[me], position.stones[1 - me]
            seen = set(position.seen)
            return self._perft(own, opp, me, position.ko, position.passes, position.plies, depth, seen)
        children = self._playable(position)
        if depth == 1:
            return len(children) + 1
        total = sum(self.perft(after, depth - 1) for _, after in children)
        return total + self.perft(self._pass(position), depth - 1)

    def _perft(
        self,
        own: int,
        opp: int,
        me: int,
        ko: int,
        passes: int,
        plies: int,
        depth: int,
        seen: set[tuple[int, int]],
    ) -> int:
        """Perft on bare masks (simple ko): no position objects, one shared set of
        earlier boards grown and shrunk along the path."""
        legal = self._legal_bits(own, opp, ko)
        if depth == 1:
            return legal.bit_count() + 1
        limit = self.params.move_limit
        if limit and plies + 1 >= limit:
            return 0
        remember = self._remember
        around = self.lattice.around
        total = 0
        for bit in bits_of(legal):
            own2, opp2, captured = self._place(own, opp, bit)  # type: ignore[misc]
            ko2 = -1
            if captured > 0 and captured & (captured - 1) == 0 and not around[bit] & ~opp:
                ko2 = captured.bit_length() - 1
            if remember:
                key = (own2, opp2) if me == 0 else (opp2, own2)
                if key in seen:
                    continue  # the repetition ends the game
                seen.add(key)
                total += self._perft(opp2, own2, 1 - me, ko2, 0, plies + 1, depth - 1, seen)
                seen.discard(key)
            else:
                total += self._perft(opp2, own2, 1 - me, ko2, 0, plies + 1, depth - 1, seen)
        if passes == 0:
            total += self._perft(opp, own, 1 - me, -1, 1, plies + 1, depth - 1, seen)
        return total

    # -- scoring ---------------------------------------------------------------------------

    def score(self, position: GoPosition, dead: Iterable[int] = ()) -> dict[str, float]:
        """Each player's points: ``dead`` stones (cells) are first taken off the board
        (as prisoners of the other side), then area or territory is counted, komi (and
        handicap compensation) added to the second player's score."""
        lattice = self.lattice
        dead_mask = lattice.mask(dead)
        stones = [position.stones[0] & ~dead_mask, position.stones[1] & ~dead_mask]
        prisoners = list(position.prisoners)
        for i in (0, 1):
            prisoners[1 - i] += (position.stones[i] & dead_mask).bit_count()
        empty = lattice.full & ~(stones[0] | stones[1])
        owned = [0, 0]
        rest = empty
        while rest:
            seed = rest & -rest
            region = lattice.group(seed, empty)
            rest &= ~region
            border = lattice.dilate(region)
            touches = [bool(border & stones[0]), bool(border & stones[1])]
            if touches[0] != touches[1]:
                owned[0 if touches[0] else 1] += region.bit_count()
        p = self.params
        if p.scoring == "area":
            points = [float(stones[i].bit_count() + owned[i]) for i in (0, 1)]
        else:
            points = [float(owned[i] + prisoners[i]) for i in (0, 1)]
        white = 1 if self.player_ids.index(self.spec.first) == 0 else 0
        points[white] += p.komi
        if p.handicap_compensation and p.handicap >= 2:
            points[white] += p.handicap
        return dict(zip(self.player_ids, points, strict=True))

    def outcome(self, position: GoPosition) -> str | None:
        ending = self.ending(position)
        return None if ending is None else ending.result

    def ending(self, position: GoPosition) -> Ending | None:
        if not self.is_over(position):
            return None
        if position.repeated and self.params.repetition_draws:
            return Ending("draw", "the last move repeated an earlier position")
        scores = self.score(position)
        a, b = (scores[pid] for pid in self.player_ids)
        why = "two passes" if position.passes >= 2 else f"the move limit ({self.params.move_limit})"
        detail = f"{why}; {self.params.scoring} score {self.player_ids[0]} {a:g}, {self.player_ids[1]} {b:g}"
        return Ending("draw" if a == b else self.player_ids[0 if a > b else 1], detail)

    # -- text --------------------------------------------------------------------------

    def move_text(self, position: GoPosition, move: Move) -> str:
        return "pass" if move == PASS else self.spec.grid.name(move)

    def parse_move(self, position: GoPosition, text: str) -> Move:
        what = f"move {shown(text)}"
        move = PASS if text.strip().lower() == "pass" else parse_move_cell(self.lattice, text, what)
        if move not in self.legal_moves(position):
            try:
                self.play(position, move)
            except BoardgenError as exc:
                raise BoardgenError(f"{what}: {exc.message}") from None
        return move

    def view(self, move: Move) -> MoveView:
        return MoveView(path=(), placed=() if move == PASS else (move,))

    def position_text(self, position: GoPosition) -> str:
        """``B:<cells>:W:<cells>/<mover>/<ko point or ->/<passes>/<prisoners b-w>/<moves>``."""
        ko = self.spec.grid.name(self.lattice.cell(position.ko)) if position.ko >= 0 else "-"
        board = format_stones(self.lattice, self.letters, position.stones, position.mover)
        taken = "-".join(map(str, position.prisoners))
        return f"{board}/{ko}/{position.passes}/{taken}/{position.plies}"

    def parse_position(self, text: str) -> GoPosition:
        """A position from its text; the last four fields may be left out (no ko, no
        passes, no prisoners, move 0). The history of earlier boards starts afresh."""
        parts = text.strip().split("/")
        extra = len(parts) - 2
        if extra not in (0, 4):
            raise BoardgenError(
                f"position {shown(text)}: expected 'B:<cells>:W:<cells>/<mover>[/ko/passes/b-w/moves]'"
            )
        masks, mover, fields = parse_stones(self.lattice, self.letters, text, extra)
        ko, passes, prisoners, plies = -1, 0, (0, 0), 0
        if fields:
            try:
                if fields[0] != "-":
                    ko = self.lattice.bit(parse_move_cell(self.lattice, fields[0], f"position {shown(text)}"))
                passes = int(fields[1])
                a, b = (int(v) for v in fields[2].split("-"))
                prisoners, plies = (a, b), int(fields[3])
            except ValueError:
                raise BoardgenError(
                    f"position {shown(text)}: passes, prisoners 'b-w' and moves are whole numbers"
                ) from None
            if not 0 <= passes <= 2 or min(*prisoners, plies) < 0:
                raise BoardgenError(f"position {shown(text)}: passes are 0 to 2, counts are not negative")
        stones = (masks[0], masks[1])
        seen = frozenset({stones}) if self._remember else frozenset()
        return GoPosition(stones, mover, ko, passes, prisoners, plies, seen)

    def impossible(self, position: GoPosition) -> str | None:
        """Why no game of Go reaches ``position`` (None when one may): a chain without
        a liberty would have been taken off the board."""
        lattice = self.lattice
        empty = lattice.full & ~(position.stones[0] | position.stones[1])
        for pid, stones in zip(self.player_ids, position.stones, strict=True):
            rest = stones
            while rest:
                group = lattice.group(rest & -rest, stones)
                rest &= ~group
                if not lattice.dilate(group) & empty:
                    name = self.spec.grid.name
                    cells = ", ".join(sorted(name(lattice.cell(b)) for b in bits_of(group)))
                    return f"{pid}'s stones on {cells} have no liberty: they would have been taken off"
        return None

    # -- validation ------------------------------------------------------------------

    def family_checks(self) -> Sequence[Check]:
        try:
            start = self.initial()
        except BoardgenError as exc:
            return [Check("go.start", False, exc.message, ("setup",))]
        p = self.params
        if p.handicap and len(self.handicap_stones()) < p.handicap:
            return [
                Check(
                    "go.handicap", False, "the board has too few star points", ("rules", "params", "handicap")
                )
            ]
        moves = len(self.legal_moves(start)) - 1
        opening = f"{self.to_move(start)} opens with {moves} points and a pass"
        detail = f"{opening}; {p.scoring} scoring, komi {p.komi:g}"
        return [Check("go.start", True, detail)]


def make_game(spec: GameSpec) -> GoGame:
    """The Go game for ``spec``; bad params raise BoardgenError (rules.params.<name>)."""
    return GoGame(spec, parse_params(spec.params))
