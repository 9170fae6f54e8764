"""Writing and reading squares, moves and positions as text.

Squares: on boards with PDN numbers (8x8 dark-square games) the numbers ``1..32``;
elsewhere the geometry's cell names (``a1``, ``f6``, ...).

Moves: every square the piece stands on, joined by ``-`` for a step and ``x`` for a
capture: ``11-15``, ``22x15``, ``15x22x29``; ``c3-c4``, ``e5xe7xc7``. When reading,
``:`` is accepted as well, and a capture may be given by its first and last squares
only (``15x29``) when that picks out a single legal move.

Positions: PDN FEN, ``<to move>:<letter><squares>:<letter><squares>``, e.g.
``B:W21,22,23,K5:B1,2,3`` -- the south player's field first, men then kings
(``K`` prefix), each in ascending order. Two optional fields carry the draw counters
when they are not zero: ``quiet=<plies>`` (plies since the last capture or man move)
and ``lone=<moves>`` (moves of the three-king side, see ``three_kings_vs_one``), e.g.
``W:WK1,K2,K3:BK32:lone=4``; ``endgame=<plies>`` (plies since the material of the
counted endgame that applies arose, see ``endgame_draws``); and ``runW=<square>/<moves>``
when a king of that player has just made that many moves in a row without capturing
(``king_quiet_move_limit``), e.g. ``B:W31,K28:B1:runW=28/2``. Reading also accepts
fields in any order, number ranges (``B1-12``), a trailing dot, and the ``[FEN "..."]``
wrapper.
"""

from __future__ import annotations

__all__ = ["Notation", "Placement"]

import re
from typing import NamedTuple

from ...errors import BoardgenError, shown
from ..spec import GameSpec

#: Splits a move into squares (patterns compiled on first use, and kept by re: most
#: processes never need them).
_MOVE_SPLIT = r"(?<=[0-9])\s*[x:-]\s*"
#: A number as users type it: ASCII digits only (``int`` also reads "¹4" and "١٤"), and few
#: enough that ``int`` never meets Python's digit limit.
_NUMBER = r"[0-9]{1,9}"


class Placement(NamedTuple):
    """A position in grid cells: men and kings per player number, counters, who moves (a
    named tuple: cheaper to define at start-up than a frozen dataclass)."""

    men: tuple[frozenset[int], frozenset[int]]
    kings: tuple[frozenset[int], frozenset[int]]
    turn: int
    quiet: int = 0
    lone: int = 0
    #: Per player number: the king on a run of quiet moves and their count, if any.
    runs: tuple[tuple[int, int] | None, ...] = (None, None)
    #: Plies counted by the endgame rule that applies (``endgame_draws``).
    endgame: int = 0


class Notation:
    """Text forms for one game's squares, moves and positions."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.grid = spec.grid
        self.numbers: dict[int, int] | None = dict(spec.pdn) if spec.pdn else None
        self.by_number = {n: c for c, n in self.numbers.items()} if self.numbers else {}
        self.letters = tuple(p.letter for p in spec.players)
        sides = [p.side for p in spec.players]
        #: Player numbers in the order their fields are written: south first.
        self.field_order = (1, 0) if sides[1] == "south" else (0, 1)

    # -- squares -------------------------------------------------------------------------

    def square(self, cell: int) -> str:
        return str(self.numbers[cell]) if self.numbers else self.grid.name(cell)

    def sort_key(self, cell: int) -> int:
        return self.numbers[cell] if self.numbers else cell

    def parse_square(self, text: str) -> int:
        """The playable cell ``text`` names; raises BoardgenError."""
        text = text.strip()
        if self.numbers:
            if re.fullmatch(_NUMBER, text) and int(text) in self.by_number:
                return self.by_number[int(text)]
            named = self._named(text)  # a cell name (f6) reads too, as arrows and fills take it
            if named is None:
                raise BoardgenError(f"{text!r} is not a square number 1..{len(self.by_number)}")
            return named
        try:
            cell = self.grid.parse(text)
        except ValueError as exc:
            raise BoardgenError(str(exc)) from None
        if cell not in self.spec.playable:
            raise BoardgenError(f"{text!r} is not a playable cell")
        return cell

    def _named(self, text: str) -> int | None:
        """The playable cell a cell name (``f6``) gives, or None."""
        if not text[:1].isalpha():
            return None
        try:
            cell = self.grid.parse(text)
        except ValueError:
            return None
        return cell if cell in self.spec.playable else None

    # -- moves ---------------------------------------------------------------------------

    def move_text(self, path: tuple[int, ...], capture: bool) -> str:
        return ("x" if capture else "-").join(self.square(c) for c in path)

    def split_move(self, text: str) -> list[int]:
        """The squares written in a move, in order."""
        parts = re.split(_MOVE_SPLIT, text.strip().lower())
        if len(parts) < 2:
            raise BoardgenError(f"{text!r} is not a move: write squares joined by '-' or 'x'")
        return [self.parse_square(p) for p in parts]

    # -- positions -----------------------------------------------------------------------

    def position_text(self, placement: Placement) -> str:
        fields = [self.letters[placement.turn]]
        for p in self.field_order:
            men = sorted(placement.men[p], key=self.sort_key)
            kings = sorted(placement.kings[p], key=self.sort_key)
            items = [self.square(c) for c in men] + ["K" + self.square(c) for c in kings]
            fields.append(self.letters[p] + ",".join(items))
        if placement.quiet:
            fields.append(f"quiet={placement.quiet}")
        if placement.lone:
            fields.append(f"lone={placement.lone}")
        if placement.endgame:
            fields.append(f"endgame={placement.endgame}")
        for p in self.field_order:
            run = placement.runs[p]
            if run is not None:
                fields.append(f"run{self.letters[p]}={self.square(run[0])}/{run[1]}")
        return ":".join(fields)

    def parse_position(self, text: str) -> Placement:
        """Read a position string; raises BoardgenError naming what is wrong."""
        body = text.strip()
        wrapped = re.fullmatch(r'\[\s*FEN\s+"(.*)"\s*\]', body)
        if wrapped:
            body = wrapped.group(1)
        body = body.strip().strip('"').rstrip(".").strip()
        fields = [f.strip() for f in body.split(":")]
        if len(fields) < 2:
            raise BoardgenError(f"position {shown(text)}: expected '<to move>:<pieces>:<pieces>'")
        turn = self._player(fields[0], text)
        men: list[set[int]] = [set(), set()]
        kings: list[set[int]] = [set(), set()]
        counters = {"quiet": 0, "lone": 0, "endgame": 0}
        runs: list[tuple[int, int] | None] = [None, None]
        seen: set[int] = set()
        for field in fields[1:]:
            if field.lower().startswith("run") and "=" in field:
                p, run = self._run(field, text)
                runs[p] = run
                continue
            if "=" in field:
                name, _, value = field.partition("=")
                if name.strip() not in counters or not re.fullmatch(_NUMBER, value.strip()):
                    raise BoardgenError(f"position {shown(text)}: bad counter field {field!r}")
                counters[name.strip()] = int(value)
                continue
            if not field:
                continue
            p = self._player(field[0], text)
            for cell, king in self._items(field[1:], text):
                if cell in seen:
                    raise BoardgenError(f"position {shown(text)}: square {self.square(cell)} is given twice")
                seen.add(cell)
                (kings if king else men)[p].add(cell)
        return Placement(
            (frozenset(men[0]), frozenset(men[1])),
            (frozenset(kings[0]), frozenset(kings[1])),
            turn,
            counters["quiet"],
            counters["lone"],
            (runs[0], runs[1]),
            counters["endgame"],
        )

    def _run(self, field: str, text: str) -> tuple[int, tuple[int, int]]:
        """A ``run<letter>=<square>/<moves>`` field: that player's king and its count."""
        name, _, value = field.partition("=")
        square, _, count = value.partition("/")
        if len(name) != 4 or not count.strip().isdigit():
            raise BoardgenError(
                f"position {shown(text)}: bad run field {field!r} (write runW=<square>/<moves>)"
            )
        p = self._player(name[3], text)
        try:
            cell = self.parse_square(square)
        except BoardgenError as exc:
            raise BoardgenError(f"position {shown(text)}: {exc.message}") from None
        return p, (cell, int(count))

    def _player(self, letter: str, text: str) -> int:
        for p, own in enumerate(self.letters):
            if letter.upper() == own.upper():
                return p
        raise BoardgenError(
            f"position {shown(text)}: {letter!r} is not a player letter ({', '.join(self.letters)})"
        )

    def _items(self, items: str, text: str) -> list[tuple[int, bool]]:
        found: list[tuple[int, bool]] = []
        for item in (i.strip() for i in items.split(",")):
            if not item:
                continue
            king = item.startswith("K")
            item = item[1:] if king else item
            try:
                if self.numbers and re.fullmatch(r"[0-9]{1,9}-[0-9]{1,9}", item):
                    low, high = (int(x) for x in item.split("-"))
                    found.extend((self.parse_square(str(n)), king) for n in range(low, high + 1))
                else:
                    found.append((self.parse_square(item), king))
            except BoardgenError as exc:
                raise BoardgenError(f"position {shown(text)}: {exc.message}") from None
        return found
