"""Reading a file a user names: regular files only, within a size limit, UTF-8 located.

Every file argument goes through here (descriptors, PDN records, ``diagram --batch``
files, the files the Sphinx and Markdown extensions name), so each meets the same
promises:

* Only a regular file (or a symbolic link to one) is read. A folder, a FIFO, a
  character device (``/dev/zero``, ``/dev/tty``), a block device, a socket and a
  dangling link are each refused at once with their own one line: a FIFO would block
  for ever, a device could be endless. The file is opened without blocking and checked
  again after opening, so one swapped in between is refused too.
* At most ``limit`` + 1 bytes are read: a file over its limit is refused without being
  read whole (the limits are in docs/reference/limits.md).
* Text must be UTF-8 (a byte-order mark is dropped); the first byte that is not is
  named with its line and column. PDN records may fall back to Latin-1, as older
  collections are written.
* ``-`` (where a command takes it) reads standard input, with the same size limit.

Every failure is a :class:`~boardgen.errors.BoardgenError` naming the file.
"""

from __future__ import annotations

__all__ = ["describe_kind", "read_input", "read_text", "utf8_text"]

import errno
import os
import stat
import sys

from ..errors import BoardgenError, Mark


def describe_kind(mode: int) -> str:
    """What a file that is not a regular file is, in words (``a folder``, ``a FIFO``)."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (a named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _size_text(limit: int) -> str:
    if limit % (1 << 20) == 0:
        return f"{limit} bytes, {limit >> 20} MiB"
    return f"{limit} bytes"


def _refuse_kind(name: str, mode: int) -> BoardgenError:
    return BoardgenError(f"is {describe_kind(mode)}, not a file: only regular files are read", file=name)


def read_input(path: str | os.PathLike[str], *, limit: int, display: str | None = None) -> bytes:
    """The bytes of the regular file ``path`` (``-``: standard input), at most ``limit``.

    Raises BoardgenError naming ``display`` (default: ``path``) for a missing file, a
    dangling link, anything but a regular file, a file over ``limit`` bytes and any
    failure to read.
    """
    name = display if display is not None else os.fspath(path)
    if os.fspath(path) == "-":
        return _limited(sys.stdin.buffer.read(limit + 1), name, limit)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise BoardgenError("is a symbolic link to a missing file", file=name) from None
        raise BoardgenError("no such file", file=name) from None
    except OSError as exc:
        raise _cannot(name, exc) from None
    except ValueError as exc:  # a NUL character in the name
        raise BoardgenError(f"cannot read: {exc}", file=name) from None
    if not stat.S_ISREG(info.st_mode):
        raise _refuse_kind(name, info.st_mode)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as exc:
        raise _cannot(name, exc) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # swapped for something else since the check
            raise _refuse_kind(name, mode)
        with os.fdopen(fd, "rb", closefd=False) as stream:
            data = stream.read(limit + 1)
    except OSError as exc:
        raise _cannot(name, exc) from None
    finally:
        os.close(fd)
    return _limited(data, name, limit)


def _limited(data: bytes, name: str, limit: int) -> bytes:
    if len(data) > limit:
        raise BoardgenError(f"the file is too big (the limit is {_size_text(limit)})", file=name)
    return data


def _cannot(name: str, exc: OSError) -> BoardgenError:
    reason = exc.strerror or str(exc)
    if exc.errno == errno.ENAMETOOLONG:
        reason = os.strerror(errno.ENAMETOOLONG)
    return BoardgenError(f"cannot read: {reason}", file=name)


def utf8_text(data: bytes, name: str, *, latin1: bool = False) -> str:
    """``data`` decoded as UTF-8 (a byte-order mark dropped); else, with ``latin1``, as
    Latin-1; else BoardgenError at the line and column of the first bad byte."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if latin1:
            return data.decode("latin-1")
        good = data[: exc.start].decode("utf-8")
        line = good.count("\n") + 1
        column = len(good) - (good.rfind("\n") + 1) + 1
        hint = "it looks like UTF-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else "save the file as UTF-8"
        raise BoardgenError(
            f"not UTF-8: byte 0x{data[exc.start]:02x} ({hint})", file=name, mark=Mark(line, column)
        ) from None


def read_text(
    path: str | os.PathLike[str], *, limit: int, display: str | None = None, latin1: bool = False
) -> str:
    """:func:`read_input`, then :func:`utf8_text`: a user's text file, checked and decoded."""
    name = display if display is not None else os.fspath(path)
    return utf8_text(read_input(path, limit=limit, display=name), name, latin1=latin1)
