"""The documentation site's own Sphinx extension (not part of the boardgen package).

``descriptor-schema``: the descriptor reference, written from the JSON schema at every
build (:mod:`boardgen_site.schema`). ``boardgen-page``: a page of a file the command line
makes (a rule sheet, a tile, a laser file), shown as a picture (:mod:`boardgen_site.pages`).
The diagrams themselves are drawn by boardgen's own directive, ``{boardgen}``.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from .pages import BoardgenPage
from .schema import SCHEMA, reference


class DescriptorSchema(SphinxDirective):
    """```` ```{descriptor-schema} ```` : the whole reference, parsed as the page's own text."""

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(SCHEMA))
        text = reference(SCHEMA)
        holder = nodes.section()
        holder.document = self.state.document
        nested_parse_with_titles(self.state, StringList(text.splitlines(), source=str(SCHEMA)), holder)
        return list(holder.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("descriptor-schema", DescriptorSchema)
    app.add_directive("boardgen-page", BoardgenPage)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
