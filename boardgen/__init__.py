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

from .draw import pdf, png, svg
from .errors import BoardgenError
from .pdn import GameRecord, read_pdn, write_pdn
from .positions import Game, Move, Position, load

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
