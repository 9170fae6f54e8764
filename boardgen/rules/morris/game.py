"""Morris: the Engine protocol for placing and moving men to form mills.

Each player holds ``men`` men. While a player still holds some, their turn places one
on an empty point; afterwards it moves a man along a line to a neighbouring empty
point, or, with ``flying`` and three men left, to any empty point. A man that
completes a mill (three in a row along a line) lets its player remove an enemy man:
the removal is a ply of its own, by the same player, so the rule sheet and perft see
it. With ``mill_protection``, men in mills may only be removed when every enemy man
stands in one. A player left with two men, or unable to move, loses; with
``full_board_draws``, a board the placing filled is a draw instead.
"""

from __future__ import annotations

__all__ = ["MorrisGame", "MorrisPosition", "Move", "make_game"]

from collections.abc import Mapping, Sequence

from ...errors import BoardgenError, shown
from ...foundation.values import frozen
from ..base import Check, Ending, MoveView, PieceView
from ..lattice import bits_of
from ..spec import GameSpec
from ..stonetext import format_stones
from .params import MorrisParams, parse_params

#: (from, to): a placement is (-1, to), a removal (cell, -1), a step or flight (from, to).
Move = tuple[int, int]


@frozen
class MorrisPosition:
    """Men on the board per player (masks over cell numbers), men in hand, the mover,
    whether the mover is to remove an enemy man, and the turns played."""

    men: tuple[int, int]
    hand: tuple[int, int]
    mover: int
    removing: bool = False
    turns: int = 0


class _Points:
    """The board as the morris family needs it: cells, neighbours along lines, mills."""

    def __init__(self, grid: object, cells: frozenset[int]) -> None:
        self.cells = sorted(cells)
        own = getattr(grid, "neighbours", None)
        self.step: dict[int, dict[str, int]] = {}
        for c in self.cells:
            if callable(own):
                found = {d: n for d, n in own(c).items() if n in cells}
            else:
                found = {}
                for d in grid.directions:  # type: ignore[attr-defined]
                    n = grid.step(c, d)  # type: ignore[attr-defined]
                    if n is not None and n in cells:
                        found[d] = n
            self.step[c] = found
        self.around = {c: sum(1 << n for n in self.step[c].values()) for c in self.cells}
        mills: set[int] = set()
        for c in self.cells:
            for d, n in self.step[c].items():
                m = self.step[n].get(d)
                if m is not None:
                    mills.add(1 << c | 1 << n | 1 << m)
        #: Every mill as a mask of three points.
        self.mills = sorted(mills)
        #: The mills through each point.
        self.mills_at = {c: [m for m in self.mills if m >> c & 1] for c in self.cells}
        self.full = sum(1 << c for c in self.cells)


class MorrisGame:
    """The morris family bound to one game's spec and params."""

    def __init__(self, spec: GameSpec, params: MorrisParams) -> None:
        self.spec = spec
        self.params = params
        self.board = _Points(spec.grid, spec.playable)
        self.player_ids = (spec.players[0].id, spec.players[1].id)
        self.letters = (spec.players[0].letter, spec.players[1].letter)

    # -- positions -------------------------------------------------------------------

    def initial(self) -> MorrisPosition:
        masks = [sum(1 << c for c in self.spec.setup.get(pid, ())) for pid in self.player_ids]
        if masks[0] & masks[1]:
            raise BoardgenError("the setup puts men of both players on one point", key="setup")
        n = self.params.men
        hand = (n - masks[0].bit_count(), n - masks[1].bit_count())
        return MorrisPosition((masks[0], masks[1]), hand, self.player_ids.index(self.spec.first))

    def to_move(self, position: MorrisPosition) -> str:
        return self.player_ids[position.mover]

    def pieces(self, position: MorrisPosition) -> Mapping[int, PieceView]:
        return {
            c: PieceView(pid, "man")
            for pid, m in zip(self.player_ids, position.men, strict=True)
            for c in bits_of(m)
        }

    # -- rules -----------------------------------------------------------------------

    def in_mill(self, cell: int, men: int) -> bool:
        return any(m & men == m for m in self.board.mills_at[cell])

    def removable(self, men: int) -> int:
        """The enemy men (``men``) that may be removed."""
        if not self.params.mill_protection:
            return men
        free = sum(1 << c for c in bits_of(men) if not self.in_mill(c, men))
        return free or men

    def _moves(self, position: MorrisPosition) -> list[Move]:
        me = position.mover
        own, opp = position.men[me], position.men[1 - me]
        if position.removing:
            return [(c, -1) for c in bits_of(self.removable(opp))]
        empty = self.board.full & ~(own | opp)
        if position.hand[me]:
            return [(-1, c) for c in bits_of(empty)]
        if self.params.flying and own.bit_count() + position.hand[me] <= 3:
            return [(a, b) for a in bits_of(own) for b in bits_of(empty)]
        around = self.board.around
        return [(a, b) for a in bits_of(own) for b in bits_of(around[a] & empty)]

    def _lost(self, position: MorrisPosition) -> int:
        """The index of a player reduced to two men, or -1."""
        for i in (0, 1):
            if position.men[i].bit_count() + position.hand[i] <= 2:
                return i
        return -1

    def _over(self, position: MorrisPosition) -> bool:
        limit = self.params.turn_limit
        return self._lost(position) >= 0 or bool(limit and position.turns >= limit)

    def legal_moves(self, position: MorrisPosition) -> list[Move]:
        if self._over(position):
            return []
        return sorted(self._moves(position))

    def _after(self, position: MorrisPosition, move: Move) -> MorrisPosition:
        me = position.mover
        men = list(position.men)
        a, b = move
        if position.removing:
            men[1 - me] &= ~(1 << a)
            return MorrisPosition((men[0], men[1]), position.hand, 1 - me, False, position.turns + 1)
        hand = list(position.hand)
        if a < 0:
            hand[me] -= 1
        else:
            men[me] &= ~(1 << a)
        men[me] |= 1 << b
        if self.in_mill(b, men[me]):
            return MorrisPosition((men[0], men[1]), (hand[0], hand[1]), me, True, position.turns)
        return MorrisPosition((men[0], men[1]), (hand[0], hand[1]), 1 - me, False, position.turns + 1)

    def play(self, position: MorrisPosition, move: Move) -> MorrisPosition:
        if move not in self.legal_moves(position):
            raise BoardgenError(f"illegal move {self._text(move)} in {self.position_text(position)}")
        return self._after(position, move)

    def perft(self, position: MorrisPosition, depth: int, distinct: bool = False) -> int:
        """Ply sequences of ``depth`` (a removal is a ply); a finished game has none."""
        if depth == 0:
            return 1
        if self._over(position):
            return 0
        me = position.mover
        own, opp = position.men[me], position.men[1 - me]
        hands = (position.hand[me], position.hand[1 - me])
        return self._perft(own, opp, hands, position.removing, position.turns, depth)

    def _perft(
        self, own: int, opp: int, hands: tuple[int, int], removing: bool, turns: int, depth: int
    ) -> int:
        """Perft on bare masks, mover first; the caller has checked the game goes on."""
        board = self.board
        empty = board.full & ~(own | opp)
        mine, theirs = hands
        if removing:
            targets = self.removable(opp)
            if depth == 1:
                return targets.bit_count()
            limit = self.params.turn_limit
            if limit and turns + 1 >= limit:
                return 0
            total = 0
            for c in bits_of(targets):
                left = opp & ~(1 << c)
                if left.bit_count() + theirs <= 2:
                    continue  # the opponent is down to two men: the game is over
                total += self._perft(left, own, (theirs, mine), False, turns + 1, depth - 1)
            return total
        around = board.around
        flying = self.params.flying and not mine and own.bit_count() <= 3
        if depth == 1:
            if mine:
                return empty.bit_count()
            if flying:
                return own.bit_count() * empty.bit_count()
            return sum((around[a] & empty).bit_count() for a in bits_of(own))
        if mine:
            if depth == 2 and theirs:
                return self._placements_2(own, opp, empty, mine, turns)
            moves = [(-1, b) for b in bits_of(empty)]
        elif flying:
            moves = [(a, b) for a in bits_of(own) for b in bits_of(empty)]
        else:
            moves = [(a, b) for a in bits_of(own) for b in bits_of(around[a] & empty)]
        limit = self.params.turn_limit
        in_mill = self.in_mill
        total = 0
        for a, b in moves:
            moved = (own if a < 0 else own & ~(1 << a)) | 1 << b
            hand = mine - 1 if a < 0 else mine
            if in_mill(b, moved):
                total += self._perft(moved, opp, (hand, theirs), True, turns, depth - 1)
            elif not (limit and turns + 1 >= limit):
                total += self._perft(opp, moved, (theirs, hand), False, turns + 1, depth - 1)
        return total

    def _placements_2(self, own: int, opp: int, empty: int, mine: int, turns: int) -> int:
        """Two plies of the placing phase, both players still holding men: each
        placement is followed by a removal (after a mill) or by a placement."""
        limit = self.params.turn_limit
        if limit and turns + 1 >= limit:
            return sum(
                self.removable(opp).bit_count() for b in bits_of(empty) if self.in_mill(b, own | 1 << b)
            )
        replies = empty.bit_count() - 1
        total = 0
        removable = -1
        for b in bits_of(empty):
            if self.in_mill(b, own | 1 << b):
                if removable < 0:
                    removable = self.removable(opp).bit_count()
                total += removable
            else:
                total += replies
        return total

    # -- the end -----------------------------------------------------------------------

    def outcome(self, position: MorrisPosition) -> str | None:
        ending = self.ending(position)
        return None if ending is None else ending.result

    def ending(self, position: MorrisPosition) -> Ending | None:
        lost = self._lost(position)
        if lost >= 0:
            return Ending(self.player_ids[1 - lost], f"{self.player_ids[lost]} has only two men left")
        limit = self.params.turn_limit
        if limit and position.turns >= limit:
            return Ending("draw", f"the turn limit ({limit}) was reached")
        if not self._moves(position):
            me = position.mover
            if self.params.full_board_draws and position.men[0] | position.men[1] == self.board.full:
                return Ending("draw", "the placing filled the board")
            return Ending(self.player_ids[1 - me], f"{self.player_ids[me]} cannot move")
        return None

    # -- text --------------------------------------------------------------------------

    def _text(self, move: Move) -> str:
        name = self.spec.grid.name
        a, b = move
        if a < 0:
            return name(b)
        if b < 0:
            return f"x{name(a)}"
        return f"{name(a)}-{name(b)}"

    def move_text(self, position: MorrisPosition, move: Move) -> str:
        return self._text(move)

    def parse_move(self, position: MorrisPosition, text: str) -> Move:
        for move in self.legal_moves(position):
            if self._text(move) == text.strip().lower():
                return move
        example = "'d6' to place, 'd6-d5' to move, 'xd6' to remove"
        raise BoardgenError(f"move {shown(text)} is not legal here ({example})")

    def view(self, move: Move) -> MoveView:
        a, b = move
        if a < 0:
            return MoveView(path=(), placed=(b,))
        if b < 0:
            return MoveView(path=(), captured=(a,))
        return MoveView(path=(a, b))

    def position_text(self, position: MorrisPosition) -> str:
        """``W:<points>:B:<points>/<mover>/<men in hand w-b>/<remove|->/<turns>``."""
        lattice = _NameView(self.spec.grid, self.board.cells)
        board = format_stones(lattice, self.letters, position.men, position.mover)  # type: ignore[arg-type]
        state = "remove" if position.removing else "-"
        return f"{board}/{position.hand[0]}-{position.hand[1]}/{state}/{position.turns}"

    def parse_position(self, text: str) -> MorrisPosition:
        what = f"position {shown(text)}"
        parts = text.strip().split("/")
        if len(parts) != 5:
            raise BoardgenError(
                f"{what}: expected 'W:<points>:B:<points>/<mover>/<in hand w-b>/<remove|->/<turns>'"
            )
        men = [0, 0]
        tokens = parts[0].split(":")
        if len(tokens) != 4 or [tokens[0], tokens[2]] != list(self.letters) or parts[1] not in self.letters:
            raise BoardgenError(f"{what}: expected the player letters {' and '.join(self.letters)}")
        for i, body in enumerate((tokens[1], tokens[3])):
            for name in [] if body.strip() in ("", "-") else body.split(","):
                try:
                    cell = self.spec.grid.parse(name)
                except ValueError as exc:
                    raise BoardgenError(f"{what}: {exc}") from None
                if cell not in self.spec.playable or (men[0] | men[1]) >> cell & 1:
                    raise BoardgenError(f"{what}: {name} is not a free point of the board")
                men[i] |= 1 << cell
        try:
            hand = tuple(int(v) for v in parts[2].split("-"))
            turns = int(parts[4])
        except ValueError:
            raise BoardgenError(f"{what}: men in hand 'w-b' and turns are whole numbers") from None
        if len(hand) != 2 or min(hand) < 0 or parts[3] not in ("remove", "-"):
            raise BoardgenError(f"{what}: men in hand are 'w-b', the state 'remove' or '-'")
        return MorrisPosition(
            (men[0], men[1]), (hand[0], hand[1]), self.letters.index(parts[1]), parts[3] == "remove", turns
        )

    # -- validation ------------------------------------------------------------------

    def family_checks(self) -> Sequence[Check]:
        mills = len(self.board.mills)
        if not mills:
            return [
                Check(
                    "morris.mills",
                    False,
                    "the board has no line of three points: no mill can form",
                    ("board",),
                )
            ]
        return [Check("morris.mills", True, f"{len(self.board.cells)} points, {mills} mills")]


class _NameView:
    """Just enough of a Lattice for :func:`format_stones`: masks over cell numbers."""

    def __init__(self, grid: object, cells: list[int]) -> None:
        self.grid = grid

    @staticmethod
    def cells_of(mask: int) -> list[int]:
        return list(bits_of(mask))


def make_game(spec: GameSpec) -> MorrisGame:
    """The morris game for ``spec``; bad params raise BoardgenError (rules.params.<name>)."""
    return MorrisGame(spec, parse_params(spec.params))
