"""The designer's folder: the only files the studio reads or writes, and their versions.

A file is named by a descriptor file name and nothing else (``mini-checkers.yaml``: an
id as descriptors spell it, then ``.yaml`` or ``.yml``), so no request can name a path:
no ``..``, no slash, no absolute path, no hidden file. A symbolic link inside the folder
is read only when it leads to a file directly inside the folder too, and is shown
read-only: the studio never writes through a link. Saves are atomic
(:func:`boardgen.foundation.fileio.write_atomic`: a whole new file is renamed over the
old one), keep the file's permissions and its line endings (CRLF stays CRLF), and carry
the version the editor started from: a save over a file that changed since (another
tab, another program) is refused, never lost.

Files are made (:meth:`Folder.create`), renamed with the id inside following the name
(:meth:`Folder.rename`), and deleted into ``.trash/`` inside the folder, from where
:meth:`Folder.restore` brings them back.

A version is the first 16 hex digits of the file's SHA-256: the same text has the same
version whoever wrote it. :meth:`Folder.listing` looks at the folder with ``stat`` alone
and reads a file again only when its size, time or inode changed, so watching a folder
of hundreds of large files costs little.
"""

from __future__ import annotations

__all__ = [
    "TRASH",
    "Conflict",
    "Entry",
    "Folder",
    "Refused",
    "builtin_ids",
    "builtin_text",
    "check_name",
    "version_of",
]

import hashlib
import os
import re
import stat
import threading
import time
from pathlib import Path

from ..descriptor.builtin import builtin_dir
from ..descriptor.ids import ID_PATTERN
from ..descriptor.parse import MAX_ID
from ..descriptor.yamlload import MAX_BYTES
from ..errors import BoardgenError, shown
from ..foundation.fileio import write_atomic
from ..foundation.values import frozen
from .naming import with_id

_NAME = re.compile(rf"(?P<id>{ID_PATTERN})\.ya?ml")
#: Where deleted files go, inside the folder (a hidden folder: never listed as a game).
TRASH = ".trash"
#: A file in the trash: when it was deleted (ms since 1970), two dashes, its name.
_TRASHED = re.compile(rf"(?P<stamp>\d{{13}})--(?P<name>{ID_PATTERN}\.ya?ml)")
#: Permissions of a new file.
_NEW_MODE = 0o644


class Refused(BoardgenError):
    """A request the studio turns down, with the HTTP status to answer."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class Conflict(Refused):
    """A save over a file that changed since the editor opened it (``current``: its
    version now, None when it is gone)."""

    def __init__(self, message: str, current: str | None) -> None:
        super().__init__(message, 409)
        self.current = current


@frozen
class Entry:
    """A descriptor of the folder as the page lists it: its version and whether the
    studio may write it (``link``: the file a symbolic link leads to, read-only)."""

    name: str
    version: str
    link: str | None = None


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


def _crlf(data: bytes) -> bool:
    """Whether a file writes its lines with CRLF (most of its line ends are)."""
    ends = data.count(b"\n")
    return ends > 0 and data.count(b"\r\n") * 2 > ends


def _encoded(text: str, crlf: bool) -> bytes:
    """The text as the file's bytes: UTF-8, lines ended as the file ends them."""
    text = text.replace("\r\n", "\n")
    return (text.replace("\n", "\r\n") if crlf else text).encode("utf-8")


def _too_big(name: str, data: bytes) -> None:
    if len(data) > MAX_BYTES:
        raise Refused(f"{name}: larger than {MAX_BYTES // 1024} KiB, the most a descriptor may be", 413)


class Folder:
    """The designer's folder (``boardgen serve DIR``); see the module's text."""

    def __init__(self, root: Path) -> None:
        if not root.is_dir():
            raise BoardgenError(f"{root}: no such folder")
        self.root = root.resolve()
        self._lock = threading.Lock()
        #: Versions known, by name: (the stat that read them, the version, the link's target).
        self._seen: dict[str, tuple[tuple[int, ...], str, str | None]] = {}

    # -- finding files -------------------------------------------------------------------

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
            self.link_target(name)
        elif not stat.S_ISREG(info.st_mode):
            raise Refused(f"{name}: not a regular file", 403)
        return path

    def link_target(self, name: str) -> str | None:
        """The name of the file a symbolic link ``name`` leads to (directly inside the
        folder), None when ``name`` is no link; :class:`Refused` for a link leading out."""
        path = self.root / check_name(name)
        if not path.is_symlink():
            return None
        target = Path(os.path.realpath(path))
        if target.parent != self.root or not target.is_file():
            raise Refused(f"{name}: a symbolic link leading out of the folder is not followed", 403)
        return target.name

    def names(self) -> list[str]:
        """The descriptor files of the folder that the studio may open, by name."""
        return [entry.name for entry in self.listing()]

    def listing(self) -> list[Entry]:
        """Every descriptor of the folder the studio may open, with its version; a file is
        read again only when its ``stat`` changed (see the module's text)."""
        found: list[Entry] = []
        seen: dict[str, tuple[tuple[int, ...], str, str | None]] = {}
        try:
            entries = sorted(os.scandir(self.root), key=lambda e: e.name)
        except OSError as error:
            raise Refused(f"the folder cannot be read: {error.strerror}", 500) from None
        for entry in entries:
            if _NAME.fullmatch(entry.name) is None or len(entry.name) > MAX_ID + 5:
                continue
            try:
                info = os.stat(entry.path)
                key = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
                known = self._seen.get(entry.name)
                if known is not None and known[0] == key:
                    seen[entry.name] = known
                else:
                    link = self.link_target(entry.name)
                    seen[entry.name] = (key, self.read(entry.name)[1], link)
            except (Refused, OSError):
                continue
            _, version, link = seen[entry.name]
            found.append(Entry(entry.name, version, link))
        self._seen = seen
        return found

    # -- reading ---------------------------------------------------------------------------

    def read(self, name: str) -> tuple[bytes, str]:
        """The file's bytes and version; :class:`Refused` (404) when it is not there."""
        path = self.path(name)
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
        except FileNotFoundError:
            raise Refused(f"{name}: no such file in the folder", 404) from None
        except OSError as error:
            raise Refused(f"{name}: cannot read: {error.strerror}", 400) from None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise Refused(f"{name}: not a regular file", 403)
            with os.fdopen(fd, "rb", closefd=False) as stream:
                data = stream.read(MAX_BYTES + 1)
        except OSError as error:
            raise Refused(f"{name}: cannot read: {error.strerror}", 400) from None
        finally:
            os.close(fd)
        _too_big(name, data)
        return data, version_of(data)

    def version(self, name: str) -> str | None:
        """The file's version, or None when it is not there."""
        try:
            return self.read(name)[1]
        except Refused as refused:
            if refused.status == 404:
                return None
            raise

    def line_ends(self, name: str) -> str:
        """``crlf`` or ``lf``: how the file ends its lines (``lf`` for a new file)."""
        try:
            return "crlf" if _crlf(self.read(name)[0]) else "lf"
        except Refused:
            return "lf"

    # -- writing ---------------------------------------------------------------------------

    def _writable(self, name: str) -> Path:
        path = self.path(name)
        if path.is_symlink():
            raise Refused(
                f"{name}: a symbolic link; the studio does not write through links"
                " (open the file it leads to)",
                403,
            )
        return path

    def _mode(self, path: Path) -> int:
        try:
            return stat.S_IMODE(os.stat(path).st_mode)
        except OSError:
            return _NEW_MODE

    def save(self, name: str, text: str, expected: str | None, *, line_ends: str | None = None) -> str:
        """Write ``text`` atomically if the file is still at version ``expected`` (None: the
        file must not exist yet); the new version. A newer file is a :class:`Conflict`.
        The file keeps its permissions and line endings (``line_ends`` for a new one)."""
        path = self._writable(name)
        with self._lock:
            current = self.version(name)
            if current != expected:
                raise Conflict(self._conflict(name, current, expected), current)
            crlf = _crlf(self.read(name)[0]) if current is not None else line_ends == "crlf"
            data = _encoded(text, crlf)
            _too_big(name, data)
            write_atomic(path, data, follow_links=False, mode=self._mode(path))
        return version_of(data)

    @staticmethod
    def _conflict(name: str, current: str | None, expected: str | None) -> str:
        if current is None:
            return f"{name} was deleted since you opened it: Save writes it anew"
        if expected is None:
            return f"{name} already exists in the folder: open it, or choose another name"
        return (
            f"{name} changed since you opened it (saved in another tab or by another program): not saved."
            " Compare the two, then keep yours or take the file's"
        )

    def create(self, name: str, text: str, *, line_ends: str = "lf") -> str:
        """A new file ``name`` holding ``text`` with its id set to the name's; the version.
        :class:`Conflict` when the name is taken."""
        return self.save(name, with_id(text, Path(name).stem), None, line_ends=line_ends)

    def rename(self, old: str, new: str, expected: str) -> str:
        """``old`` becomes ``new``, the id inside it following the new name; its version.
        The file keeps its permissions and line endings; refused when ``old`` changed
        since version ``expected`` or ``new`` is taken."""
        source = self._writable(old)
        target = self._writable(new)
        if old == new:
            raise Refused(f"{new} is already the file's name", 400)
        with self._lock:
            data, current = self.read(old)
            if current != expected:
                raise Conflict(self._conflict(old, current, expected), current)
            if self.version(new) is not None:
                raise Conflict(f"{new} already exists in the folder: choose another name", None)
            text = data.decode("utf-8", errors="surrogateescape")
            renamed = _encoded(with_id(text, Path(new).stem), _crlf(data))
            _too_big(new, renamed)
            write_atomic(target, renamed, follow_links=False, mode=self._mode(source))
            os.unlink(source)
        return version_of(renamed)

    def delete(self, name: str, expected: str) -> str:
        """Move ``name`` into the folder's trash (``.trash/``), if still at version
        ``expected``; the name it has there, for :meth:`restore`."""
        path = self.path(name)
        trash = self._trash()
        with self._lock:
            current = self.version(name)
            if current != expected:
                raise Conflict(self._conflict(name, current, expected), current)
            stamp = int(time.time() * 1000)
            while (trash / f"{stamp}--{name}").exists():
                stamp += 1
            kept = f"{stamp}--{name}"
            os.rename(path, trash / kept)
        return kept

    def trashed(self) -> list[tuple[str, str, int]]:
        """The files in the trash, newest first: (its name there, its name, when, in ms)."""
        folder = self.root / TRASH
        if not folder.is_dir() or folder.is_symlink():
            return []
        found = [_TRASHED.fullmatch(entry) for entry in os.listdir(folder)]
        kept = [(m.group(0), m["name"], int(m["stamp"])) for m in found if m is not None]
        return sorted(kept, key=lambda k: -k[2])

    def restore(self, kept: str) -> str:
        """Bring a file back from the trash under its own name; that name."""
        found = _TRASHED.fullmatch(kept)
        if found is None:
            raise Refused(f"{shown(kept)} is not a file in the trash", 404)
        name = found["name"]
        source = self._trash() / kept
        with self._lock:
            if not source.is_file() or source.is_symlink():
                raise Refused(f"{shown(kept)} is not in the trash", 404)
            if self.version(name) is not None or (self.root / name).is_symlink():
                raise Conflict(f"{name} exists again in the folder: rename it first, then restore", None)
            os.rename(source, self.root / name)
        return name

    def _trash(self) -> Path:
        folder = self.root / TRASH
        try:
            os.mkdir(folder, 0o755)
        except FileExistsError:
            pass
        except OSError as error:
            raise Refused(f"cannot make the trash folder {TRASH}: {error.strerror}", 500) from None
        if folder.is_symlink() or not folder.is_dir():
            raise Refused(f"{TRASH} in the folder is not a folder of its own: nothing is moved there", 403)
        return folder
