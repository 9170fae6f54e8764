"""Writing outputs so that a crash never leaves half a file behind."""

from __future__ import annotations

__all__ = ["write_atomic"]

import os
from pathlib import Path


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it into place.

    A rename within one folder is atomic, so readers (and a user opening the PDF)
    see either the old file or the complete new one. The temporary file is hidden
    (``.name.<random>.part``), created exclusively, and removed if anything fails; a
    killed process may leave one, which the next ``boardgen build`` deletes.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.parent / f".{path.name}.{os.urandom(6).hex()}.part"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
