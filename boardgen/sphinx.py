"""The Sphinx extension's public name: ``extensions = ["boardgen.sphinx"]`` in ``conf.py``.

The code lives in :mod:`boardgen.docext.sphinx`; this module only gives Sphinx the name
users write (and the one the README and the docs have always given).
"""

from __future__ import annotations

__all__ = ["BoardgenDirective", "boardgen_diagram", "setup"]

from .docext.sphinx import BoardgenDirective, boardgen_diagram, setup
