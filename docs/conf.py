"""Sphinx configuration of boardgen's documentation site (``make docs``).

Pages are MyST Markdown. Every board and diagram picture is drawn while the site builds,
by boardgen's own directive (```` ```{boardgen} GAME ````); the descriptor reference is
made from the JSON schema and the command-line reference from the click commands, so
neither can drift from the code.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))  # the site's own extensions (not part of the package)

import boardgen  # noqa: E402

project = "boardgen"
author = "the boardgen authors"
copyright = "the boardgen authors, MIT licence"
version = release = boardgen.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx_click",
    "boardgen.sphinx",
    "boardgen_site",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store"]

# MyST: ::: fences for notes, definition lists, anchors on headings down to ### for the
# rules document's own "#the-leaping-switches" links.
myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
myst_heading_anchors = 4

# Figures are not numbered (a page has a few, the site many); every cross-reference must resolve.
numfig = False
# Quotes and ellipses made typographic, never dashes: "--variants" stays an option.
smartquotes_action = "qe"
nitpicky = True
nitpick_ignore_regex = [
    # The layers below the public face (boardgen.api re-exports what users need): the
    # docstrings name them to say where a thing comes from, and the architecture page
    # describes them; they have no API page of their own.
    (
        r"py:(class|exc|obj|data|func|meth|attr|mod)",
        r"boardgen\.(api|model|records|descriptor|docext|errors|rules\.(spec|registry|family\.G)).*",
    ),
    (r"py:(class|obj|data)", r"(Mark|PdnSource|PlainRecord|Ply|RecordSource|GameSpec|FORMATS|G|abc\.ABC)"),
    # Types of the standard library and third-party packages (no intersphinx: the build
    # is offline).
    (
        r"py:(class|exc|obj|data|func|meth|attr|mod)",
        r"(collections\.abc|typing|pathlib|os|io|re|click|docutils|sphinx|markdown|reportlab|PIL)\..*",
    ),
    (
        r"py:(class|obj|data)",
        r"(Any|Path|Sequence|Mapping|Iterator|Iterable|Callable|Literal|ClassVar|Self|T|TextIO|BinaryIO|IO|ValueError|Exception|bytes|str|int|float|bool|None|object|type|tuple|list|dict|set|frozenset)",
    ),
]

# The API reference: every public name of boardgen, its signature as written.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True
autodoc_default_options = {"members": True, "show-inheritance": False}

html_theme = "furo"
html_title = f"boardgen {release}"
html_static_path = ["_static"]
html_css_files = ["boardgen.css"]
html_theme_options = {
    "source_repository": "",
    "navigation_with_keys": True,
}
html_show_sourcelink = False
html_last_updated_fmt = None  # no date: two builds give the same pages

# Our own games for the guide's examples (the studio and "your own game" pages).
boardgen_variants = ["_games"]
