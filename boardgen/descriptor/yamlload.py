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

import os
import types
from collections.abc import Mapping
from typing import Any

import yaml
from yaml.error import MarkedYAMLError, YAMLError
from yaml.nodes import MappingNode, Node, ScalarNode
from yaml.reader import ReaderError

from boardgen.errors import BoardgenError, Mark
from boardgen.foundation.inputfile import named_path, read_input

from ..foundation.values import frozen
from ._yamlconvert import _Converter
from ._yamlschema import (
    _BOM,
    _NON_PRINTABLE,
    _NULL,
    MAX_ALIAS_NODES,
    MAX_BYTES,
    MAX_DEPTH,
    PathKey,
    _CoreLoader,
    _describe,
    _dotted,
    _Duplicate,
    _fast_loader,
    _mark,
    _one_line,
    _position,
    _too_deep_message,
)
from ._yamlsyntax import _syntax_message


@frozen
class Loaded:
    """A parsed descriptor: its plain data plus where each part of it was written.

    ``value_marks`` maps the path of every value (the root is ``()``) to where the value
    starts; ``key_marks`` maps the path of every value that belongs to a mapping key to
    where that key starts. Both are read-only views.

    Files the document names (artwork, fonts) are found in ``folder`` (None: the folder of
    ``file``) and, when ``within`` is given, must lie inside that folder (the studio's):
    see :meth:`named_path`.
    """

    file: str
    data: Any
    value_marks: Mapping[PathKey, Mark]
    key_marks: Mapping[PathKey, Mark]
    folder: str | None = None
    within: str | None = None

    def named_path(self, name: str) -> str:
        """The path of the file ``name`` (as the document writes it) names: beside the
        document, and inside :attr:`within` when that is set (else BoardgenError, see
        :func:`boardgen.foundation.inputfile.named_path`)."""
        beside = self.folder if self.folder is not None else os.path.dirname(self.file)
        return named_path(name, beside=beside, within=self.within)

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

    Read by :func:`boardgen.foundation.inputfile.read_input`: a regular file only (a folder, FIFO
    or device is refused with its own line), at most :data:`MAX_BYTES` + 1 bytes, so a
    huge (or endless) file is refused without being read whole; any failure to read is a
    :class:`BoardgenError` attributed to the file.
    """
    name = display if display is not None else os.fspath(path)
    data = read_input(path, limit=MAX_BYTES, display=name)
    return load_text(data, name)


def load_text(
    text: str | bytes, file: str, *, folder: str | None = None, within: str | None = None
) -> Loaded:
    """Load descriptor ``text`` (``str``, or ``bytes`` that must be UTF-8) from ``file``.

    ``file`` is used in messages and stored in the result; ``folder`` and ``within`` say
    where the files the document names are found and must lie (:class:`Loaded`). Returns the plain data
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
        folder=folder,
        within=within,
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
