"""The ``boardgen`` command line: a thin shell over the library; nothing imports it.

Each module below adds its commands to :data:`main`; every command turns a
:class:`~boardgen.errors.BoardgenError` into one line on stderr and exit status 2.
"""

from . import _boards, _diagram, _examples, _game, _rules  # noqa: F401 - importing registers the commands
from ._app import main

__all__ = ["main"]
