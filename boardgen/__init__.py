"""boardgen: printable true-scale boards, diagrams and rules from YAML descriptors.

The Python API, for notebooks and documentation (python-chess is the model):

>>> import boardgen
>>> game = boardgen.load("american-checkers")
>>> position = game.start.play("11-15")
>>> position.turn
'white'
>>> picture = boardgen.svg(position, lastmove="11-15", arrows=["22-18:green"])

:func:`load` gives a :class:`Game`; positions are immutable (:class:`Position`);
:func:`svg`, :func:`pdf` and :func:`png` draw them; :func:`read_pdn` reads game
records. Every bad input raises :class:`BoardgenError`, a ``ValueError``.
"""

from __future__ import annotations

__version__ = "0.1.0"

from typing import TYPE_CHECKING, Any

from .draw import pdf, png, svg
from .errors import BoardgenError
from .positions import Game, Move, Position, load

if TYPE_CHECKING:
    from .pdn import GameRecord, read_pdn, write_pdn

#: Names imported on first use, so that drawing a diagram does not pay for PDN.
_LAZY = {"GameRecord": "pdn", "read_pdn": "pdn", "write_pdn": "pdn"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'boardgen' has no attribute {name!r}")


__all__ = [
    "BoardgenError",
    "Game",
    "GameRecord",
    "Move",
    "Position",
    "__version__",
    "load",
    "pdf",
    "png",
    "read_pdn",
    "svg",
    "write_pdn",
]
