"""From PyYAML's node graph to plain data, with the mark of every value and key.

The converter, not PyYAML's constructors, builds the Python values, so each rule of
:mod:`boardgen.descriptor.yamlload` (core-schema scalars, text keys, no duplicates, no
merge keys, bounded alias expansion and depth) fails at the exact position.
"""

from __future__ import annotations

__all__ = ["_Converter"]

import math
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from boardgen.errors import BoardgenError, Mark

from ._yamlschema import (
    _BOOL,
    _BOOL_RE,
    _FLOAT,
    _FLOAT_RE,
    _INT,
    _INT_RE,
    _MAP,
    _NOT_FINITE_RE,
    _NULL,
    _NULL_RE,
    _SEQ,
    _SIMPLE_KEY,
    _STANDARD_TAGS,
    _STR,
    MAX_ALIAS_NODES,
    MAX_DEPTH,
    PathKey,
    _AliasNode,
    _describe,
    _dotted,
    _mark,
    _parse_int,
    _short_tag,
    _show,
    _too_deep_message,
    _unsupported_tag_message,
)


class _Converter:
    """Turns a composed node graph into plain data, recording marks and enforcing the rules."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.value_marks: dict[PathKey, Mark] = {}
        self.key_marks: dict[PathKey, Mark] = {}
        self._expanded = 0  # nodes produced inside alias expansions so far
        self._alias_site: PathKey | None = None  # path of the outermost alias being expanded
        self._open: set[int] = set()  # ids of the collection nodes being converted

    def fail(self, path: PathKey, message: str, mark: Mark | None) -> BoardgenError:
        """An error at ``mark`` about ``path``."""
        return BoardgenError(message, file=self.file, mark=mark, key=_dotted(path))

    def value(self, node: Node, path: PathKey) -> Any:
        """Convert the value ``node`` found at ``path`` (expanding it if it is an alias)."""
        self.value_marks[path] = _mark(node)
        if len(path) > MAX_DEPTH:
            raise self.fail(path, _too_deep_message(), _mark(node))
        if not isinstance(node, _AliasNode):
            return self._content(node, path)
        if id(node.target) in self._open:
            raise self.fail(path, f"alias '*{node.name}' refers to a value that contains it", _mark(node))
        outermost = self._alias_site is None
        if outermost:
            self._alias_site = path
        try:
            return self._content(node.target, path)
        finally:
            if outermost:
                self._alias_site = None

    def _count(self) -> None:
        """Count one node produced by alias expansion; refuse past the limit."""
        if self._alias_site is None:
            return
        self._expanded += 1
        if self._expanded > MAX_ALIAS_NODES:
            site = self._alias_site
            raise self.fail(
                site,
                f"YAML aliases expand to too many nodes (more than {MAX_ALIAS_NODES})",
                self.value_marks.get(site),
            )

    def _content(self, node: Node, path: PathKey) -> Any:
        self._count()
        if isinstance(node, ScalarNode):
            return self.scalar(node, path)
        if isinstance(node, SequenceNode):
            self._check_tag(node, _SEQ, "a list", path)
            self._open.add(id(node))
            try:
                return [self.value(item, (*path, index)) for index, item in enumerate(node.value)]
            finally:
                self._open.discard(id(node))
        if isinstance(node, MappingNode):
            self._check_tag(node, _MAP, "a mapping", path)
            self._open.add(id(node))
            try:
                return self._mapping(node, path)
            finally:
                self._open.discard(id(node))
        raise self.fail(path, f"unexpected YAML node {type(node).__name__}", _mark(node))  # pragma: no cover

    def _check_tag(self, node: Node, expected: str, what: str, path: PathKey) -> None:
        if node.tag == expected:
            return
        if node.tag in _STANDARD_TAGS:
            raise self.fail(path, f"tag {_short_tag(node.tag)} cannot be used on {what}", _mark(node))
        raise self.fail(path, _unsupported_tag_message(node.tag), _mark(node))

    def _mapping(self, node: MappingNode, path: PathKey) -> dict[str, Any]:
        result: dict[str, Any] = {}
        first_seen: dict[str, Mark] = {}
        for key_node, value_node in node.value:
            key_mark = _mark(key_node)
            key = self._key(key_node, path)
            if key in first_seen:
                raise self.fail(
                    (*path, key),
                    f"duplicate key {_show(key)} (first at line {first_seen[key].line})",
                    key_mark,
                )
            first_seen[key] = key_mark
            child = (*path, key)
            self.key_marks[child] = key_mark
            result[key] = self.value(value_node, child)
        return result

    def _key(self, node: Node, path: PathKey) -> str:
        """The text of a mapping key, or an error saying why it cannot be one."""
        where = _mark(node)
        target = node.target if isinstance(node, _AliasNode) else node
        self._count()
        if isinstance(target, ScalarNode):
            if target.tag == _STR:
                if target.value == "<<" and target.style is None and not isinstance(node, _AliasNode):
                    raise self.fail(
                        path,
                        "merge keys ('<<') are not supported: write the keys out "
                        "(an alias can still repeat a whole value)",
                        where,
                    )
                return str(target.value)
            value = self.scalar(target, path, where)
            raw = str(target.value)
            plain = target.style is None and _SIMPLE_KEY.fullmatch(raw)
            hint = f' (write "{raw}" to use it as text)' if plain else ""
            raise self.fail(path, f"keys must be text, not {_describe(value)}{hint}", where)
        what = "a list" if isinstance(target, SequenceNode) else "a mapping"
        raise self.fail(path, f"keys must be text, not {what}", where)

    def scalar(self, node: ScalarNode, path: PathKey, where: Mark | None = None) -> Any:
        """The Python value of a scalar under the core schema (explicit tags validated)."""
        tag, raw = node.tag, str(node.value)
        where = where or _mark(node)
        if tag == _STR:
            return raw
        if tag == _NULL and _NULL_RE.match(raw):
            return None
        if tag == _BOOL and _BOOL_RE.match(raw):
            return raw[0] in "tT"
        if tag == _INT and _INT_RE.match(raw):
            try:
                return _parse_int(raw)
            except ValueError:
                raise self.fail(path, f"the integer {_show(raw)} has too many digits", where) from None
        if tag == _FLOAT and _FLOAT_RE.match(raw):
            if _NOT_FINITE_RE.match(raw):
                raise self.fail(
                    path,
                    f"{raw} is not allowed: a board value cannot be infinite or not-a-number "
                    "(quote it to mean text)",
                    where,
                )
            number = float(raw)
            if not math.isfinite(number):
                raise self.fail(path, f"the number {_show(raw)} is too large", where)
            return number
        if tag in (_SEQ, _MAP):
            raise self.fail(path, f"tag {_short_tag(tag)} cannot be used on a single value", where)
        if tag in _STANDARD_TAGS:
            raise self.fail(path, f"{_show(raw)} is not a valid {_short_tag(tag)} value", where)
        raise self.fail(path, _unsupported_tag_message(tag), where)
