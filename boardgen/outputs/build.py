"""``boardgen build``: every output of the chosen variants into one folder, in parallel.

The build is a fixed plan of files (each game's boards, diagrams, pieces and rule
sheets, then the booklets, then the gallery that links them). Worker processes render
the files from the very variants the main process loaded and validated (sent to them
when they start, never read again from disk, so a descriptor edited during a build
cannot slip in unchecked); the main process writes each file atomically as it arrives,
in plan order, so the output is byte-identical whatever the number of workers. Each
worker keeps to its own kind of file (:func:`_lanes`, :mod:`boardgen.outputs.workpool`): what a
file works out is kept for the files of its kind (a board's tiles, cut once for its
files in every language and for the reading booklets), and the rule-sheet layouts one
worker chooses are handed to the others (:mod:`boardgen.sheets.layouts`). Every
path is the output folder plus a checked variant id and a fixed file name, no symbolic
link there is followed, and one build at a time writes into a folder (see
:mod:`boardgen.outputs.outdir`); files a killed build left half-written are removed first.
Workers die with the main process, even when it is killed with SIGKILL.
"""

from __future__ import annotations

__all__ = ["BuildReport", "build_all", "build_plan"]

import os
import re
import signal
import time
from collections.abc import Callable, Generator, Mapping, Sequence
from contextlib import closing
from pathlib import Path

from ..descriptor.library import BrokenDescriptors
from ..descriptor.model import Variant
from ..errors import BoardgenError
from ..foundation.fileio import write_atomic
from ..foundation.values import frozen
from ..render.memo import keep_at_least
from ..sheets import layouts
from ..sheets.flow import edition
from .files import (
    FOLD_SUFFIX,
    RULES_PREFIX,
    booklet_files,
    left_out_of_booklets,
    render_booklet_file,
    render_file,
    variant_files,
    worded_file,
)
from .gallery import GALLERY, render_gallery
from .outdir import check_targets, locked, remove_leftovers
from .validate import ensure_printable
from .workpool import Findings, Preference, in_order

_PAGE = re.compile(rb"/Type\s*/Page\b")

#: One file of the plan: the variant it belongs to (None for the booklets) and its name.
Job = tuple[str | None, str]

#: The board files' names begin so (``board-<lang>.pdf``).
_BOARD_FILE = worded_file("board", "").removesuffix(".pdf")

#: Called after each file is written: files done, files planned, the path written.
Progress = Callable[[int, int, Path], None]


@frozen
class BuildReport:
    """What a build wrote, for its summary line."""

    files: int
    pages: int
    size: int
    variants: int
    workers: int
    seconds: float
    #: Lines for stderr: games a booklet leaves out for want of its language.
    notices: tuple[str, ...] = ()

    def summary(self) -> str:
        megabytes = self.size / 1024 / 1024
        workers = "1 worker" if self.workers == 1 else f"{self.workers} workers"
        games = "1 variant" if self.variants == 1 else f"{self.variants} variants"
        return (
            f"built {self.files} files ({self.pages} PDF pages, {megabytes:.1f} MiB) "
            f"for {games} in {self.seconds:.1f} s with {workers}"
        )


def build_plan(variants: Sequence[Variant]) -> list[Job]:
    """Every file to render, each game's in order, then the booklets (heaviest last)."""
    jobs: list[Job] = [(variant.id, name) for variant in variants for name in variant_files(variant)]
    jobs.extend((None, name) for name in booklet_files(variants))
    return jobs


# -- workers -------------------------------------------------------------------------------

#: The variants a worker renders from, loaded once per process by :func:`_start_worker`.
_VARIANTS: dict[str, Variant] = {}
#: The booklets' own title and cover line per language (a theme's, ``build --title``).
_BOOKLET: dict[str, dict[str, str]] = {"title": {}, "cover": {}}
#: The edition this worker sets sheets in (one slot, set with the variants).
_EDITION: list[str] = ["standard"]


def _die_with_parent() -> None:
    """Make this worker process end when the build that started it ends, however it ends.

    A worker blocked reading its next job would otherwise outlive a main process killed
    with SIGKILL for good; the build's SIGTERM handler (inherited through fork) would make
    it ignore SIGTERM too. So: default SIGTERM, Ctrl-C left to the main process, and on
    Linux the kernel's parent-death signal.
    """

    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    try:
        import ctypes  # lazy: only build workers, and only on Linux, use it

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux
        return
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)


def _start_worker(
    variants: Sequence[Variant],
    edition_name: str = "standard",
    booklet: Mapping[str, Mapping[str, str]] | None = None,
) -> None:
    _VARIANTS.clear()
    _VARIANTS.update((v.id, v) for v in variants)
    # Every game's pictures, layouts and tile plans (a board cut both ways) are kept for
    # the booklets, which come back to each game after its own files.
    keep_at_least(2 * len(variants))
    _EDITION[0] = edition_name
    for part in ("title", "cover"):
        _BOOKLET[part] = dict((booklet or {}).get(part, {}))


def _start_pool_worker(
    variants: Sequence[Variant], edition_name: str, booklet: Mapping[str, Mapping[str, str]] | None = None
) -> None:
    """A worker process leaves Ctrl-C to the parent, which stops the pool and exits 130
    (a terminal sends SIGINT to every process of the group, workers included), and dies
    at once when the parent terminates it: it writes no file, and the SIGTERM handler
    inherited from the command would let it finish its job first."""
    _die_with_parent()
    _start_worker(variants, edition_name, booklet)


def _render(job: Job) -> bytes:
    variant_id, name = job
    with edition(_EDITION[0]):
        if variant_id is None:
            return render_booklet_file(list(_VARIANTS.values()), name, _BOOKLET["title"], _BOOKLET["cover"])
        return render_file(_VARIANTS[variant_id], name)


def _render_sharing(job: Job, found_elsewhere: Findings) -> tuple[bytes, Findings]:
    """:func:`_render` in a worker of several: with the rule-sheet layouts the others
    chose (a reading booklet sets every sheet as its file did, without trials), and
    those chosen here for them."""
    layouts.take(found_elsewhere)
    data = _render(job)
    return data, dict(layouts.found())


def _rendered(
    jobs: list[Job],
    workers: int,
    variants: Sequence[Variant],
    edition_name: str = "standard",
    booklet: Mapping[str, Mapping[str, str]] | None = None,
) -> Generator[bytes, None, None]:
    """Each job's bytes, in plan order."""
    if workers == 1:
        _start_worker(variants, edition_name, booklet)
        yield from map(_render, jobs)
        return
    queues, preferences = _lanes(jobs, workers)
    yield from in_order(
        _render_sharing,
        jobs,
        queues,
        preferences,
        _start_pool_worker,
        (tuple(variants), edition_name, booklet),
    )


def _lanes(jobs: Sequence[Job], workers: int) -> tuple[list[list[int]], list[Preference]]:
    """Who does what, for ``workers`` processes (see :mod:`boardgen.outputs.workpool`): the boards
    (every board file, then the reading booklets, which print every board again) to the
    first worker, which cuts each board into tiles once for all of them; the rest (see
    :func:`_rest_order`) to the others. A worker done with its own queue helps with the
    others'; with two workers, it leaves the first its last reading booklet: begun
    elsewhere, a booklet cuts every board again, which takes longer than waiting for the
    first worker (with more workers, the booklets are shared out all the same)."""
    boards = [i for i, (v, name) in enumerate(jobs) if v is not None and name.startswith(_BOARD_FILE)]
    reading = [i for i, (v, name) in enumerate(jobs) if v is None and not _folded(name)]
    taken = set(boards) | set(reading)
    rest = sorted((i for i in range(len(jobs)) if i not in taken), key=lambda i: _rest_order(jobs[i]))
    first: Preference = ((0, 0), (1, 0), (2, 0))
    others: Preference = ((2, 0), (0, 0), (1, 1 if workers == 2 else 0))
    return [boards, reading, rest], [first] + [others] * (workers - 1)


def _rest_order(job: Job) -> int:
    """Rule sheets first (their layouts are passed on to the reading booklets), then the
    folded booklets (the longest), then the other files."""
    variant_id, name = job
    if variant_id is not None and name.startswith(RULES_PREFIX):
        return 0
    return 1 if _folded(name) else 2


def _folded(name: str) -> bool:
    return name.endswith(f"{FOLD_SUFFIX}.pdf")


# -- the build -----------------------------------------------------------------------------


def default_workers() -> int:
    """One worker per processor the process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def build_all(
    out_dir: Path,
    variants: Sequence[Variant],
    *,
    workers: int | None = None,
    progress: Progress | None = None,
    edition_name: str = "standard",
    print_shop: float | None = None,
    booklet: Mapping[str, Mapping[str, str]] | None = None,
) -> BuildReport:
    """Validate ``variants``, then render all their outputs into ``out_dir``, with
    booklets and a gallery of just those; refuses before writing anything if any setup
    fails, naming every failure. Sheets are set in ``edition_name`` (see
    :data:`boardgen.sheets.flow.EDITIONS`); ``booklet`` may give the booklets' own
    ``title`` and ``cover`` line per language. With ``print_shop`` (a bleed in mm), every
    PDF is written as PDF/X-4 (:func:`boardgen.backends.pdfx.to_pdfx`, the trim being the page)."""
    started = time.perf_counter()
    if not variants:
        raise BoardgenError("nothing to build: no variant given")
    if print_shop is not None:
        from ..backends.pdfx import cmyk_profile  # lazy: pikepdf, for print-shop builds only

        cmyk_profile()  # refused before anything is drawn when none is installed
    # What the checks work out (each board, each rule sheet's words) is kept for the
    # workers, which start as copies of this process.
    keep_at_least(2 * len(variants))
    failures: list[BoardgenError] = []
    for variant in variants:
        try:
            ensure_printable(variant, sheets=True)
        except BoardgenError as error:
            failures.append(error)
    if failures:
        raise failures[0] if len(failures) == 1 else BrokenDescriptors(failures)
    jobs = build_plan(variants)
    count = min(workers or default_workers(), len(jobs))
    targets = [out_dir / v / name if v else out_dir / name for v, name in jobs] + [out_dir / GALLERY]
    with locked(out_dir):
        check_targets(out_dir, targets)
        remove_leftovers(out_dir, targets)
        return _write_all(
            out_dir, variants, jobs, (count, edition_name), progress, started, (print_shop, booklet or {})
        )


def _write_all(
    out_dir: Path,
    variants: Sequence[Variant],
    jobs: list[Job],
    workers: tuple[int, str],
    progress: Progress | None,
    started: float,
    finish: tuple[float | None, Mapping[str, Mapping[str, str]]],
) -> BuildReport:
    """Render the plan with ``workers`` (how many, and the edition they set sheets in) and
    write each file as it arrives (the folder is locked and checked); ``finish`` is the
    print-shop bleed (None: plain PDFs) and the booklets' own title and cover line."""
    count, edition_name = workers
    print_shop, booklet = finish
    written: dict[str, bytes] = {}
    pages = 0
    total = len(jobs) + 1  # and the gallery

    def write(path: Path, data: bytes) -> None:
        nonlocal pages
        if print_shop is not None and path.suffix == ".pdf":
            from ..backends.pdfx import to_pdfx  # lazy: pikepdf, for print-shop builds only

            data = to_pdfx(data, bleed=print_shop)
        write_atomic(path, data, follow_links=False)
        written[path.relative_to(out_dir).as_posix()] = data
        pages += len(_PAGE.findall(data)) if path.suffix == ".pdf" else 0
        if progress is not None:
            progress(len(written), total, path)

    # closing(): an interrupt while writing stops the workers at once, not at exit.
    with closing(_rendered(jobs, count, variants, edition_name, booklet)) as rendered:
        for (variant_id, name), data in zip(jobs, rendered, strict=True):
            write(out_dir / variant_id / name if variant_id else out_dir / name, data)
    write(out_dir / GALLERY, render_gallery(variants, written))
    return BuildReport(
        files=len(written),
        pages=pages,
        size=sum(len(data) for data in written.values()),
        variants=len(variants),
        workers=count,
        seconds=time.perf_counter() - started,
        notices=tuple(left_out_of_booklets(variants)),
    )
