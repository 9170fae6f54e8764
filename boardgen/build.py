"""``boardgen build``: every output of every variant into one folder, in parallel.

The build is a fixed plan of files (each game's boards, diagrams, pieces and rule
sheets, then the booklets, then the gallery that links them). Worker processes render
the files; the main process writes each one atomically as it arrives, in plan order,
so the output is byte-identical whatever the number of workers. Every path is the
output folder plus a checked variant id and a fixed file name: nothing is written
outside the folder, and files a killed build left half-written (``.*.part``) are
removed first.
"""

from __future__ import annotations

__all__ = ["BuildReport", "build_all", "build_plan"]

import os
import re
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .descriptor import load_all
from .descriptor.model import Variant
from .fileio import write_atomic
from .gallery import GALLERY, render_gallery
from .outputs import booklet_files, render_booklet_file, render_file, variant_files
from .validate import ensure_printable

_PAGE = re.compile(rb"/Type\s*/Page\b")

#: One file of the plan: the variant it belongs to (None for the booklets) and its name.
Job = tuple[str | None, str]

#: Called after each file is written: files done, files planned, the path written.
Progress = Callable[[int, int, Path], None]


@dataclass(frozen=True)
class BuildReport:
    """What a build wrote, for its summary line."""

    files: int
    pages: int
    size: int
    variants: int
    workers: int
    seconds: float

    def summary(self) -> str:
        megabytes = self.size / 1024 / 1024
        workers = "1 worker" if self.workers == 1 else f"{self.workers} workers"
        return (
            f"built {self.files} files ({self.pages} PDF pages, {megabytes:.1f} MiB) "
            f"for {self.variants} variants in {self.seconds:.1f} s with {workers}"
        )


def build_plan(variants: Sequence[Variant]) -> list[Job]:
    """Every file to render, each game's in order, then the booklets (heaviest last)."""
    jobs: list[Job] = [(variant.id, name) for variant in variants for name in variant_files(variant)]
    jobs.extend((None, name) for name in booklet_files(variants))
    return jobs


# -- workers -------------------------------------------------------------------------------

#: The variants a worker renders from, loaded once per process by :func:`_start_worker`.
_VARIANTS: dict[str, Variant] = {}


def _start_worker(directory: str | None) -> None:
    _VARIANTS.clear()
    _VARIANTS.update((v.id, v) for v in load_all(Path(directory) if directory else None))


def _render(job: Job) -> bytes:
    variant_id, name = job
    if variant_id is None:
        return render_booklet_file(list(_VARIANTS.values()), name)
    return render_file(_VARIANTS[variant_id], name)


def _rendered(jobs: list[Job], workers: int, directory: Path | None) -> Iterator[bytes]:
    """Each job's bytes, in plan order."""
    if workers == 1:
        _start_worker(str(directory) if directory else None)
        yield from map(_render, jobs)
        return
    # Booklets take longest: hand them out first so no worker idles at the end; the
    # results still come back (and are written) in plan order.
    order = sorted(range(len(jobs)), key=lambda i: jobs[i][0] is not None)
    arguments = (str(directory) if directory else None,)
    with ProcessPoolExecutor(max_workers=workers, initializer=_start_worker, initargs=arguments) as pool:
        futures = {i: pool.submit(_render, jobs[i]) for i in order}
        for i in range(len(jobs)):
            yield futures[i].result()


# -- the build -----------------------------------------------------------------------------


def default_workers() -> int:
    """One worker per processor the process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def build_all(
    out_dir: Path,
    *,
    workers: int | None = None,
    directory: Path | None = None,
    progress: Progress | None = None,
) -> BuildReport:
    """Validate every variant in ``directory`` (default: the bundled ones), then render
    all their outputs into ``out_dir``; refuses before writing anything if a setup fails."""
    started = time.perf_counter()
    variants = load_all(directory)
    for variant in variants:
        ensure_printable(variant)
    jobs = build_plan(variants)
    count = min(workers or default_workers(), len(jobs))
    _remove_leftovers(out_dir)
    written: dict[str, bytes] = {}
    pages = 0
    total = len(jobs) + 1  # and the gallery

    def write(path: Path, data: bytes) -> None:
        nonlocal pages
        write_atomic(path, data)
        written[path.relative_to(out_dir).as_posix()] = data
        pages += len(_PAGE.findall(data)) if path.suffix == ".pdf" else 0
        if progress is not None:
            progress(len(written), total, path)

    for (variant_id, name), data in zip(jobs, _rendered(jobs, count, directory), strict=True):
        write(out_dir / variant_id / name if variant_id else out_dir / name, data)
    write(out_dir / GALLERY, render_gallery(variants, written))
    return BuildReport(
        files=len(written),
        pages=pages,
        size=sum(len(data) for data in written.values()),
        variants=len(variants),
        workers=count,
        seconds=time.perf_counter() - started,
    )


def _remove_leftovers(out_dir: Path) -> None:
    """Delete temporary files a killed build left behind (see :func:`write_atomic`)."""
    if out_dir.is_dir():
        for stale in out_dir.rglob(".*.part"):
            stale.unlink(missing_ok=True)
