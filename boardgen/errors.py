"""The one error type users see.

Every mistake a user can fix (a bad descriptor, an unknown variant, an impossible
option) is raised as :class:`BoardgenError`. The CLI prints it as a single line,
``FILE:LINE:COL: key.path: what is wrong``, and exits with status 2, so editors and
CI logs can jump straight to the spot. The Python API raises the same error (a
subclass of :class:`ValueError`) with the same message.
"""

from __future__ import annotations

__all__ = ["BoardgenError", "Mark", "closest", "one_line", "shown"]

import re
from collections.abc import Iterable
from typing import NamedTuple

# What must never reach a terminal raw: line and paragraph breaks, other control
# characters (C0, DEL, C1), lone surrogates and the noncharacters U+FFFE/U+FFFF. The
# range of surrogates takes most of a millisecond to compile, so the whole class is
# compiled when a text beyond ASCII first comes (re keeps it); ASCII text, nearly all,
# has the part of it that is ASCII.
_UNSAFE = "[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]"
_UNSAFE_ASCII = re.compile("[\x00-\x1f\x7f]")


def one_line(text: str) -> str:
    """``text`` with every line break and control character written as an escape (``\\n``).

    An error message quotes what the user wrote (a key, a value, a file name); escaping
    keeps it one line, so a key holding a newline cannot forge extra error lines.
    """
    unsafe = _UNSAFE_ASCII if text.isascii() else re.compile(_UNSAFE)
    return unsafe.sub(_escaped, text)


def _escaped(match: re.Match[str]) -> str:
    return match.group().encode("unicode_escape", "backslashreplace").decode("ascii")


def shown(text: str, limit: int = 60) -> str:
    """``text`` quoted for a message, cut after ``limit`` characters: a 10 KB position
    string in an error line would hide what the line says."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"


class Mark(NamedTuple):
    """A place in a source file: 1-based line and column.

    A named tuple, not a :func:`~boardgen.foundation.values.frozen` class: the error type
    sits below every layer, the value-type helper among them, and the YAML loader makes
    one mark for every key and value it reads.
    """

    line: int
    column: int


class BoardgenError(ValueError):
    """A user-fixable error, located as precisely as the input allows.

    A :class:`ValueError`, so code that already guards against bad values catches it;
    ``str(error)`` is the one line the command line prints.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        mark: Mark | None = None,
        key: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.mark = mark
        self.key = key

    def located(self, file: str) -> BoardgenError:
        """The same error, attributed to ``file`` when it has no file yet."""
        if self.file is not None:
            return self
        return BoardgenError(self.message, file=file, mark=self.mark, key=self.key)

    def __str__(self) -> str:
        parts: list[str] = []
        if self.file is not None:
            where = self.file
            if self.mark is not None:
                where += f":{self.mark.line}:{self.mark.column}"
            parts.append(where)
        if self.key:
            parts.append(self.key)
        parts.append(self.message)
        return one_line(": ".join(parts))


def closest(word: str, choices: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The choice a misspelt ``word`` most likely meant, for "did you mean" hints.

    difflib is imported here, when a hint is needed, not on every run.
    """
    import difflib  # lazy: start-up speed, only a hint needs it

    found = difflib.get_close_matches(word, list(choices), n=1, cutoff=cutoff)
    return found[0] if found else None
