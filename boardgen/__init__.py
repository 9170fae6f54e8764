"""boardgen: printable true-scale boards, diagrams and rules from YAML descriptors.

The Python API, for notebooks and documentation (python-chess is the model):

>>> import boardgen
>>> game = boardgen.load("american-checkers")
>>> position = game.start.play("11-15")
>>> position.turn
'white'
>>> picture = boardgen.svg(position, lastmove="11-15", arrows=["22-18:green"])

:func:`load` gives a :class:`Game`; positions are immutable (:class:`Position`);
:func:`svg`, :func:`pdf` and :func:`png` draw them; :func:`read_pdn` (or
:func:`iter_pdn`, one game at a time) reads game records from a path, PDN text or a
file object as :class:`GameRecord` values, and :func:`write_pdn` writes one back.
Every bad input raises :class:`BoardgenError`, a ``ValueError``.
"""

from __future__ import annotations

__version__ = "0.1.0"

from typing import TYPE_CHECKING, Any

from .draw import pdf, png, svg
from .errors import BoardgenError
from .positions import Game, Move, Position, load

if TYPE_CHECKING:
    from .pdn import GameRecord, Variation, iter_pdn, read_pdn, write_pdn

#: Names imported on first use, so that drawing a diagram does not pay for PDN.
_LAZY = {name: "pdn" for name in ("GameRecord", "Variation", "iter_pdn", "read_pdn", "write_pdn")}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'boardgen' has no attribute {name!r}")


def __dir__() -> list[str]:
    """Every public name, the lazy ones too, so ``help(boardgen)`` and completion list them."""
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "BoardgenError",
    "Game",
    "GameRecord",
    "Move",
    "Position",
    "Variation",
    "__version__",
    "iter_pdn",
    "load",
    "pdf",
    "png",
    "read_pdn",
    "svg",
    "write_pdn",
]
