"""Games, positions and moves as plain values: the model is python-chess's ``Board``.

:func:`boardgen.load` returns a :class:`Game`; its :attr:`Game.start` and :meth:`Game.position`
are immutable :class:`Position` values that list their legal moves, play one (a new
position, the old one unchanged) and say whether the game is over. Everything the
rules engine refuses is a :class:`~boardgen.errors.BoardgenError`, a ``ValueError``
carrying the one-line message the command line prints.

These values know nothing about drawing, checking or files: a game is made from a
variant and its engine (:mod:`boardgen.model.games` finds them), and the public API
(:mod:`boardgen.api`) adds what shows a position in a notebook, as python-chess's
``chess.svg`` draws its boards.

>>> import boardgen
>>> game = boardgen.load("american-checkers")
>>> game.start.turn
'black'
>>> [str(m) for m in game.start.legal_moves()][:3]
['9-13', '9-14', '10-14']
>>> after = game.start.play("11-15").play("22-18")
>>> after.text
'B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15'
>>> after.legal_moves()[0].captured
('d4',)
>>> after.outcome() is None
True
>>> game.start.play("11-17")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
boardgen.errors.BoardgenError: move '11-17' is not legal here; legal moves: 9-13, 9-14, ...
"""

from __future__ import annotations

__all__ = ["Game", "Move", "Position"]

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..descriptor.model import Variant
from ..errors import BoardgenError, shown
from ..foundation.values import frozen
from ..rules.base import Ending, Engine, PieceView
from .possible import impossible
from .textboard import describe_position


@frozen
class Move:
    """A legal move: its text (``11-15``, ``22x15x8``), every cell the piece stands on
    (origin, each landing, destination) and the cells captured, by cell name."""

    text: str
    path: tuple[str, ...]
    captured: tuple[str, ...] = ()
    placed: tuple[str, ...] = ()
    #: The engine's own move value, for :meth:`Position.play`.
    raw: Any = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


class Game:
    """One game (a variant descriptor) with its rules engine, loaded and checked once.

    Load games with :func:`boardgen.load`. A game is cheap to keep and share: drawing caches
    what every diagram of it has in common (see :mod:`boardgen.draw.diagrams`).
    """

    def __init__(self, variant: Variant, engine: Engine) -> None:
        self.variant = variant
        self.engine = engine
        #: Work kept between diagrams (board layers, fitted cell sizes), by drawing options.
        self.cache: dict[Any, Any] = {}

    @property
    def id(self) -> str:
        """The variant id, ``american-checkers``."""
        return self.variant.id

    @property
    def title(self) -> str:
        """The title in English (or the game's first language), ``American Checkers``."""
        return self.variant.text(self.variant.title)

    @functools.cached_property
    def start(self) -> Position:
        """The starting position of the descriptor's setup."""
        return self.position_of(self.engine.initial())

    def position(self, text: str, *, study: bool = False) -> Position:
        """The position a position string writes (PDN FEN on 8x8 diagonal boards).

        A position no game can reach is refused with the reason (more men than a side
        starts with, a Go chain without a liberty, Hex stones out of turn); ``study=True``
        takes it all the same, for a study that breaks a count on purpose.

        >>> import boardgen
        >>> boardgen.load("american-checkers").position("W:W27,K30:B23,14").turn
        'white'
        >>> boardgen.load("go-9").position("B:a1:W:a2,b1/B")
        Traceback (most recent call last):
        ...
        boardgen.errors.BoardgenError: position 'B:a1:W:a2,b1/B': black's stones on a1 have no liberty: \
they would have been taken off (give study to draw it all the same)
        """
        if not isinstance(text, str):
            raise TypeError(f"position() takes a position string, not {type(text).__name__}")
        if not isinstance(study, bool):
            raise TypeError(f"study must be True or False, not {type(study).__name__}")
        state = self.engine.parse_position(text)
        if not study:
            why = impossible(self.variant, self.engine, state)
            if why is not None:
                raise BoardgenError(f"position {shown(text)}: {why} (give study to draw it all the same)")
        if not self.engine.pieces(state) and self.variant.rules.family == "leaping":
            # every capture leaves the capturer on the board: no game of taking pieces gets
            # here, and judging it (the side to move has no piece, so it lost) would be a
            # verdict on nothing
            raise BoardgenError(f"position {shown(text)}: no pieces on the board; no game reaches it")
        return self.position_of(state)

    def player_name(self, player: str, lang: str = "en") -> str:
        """A player's name in ``lang`` (``Black``, ``Noirs``, ``Schwarz``)."""
        ids = [p.id for p in self.variant.players]
        if player not in ids:
            raise BoardgenError(f"no player {shown(str(player))} in {self.id} (players: {', '.join(ids)})")
        return self.variant.text(self.variant.player(player).name, lang)

    def position_of(self, state: Any) -> Position:
        """The position of this game that the engine's ``state`` is. Every position
        of the game is made here, so a kind of game that makes richer positions (the
        API's, which show themselves in notebooks) gets them from every move."""
        return Position(self, state)

    def __repr__(self) -> str:
        return f"<boardgen.Game {self.id}>"

    def __str__(self) -> str:
        return self.title


@dataclass(frozen=True, eq=False)
class Position:
    """A position of a game: immutable and hashable. Two positions are equal when they
    belong to the same game and have the same position string (:attr:`text`: pieces,
    player to move, and the counters draw rules read). The way the game got there is
    not compared, as a chess board's move stack is not: a game with ``repetition_draw``
    still counts repetitions along its own history."""

    game: Game
    state: Any

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.game.id == other.game.id and self.text == other.text

    def __hash__(self) -> int:
        return hash((self.game.id, self.text))

    @property
    def text(self) -> str:
        """The position string, which :meth:`Game.position` reads back."""
        return self.game.engine.position_text(self.state)

    @property
    def turn(self) -> str:
        """The id of the player to move."""
        return self.game.engine.to_move(self.state)

    def pieces(self) -> Mapping[str, PieceView]:
        """What stands where: cell name -> (player id, kind)."""
        name = self.game.variant.grid.name
        return {name(cell): piece for cell, piece in self.game.engine.pieces(self.state).items()}

    def legal_moves(self) -> list[Move]:
        """Every legal move, in the engine's order (by the squares of their paths)."""
        engine = self.game.engine
        return [self._move(raw) for raw in engine.legal_moves(self.state)]

    def move(self, text: str) -> Move:
        """The legal move ``text`` writes (``11-15``; a capture by its first and last
        squares when only one path joins them); raises BoardgenError otherwise."""
        if not isinstance(text, str):
            raise TypeError(f"move() takes the text of a move, not {type(text).__name__}")
        return self._move(self.game.engine.parse_move(self.state, text))

    def play(self, move: str | Move) -> Position:
        """The position after ``move`` (a :class:`Move` or its text); this one is unchanged."""
        if not isinstance(move, (str, Move)):
            raise TypeError(f"play() takes a move (its text or a Move), not {type(move).__name__}")
        chosen = self.move(move) if isinstance(move, str) else move
        if chosen.raw is None:
            chosen = self.move(chosen.text)
        return self.game.position_of(self.game.engine.play(self.state, chosen.raw))

    def outcome(self) -> str | None:
        """The winner's player id, ``"draw"``, or None while the game goes on."""
        judge = getattr(self.game.engine, "outcome", None)
        if judge is None:  # pragma: no cover - both families judge
            raise BoardgenError(f"{self.game.id}: this rule family cannot judge the end of a game")
        result: str | None = judge(self.state)
        return result

    def score(self) -> Mapping[str, float] | None:
        """Each player's score where the game keeps one (discs in reversi, points with
        komi in Go), or None for a game won by a shape or a race."""
        counter = getattr(self.game.engine, "score", None)
        if counter is None:
            return None
        scores: Mapping[str, float] = counter(self.state)
        return dict(scores)

    def ending(self) -> Ending | None:
        """How the game ended here and the rule that ended it (``str()`` of it reads
        "the game is over: a draw (repetition: ...)"), or None while it goes on."""
        found: Ending | None = self.game.engine.ending(self.state)
        return found

    def _move(self, raw: Any) -> Move:
        engine = self.game.engine
        view = engine.view(raw)
        name = self.game.variant.grid.name
        return Move(
            engine.move_text(self.state, raw),
            tuple(name(c) for c in view.path),
            tuple(name(c) for c in view.captured),
            tuple(name(c) for c in view.placed),
            raw,
        )

    def __str__(self) -> str:
        """The position as a text board plus each player's pieces (the SVG's ``<desc>``)."""
        return describe_position(self.game.variant, self.game.engine.pieces(self.state))

    def __repr__(self) -> str:
        return f"<boardgen.Position {self.game.id} {self.text}>"
