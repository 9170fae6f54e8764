"""N in a row: the game. Players take turns placing one stone on an empty cell; the
first with ``line`` stones in a straight line (along any direction of the board) wins;
a full board without one is a draw. Tic-tac-toe is ``line: 3`` on a 3 x 3 board."""

from __future__ import annotations

__all__ = ["InARowGame", "Position"]

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from boardgen.errors import BoardgenError
from boardgen.rules.base import Check, Ending, MoveView, PieceView
from boardgen.rules.spec import GameSpec


@dataclass(frozen=True)
class Position:
    """Each player's stones (in ``spec.players`` order) and the index of the mover."""

    stones: tuple[frozenset[int], frozenset[int]]
    mover: int


class InARowGame:
    """N in a row on any board whose cells have named directions."""

    def __init__(self, spec: GameSpec, line: int) -> None:
        self.spec = spec
        self.line = line
        self.grid = spec.grid
        self.ids = tuple(p.id for p in spec.players)
        self.letters = tuple(p.letter for p in spec.players)
        self.lines = self._lines()
        if not self.lines:
            raise BoardgenError(
                f"no line of {line} playable cells fits on this board", key="rules.params.line"
            )

    def _lines(self) -> tuple[frozenset[int], ...]:
        """Every run of ``line`` playable cells along one direction (each counted once)."""
        found: set[frozenset[int]] = set()
        for cell in self.spec.playable:
            for direction in self.grid.directions:
                run = [cell]
                while len(run) < self.line:
                    nxt = self.grid.step(run[-1], direction)
                    if nxt is None or nxt not in self.spec.playable:
                        break
                    run.append(nxt)
                if len(run) == self.line:
                    found.add(frozenset(run))
        return tuple(sorted(found, key=sorted))

    # -- play ------------------------------------------------------------------------

    def initial(self) -> Position:
        setup = self.spec.setup
        a, b = (frozenset(setup.get(pid, frozenset())) for pid in self.ids)
        return Position((a, b), self.ids.index(self.spec.first))

    def winner(self, position: Position) -> int | None:
        for index, stones in enumerate(position.stones):
            if any(line <= stones for line in self.lines):
                return index
        return None

    def empty(self, position: Position) -> list[int]:
        taken = position.stones[0] | position.stones[1]
        return sorted(self.spec.playable - taken)

    def legal_moves(self, position: Position) -> Sequence[int]:
        return [] if self.winner(position) is not None else self.empty(position)

    def play(self, position: Position, move: int) -> Position:
        if move not in self.legal_moves(position):
            raise BoardgenError(f"{self.grid.name(move)} is not a legal move here")
        stones = list(position.stones)
        stones[position.mover] = stones[position.mover] | {move}
        return Position((stones[0], stones[1]), 1 - position.mover)

    def ending(self, position: Position) -> Ending | None:
        won = self.winner(position)
        if won is not None:
            return Ending(self.ids[won], f"{self.ids[won]} has {self.line} in a row")
        if not self.empty(position):
            return Ending("draw", "the board is full")
        return None

    def perft(self, position: Position, depth: int, distinct: bool = False) -> int:
        """Move sequences ``depth`` plies deep (a finished game has none); ``distinct``
        counts the moves of a position that lead to the same position once (here every
        move gives a different position, so the counts agree)."""
        if depth == 0:
            return 1
        after = [self.play(position, m) for m in self.legal_moves(position)]
        if distinct:
            after = list(dict.fromkeys(after))
        return sum(self.perft(p, depth - 1, distinct) for p in after)

    def to_move(self, position: Position) -> str:
        return self.ids[position.mover]

    def pieces(self, position: Position) -> Mapping[int, PieceView]:
        return {
            cell: PieceView(self.ids[i], "stone") for i, cells in enumerate(position.stones) for cell in cells
        }

    # -- text ------------------------------------------------------------------------

    def move_text(self, position: Position, move: int) -> str:
        return self.grid.name(move)

    def parse_move(self, position: Position, text: str) -> int:
        try:
            cell = self.grid.parse(text)
        except ValueError as exc:
            raise BoardgenError(f"move {text!r}: {exc}") from None
        if cell not in self.legal_moves(position):
            raise BoardgenError(f"move {text!r}: {self.grid.name(cell)} is taken, unplayable or too late")
        return cell

    def view(self, move: int) -> MoveView:
        return MoveView(path=(), placed=(move,))

    def position_text(self, position: Position) -> str:
        """``X:a1,b2:O:c3/X``: each player's letter and stones, then the mover's letter."""
        parts = [
            f"{letter}:{','.join(sorted(self.grid.name(c) for c in cells)) or '-'}"
            for letter, cells in zip(self.letters, position.stones, strict=True)
        ]
        return f"{':'.join(parts)}/{self.letters[position.mover]}"

    def parse_position(self, text: str) -> Position:
        form = f"expected '{self.letters[0]}:<cells>:{self.letters[1]}:<cells>/<letter to move>'"
        board, _, mover = text.strip().partition("/")
        tokens = board.split(":")
        if len(tokens) != 4 or tuple(tokens[0::2]) != self.letters or mover not in self.letters:
            raise BoardgenError(f"position {text!r}: {form}")
        stones: list[frozenset[int]] = []
        for cells in tokens[1::2]:
            names = [] if cells.strip() in ("", "-") else cells.split(",")
            try:
                stones.append(frozenset(self.grid.parse(name) for name in names))
            except ValueError as exc:
                raise BoardgenError(f"position {text!r}: {exc}") from None
        if stones[0] & stones[1] or not (stones[0] | stones[1]) <= self.spec.playable:
            raise BoardgenError(f"position {text!r}: a stone on a shared or unplayable cell")
        return Position((stones[0], stones[1]), self.letters.index(mover))

    def family_checks(self) -> Sequence[Check]:
        return [Check("lines to make", True, f"{len(self.lines)} lines of {self.line} cells")]
