"""The game a rule family makes, and the plain values it speaks in.

The CLI (``moves``, ``perft``, ``validate``), the diagram maker and the rule sheets
play only through the :class:`Engine` protocol; the family that makes the game is a
:class:`~boardgen.rules.family.RuleFamily`, found by :mod:`boardgen.rules.registry`.
"""

from __future__ import annotations

__all__ = ["Check", "Ending", "Engine", "MoveView", "PieceView"]

from collections.abc import Mapping, Sequence
from typing import Any, Literal, Protocol

from ..foundation.values import frozen
from .spec import GameSpec


@frozen
class PieceView:
    """What stands on a cell, for drawing: whose it is and what kind."""

    player: str
    kind: Literal["man", "king", "stone"]
    #: A piece kind the descriptor declares (``pieces:``, a chess king, a Xiangqi
    #: cannon), drawn with its glyph on the counter; "" for a plain man, king or stone.
    shape: str = ""


@frozen
class MoveView:
    """A move as a picture needs it: cells visited in order, cells captured, stones placed."""

    path: tuple[int, ...]
    captured: tuple[int, ...] = ()
    placed: tuple[int, ...] = ()


@frozen
class Check:
    """One named verdict of ``boardgen validate``.

    ``key`` is the descriptor path a failure is about (``("setup", "white", "men")``),
    so that a refusal to print can point at the line to fix.
    """

    name: str
    ok: bool
    detail: str
    key: tuple[str | int, ...] = ()


@frozen
class Ending:
    """How a finished game ended: the winner's player id or ``"draw"``, and why, in a few
    words (``"black has no legal move"``), for ``moves`` and ``perft`` to say."""

    result: str
    reason: str

    def __str__(self) -> str:
        verdict = "a draw" if self.result == "draw" else f"{self.result} wins"
        return f"the game is over: {verdict} ({self.reason})"


class Engine(Protocol):
    """A rules engine: plays one game. Positions and moves are opaque, hashable values of the family."""

    spec: GameSpec

    def initial(self) -> Any: ...
    def legal_moves(self, position: Any) -> Sequence[Any]: ...
    def play(self, position: Any, move: Any) -> Any: ...
    def perft(self, position: Any, depth: int, distinct: bool = False) -> int: ...
    def ending(self, position: Any) -> Ending | None: ...
    def to_move(self, position: Any) -> str: ...
    def pieces(self, position: Any) -> Mapping[int, PieceView]: ...
    def move_text(self, position: Any, move: Any) -> str: ...
    def parse_move(self, position: Any, text: str) -> Any: ...
    def view(self, move: Any) -> MoveView: ...
    def position_text(self, position: Any) -> str: ...
    def parse_position(self, text: str) -> Any: ...
    def family_checks(self) -> Sequence[Check]: ...
