"""The Markdown extension's public name: ``markdown_extensions: [boardgen.markdown]`` in
``mkdocs.yml``, or ``boardgen.markdown:superfences_format`` as a superfences fence.

The code lives in :mod:`boardgen.docext.markdown`; this module only gives Python-Markdown
and MkDocs the name users write.
"""

from __future__ import annotations

__all__ = ["BoardgenExtension", "block_html", "makeExtension", "superfences_format"]

from .docext.markdown import BoardgenExtension, block_html, makeExtension, superfences_format
