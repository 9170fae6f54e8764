"""The ``diagram`` command: positions as SVG, PDF or PNG, one or many in one process.

Built on the public API (:func:`boardgen.load`, :func:`boardgen.svg`, ...): the command
only turns options into the API's arguments, so the command line and Python draw
the same pictures.
"""

from __future__ import annotations

import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from .. import api
from ..descriptor.library import Library
from ..drawopts import cell_size_mm, dpi_value, parse_colours, parse_fill, size_px
from ..errors import BoardgenError, Mark
from ._app import (
    Checked,
    complete_variant,
    main,
    output_format,
    refuse_unused,
    reports_errors,
    uses_library,
    write_output,
)


@dataclass(frozen=True)
class _Request:
    """One diagram to draw, as the options give it."""

    variant: str
    position: str | None
    move: str | None
    arrows: tuple[str, ...]
    fills: tuple[str, ...]
    lastmove: str | None
    coordinates: bool
    flipped: bool
    colours: tuple[str, ...]
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
    position = game.position(request.position) if request.position else game.start
    fill = dict(parse_fill(text) for text in request.fills)
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
    }
    if chosen == "svg":
        text = api.svg(position, size=request.size, **options)
        return ('<?xml version="1.0" encoding="UTF-8"?>\n' + text).encode()
    if chosen == "pdf":
        return api.pdf(position, **options)
    return api.png(position, size=request.size, dpi=request.dpi or 200, **options)


def _batch(source: str, folders: tuple[Path, ...]) -> list[tuple[int, _Request]]:
    """The requests of a batch file: one diagram per line, written as this command's
    arguments (``american-checkers --move 11-15 -o a.svg``); ``#`` starts a comment."""
    if source == "-":
        text = sys.stdin.read()
    else:
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise BoardgenError(f"cannot read: {exc.strerror or exc}", file=source) from None
    requests = []
    for number, line in enumerate(text.splitlines(), 1):
        try:
            words = shlex.split(line, comments=True)
        except ValueError as exc:
            raise BoardgenError(str(exc), file=source, mark=Mark(number, 1)) from None
        if not words:
            continue
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
    return requests


def _request(
    params: dict[str, object], folders: tuple[Path, ...], source: str | None = None, number: int = 0
) -> _Request:
    if params["output"] is None:
        mark = Mark(number, 1) if source else None
        raise BoardgenError("-o/--output is required", file=source, mark=mark)
    values = {k: v for k, v in params.items() if k not in ("batch", "variant_folders", "library")}
    return _Request(**values, folders=folders)  # type: ignore[arg-type]


@main.command()
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
    "the marks (arrow, fill, lastmove), e.g. dark:#556b2f; repeatable.",
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
    "written as this command's arguments. All are drawn before any is written.",
)
@reports_errors
@uses_library
def diagram(library: Library, **params: object) -> None:
    """Draw a position of VARIANT (an id or a YAML file), with arrows, fills and a move."""
    folders = library.folders

    batch = params["batch"]
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
        located = []
        for number, request in requests:
            try:
                located.append((request.output, _draw(request)))
            except BoardgenError as error:
                raise BoardgenError(str(error), file=str(batch), mark=Mark(number, 1)) from None
    else:
        if params["variant"] is None:
            raise click.UsageError("missing VARIANT (or --batch FILE)")
        request = _request(params, folders)
        located = [(request.output, _draw(request))]
    for output, data in located:
        write_output(output, data)
