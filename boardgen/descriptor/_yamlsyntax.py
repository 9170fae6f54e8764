"""Plain-language messages for PyYAML's syntax errors (unclosed quotes, tabs, bad indentation).

PyYAML's own texts name parser states ("while parsing a block mapping"); a person editing
a descriptor needs to hear what to change, at the line where parsing stopped.
"""

from __future__ import annotations

__all__ = ["_indentation_before", "_syntax_message"]

import re

import yaml
from yaml.error import MarkedYAMLError

from ._yamlschema import _HEX_ESCAPES, _one_line, _show


def _syntax_message(exc: MarkedYAMLError, source: str) -> tuple[str, yaml.Mark | None]:
    """A short one-line message for a PyYAML parse error, and the mark to report it at.

    The mark is PyYAML's problem mark (where parsing could not go on); the most common
    failures get a plain-language message, the rest PyYAML's own problem text.
    """
    problem = exc.problem or ""
    context = exc.context or ""
    where = exc.problem_mark or exc.context_mark
    since = ""
    if exc.context_mark is not None:
        since = f"line {exc.context_mark.line + 1}, column {exc.context_mark.column + 1}"

    if problem.startswith("found character '\\t'"):
        if where is not None and _indentation_before(source, where.index):
            return "tab character used for indentation: indent with spaces", where
        return "tab character not allowed here: use spaces", where
    found = re.fullmatch(r"found character (.*) that cannot start any token", problem)
    if found:
        return f"a plain value cannot start with {found.group(1)}: put the value in quotes", where
    if context == "while scanning a quoted scalar" and problem.startswith("found unexpected"):
        return f"unclosed quote: the string starting at {since} never ends", where
    if problem.startswith("found unknown escape character") and where is not None:
        escape = "\\" + source[where.index : where.index + 1]
        return (
            f"unknown escape {_show(escape)} in a double-quoted string "
            "(write '\\\\' for a backslash, or use single quotes)",
            where,
        )
    digits = re.fullmatch(r"expected escape sequence of (\d+) hexadecimal numbers, but found .*", problem)
    if digits and context == "while scanning a double-quoted scalar":
        return (
            f"bad escape '\\{_HEX_ESCAPES.get(digits.group(1), '?')}' in a double-quoted string: "
            f"it needs {digits.group(1)} hex digits "
            "(write '\\\\' for a backslash, or use single quotes)",
            where,
        )
    if problem == "mapping values are not allowed here":
        return "unexpected ':' (check the indentation, or quote a value that contains ': ')", where
    if problem.startswith("expected <block end>") and context in (
        "while parsing a block mapping",
        "while parsing a block collection",
    ):
        block = "mapping" if context.endswith("mapping") else "list"
        return f"bad indentation: this does not continue the {block} starting at {since}", where
    flow = re.fullmatch(r"expected ',' or '([]}])', but got (.*)", problem)
    if flow:
        block, opener = ("list", "[") if flow.group(1) == "]" else ("mapping", "{")
        if flow.group(2) == "'<stream end>'":
            return f"unclosed '{opener}': the {block} starting at {since} never ends", where
        return f"expected ',' or '{flow.group(1)}' in the {block} starting at {since}", where
    if context == "expected a single document in the stream":
        return "more than one YAML document ('---' starts another): a descriptor is one document", where
    undefined = re.fullmatch(r"found undefined alias '(.*)'", problem)
    if undefined:
        return f"alias '*{undefined.group(1)}' refers to no anchor defined before it", where
    twice = re.fullmatch(r"found duplicate anchor '(.*)'; first occurrence", context)
    if twice and exc.context_mark is not None:
        first = exc.context_mark.line + 1
        return f"anchor '&{twice.group(1)}' is defined twice (first at line {first})", where

    message = problem or context or "cannot parse"
    if context and problem:
        message += f" ({context} at {since})" if since else f" ({context})"
    return f"invalid YAML: {_one_line(message)}", where


def _indentation_before(source: str, index: int) -> bool:
    """Whether only spaces and tabs precede ``index`` on its line."""
    start = index
    while start > 0 and source[start - 1] in " \t":
        start -= 1
    return start == 0 or source[start - 1] in "\r\n\x85\u2028\u2029"
