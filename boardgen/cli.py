"""The ``boardgen`` command line: a thin shell over the library.

Every command turns a :class:`BoardgenError` into one line on stderr and exit status
2; nothing else in the package imports this module.
"""

from __future__ import annotations

__all__ = ["main"]

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from . import __version__
from .errors import BoardgenError

F = TypeVar("F", bound=Callable[..., Any])


def reports_errors(command: F) -> F:
    """Print user errors as ``FILE:LINE:COL: key: message`` and exit 2, no traceback."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except BoardgenError as error:
            click.echo(str(error), err=True)
            sys.exit(2)

    return wrapper  # type: ignore[return-value]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="boardgen")
def main() -> None:
    """Printable true-scale boards, diagrams and rules for draughts-like and placement games."""


@main.command("list")
@reports_errors
def list_variants() -> None:
    """List the bundled variants: id, title, board and cell count."""
    from .descriptor import load_all

    for variant in load_all():
        click.echo(
            f"{variant.id:<20} {variant.title['en']:<38} {variant.kind_text():<16} "
            f"{variant.grid.size:>4} cells"
        )


@main.command()
@click.argument("variant")
@click.option(
    "--what",
    type=click.Choice(["board", "start"]),
    default="board",
    show_default=True,
    help="The empty board to print, or the starting position.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["svg", "pdf"]),
    default=None,
    help="Output format (default: from the file name, else svg).",
)
@click.option(
    "--cell-size",
    type=click.FloatRange(5, 150),
    default=None,
    metavar="MM",
    help="Distance between neighbouring cell centres, in mm.",
)
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter", "a3"], case_sensitive=False),
    default=None,
    help="Paper for PDF output (default: the descriptor's, else A4).",
)
@click.option("--landscape/--portrait", default=None, help="Page orientation for PDF output.")
@click.option("--coordinates/--no-coordinates", default=None, help="Print cell names around the board.")
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True, help="File to write."
)
@reports_errors
def render(
    variant: str,
    what: str,
    fmt: str | None,
    cell_size: float | None,
    paper: str | None,
    landscape: bool | None,
    coordinates: bool | None,
    output: Path,
) -> None:
    """Render one board or starting diagram of VARIANT (an id or a YAML file)."""
    from .descriptor import load_variant
    from .fileio import write_atomic
    from .outputs import RenderOptions
    from .outputs import render as render_output

    chosen = fmt or ("pdf" if output.suffix.lower() == ".pdf" else "svg")
    loaded = load_variant(variant)
    options = RenderOptions(cell_size, paper.lower() if paper else None, landscape, coordinates)
    write_atomic(output, render_output(loaded, what, chosen, options))  # type: ignore[arg-type]
    click.echo(f"wrote {output}")


@main.command()
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Folder to fill with <id>/board.svg, board.pdf, start.svg, start.pdf.",
)
@click.option("--quiet", "-q", is_flag=True, help="Print only errors.")
@reports_errors
def build(out_dir: Path, quiet: bool) -> None:
    """Render every output of every bundled variant."""
    from .build import build_all

    summary = build_all(out_dir, progress=None if quiet else click.echo)
    if not quiet:
        click.echo(summary)


@main.command()
@click.argument("variants", nargs=-1, required=True)
@reports_errors
def validate(variants: tuple[str, ...]) -> None:
    """Check descriptors and their setups; one line per check.

    Exit status: 0 all valid, 1 a check failed, 2 bad input.
    """
    from .descriptor import load_variant
    from .validate import run_checks

    failed = False
    for ref in variants:
        variant = load_variant(ref)
        for check in run_checks(variant):
            verdict = "ok  " if check.ok else "FAIL"
            click.echo(f"{variant.id}: {verdict} {check.name}: {check.detail}")
            failed = failed or not check.ok
    sys.exit(1 if failed else 0)
