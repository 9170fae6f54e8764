"""The output folder of ``boardgen build``: one build at a time, and nothing written outside.

* A build holds an exclusive lock on the folder itself (``flock`` on the folder's
  descriptor: no lock file to leave behind) while it writes; a second build into the
  same folder is refused at once instead of deleting the first one's files in progress.
* Before anything is written, every planned file is checked: the folders ``<id>/`` and
  the files themselves must be real folders and regular files (or not exist yet). A
  symbolic link there would send the build's files outside ``--out``, a FIFO would block
  it: such a target is refused with one line naming it.
* Leftovers of a killed build are removed, and only those this program provably made:
  hidden temporary files named after one of the planned files
  (``.<name>.<12 hex digits>.part``, see :mod:`boardgen.foundation.fileio`), in the planned folders.
  Other programs' ``.part`` files (a browser's download, say) are left alone.
"""

from __future__ import annotations

__all__ = ["check_targets", "locked", "remove_leftovers"]

import errno
import os
import re
import stat
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import BoardgenError
from ..foundation.fileio import PART_NAME, part_stem


@contextmanager
def locked(out_dir: Path) -> Iterator[None]:
    """Hold the build lock of ``out_dir`` (created if missing) for the ``with`` block."""
    import fcntl  # lazy: POSIX only, and only a build that writes takes the lock

    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(out_dir, os.O_RDONLY | os.O_DIRECTORY)
    except OSError as error:
        raise BoardgenError(f"cannot use as the output folder: {error.strerror}", file=str(out_dir)) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                raise BoardgenError(
                    "another boardgen build is writing into this folder: wait for it to end",
                    file=str(out_dir),
                ) from None
            raise BoardgenError(
                f"cannot lock the output folder: {error.strerror}", file=str(out_dir)
            ) from None
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def check_targets(out_dir: Path, paths: Iterable[Path]) -> None:
    """Refuse, before writing anything, a planned folder or file that is not a real one."""
    folders = sorted({path.parent for path in paths} - {out_dir})
    for folder in folders:
        _expect(folder, stat.S_ISDIR, "a folder")
    for path in paths:
        _expect(path, stat.S_ISREG, "a regular file")


def _expect(path: Path, kind_ok: object, what: str) -> None:
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise BoardgenError(f"cannot use: {error.strerror}", file=str(path)) from None
    if stat.S_ISLNK(mode):
        raise BoardgenError(
            "is a symbolic link: a build writes only inside --out and does not follow links there; remove it",
            file=str(path),
        )
    if not kind_ok(mode):  # type: ignore[operator]
        raise BoardgenError(f"should be {what}: remove it or choose another --out", file=str(path))


def remove_leftovers(out_dir: Path, paths: Iterable[Path]) -> list[Path]:
    """Delete the temporary files a killed build left beside the planned ``paths``."""
    planned: dict[Path, set[str]] = {}
    for path in paths:
        planned.setdefault(path.parent, set()).add(part_stem(path.name))
    removed = []
    for folder, names in sorted(planned.items()):
        try:
            entries = os.listdir(folder)
        except OSError:
            continue
        for entry in sorted(entries):
            match = re.fullmatch(PART_NAME, entry)
            if match and match.group("target") in names and os.path.isfile(folder / entry):
                (folder / entry).unlink(missing_ok=True)
                removed.append(folder / entry)
    return removed
