"""A directive's argument and options read as docutils reads them, only faster.

docutils reads a directive's ``:name: value`` lines with a field-list parser it builds
anew for every block (a nested state machine of some fifteen states): about half a
millisecond per directive, more than drawing a diagram takes. A directive that takes
no argument, no options and content (``has_content = True``) receives its whole block
as content instead, and :func:`read_block` splits it as docutils would split it for a
directive of one argument, options and no content, and reads the options: plain lines
(``:move: 11-15``, ``:flipped:``, one line each, known names, once each, values the
spec accepts) with a dictionary lookup, and any other block with docutils' own parser.
So what a page means, and every error it reports, stays exactly docutils'.

In a MyST Markdown page (```` ```{boardgen} GAME ```` fences) the state is MyST's
stand-in for docutils', and the block is MyST's: the text after the directive's name
comes first, then the lines of the fence. Plain option lines are read the same way;
any other block (a ``---`` YAML block of options, a value on several lines) is read by
MyST's own directive parser, so a Markdown page means what MyST says it means.
"""

from __future__ import annotations

__all__ = ["OptionSpec", "read_block"]

import re
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from docutils.parsers.rst import Directive
from docutils.parsers.rst.states import Body, MarkupError, RSTState

#: Option names and the functions that check and convert their values (docutils' form).
OptionSpec = Mapping[str, Callable[[Any], Any]]

#: docutils' own pattern of a field's first line (where the option block starts).
_FIELD = re.compile(Body.patterns["field_marker"])
#: A plain option line: a simple name, then nothing or spaces and the value.
_PLAIN = re.compile(r":([A-Za-z0-9_-]+):(?: +(.*))?")


class _OneArgument:
    """What docutils checks a directive's argument block against: exactly one word."""

    required_arguments = 1
    optional_arguments = 0
    final_argument_whitespace = False


def read_block(directive: Directive, spec: OptionSpec) -> tuple[list[str], dict[str, Any]]:
    """The argument and the options of ``directive``'s block (which arrived as its
    content, see the module's text), as docutils reads them for a directive of one
    argument, the options of ``spec`` and no content.

    Raises docutils' ``MarkupError`` with docutils' own words when the block is wrong,
    in docutils' order (options, then the argument, then content); the caller reports
    it as docutils does (``Error in "NAME" directive: ...``).
    """
    block = directive.content
    if not isinstance(directive.state, RSTState):
        return _read_myst(list(block), spec)
    if block and _blank_lines_first(directive):
        # docutils drops one blank line (the directive's own, empty); a second one ends
        # the argument block before it starts: everything is content.
        head, rest = block[:0], block
    else:
        end = next((at for at, line in enumerate(block) if not line.strip()), len(block))
        head, rest = block[:end], block[end + 1 :]
    start = next((at for at, line in enumerate(head) if _FIELD.match(line)), len(head))
    state: Any = directive.state  # a Body state: it ran the directive
    options = _plain(list(head[start:]), spec)
    if options is None:
        options, _ = state.parse_directive_options({}, spec, head[start:])
    arguments: list[str] = state.parse_directive_arguments(_OneArgument, head[:start])
    if any(line.strip() for line in rest):
        raise MarkupError("no content permitted")
    return arguments, options


def _read_myst(block: list[str], spec: OptionSpec) -> tuple[list[str], dict[str, Any]]:
    """The argument and options of a MyST fence's ``block`` (see the module's text)."""
    if block and not _FIELD.match(block[0]) and block[0].strip() != "---":
        head, rest = block[0], block[1:]
    else:  # nothing after the directive's name: the block starts with its options
        head, rest = "", block
    words = head.split()
    options = _plain(rest, spec) if len(words) == 1 else None
    if options is not None:
        return words, options
    # lazy: MyST's parser is needed only by a MyST page (myst-parser is then installed)
    from myst_parser.parsers.directives import parse_directive_text

    class _Block(Directive):
        required_arguments = _OneArgument.required_arguments
        final_argument_whitespace = _OneArgument.final_argument_whitespace
        option_spec: ClassVar[dict[str, Callable[[Any], Any]] | None] = dict(spec)

    parsed = parse_directive_text(_Block, head, "\n".join(rest))
    if parsed.warnings:
        raise MarkupError("; ".join(warning.msg for warning in parsed.warnings))
    return list(parsed.arguments), dict(parsed.options)


def _blank_lines_first(directive: Directive) -> bool:
    """Whether a blank line stands between the directive's line, empty after ``::``,
    and its block (docutils then reads no argument block at all)."""
    _, line = directive.state_machine.get_source_and_line(directive.lineno)
    first = directive.content.items[0][1]  # where the block's first line is, in its source
    return line is not None and first - (line - 1) >= 2


def _plain(lines: list[str], spec: OptionSpec) -> dict[str, Any] | None:
    """The options of ``lines`` if every one is a plain option line (see the module's
    text) whose value ``spec`` accepts; else None, for docutils to read them."""
    options: dict[str, Any] = {}
    for line in lines:
        found = _PLAIN.fullmatch(line)
        if found is None:
            return None
        name = found[1].lower()
        convert = spec.get(name)
        if convert is None or name in options:
            return None
        try:
            options[name] = convert(found[2])
        except (ValueError, TypeError):
            return None
    return options
