"""What the studio's worker processes do: previews, downloads and game facts.

Each function takes a descriptor's text (never a path: the folder is read by the server,
which checked the name) and returns plain data, so the server can kill a worker that
runs past its time limit without losing anything. A descriptor is data: it is parsed
by the same loader as the command line's (safe YAML, size and alias limits), and
nothing in it is ever run. Every :class:`~boardgen.errors.BoardgenError` comes back as
a located error (line, column, key, message) for the editor to show at its line.
"""

from __future__ import annotations

__all__ = [
    "PAGE_DPI",
    "facts_job",
    "limit_memory",
    "located",
    "maker_files",
    "preview",
    "render_download",
    "start_worker",
    "zip_name",
]

import base64
import importlib.util
import io
import os
import sys
import threading
import time
import traceback
import zipfile
from typing import Any

import pypdfium2  # type: ignore[import-untyped,unused-ignore]

from ..descriptor.model import Variant
from ..descriptor.parse import parse_variant
from ..descriptor.yamlload import load_text
from ..errors import BoardgenError
from ..makers.files import maker_file
from ..model.facts import game_facts, report_lines
from ..outputs.files import RenderOptions, render, render_file, variant_files
from ..outputs.validate import ensure_printable

#: Resolution of the pieces and rule sheet pages in the preview.
PAGE_DPI = 60
#: How often a worker checks that the studio is still there, in seconds.
WATCH_SECONDS = 1.0
#: Address space a worker may use (docs/reference/limits.md): a descriptor that explodes fails cleanly.
MEMORY_LIMIT = 3 << 30
#: The zip of a game's files is ``<id>.zip``; its files are dated this way, so it is the same every time.
_ZIP_DATE = (2024, 1, 1, 0, 0, 0)


def limit_memory() -> None:
    """Bound the worker's address space (where the platform can), so that runaway work
    ends in a MemoryError the worker reports instead of the machine swapping."""
    try:
        import resource  # lazy: POSIX only (Windows has no resource module)

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        wanted = MEMORY_LIMIT if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT, hard)
        if soft == resource.RLIM_INFINITY or soft > wanted:
            resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    except (ImportError, ValueError, OSError):  # not on this platform
        pass


def start_worker(studio: int) -> None:
    """What each worker process does first: bound its memory, and end itself when the
    studio (process ``studio``) is gone, however it ended (Ctrl-C, SIGTERM, SIGKILL).
    A worker would otherwise wait for its next job for ever, and keep the fork server
    alive with it."""
    limit_memory()
    if os.name != "posix":  # only POSIX has the fork server these workers come from
        return

    def watch() -> None:
        while True:
            time.sleep(WATCH_SECONDS)
            try:
                os.kill(studio, 0)  # signal 0: only asks whether the process is there
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:  # there, under another user: never the case here
                pass

    threading.Thread(target=watch, name="studio-watch", daemon=True).start()


def located(error: BoardgenError) -> dict[str, Any]:
    """An error as the editor shows it: at its line and column when it has them."""
    return {
        "line": error.mark.line if error.mark is not None else None,
        "column": error.mark.column if error.mark is not None else None,
        "key": error.key,
        "message": error.message,
        "text": str(error),
    }


def _variant(text: str, name: str) -> Variant:
    variant = parse_variant(load_text(text, name))
    ensure_printable(variant)
    return variant


def _failed(error: BaseException) -> dict[str, Any]:
    if isinstance(error, BoardgenError):
        return {"ok": False, "error": located(error)}
    if isinstance(error, MemoryError):
        message = f"this descriptor needs more memory than the studio allows ({MEMORY_LIMIT >> 30} GiB)"
    elif isinstance(error, RecursionError):
        message = "this descriptor nests too deeply to be drawn"
    else:
        traceback.print_exc(file=sys.stderr)
        message = f"internal error ({type(error).__name__}); please report it with the descriptor"
    unlocated = {"line": None, "column": None, "key": None, "message": message, "text": message}
    return {"ok": False, "error": unlocated}


def _pages(pdf: bytes) -> list[str]:
    """Each page of ``pdf`` as a PNG data URL."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        urls = []
        for index in range(len(document)):
            image = document[index].render(scale=PAGE_DPI / 72).to_pil()
            out = io.BytesIO()
            image.save(out, format="PNG", optimize=False)
            urls.append("data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii"))
        return urls
    finally:
        document.close()


def _svg(data: bytes) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(data).decode("ascii")


def preview(text: str, name: str, lang: str) -> dict[str, Any]:
    """The board, start diagram, pieces sheet and rule sheet of ``text`` in ``lang`` (or
    the game's first language when it has not ``lang``), or the located error."""
    try:
        variant = _variant(text, name)
        langs = variant.languages
        chosen = lang if lang in langs else langs[0]
        options = RenderOptions(lang=chosen)
        return {
            "ok": True,
            "id": variant.id,
            "title": variant.text(variant.title, chosen),
            "languages": list(langs),
            "lang": chosen,
            "board": _svg(render(variant, "board", "svg")),
            "start": _svg(render(variant, "start", "svg")),
            "pieces": _pages(render(variant, "pieces", "pdf", options)),
            "rules": _pages(render(variant, "rules", "pdf", options)),
            "files": [*variant_files(variant), *maker_files()],
        }
    except (BoardgenError, MemoryError, RecursionError, Exception) as error:
        return _failed(error)


def maker_files() -> dict[str, tuple[str, str]]:
    """The maker files the studio offers, name -> (what, format): the board and the
    counters as laser-cutter SVG, as DXF when ezdxf is installed (``boardgen-print[maker]``),
    and as STL."""
    formats = [("laser", "-laser.svg"), ("dxf", ".dxf"), ("stl", ".stl")]
    if importlib.util.find_spec("ezdxf") is None:
        formats = [f for f in formats if f[0] != "dxf"]
    return {f"{what}{suffix}": (what, fmt) for what in ("board", "pieces") for fmt, suffix in formats}


def zip_name(variant_id: str) -> str:
    return f"{variant_id}.zip"


def render_download(text: str, name: str, file: str) -> dict[str, Any]:
    """One file of the game (as ``boardgen build`` writes it), or ``<id>.zip``: the
    descriptor and every file in a folder named after the game."""
    try:
        variant = _variant(text, name)
        files = variant_files(variant)
        if file == zip_name(variant.id):
            out = io.BytesIO()
            with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
                entries = [(name, text.encode("utf-8"))] + [(f, render_file(variant, f)) for f in files]
                for entry, data in entries:
                    info = zipfile.ZipInfo(f"{variant.id}/{entry}", date_time=_ZIP_DATE)
                    info.compress_type = zipfile.ZIP_DEFLATED
                    info.external_attr = 0o644 << 16
                    archive.writestr(info, data)
            return {"ok": True, "data": out.getvalue()}
        makers = maker_files()
        if file in makers:
            what, fmt = makers[file]
            return {"ok": True, "data": maker_file(variant, what, fmt)}  # type: ignore[arg-type]
        if file not in files:
            return {"ok": False, "missing": True, "error": {"message": f"{variant.id} has no file {file!r}"}}
        return {"ok": True, "data": render_file(variant, file)}
    except (BoardgenError, MemoryError, RecursionError, Exception) as error:
        return _failed(error)


def facts_job(
    text: str, name: str, games: int, seed: int, time_limit: float, queue: Any, studio: int
) -> None:
    """Play the game's facts in this process, sending ``("progress", done, asked)`` while
    it plays and then ``("done", figures, lines)`` or ``("error", located error)``."""
    start_worker(studio)
    try:
        variant = _variant(text, name)
        facts = game_facts(
            variant,
            games,
            seed=seed,
            time_limit=time_limit,
            progress=lambda done, asked: queue.put(("progress", done, asked)),
        )
        queue.put(("done", facts.as_dict(), report_lines(facts)))
    except (BoardgenError, MemoryError, RecursionError, Exception) as error:
        queue.put(("error", _failed(error)["error"]))
