"""boardgen: printable true-scale boards, diagrams and rules from YAML descriptors.

The Python API, for notebooks and documentation (python-chess is the model):

>>> import boardgen
>>> game = boardgen.load("american-checkers")
>>> position = game.start.play("11-15")
>>> position.turn
'white'
>>> picture = boardgen.svg(position, lastmove="11-15", arrows=["22-18:green"])

:func:`load` gives a :class:`Game`; positions are immutable (:class:`Position`);
:func:`svg`, :func:`pdf` and :func:`png` draw them; :func:`read_records` reads game
records (PDN, PGN, SGF, Little Golem's Havannah), :func:`read_pdn` PDN ones. Every bad input
raises :class:`BoardgenError`, a ``ValueError``. The names come from :mod:`boardgen.api`,
the layer that joins the model and its pictures.

``import boardgen`` itself imports nothing more: the names above are looked up in
:mod:`boardgen.api` when first used (PEP 562), and so are the package's modules
(``boardgen.records.pdn``, ``boardgen.model.positions``, ...), so that ``boardgen --version`` and
commands that draw no diagram do not pay for the drawing code.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: ``__version__`` and the names of boardgen.api (its ``__all__``; a test checks they are the same).
__all__ = [
    "BoardgenError",
    "Game",
    "GameRecord",
    "Move",
    "Position",
    "Variation",
    "__version__",
    "iter_pdn",
    "iter_records",
    "load",
    "parse_pdn",
    "pdf",
    "png",
    "read_pdn",
    "read_records",
    "svg",
    "write_pdn",
    "write_pgn",
    "write_sgf",
]

if TYPE_CHECKING:
    from .api import (
        BoardgenError,
        Game,
        GameRecord,
        Move,
        Position,
        Variation,
        iter_pdn,
        iter_records,
        load,
        parse_pdn,
        pdf,
        png,
        read_pdn,
        read_records,
        svg,
        write_pdn,
        write_pgn,
        write_sgf,
    )


def __getattr__(name: str) -> Any:
    """A public name, taken from :mod:`boardgen.api` on first use; or a module of the
    package (``boardgen.records.pdn``), imported on first use as ``import boardgen.records.pdn`` would."""
    if name in __all__:
        # Lazy for start-up speed: the API (the drawing code, the model) is imported
        # when a name of it is first used, not by `import boardgen`.
        from . import api

        value = getattr(api, name)
    elif name.startswith("_"):  # a probe (``__wrapped__``, ``__test__``), never a module
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    else:
        try:
            value = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
