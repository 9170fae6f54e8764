"""The square notation a PDN record is written in, as its ``[GameType]`` tag gives it.

PDN 3.0 writes the tag ``number[,start colour,width,height,notation[,invert flag]]``,
e.g. ``25,W,8,8,A0,0``. The notation is a letter, ``A`` (alphanumeric, like chess:
``c3``) or ``N`` (numbers over the playing squares, row by row), then a digit for the
corner the first square (``a1`` or ``1``) lies in, seen from the side of the player
who starts: 0 bottom left, 1 bottom right, 2 top left, 3 top right. Letters then count
along the bottom row away from that corner and numbers up the board away from it;
numbers run along the rows (PDN: "the principal direction is horizontal"). The invert
flag says whether that player's bottom left corner is a playing square (0) or not (1).
A tag with only the number stands for the standard's full form for that game (the
table below), so ``[GameType "25"]`` reads ``c3-d4`` and ``[GameType "21"]`` reads ``11-15``.

Moves are resolved here, on the board's cells, and every message quotes squares in
the record's own notation (``legal moves: c3-d4, ...``).

>>> import boardgen
>>> squares = Squares.of(game_type("25"), boardgen.load("russian-draughts"))
>>> squares.resolve(squares.game.start, "c3-d4").text, squares.written(("e3", "g5"), True)
('22-18', 'e3xg5')
"""

from __future__ import annotations

__all__ = ["STANDARD", "GameType", "Squares", "game_type"]

import re
from collections.abc import Mapping

from ...errors import BoardgenError, shown
from ...foundation.values import frozen
from ...geometry.base import column_letters
from ...geometry.square import SquareGrid
from ...model.positions import Game, Move, Position
from .tokens import pdn_number

#: The standard's full GameType of each game (PDN 3.0, "GameType tag" table).
STANDARD: Mapping[int, str] = {
    20: "20,W,10,10,N2,0",
    21: "21,B,8,8,N1,0",
    22: "22,W,8,8,N2,1",
    23: "23,B,8,8,N1,0",
    24: "24,W,8,8,N1,1",
    25: "25,W,8,8,A0,0",
    26: "26,W,8,8,A0,0",
    27: "27,W,12,12,N2,0",
    28: "28,W,8,8,N1,1",
    29: "29,W,8,8,A0,0",
    30: "30,W,8,8,A0,0",
    31: "31,B,8,8,N2,0",
    40: "40,W,10,10,N2,0",
    41: "41,W,10,8,A0,0",
}

_TAG = re.compile(r"([0-9]{1,4})(?:,([WB]),([0-9]{1,2}),([0-9]{1,2}),([ANS])([0-3])(?:,([01]))?)?")
_SPLIT = re.compile(r"\s*([-x:])\s*")


@frozen
class GameType:
    """A GameType tag in full: ``width`` x ``height`` board, ``notation`` ``"A"`` or
    ``"N"`` (``"S"`` is chess's), ``corner`` 0..3, ``invert`` None when not given."""

    number: int
    width: int
    height: int
    notation: str
    corner: int
    invert: int | None
    text: str


def game_type(value: str) -> GameType | None:
    """The tag ``value`` in full (a bare number expands as the standard's table says);
    None for a bare number the table does not describe. Raises BoardgenError."""
    text = value.replace(" ", "")
    found = _TAG.fullmatch(text)
    if not found:
        raise BoardgenError(
            f"GameType {shown(value)} is not PDN: write the game number, or "
            "'number,W|B,width,height,notation[,invert]' such as '25,W,8,8,A0,0'"
        )
    if found.group(2) is None:
        full = STANDARD.get(int(found.group(1)))
        return None if full is None else game_type(full)
    number, _, width, height, notation, corner, invert = found.groups()
    return GameType(
        int(number),
        int(width),
        int(height),
        notation,
        int(corner),
        None if invert is None else int(invert),
        text,
    )


class Squares:
    """The names a record gives the board's cells, and moves read and written in them."""

    def __init__(self, tag: GameType, game: Game, names: dict[str, str]) -> None:
        self.tag = tag
        self.game = game
        #: Written name -> the board's cell name (``"c3"`` -> ``"c3"``, ``"1"`` -> ``"b8"``).
        self.cells = names
        self.names = {cell: name for name, cell in names.items()}

    @classmethod
    def of(cls, tag: GameType, game: Game) -> Squares:
        """The squares of ``game``'s board as ``tag`` names them; refused when the tag
        describes another board."""
        grid = game.variant.grid
        board = game.variant.board
        where = f"GameType {shown(tag.text)}"
        if tag.notation == "S":
            raise BoardgenError(f"{where}: notation S is chess's, not a draughts notation")
        if not isinstance(grid, SquareGrid) or (grid.width, grid.height) != (tag.width, tag.height):
            board_text = grid.describe()
            raise BoardgenError(f"{where} is a {tag.width}x{tag.height} board; {game.id} is a {board_text}")
        turned = game.variant.player(game.variant.first).side == "north"
        view = _view(tag, grid, board.playable, turned)
        # the starting player's bottom left corner, in the notation's own columns and rows
        left, bottom = tag.corner in (0, 2), tag.corner in (0, 1)
        playing = (0 if left else grid.width - 1, 0 if bottom else grid.height - 1) in view
        if tag.invert is not None and len(view) < grid.size and playing != (tag.invert == 0):
            state = "is" if playing else "is not"
            raise BoardgenError(
                f"{where}: invert flag {tag.invert} does not fit {game.id}, whose first player's "
                f"bottom left corner {state} a playing square"
            )
        names: dict[str, str] = {}
        for number, (column, row) in enumerate(sorted(view, key=lambda cr: (cr[1], cr[0]))):
            written = column_letters(column) + str(row + 1) if tag.notation == "A" else str(number + 1)
            names[written] = grid.name(view[(column, row)])
        return cls(tag, game, names)

    def cell(self, written: str) -> str:
        """The board's name of the square ``written`` names; raises BoardgenError.

        In an alphanumeric record a bare number is read as the board's own PDN number,
        as many programs write Russian or Brazilian games (``22-18`` for ``c3-d4``)."""
        text = written.strip().lower()
        cell = self.cells.get(text)
        numbers = self.game.variant.board.pdn
        if cell is None and self.tag.notation == "A" and numbers and pdn_number(text) is not None:
            grid = self.game.variant.grid
            cell = next((grid.name(c) for c, n in numbers.items() if str(n) == text), None)
        if cell is None:
            kind = "a playing square" if self.tag.notation == "A" else "a square number"
            raise BoardgenError(f"{shown(written)} is not {kind} in this notation (GameType {self.tag.text})")
        return cell

    def written(self, path: tuple[str, ...], capture: bool) -> str:
        """A move's cells written in this notation, joined by ``x`` or ``-``."""
        return ("x" if capture else "-").join(self.names[c] for c in path)

    def text(self, move: Move) -> str:
        """``move`` written in this notation, every square of its path."""
        return self.written(move.path, bool(move.captured))

    def resolve(self, position: Position, written: str) -> Move:
        """The legal move ``written`` denotes: its whole path, or only its ends when
        the legal moves joining them all end alike (as the engine reads its own
        notation). Raises BoardgenError quoting this notation."""
        parts = _SPLIT.split(written.strip())
        if len(parts) < 3:
            raise BoardgenError(f"{shown(written)} is not a move: write squares joined by '-', 'x' or ':'")
        squares = tuple(self.cell(p) for p in parts[::2])
        legal = position.legal_moves()
        exact = [m for m in legal if m.path == squares]
        short = [m for m in legal if (m.path[0], m.path[-1]) == (squares[0], squares[-1])]
        found = exact or (short if len(squares) == 2 else [])
        if len(found) == 1 or (found and len({position.play(m) for m in found}) == 1):
            # one path, or paths that take the same pieces and end alike (a loop run
            # either way round): the record is not ambiguous
            return found[0]
        listed = found or legal
        texts = ", ".join(self.text(m) for m in listed[:20]) or "none"
        texts += f", ... ({len(listed)} in all)" if len(listed) > 20 else ""
        if found:
            raise BoardgenError(f"move {shown(written)} is ambiguous: write the whole path ({texts})")
        raise BoardgenError(f"move {shown(written)} is not legal here; legal moves: {texts}")

    def position(self, fen: str) -> str:
        """A FEN's squares turned into the engine's own (numbers on PDN boards, cell
        names elsewhere), so :meth:`Game.position` reads it. Numbers in an
        alphanumeric record are left as they are: they are the board's PDN numbers."""
        numbers = self.game.variant.board.pdn
        grid = self.game.variant.grid

        def engine(written: str) -> str:
            if self.tag.notation == "A" and pdn_number(written) is not None:
                return written
            cell = grid.parse(self.cell(written))
            return str(numbers[cell]) if numbers else grid.name(cell)

        fields = fen.strip().strip('"').rstrip(".").split(":")
        out = [fields[0]]
        for field in fields[1:]:
            if not field[:1].isalpha() or "=" in field:
                out.append(field)
                continue
            items = []
            for item in (i.strip() for i in field[1:].split(",") if i.strip()):
                king = "K" if item.startswith("K") else ""
                square = item[len(king) :]
                low, _, high = square.partition("-")
                first, last = pdn_number(low), pdn_number(high)
                if first is not None and last is not None and self.tag.notation == "N":
                    if not 0 <= last - first < grid.size:
                        raise BoardgenError(f"{shown(square)} is not a range of squares on this board")
                    items += [king + engine(str(n)) for n in range(first, last + 1)]
                else:
                    items.append(king + engine(square) if not high else king + square)
            out.append(field[0] + ",".join(items))
        return ":".join(out)


def _view(
    tag: GameType, grid: SquareGrid, playable: frozenset[int], turned: bool
) -> dict[tuple[int, int], int]:
    """Each playing cell by its (column, row) counted from the notation's first corner,
    the board seen from the starting player's side (``turned``: that player sits north)."""
    view: dict[tuple[int, int], int] = {}
    for cell in playable:
        x, y = grid.coords(cell)
        x, y = (grid.width - 1 - x, grid.height - 1 - y) if turned else (x, y)
        column = x if tag.corner in (0, 2) else grid.width - 1 - x
        row = y if tag.corner in (0, 1) else grid.height - 1 - y
        view[(column, row)] = cell
    return view
