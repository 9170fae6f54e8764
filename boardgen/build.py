"""``boardgen build``: every output of every variant into one folder."""

from __future__ import annotations

__all__ = ["build_all"]

import re
import time
from collections.abc import Callable
from pathlib import Path

from .descriptor import load_all
from .errors import BoardgenError
from .fileio import write_atomic
from .outputs import OUTPUTS, render
from .validate import failures

_PAGE = re.compile(rb"/Type\s*/Page\b")


def build_all(out_dir: Path, progress: Callable[[str], None] | None = None) -> str:
    """Validate then render every bundled variant; returns a one-line summary."""
    started = time.perf_counter()
    variants = load_all()
    for variant in variants:
        bad = failures(variant)
        if bad:
            reasons = "; ".join(f"{c.name}: {c.detail}" for c in bad)
            raise BoardgenError(
                f"refusing to print a setup that fails validation: {reasons}", file=str(variant.file)
            )
    files = pages = size = 0
    for variant in variants:
        for name, (what, fmt) in OUTPUTS.items():
            data = render(variant, what, fmt)
            path = out_dir / variant.id / name
            write_atomic(path, data)
            files += 1
            size += len(data)
            pages += len(_PAGE.findall(data)) if fmt == "pdf" else 0
            if progress is not None:
                progress(f"  {path} ({len(data) / 1024:.0f} KiB)")
    seconds = time.perf_counter() - started
    megabytes = size / 1024 / 1024
    return f"built {files} files ({pages} PDF pages, {megabytes:.1f} MiB) for {len(variants)} variants in {seconds:.1f} s"
