"""Sphinx extension: board diagrams in reStructuredText (``pip install 'boardgen-print[sphinx]'``).

In ``conf.py``: ``extensions = ["boardgen.sphinx"]`` (and, for your own games,
``boardgen_variants = ["games"]``: folders of descriptors, relative to ``conf.py``);
then in a page::

    .. boardgen:: american-checkers
       :position: W:W27,K30:B23,14
       :move: 27x18x9
       :arrows: 30-26:green
       :fill: 14:#ffd23f
       :name: fig-king-takes-two
       :align: center
       :caption: White's king takes *two* men.

A diagram is a figure, as ``.. figure::`` makes one: ``:name:`` is a label for
``:ref:`` and ``:numref:``, figures are numbered with ``numfig = True``, ``:align:``
(left, center, right) and ``:alt:`` (the text screen readers give) work as there, and
the caption is inline reStructuredText. The drawing options are those of the Python
API, the command line and the Markdown block (:data:`boardgen.docext.blocks.OPTIONS`):
``:position:``, ``:move:``, ``:arrows:``, ``:fill:``, ``:lastmove:``, ``:flipped:``,
``:coordinates:``, ``:size:`` (pixels), ``:cell_size:`` (mm per cell) and
``:colours:``. The game is a variant id (looked up in ``boardgen_variants``, then
``BOARDGEN_VARIANTS``, then the shipped games) or a YAML file, relative to the page
(``/games/x.yaml``: to the source folder); the descriptor is recorded as a dependency,
so editing it rebuilds the page.

HTML builds get the SVG inline (no image files, so no broken links); LaTeX includes a
PDF of the diagram, ``:size:`` wide if given (else at its natural size, true to
``:cell_size:``); text builders the caption. A bad option or move is a Sphinx
warning at the option's line (an error under ``-W``), as ``sphinx.ext.graphviz`` does.
"""

from __future__ import annotations

__all__ = ["BoardgenDirective", "boardgen_diagram", "setup"]

import hashlib
import re
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.parsers.rst.states import MarkupError
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from .. import __version__
from ..errors import BoardgenError
from .blocks import ALIASES, OPTIONS, REFUSED, DiagramBlock, canonical
from .sphinx_options import OptionSpec, read_block


class boardgen_diagram(nodes.General, nodes.Element):
    """A diagram node inside a figure; ``block`` holds the checked :class:`DiagramBlock`."""


def _align(value: str) -> str:
    return str(directives.choice(value, ("left", "center", "right")))


def _game_file(argument: str) -> bool:
    return argument.endswith((".yaml", ".yml")) or "/" in argument or "\\" in argument


#: Files the directive's argument may name that are records, not games.
RECORD_SUFFIXES = (".pdn", ".sgf", ".hgf", ".txt", ".wtb")


#: The directive's options: the drawing options of :mod:`boardgen.docext.blocks` and a figure's.
OPTION_SPEC: OptionSpec = {
    **{
        name: (lambda value: value or "")  # a bare :flipped: means yes
        for name in (*OPTIONS, *ALIASES, *REFUSED)
        if name != "game"
    },
    "name": directives.unchanged,
    "align": _align,
    "alt": directives.unchanged,
    "class": directives.class_option,
}


class BoardgenDirective(SphinxDirective):
    """``.. boardgen:: GAME`` with the options of :mod:`boardgen.docext.blocks`, and those of
    a figure: ``:name:``, ``:align:``, ``:alt:`` (:data:`OPTION_SPEC`).

    The argument and options reach the directive as its content and are read by
    :func:`boardgen.docext.sphinx_options.read_block`, as docutils reads them but without
    building a parser per diagram (which cost more than drawing it)."""

    required_arguments = 0
    has_content = True  # the whole block, argument and options: see above
    option_spec: ClassVar[dict[str, Callable[[str], Any]] | None] = None

    def _line_of(self, key: str | None) -> int:
        """The line of option ``key`` (or one of its other names) in the page."""
        if key:
            names = [key, *(alias for alias, own in ALIASES.items() if own == key)]
            for offset, text in enumerate(self.block_text.splitlines()):
                if any(text.strip().startswith(f":{name}:") for name in names):
                    return self.lineno + offset
        return self.lineno

    def _file(self, written: str) -> str:
        """A file the page names, relative to the page (``/x``: to the source folder)."""
        _, path = self.env.relfn2path(written, self.env.docname)
        return str(path)

    def _options(self) -> tuple[dict[str, str], tuple[Path, ...]]:
        """The block's options as :class:`DiagramBlock` takes them (the argument as the
        game, or as the record when it names one), and the folders of ``boardgen_variants``."""
        folders = tuple(Path(folder) for folder in self.config.boardgen_variants)
        options = {
            name: str(value)
            for name, value in self.options.items()
            if name not in ("name", "align", "alt", "class")
        }
        argument = self.arguments[0]
        if argument.lower().endswith(RECORD_SUFFIXES):
            options["record"] = self._file(argument)
        elif _game_file(argument):
            options["game"] = self._file(argument)
        else:
            options["game"] = argument
        if "record" in self.options and not argument.lower().endswith(RECORD_SUFFIXES):
            options["record"] = self._file(str(self.options["record"]))
        language = self.config.language or "en"
        if "lang" not in options and language in ("en", "fr", "de"):
            options["lang"] = language
        return options, folders

    def run(self) -> list[nodes.Node]:
        try:
            self.arguments, self.options = read_block(self, OPTION_SPEC)
        except MarkupError as detail:  # reported as docutils reports a bad block
            said = " ".join(str(arg) for arg in detail.args)
            # docutils' words, or MyST's for a fence's options
            unknown = re.match(r"""(?:unknown option: "([^"]+)"|Unknown option key: '([^']+)')""", said)
            if unknown:  # as every front end says it: with a suggestion, at the option's line
                name = unknown[1] or unknown[2]
                try:
                    canonical({name: ""})
                except BoardgenError as error:
                    report = self.state.document.reporter.warning(
                        f"boardgen: {error}", line=self._line_of(name)
                    )
                    return [report]
            message = f'Error in "{self.name}" directive:\n{said}.'
            text = nodes.literal_block(self.block_text, self.block_text)
            return [self.reporter.error(message, text, line=self.lineno)]
        try:
            options, folders = self._options()
            block = DiagramBlock.from_options(options, folders=folders)
            svg, source = block.svg_and_source()  # draws now: every mistake is reported at its line
            files = block.files() if block.record is not None else (source,)
            alt = self.options.get("alt") or block.alt()
            moves = block.moves_text()
        except BoardgenError as error:
            report = self.state.document.reporter.warning(f"boardgen: {error}", line=self._line_of(error.key))
            return [report]
        noted = self.env.temp_data.setdefault("boardgen_sources", set())  # this page's, noted once
        assert isinstance(noted, set)
        for used in files:
            if used is not None and used not in noted:
                noted.add(used)
                self.env.note_dependency(str(used))
        node = boardgen_diagram()
        node["block"] = block
        node["svg"] = svg
        node["alt"] = alt
        self.set_source_info(node)
        figure = nodes.figure("", node, classes=["boardgen", *self.options.get("class", [])])
        figure["align"] = self.options.get("align", "default")
        self.set_source_info(figure)
        if block.size is not None:
            node["width"] = f"{block.size}px"
        if block.caption:
            parsed, messages = self.parse_inline(block.caption, lineno=self._line_of("caption"))
            caption = nodes.caption(block.caption, "", *parsed)
            self.set_source_info(caption)
            figure += caption
            figure += messages
        if moves:  # the moves of the range, under the diagram as a figure's legend
            figure += nodes.legend("", nodes.paragraph(moves, moves, classes=["boardgen-moves"]))
        self.add_name(figure)
        return [figure]


def _html(translator: Any, node: boardgen_diagram) -> None:
    svg: str = node["svg"]
    if node["alt"]:
        svg = svg.replace(' role="img"', f' role="img" aria-label="{escape(node["alt"])}"', 1)
    translator.body.append(svg + "\n")
    raise nodes.SkipNode


def _latex(translator: Any, node: boardgen_diagram) -> None:
    block: DiagramBlock = node["block"]
    data = block.pdf()
    name = f"boardgen-{hashlib.sha1(data).hexdigest()[:16]}.pdf"
    target = Path(translator.builder.outdir, name)
    if not target.exists():  # named by its content: a diagram built before is not written again
        target.write_bytes(data)
    width = translator.latex_image_length(node["width"]) if "width" in node else None
    options = f"[width={width}]" if width else ""
    translator.body.append(f"\n\\noindent\\sphinxincludegraphics{options}{{{name}}}\n")
    raise nodes.SkipNode


def _text(translator: Any, node: boardgen_diagram) -> None:
    translator.add_text(f"[{node['alt']}]")
    raise nodes.SkipNode


def _skip(translator: Any, node: boardgen_diagram) -> None:
    raise nodes.SkipNode


def _absolute_folders(app: Sphinx, config: Any) -> None:
    """``boardgen_variants`` folders are written relative to ``conf.py``."""
    config.boardgen_variants = [str(Path(app.confdir, folder)) for folder in config.boardgen_variants]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive, the ``boardgen_variants`` setting and how each builder
    draws a diagram."""
    app.add_config_value("boardgen_variants", [], "env", types=[list, tuple])
    app.add_node(
        boardgen_diagram,
        html=(_html, None),
        latex=(_latex, None),
        text=(_text, None),
        man=(_skip, None),
        texinfo=(_skip, None),
    )
    app.add_directive("boardgen", BoardgenDirective)
    app.connect("config-inited", _absolute_folders)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
