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
records. Every bad input raises :class:`BoardgenError`, a ``ValueError``. The names
come from :mod:`boardgen.api`, the layer that joins the model and its pictures.
"""

from __future__ import annotations

__version__ = "0.1.0"

from . import api
from .api import *  # noqa: F403 - the public names, listed in boardgen.api.__all__

__all__ = ["__version__"]
__all__ += api.__all__
