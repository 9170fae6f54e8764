"""The ``game`` command: a recorded game (PDN, PGN, SGF, Little Golem's Havannah) as
positions, a game sheet, an animation or one diagram per ply. Built on the public API
(:func:`boardgen.iter_records`, ...)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from .. import api
from ..descriptor.library import Library
from ..draw.options import dpi_value, parse_colours, size_px, split_items
from ..errors import BoardgenError, one_line
from ..foundation.fileio import write_atomic
from ._app import Checked, complete_variant, refuse_unused, reports_errors, uses_library

_KINDS = "write a .pdf (game sheet), .gif, .pdn, .pgn, .sgf or a folder/"

#: The files of a folder of plies, as this command names them.
PLY_FILE = re.compile(r"ply-[0-9]{3,}\.svg")


def _kind(output: Path, ply: int | None = None) -> str:
    """What ``-o`` asks for, from its name: checked before the record is read. With
    ``--ply`` it is one position, as .svg or .png."""
    shown = one_line(str(output))
    if not str(output):
        raise click.UsageError(f"-o needs a file or folder name: {_KINDS}")
    suffix = output.suffix.lower()
    if ply is not None:
        if suffix in (".svg", ".png"):
            return suffix[1:]
        raise click.UsageError(f"-o {output}: with --ply, write the position as .svg or .png")
    if suffix in (".pdf", ".gif", ".pdn", ".pgn", ".sgf"):
        return suffix[1:]
    if suffix in (".svg", ".png"):
        raise click.UsageError(f"-o {shown}: one position needs --ply N; a folder/ gets an SVG per ply")
    if output.is_dir() or str(output).endswith("/"):
        return "folder"
    if suffix == "":
        if os.path.lexists(output):  # /dev/null, a FIFO, a file named 'plies', a dangling link
            what = "a file" if output.is_file() else "not a folder"
            raise click.UsageError(f"-o {shown}: is {what}: {_KINDS}")
        return "folder"
    raise click.UsageError(f"-o {shown}: {_KINDS}")


def _line(index: int, record: api.GameRecord) -> str:
    """The listing's line for one game. Tag values are the file's: escaped, so no control
    sequence reaches the terminal and no newline forges a line."""
    first, second = (one_line(record.player(p.id)) for p in record.game.variant.players)
    return (
        f"{index}\t{record.game.id}\t{first} - {second}\t{len(record.plies)} plies\t{one_line(record.result)}"
    )


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _check_targets(files: dict[Path, bytes], source: Path, output: Path) -> None:
    """Refuse, before anything is written, an output that would replace the record read
    (``game g.pdn -o g.pdn``) or, in a folder of plies, anything but a regular file (a
    symbolic link there would send a ply outside the folder)."""
    for path in files:
        if _same_file(path, source):
            raise BoardgenError("is the record being read: choose another output name", file=str(path))
    if len(files) > 1 or _kind(output) == "folder":
        for path in files:
            if os.path.islink(path) or (os.path.lexists(path) and not path.is_file()):
                raise BoardgenError(
                    "is not a regular file: nothing is written through links or into special files "
                    "inside the folder of plies",
                    file=str(path),
                )


def _clear_stale_plies(folder: Path, written: dict[Path, bytes]) -> None:
    """Remove ``ply-NNN.svg`` files an earlier, longer game left in ``folder``: only this
    command's names, only regular files, never one just written."""
    names = {path.name for path in written}
    for entry in os.scandir(folder):
        if (
            PLY_FILE.fullmatch(entry.name)
            and entry.name not in names
            and entry.is_file(follow_symlinks=False)
        ):
            os.unlink(entry.path)


#: The options of ``game`` and the outputs each applies to ("list": no -o at all).
_PICTURES = ("pdf", "gif", "svg", "png", "folder")
_APPLIES = {
    "--every": ("pdf",),
    "--lang": _PICTURES,
    "--paper": ("pdf",),
    "--size": ("gif", "svg", "png", "folder"),
    "--dpi": ("png",),
    "--flipped": _PICTURES,
    "--coordinates": _PICTURES,
    "--colours": _PICTURES,
    "--window": ("gif", "svg", "png", "folder"),
    "--marks": ("gif", "svg", "png", "folder"),
    "--labels": ("gif", "svg", "png", "folder"),
}
#: Each option's parameter name.
_NAMES = {
    "--every": "every",
    "--lang": "lang",
    "--paper": "paper",
    "--size": "size",
    "--dpi": "dpi",
    "--flipped": "flipped",
    "--coordinates": "coordinates",
    "--colours": "colours",
    "--window": "window",
    "--marks": "marks",
    "--labels": "labels",
}


def _refuse_unused(kind: str) -> None:
    """Every option given must change the output: ``--every`` with a GIF, ``--size``
    with a game sheet are refused rather than silently ignored."""
    ctx = click.get_current_context()
    names = _NAMES
    given = {
        option: ctx.get_parameter_source(name) is not ParameterSource.DEFAULT and kind not in _APPLIES[option]
        for option, name in names.items()
    }
    what = {"list": "without -o", "folder": "to a folder of SVGs"}.get(kind, f"to a .{kind} output")
    refuse_unused(given, what)


def _outputs(
    record: object,
    output: Path,
    every: int | None,
    paper: str,
    size: int | None,
    drawing: dict[str, Any],
) -> dict[Path, bytes]:
    """Every file to write, drawn before any is written."""
    assert isinstance(record, api.GameRecord)
    suffix = "." + _kind(output)
    sheet = {k: v for k, v in drawing.items() if k in ("flipped", "coordinates", "colours")}
    if suffix == ".pdf":
        return {output: record.sheet(lang=drawing["lang"], paper=paper, every=every, **sheet)}
    if suffix == ".gif":
        return {output: record.animation(size=size or 360, **drawing)}
    if suffix in (".pdn", ".pgn", ".sgf"):
        return {output: _written_back(record, suffix, output).encode("utf-8")}
    if suffix == ".folder":
        digits = max(3, len(str(len(record.plies))))
        declaration = '<?xml version="1.0" encoding="UTF-8"?>\n'
        return {
            output / f"ply-{ply:0{digits}d}.svg": (declaration + text).encode()
            for ply, text in enumerate(record.diagrams(size=size, **drawing))
        }
    raise AssertionError(suffix)  # pragma: no cover - _kind knows every kind


def _written_back(record: api.GameRecord, suffix: str, output: Path) -> str:
    """The record in its own format: PDN as PDN, PGN as PGN (its moves in SAN), Go's
    SGF as SGF (Hex and Havannah records are read only)."""
    shown = one_line(str(output))
    if record.format == "pdn":
        if suffix == ".pdn":
            return api.write_pdn(record)
        raise BoardgenError(f"-o {shown}: a PDN record is written back as .pdn")
    if record.format == "pgn":
        if suffix == ".pgn":
            return api.write_pgn(record)
        raise BoardgenError(f"-o {shown}: a PGN record is written back as .pgn")
    if record.game.variant.rules.family != "go":
        raise BoardgenError(
            f"-o {shown}: a {record.game.id} record is read only; Go, PDN and PGN records are written back"
        )
    if suffix == ".sgf":
        return api.write_sgf(record)
    raise BoardgenError(f"-o {shown}: a Go record is written back as .sgf")


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--number", "number", type=click.IntRange(1), default=1, show_default=True, help="Which game of the file."
)
@click.option(
    "--variant",
    default=None,
    metavar="VARIANT",
    shell_complete=complete_variant,
    help="Play the moves by this game (id or YAML file) instead of the one the record names "
    "([GameType] in PDN; [Variant] in PGN; GM and SZ in SGF).",
)
@click.option(
    "--ply",
    type=click.IntRange(0),
    default=None,
    help="Print the position after N plies (0: the start), or draw it with -o x.svg or x.png.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    default=None,
    help="sheet.pdf (game sheet), game.gif (animation), game.pdn, game.pgn or game.sgf (the game "
    "rewritten in its own format), folder/ (an SVG per ply), or with --ply one position as x.svg or x.png.",
)
@click.option(
    "--every",
    type=click.IntRange(1, 100),
    default=None,
    help="Game sheet: a diagram every N moves (and at each comment); by default 10, "
    "or 50 in SGF records, whose diagrams number the stones of their moves.",
)
@click.option(
    "--lang", default="en", show_default=True, help="Language of the game sheet and of the pictures' text."
)
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter", "a3"]),
    default="a4",
    show_default=True,
    help="Game sheet paper.",
)
@click.option(
    "--size",
    "--width",
    "size",
    type=Checked(size_px),
    default=None,
    metavar="PX",
    help="Width in pixels (16 to 4000) of the animation (default 360), the SVGs of a folder, "
    "or the position of --ply as .svg/.png.",
)
@click.option("--dpi", type=Checked(dpi_value), default=None, help="PNG resolution of --ply N -o x.png.")
@click.option("--flipped", "--flip", "flipped", is_flag=True, help="Draw the boards from the north side.")
@click.option("--coordinates/--no-coordinates", default=True, show_default=True, help="Print cell names.")
@click.option(
    "--colours", "--colour", "colours", multiple=True, metavar="KEY:COLOUR", help="Recolour, as diagram does."
)
@click.option(
    "--window", default=None, metavar="CELL-CELL", help="Draw only part of the board, as diagram does."
)
@click.option("--marks", "--mark", "marks", multiple=True, metavar="CELL:SHAPE[:COLOUR]", help="As diagram.")
@click.option(
    "--labels", "--label", "labels", multiple=True, metavar="CELL:TEXT[:COLOUR]", help="As diagram."
)
@click.option(
    "--skip-bad",
    is_flag=True,
    help="Skip the games that cannot be read, with one line each on stderr, and go on.",
)
@reports_errors
@uses_library
def game(
    library: Library,
    file: Path,
    number: int,
    variant: str | None,
    ply: int | None,
    output: Path | None,
    every: int | None,
    lang: str,
    paper: str,
    size: int | None,
    dpi: float | None,
    flipped: bool,
    coordinates: bool,
    colours: tuple[str, ...],
    window: str | None,
    marks: tuple[str, ...],
    labels: tuple[str, ...],
    skip_bad: bool,
) -> None:
    """Read the game record FILE; every move is checked by the rules engine.

    FILE is PDN (draughts), PGN (chess), SGF (Go; Hex as HexGui writes it) or Little
    Golem's Havannah export (.hgf), told by its content. Without options, one line per game of
    the file. With --ply N, the position after N plies in the game's position notation
    (with -o x.svg or x.png, its diagram). With -o, a game sheet, an animation, the game
    written back (PDN as .pdn, PGN as .pgn, Go as .sgf) or one SVG diagram per ply (ply-000.svg is
    the start). An option that does not apply to the output is refused.
    """
    kind = "list" if output is None else _kind(output, ply)
    _refuse_unused(kind)
    recoloured: dict[str, str] = {}
    for text in colours:
        recoloured.update(parse_colours(text))
    drawing: dict[str, Any] = {
        "flipped": flipped,
        "coordinates": coordinates,
        "colours": recoloured or None,
        "window": window,
        "marks": [item for text in marks for item in split_items(text)] or None,
        "labels": [item for text in labels for item in split_items(text)] or None,
        "lang": lang.strip().lower(),
    }
    report = (lambda error: click.echo(str(error), err=True)) if skip_bad else None
    games = api.iter_records(file, game=variant, folders=library.folders, skip_bad=skip_bad, on_error=report)
    chosen = click.get_current_context().get_parameter_source("number") is not ParameterSource.DEFAULT
    if ply is None and output is None and not chosen:
        # One line per game as it is read: a long collection shows its first games at once.
        for index, each in enumerate(games, 1):
            click.echo(_line(index, each))
        return
    record = None
    held = 0
    for held, each in enumerate(games, 1):  # read no further than the game asked for
        if held == number:
            record = each
            break
    if record is None:
        raise BoardgenError(f"--number {number}: the file holds {held} game(s)", file=str(file))
    if ply is None and output is None:
        click.echo(_line(number, record))
    if ply is not None and output is None:
        click.echo(record.position(ply).text)
    if ply is not None and output is not None:
        position = record.position(ply)
        last = record.plies[ply - 1].move if ply else None
        if kind == "svg":
            text = '<?xml version="1.0" encoding="UTF-8"?>\n' + api.svg(
                position, lastmove=last, size=size, **drawing
            )
            data = text.encode("utf-8")
        else:
            if size is not None and dpi is not None:
                raise BoardgenError("give --size (the width in pixels) or --dpi, not both")
            data = api.png(position, lastmove=last, size=size, dpi=dpi or 200, **drawing)
        if _same_file(output, file):
            raise BoardgenError("is the record being read: choose another output name", file=str(output))
        write_atomic(output, data)
        click.echo(f"wrote {one_line(str(output))}")
        return
    if output is not None:
        files = _outputs(record, output, every, paper, size, drawing)
        _check_targets(files, file, output)
        for path, data in files.items():
            write_atomic(path, data, follow_links=len(files) == 1)
        if _kind(output) == "folder":
            _clear_stale_plies(output, files)
        shown = one_line(str(output))
        click.echo(f"wrote {shown}" if len(files) == 1 else f"wrote {len(files)} files in {shown}")
