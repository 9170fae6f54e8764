"""Sphinx extension: board diagrams in reStructuredText (``pip install boardgen[sphinx]``).

In ``conf.py``: ``extensions = ["boardgen.sphinx"]``; then in a page::

    .. boardgen:: american-checkers
       :position: W:W27,K30:B23,14
       :move: 27x18x9
       :arrows: 30-26:green
       :fill: 14:#ffd23f
       :caption: White's king takes two men.

Options: ``:position:``, ``:move:``, ``:arrows:`` (``FROM-TO`` or ``FROM-TO:COLOUR``,
separated by spaces), ``:fill:`` (``CELL:COLOUR``), ``:lastmove:``, ``:flipped:``,
``:coordinates:`` (yes/no), ``:size:`` (pixels) and ``:caption:``. HTML builds get the
SVG inline (no image files, so no broken links); LaTeX builds a figure of the PDF;
other builders the caption. A bad option or move is a Sphinx warning at the
directive's line (an error under ``-W``), like ``sphinx.ext.graphviz`` does.
"""

from __future__ import annotations

__all__ = ["BoardgenDirective", "boardgen_diagram", "setup"]

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from . import __version__
from .docblocks import OPTIONS, DiagramBlock
from .errors import BoardgenError


class boardgen_diagram(nodes.General, nodes.Element):
    """A diagram node; ``block`` holds the checked :class:`DiagramBlock`."""


class BoardgenDirective(SphinxDirective):
    """``.. boardgen:: GAME`` with the options of :mod:`boardgen.docblocks`."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Callable[[str], Any]] | None] = {
        name: (lambda value: value or "")  # a bare :flipped: means yes
        for name in OPTIONS
        if name != "game"
    }

    def run(self) -> list[nodes.Node]:
        options = {name: str(value) for name, value in self.options.items()}
        try:
            block = DiagramBlock.from_options({"game": self.arguments[0], **options})
            svg = block.svg()  # draws now, so every mistake is reported at this line
        except BoardgenError as error:
            report = self.state.document.reporter.warning(f"boardgen: {error}", line=self.lineno)
            return [report]
        node = boardgen_diagram()
        node["block"] = block
        node["svg"] = svg
        self.set_source_info(node)
        return [node]


def _html(translator: Any, node: boardgen_diagram) -> None:
    block: DiagramBlock = node["block"]
    caption = f"<figcaption>{translator.encode(block.caption)}</figcaption>" if block.caption else ""
    translator.body.append(f'<figure class="boardgen">{node["svg"]}{caption}</figure>\n')
    raise nodes.SkipNode


def _latex(translator: Any, node: boardgen_diagram) -> None:
    block: DiagramBlock = node["block"]
    data = block.pdf()
    name = f"boardgen-{hashlib.sha1(data).hexdigest()[:16]}.pdf"
    Path(translator.builder.outdir, name).write_bytes(data)
    caption = f"\\caption{{{translator.encode(block.caption)}}}" if block.caption else ""
    translator.body.append(
        f"\n\\begin{{figure}}[htbp]\n\\centering\n\\includegraphics{{{name}}}\n{caption}\n\\end{{figure}}\n"
    )
    raise nodes.SkipNode


def _text(translator: Any, node: boardgen_diagram) -> None:
    block: DiagramBlock = node["block"]
    translator.add_text(f"[{block.caption or block.game + ' diagram'}]")
    raise nodes.SkipNode


def _skip(translator: Any, node: boardgen_diagram) -> None:
    raise nodes.SkipNode


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive and how each builder draws it."""
    app.add_node(
        boardgen_diagram,
        html=(_html, None),
        latex=(_latex, None),
        text=(_text, None),
        man=(_skip, None),
        texinfo=(_skip, None),
    )
    app.add_directive("boardgen", BoardgenDirective)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
