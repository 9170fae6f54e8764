"""The documentation site's own Sphinx extension (not part of the boardgen package).

``descriptor-schema``: the descriptor reference, written from the JSON schema at every
build (:mod:`boardgen_site.schema`). ``boardgen-page``: a page of a file the command line
makes (a rule sheet, a tile, a laser file), shown as a picture (:mod:`boardgen_site.pages`).
The diagrams themselves are drawn by boardgen's own directive, ``{boardgen}``.
``package-table``, ``layer-table`` and ``import-figures``: the architecture page's
tables, read from the code and ``pyproject.toml`` (:mod:`boardgen_site.house`).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from . import house
from .pages import BoardgenPage
from .schema import SCHEMA, reference


class DescriptorSchema(SphinxDirective):
    """```` ```{descriptor-schema} ```` : the whole reference, parsed as the page's own text."""

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(SCHEMA))
        return _parsed(self, reference(SCHEMA), str(SCHEMA))


def _parsed(directive: SphinxDirective, text: str, source: str) -> list[nodes.Node]:
    """``text`` (MyST Markdown) parsed as the page's own, into its nodes."""
    holder = nodes.section()
    holder.document = directive.state.document
    nested_parse_with_titles(directive.state, StringList(text.splitlines(), source=source), holder)
    return list(holder.children)


class PackageTable(SphinxDirective):
    """``{package-table}``: boardgen's packages and what each docstring says it holds."""

    def run(self) -> list[nodes.Node]:
        return _parsed(self, house.package_table(), str(house.PACKAGE))


class LayerTable(SphinxDirective):
    """``{layer-table}``: the import-linter contracts of pyproject.toml."""

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(house.PYPROJECT))
        return _parsed(self, house.layer_table(), str(house.PYPROJECT))


class ImportFigures(SphinxDirective):
    """``{import-figures}``: what scripts/import_graph.py prints, as a literal block."""

    def run(self) -> list[nodes.Node]:
        text = house.import_figures()
        block = nodes.literal_block(text, text)
        block["language"] = "text"
        return [block]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("descriptor-schema", DescriptorSchema)
    app.add_directive("boardgen-page", BoardgenPage)
    app.add_directive("package-table", PackageTable)
    app.add_directive("layer-table", LayerTable)
    app.add_directive("import-figures", ImportFigures)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
