"""What the studio's worker processes do: previews, moves played, pages, downloads, facts.

Each job is a generator of *parts* (plain dicts; pictures as bytes): the worker sends a
part as soon as it is made, and between two parts it looks whether the job was
cancelled (a newer text came), so stale work stops. A preview comes in this order, the
first picture within a few tens of milliseconds of the text:

1. ``game``: the id, title, languages, files and whether an engine plays it; or, for a
   text that is no game yet, its problems (:func:`.problems.read_game`), and nothing more;
2. ``picture`` ``board`` and ``start``: SVG, with where each cell is (for names on hover
   and clicks), the start with the moves that can be played from it;
3. ``checks``: every ``validate`` check failed and every warning, at their lines (a
   failed check ends the preview: nothing is printed from it);
4. ``sheet`` ``pieces`` and ``rules``: the PDF and its page count, then a ``page`` part
   per page (a PNG, the first :data:`PREVIEW_PAGES` pages; the others on demand).

Nothing here trusts the text: every failure becomes a located problem for the editor
(:mod:`.problems`).
"""

from __future__ import annotations

__all__ = [
    "JOBS",
    "PAGE_DPI",
    "PREVIEW_PAGES",
    "TICK",
    "facts_job",
    "limit_memory",
    "maker_files",
    "start_worker",
    "zip_name",
]

import functools
import hashlib
import importlib.util
import io
import os
import threading
import time
import zipfile
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Any

import pypdfium2  # type: ignore[import-untyped,unused-ignore]

from ..api import Game
from ..descriptor.model import Variant
from ..descriptor.parse import parse_variant
from ..draw.diagrams import LASTMOVE
from ..errors import BoardgenError
from ..makers.files import maker_file
from ..model.facts import game_facts, no_engine_message, report_lines
from ..model.positions import Position
from ..outputs.files import RenderOptions, render, render_file, variant_files
from ..outputs.validate import failures
from ..render.board import BoardOptions, board_layout, board_scene
from ..render.diagram import parse_cell
from ..render.layout import Layout
from ..render.marks import highlight_items
from ..render.pictures import start_cell_size, start_pieces
from ..rules.base import PieceView
from ..rules.registry import family, make_game
from .problems import MEMORY_LIMIT, by_line, check_game, diagnose, failed, load, read_game, sheet_problems

#: Resolution of the pieces and rule sheet pages in the preview (thumbnails; a page is
#: drawn again sharper when it is opened to read).
PAGE_DPI = 60
#: Pages of each sheet drawn with every preview; the viewer draws any other on demand.
PREVIEW_PAGES = 12
#: The sharpest a page is drawn to be read (dots per inch).
MAX_DPI = 300
#: How often a worker checks that the studio is still there, in seconds.
WATCH_SECONDS = 1.0
#: The zip of a game's files is ``<id>.zip``; its files are dated this way, so it is the same every time.
_ZIP_DATE = (2024, 1, 1, 0, 0, 0)
#: Most legal moves a position sends the page (a placement game's sets of cells can be
#: many more); the others are still played when typed.
MAX_MOVES = 3000

Part = dict[str, Any]
#: A part that is no part: a point between two stretches of work where a job looks
#: whether it was cancelled (:mod:`.workers` sends it nowhere).
TICK: Part = {"kind": "tick"}


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


# -- pictures ------------------------------------------------------------------------------------


def _cells(variant: Variant, layout: Layout) -> dict[str, Any]:
    """Where the cells are in the picture (mm): each cell's name and centre, and the
    radius within which a point is taken to be on a cell."""
    name = variant.grid.name
    centre = layout.centre
    return {
        "w": round(layout.width, 3),
        "h": round(layout.height, 3),
        "r": round(layout.cell_size / 2, 2),
        "at": [[name(cell), *(round(v, 2) for v in centre(cell))] for cell in sorted(variant.grid.cells())],
    }


def _position_svg(
    variant: Variant, size: float, pieces: dict[int, PieceView], last: tuple[int, ...]
) -> tuple[bytes, Layout]:
    """A position drawn as the start diagram is (same size, same layout), the cells of
    the move that led to it tinted."""
    # Lazy for start-up speed, as the outputs do: the SVG backend.
    from ..backends.svg import render_svg

    options = BoardOptions(size, variant.print.coordinates)

    def overlay(layout: Layout) -> tuple[list[Any], list[Any]]:
        return (highlight_items(layout, last, LASTMOVE) if last else []), []

    scene = board_scene(variant, options, pieces, overlay)
    return render_svg(scene), board_layout(variant, options, pieces)


def _moves(position: Position) -> dict[str, Any]:
    """What the page needs to play from ``position``: its text, who moves, the legal
    moves (text, path, captured and placed cells) and how the game ended, if it did."""
    moves = position.legal_moves()
    ending = position.ending()
    return {
        "position": position.text,
        "turn": position.turn,
        "turn_name": position.game.player_name(position.turn),
        "moves": [
            {"t": m.text, "p": list(m.path), "x": list(m.captured), "l": list(m.placed)}
            for m in moves[:MAX_MOVES]
        ],
        "more": max(0, len(moves) - MAX_MOVES),
        "ending": str(ending) if ending is not None else None,
    }


#: Games opened for play, by text and folder: a few, the newest last.
_GAMES: OrderedDict[tuple[str, str], Game] = OrderedDict()


def _game(variant: Variant, key: tuple[str, str]) -> Game:
    found = _GAMES.get(key)
    if found is None:
        found = Game(variant, make_game(variant.game_spec(), variant.rules.family))
        _GAMES[key] = found
        while len(_GAMES) > 4:
            _GAMES.popitem(last=False)
    _GAMES.move_to_end(key)
    return found


def _digest(text: str, folder: str) -> tuple[str, str]:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(), folder


@functools.lru_cache(maxsize=128)
def _page_png(pdf_digest: str, pdf: bytes, index: int, dpi: int) -> bytes:
    """Page ``index`` of ``pdf`` as a PNG at ``dpi`` (kept: an unchanged sheet's pages
    are not drawn again)."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[index].render(scale=dpi / 72).to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()


def _page_count(pdf: bytes) -> int:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return len(document)
    finally:
        document.close()


# -- the jobs ------------------------------------------------------------------------------------


def preview(text: str, name: str, lang: str, folder: str) -> Iterator[Part]:
    """The parts of a preview of ``text`` in ``lang`` (the game's first language when it
    has not ``lang``), in the order of the module's text: the pictures come before the
    checks, which take longer; the sheets only when the checks pass."""
    variant, problems = read_game(text, name, folder)
    if variant is None:
        yield {"kind": "game", "ok": False, "problems": problems}
        return
    langs = variant.languages
    chosen = lang if lang in langs else langs[0]
    plays = family(variant.rules.family).plays
    yield {
        "kind": "game",
        "ok": True,
        "id": variant.id,
        "title": variant.text(variant.title, chosen),
        "languages": list(langs),
        "lang": chosen,
        "plays": plays,
        "no_facts": None if plays else no_engine_message(variant),
        "files": [*variant_files(variant), *maker_files()],
    }
    yield TICK
    board = render(variant, "board", "svg")
    board_options = BoardOptions(variant.print.cell_size, variant.print.coordinates)
    cells = _cells(variant, board_layout(variant, board_options))
    yield {"kind": "picture", "slot": "board", "type": "image/svg+xml", "data": board, "cells": cells}
    size = start_cell_size(variant, RenderOptions(lang=chosen))
    picture, layout = _position_svg(variant, size, start_pieces(variant), ())
    start: Part = {"kind": "picture", "slot": "start", "type": "image/svg+xml", "data": picture}
    yield TICK
    try:
        moves: dict[str, Any] | None = _moves(_game(variant, _digest(text, folder)).start)
    except BoardgenError:  # a setup the engine refuses: the checks below say why
        moves = None
    yield {**start, "cells": _cells(variant, layout), "play": moves}
    problems = check_game(variant, sheets=False)
    yield {"kind": "checks", "problems": problems}
    if any(p["severity"] == "error" for p in problems):
        return
    options = RenderOptions(lang=chosen)
    for slot in ("pieces", "rules"):
        if slot == "rules":
            unfit = sheet_problems(variant)
            if unfit:
                yield {"kind": "checks", "problems": by_line([*problems, *unfit])}
                return
        pdf = render(variant, slot, "pdf", options)
        count = _page_count(pdf)
        yield {"kind": "sheet", "slot": slot, "type": "application/pdf", "data": pdf, "pages": count}
        digest = hashlib.sha256(pdf).hexdigest()
        for index in range(min(count, PREVIEW_PAGES)):
            png = _page_png(digest, pdf, index, PAGE_DPI)
            yield {"kind": "page", "slot": slot, "index": index, "type": "image/png", "data": png}


def play(text: str, name: str, folder: str, position: str | None, move: str | None) -> Iterator[Part]:
    """A position of the game of ``text`` (its start, or the position ``position``
    writes), with ``move`` played on it if given: its picture (the cells of the move
    tinted), where each cell is, and the moves that can be played next."""
    key = _digest(text, folder)
    game = _GAMES.get(key)
    if game is None:
        variant, _ = diagnose(text, name, folder)
        if variant is None:
            raise BoardgenError("the descriptor has errors: fix them to play")
        game = _game(variant, key)
    variant = game.variant
    here = game.start if position is None else game.position(position)
    last: tuple[int, ...] = ()
    played = None
    if move is not None:
        chosen = here.move(move)
        played = chosen.text
        here = here.play(chosen)
        last = tuple(parse_cell(variant, c) for c in chosen.path or chosen.placed)
    size = start_cell_size(variant, RenderOptions())
    at_start = position is None and move is None
    pieces = start_pieces(variant) if at_start else dict(game.engine.pieces(here.state))
    picture, layout = _position_svg(variant, size, pieces, last)
    yield {
        "kind": "play",
        "type": "image/svg+xml",
        "data": picture,
        "cells": _cells(variant, layout),
        "played": played,
        **_moves(here),
    }


def page(pdf: bytes, index: int, dpi: int) -> Iterator[Part]:
    """Page ``index`` of a sheet's ``pdf`` at ``dpi``, to read it (the viewer)."""
    count = _page_count(pdf)
    if not 0 <= index < count:
        raise BoardgenError(f"no page {index + 1}: the sheet has {count}")
    dpi = max(PAGE_DPI, min(MAX_DPI, dpi))
    digest = hashlib.sha256(pdf).hexdigest()
    yield {
        "kind": "page",
        "index": index,
        "dpi": dpi,
        "type": "image/png",
        "data": _page_png(digest, pdf, index, dpi),
    }


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


def download(text: str, name: str, file: str, folder: str) -> Iterator[Part]:
    """One file of the game (as ``boardgen build`` writes it), or ``<id>.zip``: the
    descriptor and every file in a folder named after the game."""
    variant = parse_variant(load(text, name, folder))
    _ensure_printable(variant)
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
        yield {"kind": "file", "data": out.getvalue()}
        return
    makers = maker_files()
    if file in makers:
        what, fmt = makers[file]
        yield {"kind": "file", "data": maker_file(variant, what, fmt)}  # type: ignore[arg-type]
        return
    if file not in files:
        yield {"kind": "missing", "message": f"{variant.id} has no file {file!r}"}
        return
    yield {"kind": "file", "data": render_file(variant, file)}


def _ensure_printable(variant: Variant) -> None:
    bad = failures(variant)
    if bad:
        raise variant.error(bad[0].key, bad[0].detail)


#: The jobs a worker runs, by name.
JOBS: dict[str, Callable[..., Iterator[Part]]] = {
    "preview": preview,
    "play": play,
    "page": page,
    "download": download,
}


def facts_job(
    text: str, name: str, folder: str, games: int, seed: int, time_limit: float, queue: Any, studio: int
) -> None:
    """Play the game's facts in this process, sending ``("progress", done, asked)`` while
    it plays and then ``("done", figures, lines)`` or ``("error", located error)``."""
    start_worker(studio)
    try:
        variant = parse_variant(load(text, name, folder))
        _ensure_printable(variant)
        facts = game_facts(
            variant,
            games,
            seed=seed,
            time_limit=time_limit,
            progress=lambda done, asked: queue.put(("progress", done, asked)),
        )
        queue.put(("done", facts.as_dict(), report_lines(facts)))
    except (BoardgenError, MemoryError, RecursionError, Exception) as error:
        queue.put(("error", failed(error)))
