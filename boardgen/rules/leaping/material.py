"""Counted endgame draws (``endgame_draws``): which material they apply to, checked.

Many federations limit how long a won-looking ending may last: FMJD, for instance,
draws three pieces (one at least a king) against a lone king after 16 more moves by
each player. Such a rule is data, one entry of the ``endgame_draws`` list::

    endgame_draws:
      - strong: {pieces: 3, kings: [1, null]}   # one player: 3 pieces, 1 or more kings
        weak: {pieces: 1, kings: 1}             # the other: a lone king
        moves: 16                               # drawn after 16 more moves by each
      - total: [4, 5]                           # 4 or 5 pieces on the board ...
        strong: {kings: [1, null]}              # ... and kings on both sides
        weak: {kings: [1, null]}
        moves: 30
        restart_on_change: true                 # a capture or a crowning starts over

``strong`` and ``weak`` each describe one player's pieces (``pieces``, ``kings``,
``men``: a whole number or ``[low, high]``, ``high`` null for no limit); the entry
applies when one player fits ``strong`` and the other ``weak``, whichever player
that is, and the board holds ``total`` pieces. Its count starts at the move that
brings the material about and runs while the entry keeps applying (a crowning inside
the same entry keeps it running; ``restart_on_change: true`` starts it again after any
capture or crowning). Where entries overlap, the first listed that applies counts.
"""

from __future__ import annotations

__all__ = ["Counts", "EndgameDraw", "Range", "SideMaterial", "parse_endgame_draws"]

from collections.abc import Mapping
from typing import Any, NamedTuple

from ...errors import BoardgenError

#: Counts of one material class: (men of player 0, kings of 0, men of 1, kings of 1).
Counts = tuple[int, int, int, int]

_SIDE_KEYS = ("pieces", "kings", "men")
_ENTRY_KEYS = ("strong", "weak", "total", "moves", "restart_on_change")


class Range(NamedTuple):
    """Whole numbers from ``low`` to ``high`` (None: no upper limit).

    This record and the two below are named tuples: cheaper to define at start-up than
    frozen dataclasses, and every game of the family imports them.
    """

    low: int = 0
    high: int | None = None

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and self.low <= n and (self.high is None or n <= self.high)

    def text(self) -> str:
        if self.high == self.low:
            return str(self.low)
        return f"{self.low}+" if self.high is None else f"{self.low}-{self.high}"


ANY = Range()


class SideMaterial(NamedTuple):
    """What one player's pieces must be for an entry to apply."""

    pieces: Range = ANY
    kings: Range = ANY
    men: Range = ANY

    def fits(self, men: int, kings: int) -> bool:
        return men + kings in self.pieces and kings in self.kings and men in self.men


class EndgameDraw(NamedTuple):
    """One counted draw: the material it applies to and its length in moves by each."""

    strong: SideMaterial
    weak: SideMaterial
    total: Range
    moves: int
    restart_on_change: bool = False

    @property
    def plies(self) -> int:
        """Half-moves after the material arose that draw the game (``moves`` each)."""
        return 2 * self.moves

    @property
    def needs_kings(self) -> bool:
        return self.strong.kings.low > 0 or self.weak.kings.low > 0

    def applies(self, c: Counts) -> bool:
        if c[0] + c[1] + c[2] + c[3] not in self.total:
            return False
        one = self.strong.fits(c[0], c[1]) and self.weak.fits(c[2], c[3])
        return one or (self.strong.fits(c[2], c[3]) and self.weak.fits(c[0], c[1]))

    def material_text(self) -> str:
        """The material in a few words, for the reason a game ended."""
        if self.strong == self.weak:
            text = f"{_side_text(self.strong)} on each side"
        else:
            text = f"{_side_text(self.strong)} against {_side_text(self.weak)}"
        if self.total != ANY:
            text += f" ({_amount(self.total, 'piece')} on the board)"
        return text


def _amount(r: Range, noun: str) -> str:
    if r.high == r.low:
        return f"{r.low} {noun}" + ("" if r.low == 1 else "s")
    if r.high is None:
        return f"{r.low} or more {noun}s"
    joint = "or" if r.high == r.low + 1 else "to"
    return f"{r.low} {joint} {r.high} {noun}s"


def _side_text(side: SideMaterial) -> str:
    if side in (SideMaterial(Range(1, 1), Range(1, 1)), SideMaterial(kings=Range(1, 1), men=Range(0, 0))):
        return "a lone king"
    ranges = zip(("piece", "king", "man"), (side.pieces, side.kings, side.men), strict=True)
    words = [_amount(r, noun).replace("mans", "men") for noun, r in ranges if r != ANY]
    return " with ".join(words) if words else "any pieces"


def _error(key: str, message: str) -> BoardgenError:
    return BoardgenError(message, key=f"rules.params.endgame_draws.{key}")


#: The largest count an entry may give (pieces, kings, men, moves): more men than the
#: largest board holds cells, or a count no game reaches, is a typo.
MAX_COUNT = 10_000


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


def _range(key: str, value: Any) -> Range:
    if _whole(value):
        return Range(value, value)
    pair = isinstance(value, list) and len(value) == 2
    if pair and _whole(value[0]) and (value[1] is None or _whole(value[1])):
        low, high = value
        if high is not None and high < low:
            raise _error(key, f"the range {value!r} runs backwards; write [low, high]")
        return Range(low, high)
    raise _error(
        key,
        f"expected a whole number up to {MAX_COUNT:,} or [low, high] (high null: no limit), not {value!r}",
    )


def _side(key: str, value: Any) -> SideMaterial:
    if value is None:
        return SideMaterial()
    if not isinstance(value, Mapping) or not value:
        raise _error(key, "expected a mapping of pieces, kings and men, e.g. {pieces: 1, kings: 1}")
    for name in value:
        if name not in _SIDE_KEYS:
            raise _error(f"{key}.{name}", f"unknown key {name!r}; use {', '.join(_SIDE_KEYS)}")
    ranges = {name: _range(f"{key}.{name}", value[name]) for name in value}
    side = SideMaterial(**ranges)
    if side == SideMaterial():
        raise _error(key, "these counts allow any material; leave the key out instead")
    if not _possible(side):
        raise _error(key, "no number of men and kings fits these counts")
    return side


def _possible(side: SideMaterial) -> bool:
    """Whether some men and kings fit ``side``: men plus kings run over every whole number
    from the sum of the lows to the sum of the highs, which must meet the pieces' range."""
    low = side.men.low + side.kings.low
    high = None if side.men.high is None or side.kings.high is None else side.men.high + side.kings.high
    top = min((h for h in (high, side.pieces.high) if h is not None), default=None)
    return top is None or max(low, side.pieces.low) <= top


def _entry(i: int, value: Any) -> EndgameDraw:
    if not isinstance(value, Mapping):
        raise _error(str(i), "expected a mapping with strong, weak, total, moves and restart_on_change")
    for name in value:
        if name not in _ENTRY_KEYS:
            raise _error(f"{i}.{name}", f"unknown key {name!r}; use {', '.join(_ENTRY_KEYS)}")
    if "moves" not in value:
        raise _error(str(i), "'moves' is missing: how many moves by each player end in a draw")
    moves = value["moves"]
    if not _whole(moves) or moves < 1:
        raise _error(f"{i}.moves", f"expected a whole number from 1 to {MAX_COUNT:,}, not {moves!r}")
    if not any(name in value for name in ("strong", "weak", "total")):
        raise _error(str(i), "say which material it applies to (strong, weak, total)")
    restart = value.get("restart_on_change", False)
    if not isinstance(restart, bool):
        raise _error(f"{i}.restart_on_change", "expected true or false")
    total = _range(f"{i}.total", value["total"]) if "total" in value else ANY
    strong = _side(f"{i}.strong", value.get("strong"))
    return EndgameDraw(strong, _side(f"{i}.weak", value.get("weak")), total, moves, restart)


def parse_endgame_draws(value: Any) -> tuple[EndgameDraw, ...]:
    """The checked entries of ``endgame_draws`` (a list, possibly empty, or null)."""
    if value is None:
        return ()
    if not isinstance(value, list):
        message = "expected a list of counted draws, possibly empty"
        raise BoardgenError(message, key="rules.params.endgame_draws")
    entries = tuple(_entry(i, item) for i, item in enumerate(value))
    for i, entry in enumerate(entries):
        if entry in entries[:i]:
            raise _error(str(i), "the same counted draw is listed twice")
    return entries
