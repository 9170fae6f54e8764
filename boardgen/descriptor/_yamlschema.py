"""The YAML 1.2 core schema that descriptors are read with, and the size limits.

PyYAML resolves plain scalars with YAML 1.1 rules (``yes`` is a boolean); boardgen reads
descriptors and catalogues with the core schema instead. This module holds that schema's
tags and patterns, the composing loader that keeps aliases visible and bounds the depth,
the fast libyaml loader for shipped files, and the small helpers that turn PyYAML's
positions and values into words for messages. :mod:`boardgen.descriptor.yamlload` is the
public face; see its docstring for the rules these implement.
"""

from __future__ import annotations

__all__ = [
    "MAX_ALIAS_NODES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "_BOM",
    "_BOOL",
    "_BOOL_RE",
    "_FLOAT",
    "_FLOAT_RE",
    "_HEX_ESCAPES",
    "_INT",
    "_INT_RE",
    "_LINE_BREAK",
    "_MAP",
    "_NON_PRINTABLE",
    "_NOT_FINITE_RE",
    "_NULL",
    "_NULL_RE",
    "_SEQ",
    "_SIMPLE_KEY",
    "_STANDARD_TAGS",
    "_STR",
    "_TAG",
    "PathKey",
    "_AliasNode",
    "_CoreLoader",
    "_Duplicate",
    "_core_resolvers",
    "_describe",
    "_dotted",
    "_fast_loader",
    "_mark",
    "_one_line",
    "_parse_int",
    "_position",
    "_short_tag",
    "_show",
    "_too_deep_message",
    "_unsupported_tag_message",
]

import functools
import re
from typing import Any

import yaml
from yaml.composer import ComposerError
from yaml.events import AliasEvent
from yaml.nodes import Node

from boardgen.errors import BoardgenError, Mark

PathKey = tuple[str | int, ...]
"""Where a value sits in the document: mapping keys and list indexes from the root."""

MAX_BYTES: int = 1 << 20
"""Largest descriptor accepted, in bytes (1 MiB); a real descriptor is a few KiB."""

MAX_ALIAS_NODES: int = 100_000
"""Most nodes (keys, values and list items) that alias expansion may add, in total."""

MAX_DEPTH: int = 100
"""Deepest nesting accepted: a value's path may have at most this many steps."""

_TAG = "tag:yaml.org,2002:"
_STR = _TAG + "str"
_INT = _TAG + "int"
_FLOAT = _TAG + "float"
_BOOL = _TAG + "bool"
_NULL = _TAG + "null"
_SEQ = _TAG + "seq"
_MAP = _TAG + "map"
_STANDARD_TAGS = frozenset({_STR, _INT, _FLOAT, _BOOL, _NULL, _SEQ, _MAP})

# YAML 1.2.2 core schema (section 10.3.2). ``\Z`` rather than ``$``: ``$`` also matches
# before a final newline.
_NULL_RE = re.compile(r"(?:~|null|Null|NULL|)\Z")
_BOOL_RE = re.compile(r"(?:true|True|TRUE|false|False|FALSE)\Z")
_INT_RE = re.compile(r"(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)\Z")
_FLOAT_RE = re.compile(
    r"(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))\Z"
)
_NOT_FINITE_RE = re.compile(r"(?:[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))\Z")

# Same set as PyYAML's Reader.NON_PRINTABLE: checked up front so the error has a line
# and column (PyYAML only reports a character offset).
_NON_PRINTABLE = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# Line breaks exactly as PyYAML counts them (CR LF is one break, a lone CR is one too).
_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
_BOM = "\ufeff"
_HEX_ESCAPES = {"2": "x", "4": "u", "8": "U"}  # PyYAML names escapes by digit count
# Scalars that read back the same inside double quotes (for the "write it quoted" hint).
_SIMPLE_KEY = re.compile(r"[\w.+~-]{1,40}")


def _core_resolvers() -> dict[str | None, list[tuple[str, re.Pattern[str]]]]:
    """A fresh implicit-resolver table (first character -> candidates, in order).

    Built from scratch so PyYAML's global YAML 1.1 table (yes/no booleans, sexagesimal
    numbers, timestamps, merge and value keys) is neither used nor modified. Integers come
    before floats because ``1`` matches both patterns.
    """
    table: dict[str | None, list[tuple[str, re.Pattern[str]]]] = {}
    entries: list[tuple[str, re.Pattern[str], str]] = [
        (_NULL, _NULL_RE, "~nN"),
        (_BOOL, _BOOL_RE, "tTfF"),
        (_INT, _INT_RE, "-+0123456789"),
        (_FLOAT, _FLOAT_RE, "-+.0123456789"),
    ]
    for tag, regexp, first in entries:
        for ch in first:
            table.setdefault(ch, []).append((tag, regexp))
    table[""] = [(_NULL, _NULL_RE)]  # the empty plain scalar
    return table


class _AliasNode(Node):
    """Stands in the node graph where ``*name`` was written.

    PyYAML's composer returns the anchored node itself for an alias, which loses the
    alias's own position and hides the sharing; keeping a wrapper lets the converter
    locate the use site, count the expansion and detect self-reference.
    """

    def __init__(self, name: str, target: Node, start_mark: yaml.Mark, end_mark: yaml.Mark) -> None:
        super().__init__("", None, start_mark, end_mark)
        self.name = name
        self.target = target


class _CoreLoader(yaml.SafeLoader):
    """SafeLoader with YAML 1.2 core-schema resolvers, alias wrappers and a depth limit.

    Only the reading, scanning, parsing and composing parts are used; the node graph is
    converted to Python data by :class:`_Converter`, never by PyYAML's constructors.
    """

    yaml_implicit_resolvers = _core_resolvers()

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Node | None, index: int) -> Node | None:
        if self.check_event(AliasEvent):
            event = self.get_event()  # type: ignore[no-untyped-call]
            name = event.anchor
            target = self.anchors.get(name)
            if target is None:
                raise ComposerError(None, None, f"found undefined alias {name!r}", event.start_mark)
            return _AliasNode(name, target, event.start_mark, event.end_mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH + 1:  # the root is at depth 1, path length 0
                event = self.peek_event()  # type: ignore[no-untyped-call]
                raise BoardgenError(_too_deep_message(), mark=_mark(event.start_mark))
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _parse_int(raw: str) -> int:
    """A core-schema integer literal (already matched by ``_INT_RE``) as an int.

    Raises ValueError past Python's digit limit for decimal strings.
    """
    if raw.startswith("0x"):
        return int(raw[2:], 16)
    if raw.startswith("0o"):
        return int(raw[2:], 8)
    return int(raw, 10)  # leading zeros are decimal in YAML 1.2: 010 is ten


def _position(text: str, index: int) -> Mark:
    """The 1-based line and column of ``text[index]``, counted exactly like PyYAML."""
    before = text[:index]
    line_start, lines = 0, 1
    for found in _LINE_BREAK.finditer(before):
        line_start, lines = found.end(), lines + 1
    tail = before[line_start:]
    return Mark(lines, len(tail) - tail.count(_BOM) + 1)


def _mark(node_or_mark: Node | yaml.Mark) -> Mark:
    """A PyYAML position (0-based) as a boardgen :class:`Mark` (1-based)."""
    place = node_or_mark.start_mark if isinstance(node_or_mark, Node) else node_or_mark
    assert place is not None  # every composed node has a start mark
    return Mark(place.line + 1, place.column + 1)


def _dotted(path: PathKey) -> str | None:
    """``("setup", "white", 0)`` -> ``"setup.white.0"``; the root has no key path."""
    return ".".join(str(step) for step in path) or None


def _describe(value: Any) -> str:
    """How a non-text scalar is called in messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    return "text"


def _short_tag(tag: str) -> str:
    """``tag:yaml.org,2002:python/object`` -> ``!!python/object``."""
    return "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else tag


def _unsupported_tag_message(tag: str) -> str:
    return (
        f"unsupported YAML tag {_show(_short_tag(tag))}: only text, numbers, true/false, null, "
        "lists and mappings are allowed"
    )


def _too_deep_message() -> str:
    return f"values are nested too deeply (more than {MAX_DEPTH} levels)"


def _show(text: str) -> str:
    """``text`` quoted for a one-line message (``repr`` escapes line breaks), shortened if long."""
    return repr(text if len(text) <= 40 else text[:37] + "...")


def _one_line(text: str) -> str:
    return " ".join(text.split())


class _Duplicate(Exception):
    """A mapping repeats a key (libyaml keeps the last silently; the fallback reports it)."""


@functools.cache
def _fast_loader(base: type) -> type:
    """``base`` (libyaml's safe loader) with the core-schema resolvers and duplicate keys refused."""

    def construct_mapping(self: Any, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        keys = [key.value if isinstance(key, yaml.ScalarNode) else id(key) for key, _ in node.value]
        if len(keys) != len(set(keys)):
            raise _Duplicate
        mapping: dict[Any, Any] = yaml.SafeLoader.construct_mapping(self, node, deep=deep)
        return mapping

    return type(
        "_FastCoreLoader",
        (base,),
        {"yaml_implicit_resolvers": _core_resolvers(), "construct_mapping": construct_mapping},
    )
