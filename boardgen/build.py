"""``boardgen build``: every output of every variant into one folder."""

from __future__ import annotations

__all__ = ["build_all"]

import re
import time
from collections.abc import Callable
from pathlib import Path

from .descriptor import load_all
from .fileio import write_atomic
from .gallery import GALLERY, render_gallery
from .outputs import booklet_files, render_booklet_file, render_file, variant_files
from .validate import ensure_printable

_PAGE = re.compile(rb"/Type\s*/Page\b")


def build_all(out_dir: Path, progress: Callable[[str], None] | None = None) -> str:
    """Validate then render every bundled variant; returns a one-line summary."""
    started = time.perf_counter()
    variants = load_all()
    for variant in variants:
        ensure_printable(variant)
    files = pages = size = 0
    written: dict[str, bytes] = {}

    def write(path: Path, data: bytes) -> None:
        nonlocal files, pages, size
        write_atomic(path, data)
        files += 1
        size += len(data)
        pages += len(_PAGE.findall(data)) if path.suffix == ".pdf" else 0
        written[path.relative_to(out_dir).as_posix()] = data
        if progress is not None:
            progress(f"  {path} ({len(data) / 1024:.0f} KiB)")

    for variant in variants:
        for name in variant_files(variant):
            write(out_dir / variant.id / name, render_file(variant, name))
    for name in booklet_files():
        write(out_dir / name, render_booklet_file(variants, name))
    write(out_dir / GALLERY, render_gallery(variants, written))
    seconds = time.perf_counter() - started
    megabytes = size / 1024 / 1024
    return (
        f"built {files} files ({pages} PDF pages, {megabytes:.1f} MiB) "
        f"for {len(variants)} variants in {seconds:.1f} s"
    )
