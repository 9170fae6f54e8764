"""The designer's folder: the only files the studio reads or writes, and their versions.

A file is named by a descriptor file name and nothing else (``mini-checkers.yaml``: an
id as descriptors spell it, then ``.yaml`` or ``.yml``), so no request can name a path:
no ``..``, no slash, no absolute path, no hidden file. A symbolic link inside the folder
is read only when it leads to a file directly inside the folder too, and never written
through. Saves are atomic (:func:`boardgen.foundation.fileio.write_atomic`: a whole new file is
renamed over the old one) and carry the version the editor started from: a save over a
file that changed since (another tab, another program) is refused, never lost.

A version is the first 16 hex digits of the file's SHA-256: the same text has the same
version whoever wrote it, and the page polls versions to see changes made on disk.
"""

from __future__ import annotations

__all__ = ["Conflict", "Folder", "Refused", "builtin_ids", "builtin_text", "version_of"]

import hashlib
import os
import re
import stat
import threading
from pathlib import Path

from ..descriptor.builtin import builtin_dir
from ..descriptor.ids import ID_PATTERN
from ..descriptor.parse import MAX_ID
from ..descriptor.yamlload import MAX_BYTES
from ..errors import BoardgenError, shown
from ..foundation.fileio import write_atomic

_NAME = re.compile(rf"(?P<id>{ID_PATTERN})\.ya?ml")


class Refused(BoardgenError):
    """A request the studio turns down, with the HTTP status to answer."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class Conflict(Refused):
    """A save over a file that changed since the editor opened it."""

    def __init__(self, message: str, current: str | None) -> None:
        super().__init__(message, 409)
        self.current = current


def version_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def check_name(name: str) -> str:
    """``name`` if it is a descriptor file name (``mini-checkers.yaml``), else :class:`Refused`."""
    found = _NAME.fullmatch(name)
    if found is None or len(found["id"]) > MAX_ID:
        raise Refused(f"{shown(name)} is not a descriptor file name (an id, then .yaml)", 404)
    return name


def builtin_ids() -> list[str]:
    """The ids of the shipped games."""
    return sorted(p.stem for p in builtin_dir().iterdir() if _NAME.fullmatch(p.name))


def builtin_text(game_id: str) -> str:
    """The descriptor of a shipped game."""
    path = builtin_dir() / check_name(f"{game_id}.yaml")
    if not path.is_file():
        raise Refused(f"no built-in game {shown(game_id)}", 404)
    return path.read_text(encoding="utf-8")


class Folder:
    """The designer's folder (``boardgen serve DIR``); see the module's text."""

    def __init__(self, root: Path) -> None:
        if not root.is_dir():
            raise BoardgenError(f"{root}: no such folder")
        self.root = root.resolve()
        self._lock = threading.Lock()

    def path(self, name: str) -> Path:
        """The file ``name`` names, directly inside the folder, after every check."""
        path = self.root / check_name(name)
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            return path
        except OSError as error:
            raise Refused(f"{name}: {error.strerror}", 400) from None
        if stat.S_ISLNK(info.st_mode):
            target = Path(os.path.realpath(path))
            if target.parent != self.root or not target.is_file():
                raise Refused(f"{name}: a symbolic link leading out of the folder is not followed", 403)
        elif not stat.S_ISREG(info.st_mode):
            raise Refused(f"{name}: not a regular file", 403)
        return path

    def names(self) -> list[str]:
        """The descriptor files of the folder that the studio may open, by name."""
        found = []
        for entry in sorted(os.listdir(self.root)):
            if _NAME.fullmatch(entry) is None:
                continue
            try:
                path = self.path(entry)
            except Refused:
                continue
            if path.exists():
                found.append(entry)
        return found

    def read(self, name: str) -> tuple[bytes, str]:
        """The file's bytes and version; :class:`Refused` (404) when it is not there."""
        path = self.path(name)
        try:
            with open(path, "rb") as stream:
                data = stream.read(MAX_BYTES + 1)
        except FileNotFoundError:
            raise Refused(f"{name}: no such file in the folder", 404) from None
        except OSError as error:
            raise Refused(f"{name}: cannot read: {error.strerror}", 400) from None
        if len(data) > MAX_BYTES:
            raise Refused(f"{name}: larger than {MAX_BYTES // 1024} KiB, the most a descriptor may be", 413)
        return data, version_of(data)

    def version(self, name: str) -> str | None:
        """The file's version, or None when it is not there."""
        try:
            return self.read(name)[1]
        except Refused as refused:
            if refused.status == 404:
                return None
            raise

    def save(self, name: str, text: str, expected: str | None) -> str:
        """Write ``text`` atomically if the file is still at version ``expected`` (None: the
        file must not exist yet); the new version. A newer file is a :class:`Conflict`."""
        data = text.encode("utf-8")
        if len(data) > MAX_BYTES:
            raise Refused(f"{name}: larger than {MAX_BYTES // 1024} KiB, the most a descriptor may be", 413)
        path = self.path(name)
        if path.is_symlink():
            raise Refused(f"{name}: a symbolic link; the studio does not write through links", 403)
        with self._lock:
            current = self.version(name)
            if current != expected:
                if current is None:
                    message = f"{name} was deleted since you opened it; save again to write it anew"
                elif expected is None:
                    message = f"{name} already exists in the folder: open it, or choose another name"
                else:
                    message = (
                        f"{name} changed since you opened it (saved in another tab or by another "
                        "program): not saved. Reload it to see the change, or copy your text first"
                    )
                raise Conflict(message, current)
            write_atomic(path, data, follow_links=False)
        return version_of(data)
