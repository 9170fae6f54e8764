"""The directive's options read by boardgen.docext.sphinx_options are docutils' own reading:
the same options, argument and errors as docutils' option parser gives for any block."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

docutils_core = pytest.importorskip("docutils.core")
pytest.importorskip("sphinx")

from docutils import nodes  # noqa: E402
from docutils.parsers.rst import Directive, directives  # noqa: E402
from docutils.parsers.rst.states import MarkupError  # noqa: E402

from boardgen.docext.sphinx import OPTION_SPEC  # noqa: E402
from boardgen.docext.sphinx_options import read_block  # noqa: E402


class _Docutils(Directive):
    """Options read by docutils."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = dict(OPTION_SPEC)

    def run(self) -> list[nodes.Node]:
        return [nodes.literal_block(text=repr((self.arguments, sorted(self.options.items()))))]


class _Ours(Directive):
    """Options read by read_block, errors reported as docutils reports them."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        try:
            arguments, options = read_block(self, OPTION_SPEC)
        except MarkupError as detail:
            message = f'Error in "{self.name}" directive:\n{" ".join(detail.args)}.'
            text = nodes.literal_block(self.block_text, self.block_text)
            return [self.reporter.error(message, text, line=self.lineno)]
        return [nodes.literal_block(text=repr((arguments, sorted(options.items()))))]


directives.register_directive("theirs", _Docutils)
directives.register_directive("ours", _Ours)


def _read(name: str, block: str) -> str:
    """The doctree docutils makes of ``.. NAME::`` followed by ``block``, as text."""
    tree = docutils_core.publish_doctree(
        f".. {name}::{block}\n", settings_overrides={"report_level": 5, "halt_level": 5}
    )
    return tree.pformat().replace(f'"{name}"', '"X"').replace(f".. {name}::", ".. X::")


BLOCKS = [
    " american-checkers\n   :move: 11-15\n   :arrows: 22-18:green\n   :caption: One *two*: three.",
    " american-checkers\n   :arrows: 22-18:green\n            11-15\n   :caption: Continued\n      here.",
    " american-checkers\n   :colour: red",
    " american-checkers\n   :move: 11-15\n   :move: 11-16",
    " american-checkers\n   :align: middle",
    " american-checkers\n   :class:",
    "\n   :move: 11-15",
    " american checkers\n   :move: 11-15",
    " american-checkers\n   :move: 11-15\n\n   Some content.",
    " american-checkers\n   :Move: 11-15\n   :FLIPPED:",
    " american-checkers\n   :mo\\ve: 11-15",
    " american-checkers\n   :move:11-15",
    " american-checkers\n   :cell-size: 5",
    "\n   american-checkers\n   :lastmove: 11-15",
    " american-checkers\n   :alt: A  board   with: colons\n   :class: one two\n   :align: center",
    " american-checkers\n   :move: 11-15\n   extra words",
    " american-checkers\n   :caption:",
    " american-checkers\n   :: x",
    " american-checkers",
    "",
    "\n\n   american-checkers",
    "\n\n\n   american-checkers\n   :move: 11-15",
    "\n     american-checkers\n   :move: 11-15",
    " american-checkers\n\n   :move: 11-15",
    " american-checkers\n   :move: 11-15\n\n\n",
]


@pytest.mark.parametrize("block", BLOCKS)
def test_a_block_reads_as_docutils_reads_it(block: str) -> None:
    assert _read("ours", block) == _read("theirs", block)


_names = st.sampled_from(
    ["move", "Move", "arrows", "size", "align", "class", "name", "colour", "a:b", "mo\\ve", ""]
)
_values = st.sampled_from(["", " 11-15", "  x y", " left", " *a*", ":x", " a: b"])
_lines = st.one_of(
    st.builds(lambda n, v: f":{n}:{v}", _names, _values),
    st.sampled_from(["", "   more", "words", " :x: y"]),
)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([" american-checkers", "", " a b", "  x"]), st.lists(_lines, max_size=5))
def test_any_block_reads_as_docutils_reads_it(first: str, lines: list[str]) -> None:
    block = first + "".join(f"\n   {line}" if line else "\n" for line in lines)
    assert _read("ours", block) == _read("theirs", block)
