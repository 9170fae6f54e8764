"""The ``diagram`` command: positions as SVG, PDF or PNG, one or many in one process.

Built on the public API (:func:`boardgen.load`, :func:`boardgen.svg`, ...): the command
only turns options into the API's arguments, so the command line and Python draw
the same pictures.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, NamedTuple

import click
from click.core import ParameterSource

from .. import api
from ..descriptor.library import Library
from ..draw.options import (
    cell_size_mm,
    dpi_value,
    first_number,
    parse_colours,
    parse_fill,
    size_px,
    split_items,
)
from ..errors import BoardgenError, Mark, one_line
from ..foundation.fileio import Staged
from ..foundation.inputfile import read_text
from ._app import (
    STDOUT,
    Checked,
    complete_variant,
    output_format,
    refuse_unused,
    reports_errors,
    uses_library,
    write_output,
)


class _Request(NamedTuple):
    """One diagram to draw, as the options give it (a named tuple: a quarter of a frozen
    dataclass's cost at start-up)."""

    variant: str
    position: str | None
    move: str | None
    arrows: tuple[str, ...]
    fills: tuple[str, ...]
    lastmove: str | None
    coordinates: bool
    flipped: bool
    colours: tuple[str, ...]
    marks: tuple[str, ...]
    labels: tuple[str, ...]
    sequence: str | None
    first_number: int | None
    window: str | None
    lang: str
    study: bool
    fmt: str | None
    size: int | None
    cell_size: float | None
    dpi: float | None
    output: Path
    folders: tuple[Path, ...] = ()


def _draw(request: _Request) -> bytes:
    """The file's bytes (nothing is written here: a batch writes only when all are drawn)."""
    chosen = output_format(request.output, request.fmt, ("svg", "pdf", "png"), "svg")
    if chosen != "png" and request.dpi is not None:
        raise BoardgenError(f"--dpi does not apply to {chosen.upper()} output: it has no pixels")
    if chosen == "pdf" and request.size is not None:
        raise BoardgenError("--size (pixels) does not apply to PDF output: give --cell-size in mm")
    if request.size is not None and request.dpi is not None:
        raise BoardgenError("give --size (the width in pixels) or --dpi, not both")
    game = api.load(request.variant, folders=request.folders)
    position = game.position(request.position, study=request.study) if request.position else game.start
    fill = dict(parse_fill(text) for text in request.fills)
    marks = [item for text in request.marks for item in split_items(text)]
    labels = [item for text in request.labels for item in split_items(text)]
    colours: dict[str, str] = {}
    for text in request.colours:
        colours.update(parse_colours(text))
    options: dict[str, Any] = {
        "move": request.move,
        "arrows": request.arrows,
        "fill": fill,
        "lastmove": request.lastmove,
        "flipped": request.flipped,
        "coordinates": request.coordinates,
        "colours": colours or None,
        "cell_size": request.cell_size,
        "marks": marks or None,
        "labels": labels or None,
        "sequence": request.sequence,
        "first_number": request.first_number or 1,
        "window": request.window,
        "lang": request.lang,
    }
    if chosen == "svg":
        text = api.svg(position, size=request.size, **options)
        return ('<?xml version="1.0" encoding="UTF-8"?>\n' + text).encode()
    if chosen == "pdf":
        return api.pdf(position, **options)
    return api.png(position, size=request.size, dpi=request.dpi or 200, **options)


#: Largest batch file, and most diagrams in one batch (docs/reference/limits.md).
MAX_BATCH_BYTES = 4 << 20
MAX_BATCH_LINES = 10_000


def _batch(source: str, folders: tuple[Path, ...]) -> list[tuple[int, _Request]]:
    """The requests of a batch file: one diagram per line, written as this command's
    arguments (``american-checkers --move 11-15 -o a.svg``); ``#`` starts a comment."""
    # Lazy for start-up speed: only a batch splits lines into words.
    import shlex

    text = read_text(source, limit=MAX_BATCH_BYTES, display="<stdin>" if source == "-" else source)
    requests = []
    for number, line in enumerate(text.splitlines(), 1):
        try:
            words = shlex.split(line, comments=True)
        except ValueError as exc:
            raise BoardgenError(str(exc), file=source, mark=Mark(number, 1)) from None
        if not words:
            continue
        if "--help" in words or "-h" in words:  # click would print the help on stdout first
            raise BoardgenError("--help is not a diagram", file=source, mark=Mark(number, 1))
        try:
            context = diagram.make_context("diagram", words, resilient_parsing=False)
        except click.exceptions.Exit:
            raise BoardgenError("--help is not a diagram", file=source, mark=Mark(number, 1)) from None
        except click.UsageError as exc:
            raise BoardgenError(exc.format_message(), file=source, mark=Mark(number, 1)) from None
        params = context.params
        if params["batch"] is not None or params["variant"] is None:
            raise BoardgenError("give VARIANT and -o, not --batch", file=source, mark=Mark(number, 1))
        requests.append((number, _request(params, folders, source, number)))
        if len(requests) > MAX_BATCH_LINES:
            raise BoardgenError(
                f"more than {MAX_BATCH_LINES:,} diagrams in one batch", file=source, mark=Mark(number, 1)
            )
    return requests


def _check_batch_targets(requests: list[tuple[int, _Request]], source: str) -> None:
    """Refuse, before anything is drawn, a line whose output cannot be written (a folder,
    a dangling link, a name given twice, the batch file itself)."""
    seen: dict[str, int] = {}
    for number, request in requests:
        output = request.output
        if str(output) == STDOUT:
            continue
        key = os.path.realpath(output)
        if key in seen:
            raise BoardgenError(
                f"{one_line(str(output))}: also written by line {seen[key]}",
                file=source,
                mark=Mark(number, 1),
            )
        seen[key] = number
        if source != "-" and os.path.exists(source) and _same(output, Path(source)):
            raise BoardgenError(
                f"{one_line(str(output))}: is the batch file being read", file=source, mark=Mark(number, 1)
            )
        if os.path.isdir(output):
            raise BoardgenError(
                f"{one_line(str(output))}: is a folder, not a file: not replaced",
                file=source,
                mark=Mark(number, 1),
            )
        if os.path.islink(output) and not os.path.exists(output):
            raise BoardgenError(
                f"{one_line(str(output))}: is a symbolic link to a missing file",
                file=source,
                mark=Mark(number, 1),
            )


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _request(
    params: dict[str, object], folders: tuple[Path, ...], source: str | None = None, number: int = 0
) -> _Request:
    if params["output"] is None:
        mark = Mark(number, 1) if source else None
        raise BoardgenError("-o/--output is required", file=source, mark=mark)
    values = {k: v for k, v in params.items() if k not in ("batch", "variant_folders", "library")}
    return _Request(**values, folders=folders)  # type: ignore[arg-type]


@click.command()
@click.argument("variant", required=False, shell_complete=complete_variant)
@click.option("--position", default=None, help="Position string of the game (default: the start).")
@click.option(
    "--move",
    default=None,
    metavar="MOVE",
    help="Draw the position before MOVE with the move explained (path, captures crossed out, landings).",
)
@click.option(
    "--arrows",
    "--arrow",
    "arrows",
    multiple=True,
    metavar="FROM-TO[:COLOUR]",
    help="Draw an arrow, e.g. c3-d4, 11-15:red or a3-c5-e7:#2e9e44; repeatable.",
)
@click.option(
    "--fill",
    "--highlight",
    "fills",
    multiple=True,
    metavar="CELL[:COLOUR]",
    help="Tint a cell, e.g. d4 or 15:green (--highlight is the same); repeatable.",
)
@click.option("--lastmove", default=None, metavar="MOVE", help="Tint the cells of the move that led here.")
@click.option("--coordinates/--no-coordinates", default=True, show_default=True, help="Print cell names.")
@click.option(
    "--flipped", "--flip", "flipped", is_flag=True, help="Draw the board from the north player's side."
)
@click.option(
    "--colours",
    "--colour",
    "colours",
    multiple=True,
    metavar="KEY:COLOUR",
    help="Recolour the board (light, dark, line, ...), a player's pieces (by player id) or "
    "the marks (arrow, fill, lastmove, check), e.g. dark:#556b2f; repeatable.",
)
@click.option(
    "--marks",
    "--mark",
    "marks",
    multiple=True,
    metavar="CELL:SHAPE[:COLOUR]",
    help="Mark a cell with a circle, triangle, square or cross, e.g. d4:triangle or e5:circle:red;"
    " repeatable.",
)
@click.option(
    "--labels",
    "--label",
    "labels",
    multiple=True,
    metavar="CELL:TEXT[:COLOUR]",
    help="Write a letter or number on a cell, e.g. d4:A or q16:12:red; repeatable.",
)
@click.option(
    "--sequence",
    default=None,
    metavar="MOVES",
    help="Play these moves from the position and number them on their stones, as Go books do "
    "(e.g. 'q16 d4 c3').",
)
@click.option(
    "--first-number",
    type=Checked(first_number),
    default=None,
    metavar="N",
    help="The number of the sequence's first move (default 1).",
)
@click.option(
    "--window",
    default=None,
    metavar="CELL-CELL",
    help="Draw only the part of the board between two corner cells, e.g. a13-g19 (cut edges as zigzags).",
)
@click.option(
    "--lang",
    default="en",
    show_default=True,
    help="Language of the diagram's own text: its title and description (en, fr, de).",
)
@click.option(
    "--study",
    is_flag=True,
    help="Draw a position no game reaches (a study that breaks a count on purpose).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["svg", "pdf", "png"]),
    default=None,
    help="Output format (default: from the file name, else svg).",
)
@click.option(
    "--size",
    type=Checked(size_px),
    default=None,
    metavar="PX",
    help="Width in pixels of an SVG or PNG (16 to 4000; height in proportion).",
)
@click.option(
    "--cell-size",
    type=Checked(cell_size_mm),
    default=None,
    metavar="MM",
    help="Cell size in mm, for true-scale print (3 to 150; default: the diagram is about 120 mm wide).",
)
@click.option(
    "--dpi", type=Checked(dpi_value), default=None, help="PNG resolution, 36 to 1200 (PNG only; default 200)."
)
@click.option("-o", "--output", type=click.Path(path_type=Path), help="File to write; - for standard output.")
@click.option(
    "--batch",
    default=None,
    metavar="FILE",
    help="Draw many diagrams in one process: one per line of FILE ('-': stdin), each line "
    "written as this command's arguments. Each is written as it is drawn, under a temporary "
    "name; all are put in place at the end, so a bad line leaves nothing written.",
)
@reports_errors
@uses_library
def diagram(library: Library, **params: object) -> None:
    """Draw a position of VARIANT (an id or a YAML file), with arrows, fills and a move."""
    folders = library.folders

    batch = params["batch"]
    located: list[tuple[Path, bytes]] = []
    if batch is not None:
        if params["variant"] is not None:
            raise click.UsageError("give either VARIANT or --batch, not both")
        ctx = click.get_current_context()
        given = {
            option.opts[0]: ctx.get_parameter_source(option.name or "") is not ParameterSource.DEFAULT
            for option in ctx.command.params
            if option.name not in ("batch", "variant", "variant_folders", "help")
        }
        refuse_unused(given, "with --batch: each line of the file gives its own options")
        requests = _batch(str(batch), folders)
        _check_batch_targets(requests, str(batch))
        # Each diagram is written as it is drawn, under a temporary name beside its
        # target; all are renamed into place at the end, so a line that fails leaves
        # nothing written and memory holds one diagram at a time.
        with Staged() as staged:
            for number, request in requests:
                try:
                    data = _draw(request)
                except BoardgenError as error:
                    raise BoardgenError(str(error), file=str(batch), mark=Mark(number, 1)) from None
                if str(request.output) == STDOUT:
                    located.append((request.output, data))
                else:
                    staged.add(request.output, data)
            staged.commit()
        for _, request in requests:
            if str(request.output) != STDOUT:
                click.echo(f"wrote {one_line(str(request.output))}")
        for output, data in located:
            write_output(output, data)
        return
    else:
        if params["variant"] is None:
            raise click.UsageError("missing VARIANT (or --batch FILE)")
        request = _request(params, folders)
        write_output(request.output, _draw(request))
