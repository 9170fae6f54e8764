"""The ``boardgen`` command line: a thin shell over the library; nothing imports it.

:data:`main` is the command group (:mod:`._group`); each command lives in a module of
its own here, imported only when that command runs. Every command turns a
:class:`~boardgen.errors.BoardgenError` into one line on stderr and exit status 2.
"""

from ._group import main

__all__ = ["main"]
