"""Writing outputs so that a crash never leaves half a file behind, and nothing is clobbered.

Three promises, each tested through the command line:

* A regular file is replaced atomically: the data goes to a temporary file beside the
  target, renamed into place, so readers see the old file or the whole new one. The
  temporary file is anonymous (``O_TMPFILE``) while it is written, so a killed process
  leaves nothing; it gets its hidden name (``.<name>.<12 hex digits>.part``) only for the
  instant between linking and renaming, and where the file system has no anonymous files
  it carries that name throughout. :func:`stale_parts` finds such files, which the next
  write of the same target (and the next ``boardgen build``) deletes: only names this
  program makes, only beside its own targets.
* Special files are written to, never replaced: ``-o /dev/stdout``, a FIFO, a character
  device, or a symbolic link to one of those, receive the bytes in place. A symbolic link
  to a regular file is followed (the file it names is replaced, the link stays). Anything
  else that is not a regular file (a folder, a socket, a block device, a dangling link) is
  refused, and so is a FIFO that no process reads (it would block for ever).
* Every failure of the operating system (no space left, a read-only folder, a name too
  long, a file where a folder should be) is one line naming the file, a
  :class:`~boardgen.errors.BoardgenError`, with the temporary file removed.
"""

from __future__ import annotations

__all__ = ["PART_NAME", "Staged", "part_stem", "stale_parts", "write_atomic", "write_in_place"]

import errno
import os
import re
import stat
from pathlib import Path

from ..errors import BoardgenError

#: The hidden name of a temporary file: ``.<target name>.<12 hex digits>.part`` (a pattern
#: for ``re``, compiled on first use and kept by re: most processes never need it).
PART_NAME = r"\.(?P<target>.+)\.[0-9a-f]{12}\.part"

#: Longest target name kept whole in a temporary name (a file name has at most 255 bytes).
_NAME_ROOM = 200


def part_stem(name: str) -> str:
    """What a temporary file's name keeps of its target's ``name``: all of it, or for a
    name too long to fit, its start and a digest of the whole, so two long names that
    begin alike never take (and never delete) each other's temporary files."""
    if len(os.fsencode(name)) <= _NAME_ROOM:
        return name
    # Lazy for start-up speed: hashlib loads OpenSSL, and few names are this long.
    import hashlib

    digest = hashlib.sha256(os.fsencode(name)).hexdigest()[:16]
    return f"{name[:50]}~{digest}"


def _part_name(name: str) -> str:
    return f".{part_stem(name)}.{os.urandom(6).hex()}.part"


def stale_parts(path: Path) -> list[Path]:
    """Temporary files an earlier, killed write of ``path`` left beside it."""
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    found = []
    for name in names:
        match = re.fullmatch(PART_NAME, name)
        if match and match.group("target") == part_stem(path.name):
            found.append(path.parent / name)
    return found


def _fail(path: Path, error: OSError) -> BoardgenError:
    reason = error.strerror or str(error)
    if error.errno == errno.ENAMETOOLONG:
        reason = "the file name is too long (at most 255 bytes)"
    return BoardgenError(f"cannot write: {reason}", file=str(path))


def write_atomic(path: Path, data: bytes, *, follow_links: bool = True, mode: int = 0o644) -> None:
    """Put ``data`` at ``path``: replace a regular file atomically, write a special one in place.

    With ``follow_links`` false (``boardgen build``, inside its own folder) a symbolic
    link or special file at ``path`` is refused rather than followed. A replaced or new
    file gets the permissions ``mode`` (the studio keeps a descriptor's own).
    """
    try:
        _write(path, data, follow_links, mode)
    except OSError as error:
        raise _fail(path, error) from None


def _write(path: Path, data: bytes, follow_links: bool, mode: int) -> None:
    target = _target(path, follow_links)
    if target is None:
        write_in_place(path, data)
        return
    for stale in stale_parts(target):
        stale.unlink(missing_ok=True)
    _replace(target, data, mode)


def _target(path: Path, follow_links: bool) -> Path | None:
    """The regular file a write of ``path`` replaces (its folder made), or None for a
    special file written in place; BoardgenError for a target that cannot take a file."""
    if str(path) in ("", "."):
        raise BoardgenError("no output file name given")
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None and stat.S_ISLNK(info.st_mode):
        if not follow_links:
            raise BoardgenError("is a symbolic link: not followed inside the output folder", file=str(path))
        try:
            info = os.stat(path)
        except FileNotFoundError:
            raise BoardgenError("is a symbolic link to a missing file", file=str(path)) from None
        if stat.S_ISREG(info.st_mode):
            path = Path(os.path.realpath(path))
    if info is not None and not stat.S_ISREG(info.st_mode):
        if follow_links and (stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
            return None
        raise BoardgenError(f"is {_kind(info.st_mode)}, not a file: not replaced", file=str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


class Staged:
    """Files written under temporary names beside their targets, then renamed into place
    together (:meth:`commit`), or all removed (:meth:`discard`, and on leaving a ``with``
    block by an exception): a batch that fails half-way leaves nothing, yet holds only
    one file in memory at a time. Special targets (a FIFO, a device) get their bytes at
    :meth:`commit`, since they cannot be taken back."""

    def __init__(self) -> None:
        self._parts: list[tuple[Path, Path]] = []
        self._special: list[tuple[Path, bytes]] = []

    def add(self, path: Path, data: bytes) -> None:
        """Write ``data`` for ``path`` (same checks as :func:`write_atomic`), not yet in place."""
        try:
            target = _target(path, True)
            if target is None:
                self._special.append((path, data))
                return
            temp = target.parent / _part_name(target.name)
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            self._parts.append((temp, target))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(temp, 0o644)
        except OSError as error:
            raise _fail(path, error) from None

    def commit(self) -> None:
        """Put every file in place, in the order added."""
        ours = {temp for temp, _ in self._parts}
        current = Path()
        try:
            for temp, current in self._parts:
                for stale in stale_parts(current):
                    if stale not in ours:
                        stale.unlink(missing_ok=True)
                os.replace(temp, current)
            self._parts = []
            for current, data in self._special:
                write_in_place(current, data)
        except OSError as error:
            raise _fail(current, error) from None

    def discard(self) -> None:
        """Remove every temporary file not yet in place."""
        for temp, _ in self._parts:
            temp.unlink(missing_ok=True)
        self._parts = []

    def __enter__(self) -> Staged:
        return self

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.discard()


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    return "a special file"


def write_in_place(path: Path, data: bytes) -> None:
    """Write ``data`` into an existing FIFO or character device (never creating or
    truncating anything); a FIFO that no process reads is refused instead of waited on."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as error:
        if error.errno == errno.ENXIO:
            if stat.S_ISFIFO(os.stat(path).st_mode):
                raise BoardgenError("is a FIFO that no process is reading", file=str(path)) from None
            raise BoardgenError(
                "is a device that cannot be opened here (a terminal: this process has none)", file=str(path)
            ) from None
        raise
    try:
        os.set_blocking(fd, True)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def _replace(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Write a temporary file beside ``path`` and rename it over ``path``."""
    temp = path.parent / _part_name(path.name)
    try:
        if not _linked_anonymous(path.parent, temp, data, mode):
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def _linked_anonymous(folder: Path, temp: Path, data: bytes, mode: int) -> bool:
    """Write ``data`` to a nameless file in ``folder``, then give it the name ``temp``;
    False (nothing written) where nameless files are not available."""
    fd = _anonymous(folder)
    if fd is None:
        return False
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fchmod(fd, mode)
        # linkat with AT_SYMLINK_FOLLOW (os.link uses it when given a folder descriptor).
        folder_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.link(f"/proc/self/fd/{fd}", temp.name, dst_dir_fd=folder_fd, follow_symlinks=True)
        except OSError:  # no such link through /proc here: write the named way instead
            return False
        finally:
            os.close(folder_fd)
        return True
    finally:
        os.close(fd)


def _anonymous(folder: Path) -> int | None:
    """A file without a name in ``folder`` (Linux's ``O_TMPFILE``), or None where that is
    not available (another system, a file system without it, no ``/proc``)."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not os.path.isdir("/proc/self/fd"):
        return None
    try:
        return os.open(folder, flag | os.O_WRONLY, 0o600)
    except OSError as error:
        if error.errno in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
            return None
        raise
