"""The ``boardgen`` command group and the error handling every command shares."""

from __future__ import annotations

__all__ = ["complete_variant", "main", "output_format", "reports_errors", "uses_library"]

import functools
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click
from click.shell_completion import CompletionItem

from .. import __version__
from ..errors import BoardgenError

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


def uses_library(command: F) -> F:
    """Give ``command`` the ``--variants DIR`` option and a ``library`` argument.

    The library holds the folders of ``--variants`` (in order), then those of
    ``BOARDGEN_VARIANTS``, then the shipped games; a user's game that hides a shipped
    one of the same id is announced on stderr, one line each.
    """

    @click.option(
        "--variants",
        "variant_folders",
        multiple=True,
        type=click.Path(exists=True, file_okay=False, path_type=Path),
        metavar="DIR",
        help="A folder of your own descriptors, searched before the built-in games; repeatable "
        "(also: BOARDGEN_VARIANTS, folders separated like PATH).",
    )
    @functools.wraps(command)
    def wrapper(*args: Any, variant_folders: tuple[Path, ...], **kwargs: Any) -> Any:
        from ..descriptor.library import Library

        library = Library(variant_folders)
        for notice in library.notices:
            click.echo(f"boardgen: note: {notice}", err=True)
        return command(*args, library=library, **kwargs)

    return wrapper  # type: ignore[return-value]


def complete_variant(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Shell completion for VARIANT: the variant ids (with ``--variants`` folders), and file names."""
    from ..descriptor.library import Library

    try:
        library = Library(ctx.params.get("variant_folders") or ())
    except BoardgenError:
        return [CompletionItem(incomplete, type="file")]
    ids = [CompletionItem(vid) for vid in library.ids() if vid.startswith(incomplete)]
    return ids if ids and "/" not in incomplete else [CompletionItem(incomplete, type="file")]


def output_format(output: Path, fmt: str | None, formats: Sequence[str], default: str) -> str:
    """The format to write: ``--format`` if given, else the file's extension, else ``default``.

    A ``--format`` that contradicts a known extension (``-o x.svg --format pdf``) is a
    usage error rather than a PDF silently named ``.svg``.
    """
    suffix = output.suffix.lower().lstrip(".")
    if fmt is None:
        return suffix if suffix in formats else default
    if suffix in formats and suffix != fmt:
        raise click.UsageError(f"--format {fmt} does not match the file name {output.name!r}")
    return fmt


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="boardgen")
def main() -> None:
    """Printable true-scale boards, diagrams and rules for draughts-like and placement games."""
