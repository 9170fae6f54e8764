"""A descriptor's id follows its file's name: ``my-go.yaml`` holds ``id: my-go``.

The id must match the file name (``boardgen validate`` refuses another), so a copy saved
under a new name, a file renamed or a new file gets its ``id`` value replaced where it
is written, and nothing else of the text changes: comments, quoting and layout stay.
"""

from __future__ import annotations

__all__ = ["with_id"]

import re

from ..descriptor.yamlload import load_text
from ..errors import BoardgenError

#: A top-level ``id:`` line, for a text the YAML reader refuses (a designer's half-typed
#: file can still be renamed).
_ID_LINE = re.compile(r"(?m)^id:[ \t]*(?P<value>\"[^\"\n]*\"|'[^'\n]*'|[^\s#]+)")
#: The id's value where it starts: quoted or plain.
_VALUE = re.compile(r"\"[^\"\n]*\"|'[^'\n]*'|[^\s#,}\]]+")


def with_id(text: str, new_id: str) -> str:
    """``text`` with its top-level ``id`` value set to ``new_id`` (as it is written: a
    plain word); the text unchanged when it has no id to replace."""
    start = _id_offset(text)
    if start is None:
        return text
    found = _VALUE.match(text, start)
    if found is None:
        return text
    return text[: found.start()] + new_id + text[found.end() :]


def _id_offset(text: str) -> int | None:
    """Where the id's value starts in ``text``: by the YAML reader's marks, else by the
    first top-level ``id:`` line."""
    try:
        loaded = load_text(text, "descriptor.yaml")
    except BoardgenError:
        loaded = None
    if loaded is not None:
        if not isinstance(loaded.data, dict) or "id" not in loaded.data:
            return None
        mark = loaded.value_marks.get(("id",))
        if mark is None:
            return None
        lines = text.split("\n")
        bom = 1 if mark.line == 1 and text.startswith("\ufeff") else 0  # the reader drops it
        return sum(len(line) + 1 for line in lines[: mark.line - 1]) + mark.column - 1 + bom
    found = _ID_LINE.search(text)
    return found.start("value") if found is not None else None
