"""A game record as a value: its tags, its start, its plies and its result.

Every record reader makes these (PDN's :mod:`boardgen.records.pdn.reader`, PGN's
:mod:`boardgen.records.pgn.reader`, SGF's
:mod:`boardgen.records.sgf.go` and :mod:`boardgen.records.sgf.connection`), so the game sheet,
the animation and the command line treat a draughts game and a game of Go alike.
:attr:`GameRecord.format` says which file format the record was read from: PDN numbers
moves in pairs (``12. 11-15 23-19``), SGF numbers every move (``12. q16``).
"""

from __future__ import annotations

__all__ = ["FORMATS", "PAIRED", "GameLoader", "GameRecord", "Ply", "Variation"]

import re
from collections.abc import Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import Protocol

from ..errors import BoardgenError, Mark, shown
from ..foundation.values import frozen
from ..model.positions import Game, Move, Position

#: A move named by its number: ``12.``, ``12...``, either followed by the move.
_NAMED = re.compile(r"([0-9]{1,5})(\.\.\.|\.)\s*(\S*)")

#: The formats records are read from: PDN (draughts), PGN (chess), SGF (Go; Hex as HexGui
#: writes it), Little Golem's Havannah export (``.hgf``, SGF's syntax), xiangqi PGN, shogi's
#: KIF and USI position lines, and Othello's transcripts and game lists
#: (:mod:`boardgen.records.othello`).
FORMATS = ("pdn", "pgn", "sgf", "hgf", "xiangqi-pgn", "kif", "usi", "othello")
#: The formats that number moves in pairs (``12. 11-15 23-19``, ``12. Nf3 Nc6``, ``12. h2e2 h9g7``).
PAIRED = ("pdn", "pgn", "xiangqi-pgn")


class GameLoader(Protocol):
    """How a record's game is opened from its id or file: :func:`boardgen.model.games.open_game`
    by default; :func:`boardgen.read_pdn` passes :func:`boardgen.load`, so a record read
    through the API is a checked game whose positions draw themselves."""

    def __call__(self, ref: str | Path, *, folders: Sequence[str | Path] = ...) -> Game: ...


@frozen
class Ply:
    """One move of a game record, resolved: ``written`` as in the file (in SGF records,
    whose points are letter pairs, the engine's name of the move: ``q16``, ``pass``),
    ``move`` the engine's legal move, ``number`` the move number (one per pair of plies
    in PDN, one per ply in SGF). ``variations`` are the alternatives to this move as
    text, ``lines`` the same played."""

    index: int
    number: int
    written: str
    move: Move
    before: Position
    after: Position
    comment: str = ""
    nags: tuple[str, ...] = ()
    variations: tuple[str, ...] = ()
    mark: Mark | None = None
    lines: tuple[Variation, ...] = field(default=(), compare=False)


@frozen
class Variation:
    """A side line: moves played instead of the move it stands for, from the position
    before that move (``plies[0].before``)."""

    plies: tuple[Ply, ...]
    comment: str = ""

    def positions(self) -> list[Position]:
        """The position the side line starts from, then the position after each of its plies."""
        return [self.plies[0].before, *(p.after for p in self.plies)] if self.plies else []


@frozen
class GameRecord:
    """One game of a record file: its tags, its start, its plies and its result.

    A record is a value: the API's :class:`boardgen.GameRecord` adds its game sheet,
    animation and diagrams."""

    tags: Mapping[str, str]
    game: Game
    start: Position
    plies: tuple[Ply, ...]
    result: str = "*"
    #: Comments and variations before the first move.
    comment: str = ""
    variations: tuple[str, ...] = ()
    file: str = "<pdn>"
    mark: Mark | None = field(default=None, compare=False)
    lines: tuple[Variation, ...] = field(default=(), compare=False)
    #: The format the record was read from, one of :data:`FORMATS`.
    format: str = "pdn"

    @property
    def numbered_in_pairs(self) -> bool:
        """Whether move numbers count pairs of plies (PDN's ``12. 11-15 23-19``, PGN's
        ``12. Nf3 Nc6``, xiangqi PGN's) rather than every ply (SGF's, as Go, Hex and Havannah
        players number their moves; KIF's, as shogi players do)."""
        return self.format in PAIRED

    def positions(self) -> list[Position]:
        """The start, then the position after each ply."""
        return [self.start, *(p.after for p in self.plies)]

    def position(self, ply: int) -> Position:
        """The position after ``ply`` plies (0: the start)."""
        if isinstance(ply, bool) or not isinstance(ply, int):
            raise TypeError(f"ply must be an int, not {type(ply).__name__}")
        if not 0 <= ply <= len(self.plies):
            raise BoardgenError(
                f"ply {ply} is out of range: this game has {len(self.plies)} plies (0 to {len(self.plies)})"
            )
        return self.start if ply == 0 else self.plies[ply - 1].after

    def ply_after(self, named: str) -> int:
        """The ply count after the move ``named`` writes: ``12.`` (the first player's
        twelfth move; in a record numbering every ply, ply 12), ``12...`` (the second
        player's twelfth move), either followed by the move as written (``12. 11-15``,
        checked), or the move alone (the first ply written so: ``11-15``, ``q16``)."""
        if not isinstance(named, str):
            raise TypeError(f"after takes a move's number or text, not {type(named).__name__}")
        text = named.strip()
        found = _NAMED.fullmatch(text)
        number, dots, written = found.groups() if found else ("", "", text)
        if not number:
            for ply in self.plies:
                if ply.written == written:
                    return ply.index
            raise BoardgenError(f"no move {shown(written)} in this game", key="after")
        wanted = int(number)
        second = dots == "..." and self.numbered_in_pairs
        for ply in self.plies:
            if ply.number != wanted:
                continue
            opener = ply.before.turn == self.start.turn if self.numbered_in_pairs else True
            if opener == second:
                continue
            if written and ply.written != written:
                raise BoardgenError(
                    f"move {number}{dots} is {ply.written}, not {shown(written)}", key="after"
                )
            return ply.index
        raise BoardgenError(f"no move {number}{dots} in this game ({len(self.plies)} plies)", key="after")

    def numbered(self, first: int, last: int) -> tuple[Ply, ...]:
        """The plies whose move numbers run from ``first`` to ``last``, as players number them."""
        if not 1 <= first <= last:
            raise BoardgenError(
                f"write a range of move numbers, first to last, not {first}-{last}", key="moves"
            )
        found = tuple(p for p in self.plies if first <= p.number <= last)
        if not found:
            top = self.plies[-1].number if self.plies else 0
            raise BoardgenError(f"no moves {first} to {last} in this game (moves 1 to {top})", key="moves")
        return found

    def moves_text(self, plies: Sequence[Ply]) -> str:
        """``plies`` written as a score sheet writes them: ``12. 11-15 23-19 13. ...`` (a
        number before each move in a record numbering every ply; ``12...`` where a line
        opens on the second player's move)."""
        words: list[str] = []
        for ply in plies:
            opener = ply.before.turn == self.start.turn or not self.numbered_in_pairs
            if opener:
                words.append(f"{ply.number}.")
            elif ply is plies[0]:
                words.append(f"{ply.number}...")
            words.append(ply.written + "".join(ply.nags))
        return " ".join(words)

    def player(self, player: str) -> str:
        """The name the tags give the player with id ``player`` (``White``/``Black``
        tags match the players' English names), else that name."""
        name = self.game.player_name(player)
        return self.tags.get(name, name)

    def __repr__(self) -> str:
        first, second = (shown(self.player(p.id), 30) for p in self.game.variant.players)
        names = f"{first[1:-1] if first.startswith(chr(39)) else first} - "
        names += second[1:-1] if second.startswith(chr(39)) else second
        return f"<GameRecord {self.game.id}: {names}, {len(self.plies)} plies, {self.result}>"
