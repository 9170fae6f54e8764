"""Load a descriptor YAML file into plain data, remembering where every value came from.

Descriptors are written by hand, so every later complaint ("unknown variant", "size must
be positive") has to point at the exact line and column. This module parses the text
into PyYAML's node graph (which carries positions), then turns the nodes into plain
Python data itself, recording a :class:`~boardgen.errors.Mark` for every value and every
mapping key by *path* (``("setup", "white", 0)``). Doing the conversion here, instead of
with PyYAML's constructors, is also what makes the rules below enforceable with precise
positions.

The rules, each a promise to users (all failures are :class:`BoardgenError` located at
``FILE:LINE:COL`` whenever a position exists):

* Safe YAML only. No tag is ever executed; explicit tags other than the standard
  ``!!str !!int !!float !!bool !!null !!seq !!map`` are refused, naming the tag.
* YAML 1.2 core-schema scalars, not PyYAML's YAML 1.1 ones: only ``true``/``false``
  (also ``True``/``TRUE``...) are booleans, so ``yes``/``no``/``on``/``off``/``y``/``n``
  stay text (a side called ``no`` must not become ``False``); null is
  ``null``/``Null``/``NULL``/``~``/empty; integers are decimal, ``0x..`` or ``0o..``;
  floats are the standard forms. There are no sexagesimal numbers (``1:30`` is text)
  and no timestamps (dates stay text).
* ``.inf``, ``.nan`` and floats too large to be finite are refused: no board dimension,
  coordinate or count can be infinite or not-a-number, and accepting them would only
  move the failure somewhere less clear. Quote them to mean text.
* Mapping keys must be text; a duplicate key is an error at its second occurrence.
  Merge keys (``<<``) are refused (repeat the keys, or alias a whole value instead).
* Anchors and aliases work, but an alias is expanded into a fresh copy, and copies may
  produce at most :data:`MAX_ALIAS_NODES` nodes in total ("billion laughs" protection).
  An alias that refers to a value containing itself is refused.
* Nesting deeper than :data:`MAX_DEPTH` levels is refused (protects the recursion).
* The file must be UTF-8 (a UTF-8 byte order mark is accepted), at most
  :data:`MAX_BYTES` bytes, exactly one YAML document, and that document a mapping.

Positions are 1-based; columns count characters (code points), not bytes. The position
of a value is where it starts: for ``key: &anchor value`` that is the ``&``; for an empty
value (``key:`` with nothing after it) it is just after the colon. A value that comes
from an alias is located at the alias (``*name``); the values *inside* it are located
where they are written, inside the anchored value.

Parsing uses PyYAML's pure-Python parser on purpose: its messages and positions are the
same on every installation (libyaml's differ). Time is linear in the input size:
milliseconds for a normal descriptor, several seconds (5 to 20, by shape) for a 1 MiB file
packed with hundreds of thousands of values.
"""

from __future__ import annotations

__all__ = [
    "MAX_ALIAS_NODES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "Loaded",
    "PathKey",
    "load_file",
    "load_package_data",
    "load_text",
]

import functools
import math
import os
import re
import types
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml
from yaml.composer import ComposerError
from yaml.error import MarkedYAMLError, YAMLError
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.reader import ReaderError

from boardgen.errors import BoardgenError, Mark
from boardgen.inputfile import read_input

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


@dataclass(frozen=True)
class Loaded:
    """A parsed descriptor: its plain data plus where each part of it was written.

    ``value_marks`` maps the path of every value (the root is ``()``) to where the value
    starts; ``key_marks`` maps the path of every value that belongs to a mapping key to
    where that key starts. Both are read-only views.
    """

    file: str
    data: Any
    value_marks: Mapping[PathKey, Mark]
    key_marks: Mapping[PathKey, Mark]

    def mark(self, path: PathKey) -> Mark | None:
        """Where the value at ``path`` starts, else where its nearest existing ancestor does.

        Falling back to the ancestor lets callers report on a path that does not exist
        (a missing key) at the mapping that should have held it.
        """
        here = tuple(path)
        while True:
            found = self.value_marks.get(here)
            if found is not None or not here:
                return found
            here = here[:-1]

    def key_mark(self, path: PathKey) -> Mark | None:
        """Where the key introducing ``path`` starts, else :meth:`mark` of ``path``."""
        found = self.key_marks.get(tuple(path))
        return found if found is not None else self.mark(path)

    def error(self, path: PathKey, message: str, *, at_key: bool = False) -> BoardgenError:
        """A :class:`BoardgenError` about ``path``, located in this file.

        ``at_key`` points at the key rather than the value (for "unknown key" errors).
        The error's key is the dotted path, list indexes as numbers: ``setup.white.0``.
        """
        mark = self.key_mark(path) if at_key else self.mark(path)
        return BoardgenError(message, file=self.file, mark=mark, key=_dotted(path))


def load_file(path: str | os.PathLike[str], display: str | None = None) -> Loaded:
    """Read and load the descriptor at ``path``; messages name it ``display`` if given.

    Read by :func:`boardgen.inputfile.read_input`: a regular file only (a folder, FIFO
    or device is refused with its own line), at most :data:`MAX_BYTES` + 1 bytes, so a
    huge (or endless) file is refused without being read whole; any failure to read is a
    :class:`BoardgenError` attributed to the file.
    """
    name = display if display is not None else os.fspath(path)
    data = read_input(path, limit=MAX_BYTES, display=name)
    return load_text(data, name)


def load_text(text: str | bytes, file: str) -> Loaded:
    """Load descriptor ``text`` (``str``, or ``bytes`` that must be UTF-8) from ``file``.

    ``file`` is only used in messages and stored in the result. Returns the plain data
    (insertion-ordered dicts, lists, str, int, float, bool, None) with the positions of
    every value and key; raises :class:`BoardgenError` for anything that is not a
    well-formed single-mapping descriptor under the rules in the module docstring.
    """
    source = _decode(text, file)
    if source.startswith(_BOM):
        source = source[1:]
    bad = _NON_PRINTABLE.search(source)
    if bad is not None:
        code = ord(bad.group())
        kind = "control character" if code < 0x20 or 0x7F <= code <= 0x9F else "character"
        raise BoardgenError(
            f"{kind} U+{code:04X} is not allowed in YAML (write it as an escape in double quotes)",
            file=file,
            mark=_position(source, bad.start()),
        )
    root = _compose(source, file)
    if root is None or (
        isinstance(root, ScalarNode) and root.tag == _NULL and root.value == "" and root.style is None
    ):
        raise BoardgenError(
            "the file is empty: a descriptor is a mapping of keys", file=file, mark=Mark(1, 1)
        )
    converter = _Converter(file)
    if not isinstance(root, MappingNode):
        what = _describe(converter.scalar(root, ())) if isinstance(root, ScalarNode) else "a list"
        raise BoardgenError(
            f"a descriptor must be a mapping of keys, not {what}", file=file, mark=_mark(root)
        )
    data = converter.value(root, ())
    return Loaded(
        file=file,
        data=data,
        value_marks=types.MappingProxyType(converter.value_marks),
        key_marks=types.MappingProxyType(converter.key_marks),
    )


def _decode(text: str | bytes, file: str) -> str:
    """Check the size limit and turn bytes into text, locating the first non-UTF-8 byte."""
    if isinstance(text, str):
        # A character is at least one byte: only measure when the count could be under.
        size = len(text) if len(text) > MAX_BYTES else len(text.encode("utf-8", "surrogatepass"))
    else:
        size = len(text)
    if size > MAX_BYTES:
        raise BoardgenError(f"the file is too big (the limit is {MAX_BYTES} bytes, 1 MiB)", file=file)
    if isinstance(text, str):
        return text
    raw = bytes(text)
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8")
        hint = "it looks like UTF-16" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else "save the file as UTF-8"
        raise BoardgenError(
            f"not UTF-8: byte 0x{raw[exc.start]:02x} ({hint})",
            file=file,
            mark=_position(good, len(good)),
        ) from None


def _compose(source: str, file: str) -> Node | None:
    """Parse ``source`` into a node graph, turning every PyYAML failure into a located error."""
    loader = _CoreLoader(source)
    try:
        return loader.get_single_node()
    except BoardgenError as exc:
        raise exc.located(file) from None
    except MarkedYAMLError as exc:
        message, where = _syntax_message(exc, source)
        raise BoardgenError(message, file=file, mark=None if where is None else _mark(where)) from None
    except ReaderError as exc:  # normally caught earlier by _NON_PRINTABLE
        raise BoardgenError(
            f"character U+{exc.character:04X} is not allowed in YAML",
            file=file,
            mark=_position(source, exc.position),
        ) from None
    except YAMLError as exc:
        raise BoardgenError(f"invalid YAML: {_one_line(str(exc))}", file=file) from None
    except RecursionError:  # a safety net only: compose_node limits the depth first
        raise BoardgenError(_too_deep_message(), file=file) from None
    finally:
        loader.dispose()


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


def _parse_int(raw: str) -> int:
    """A core-schema integer literal (already matched by ``_INT_RE``) as an int.

    Raises ValueError past Python's digit limit for decimal strings.
    """
    if raw.startswith("0x"):
        return int(raw[2:], 16)
    if raw.startswith("0o"):
        return int(raw[2:], 8)
    return int(raw, 10)  # leading zeros are decimal in YAML 1.2: 010 is ten


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


def load_package_data(path: str | os.PathLike[str]) -> Any:
    """The plain data of a YAML file shipped with boardgen (a text catalogue), read fast.

    Every build worker reads the three catalogues, and the descriptor loader, which
    tracks the position of every value, takes ten times as long as libyaml. Shipped
    files were already checked by that loader in the test suite (which also checks that
    both read the same data), so here libyaml parses with the same core-schema resolvers
    when PyYAML has it; without libyaml, or on any fault (a duplicate key, bad YAML), the
    file is read by :func:`load_file` instead, which gives the located message.
    """
    fast = getattr(yaml, "CSafeLoader", None)
    if fast is None:
        return load_file(path).data
    try:
        with open(path, "rb") as stream:
            return yaml.load(stream, Loader=_fast_loader(fast))  # a safe loader
    except (yaml.YAMLError, _Duplicate):
        return load_file(path).data


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
