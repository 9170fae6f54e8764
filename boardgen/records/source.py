"""Where a record's text comes from: a path, the text itself, or a file object.

Every record reader takes the same sources (:func:`boardgen.read_pdn`,
:func:`boardgen.read_records`): a path is read as :mod:`boardgen.foundation.inputfile` reads every
file a user names (a regular file only, so a FIFO or a device is refused at once, within
:data:`~boardgen.records.pdn.tokens.MAX_PDN_BYTES`, UTF-8 or Latin-1 as older files are).
"""

from __future__ import annotations

__all__ = ["RecordSource", "record_text"]

import os
from pathlib import Path
from typing import IO

from ..errors import BoardgenError
from ..foundation.inputfile import read_input, read_text, utf8_text
from .limits import MAX_PDN_BYTES

#: Names of files that may be in Shift-JIS (cp932), as Japanese shogi programs save KIF.
SHIFT_JIS_SUFFIXES = (".kif",)

#: What the record readers read: a path, the record's text, or a file object open for reading.
RecordSource = str | Path | IO[str] | IO[bytes]


def record_text(
    source: RecordSource,
    file: str | None,
    *,
    suffixes: tuple[str, ...] = (".pdn",),
    reader: str = "read_pdn takes a path, PDN text",
    unnamed: str = "<pdn>",
) -> tuple[str, str]:
    """The text ``source`` holds and the name errors give it (``unnamed`` for a text or
    a file object without a name). A ``str`` is a path when it has no line break and
    names a file or ends in one of ``suffixes``; else it is the text itself. ``reader``
    begins the message for a source of the wrong type."""
    if hasattr(source, "read"):
        data = source.read()
        name = file or str(getattr(source, "name", unnamed))
        return (_decoded(data) if isinstance(data, bytes) else str(data)), name
    if isinstance(source, str) and not _is_path(source, suffixes):
        return source, file or unnamed
    if not isinstance(source, (str, Path)):
        raise TypeError(f"{reader} or a file object, not {type(source).__name__}")
    name = file or str(source)
    # A regular file within MAX_PDN_BYTES only (boardgen.foundation.inputfile): a FIFO, a device,
    # a folder or a dangling link is refused at once with its own line.
    if str(source).lower().endswith(SHIFT_JIS_SUFFIXES):
        return _japanese(read_input(source, limit=MAX_PDN_BYTES, display=name), name), name
    return read_text(source, limit=MAX_PDN_BYTES, display=name, latin1=True), name


def _japanese(data: bytes, name: str) -> str:
    """UTF-8, or Shift-JIS (cp932) as older KIF files are."""
    try:
        return utf8_text(data, name)
    except BoardgenError:  # not UTF-8: Shift-JIS, else what UTF-8 found
        try:
            return data.decode("cp932")
        except UnicodeDecodeError:
            return utf8_text(data, name)


def _is_path(text: str, suffixes: tuple[str, ...]) -> bool:
    if "\n" in text or not text.strip():
        return False
    return text.lower().endswith(suffixes) or os.path.isfile(text)


def _decoded(data: bytes) -> str:
    """UTF-8, or Latin-1 as older files are."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")
