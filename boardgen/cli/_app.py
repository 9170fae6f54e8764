"""What the ``boardgen`` commands share: error handling, the library option, output files.

The group itself is :mod:`._group`, which imports each command's module only when it runs."""

from __future__ import annotations

__all__ = [
    "Checked",
    "Finite",
    "complete_variant",
    "language",
    "output_format",
    "refuse_unused",
    "reports_errors",
    "uses_library",
    "write_output",
]

import functools
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..descriptor.library import Library
from ..errors import BoardgenError, one_line
from ..foundation.fileio import write_atomic
from ..texts import languages

F = TypeVar("F", bound=Callable[..., Any])


def reports_errors(command: F) -> F:
    """Print user errors as ``FILE:LINE:COL: key: message`` and exit 2, no traceback;
    a reader that closes the output early (``| head``) ends the command quietly, status 141.

    A fault of the file system met on the way (a name too long to look up, a folder
    that cannot be read) is the user's to fix too: one line naming the file.
    """

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            result = command(*args, **kwargs)
            sys.stdout.flush()  # here, so that a reader gone away is met below
            return result
        except BrokenPipeError:
            # The reader stopped early (``boardgen moves ... | head``): not a fault to
            # report. Quiet, with the status a shell gives a program ended by SIGPIPE.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            # Lazy for start-up speed: the signal module is needed only here.
            import signal

            sys.exit(128 + signal.SIGPIPE)
        except BoardgenError as error:
            click.echo(str(error), err=True)
            sys.exit(2)
        except OSError as error:
            where = f"{_short(os.fsdecode(error.filename))}: " if error.filename is not None else ""
            click.echo(one_line(f"{where}{error.strerror or error}"), err=True)
            sys.exit(2)

    return wrapper  # type: ignore[return-value]


def _short(name: str, limit: int = 120) -> str:
    """A file name for an error line, cut after ``limit`` characters (a 100,000-character
    name would hide the reason behind it)."""
    return name if len(name) <= limit else f"{name[:limit]}... ({len(name):,} characters)"


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
        library = Library(variant_folders)
        for notice in library.notices:
            click.echo(f"boardgen: note: {notice}", err=True)
        return command(*args, library=library, **kwargs)

    return wrapper  # type: ignore[return-value]


def complete_variant(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Shell completion for VARIANT: the variant ids (with ``--variants`` folders), and file names."""
    # Lazy for start-up speed: click's completion module is needed only when completing.
    from click.shell_completion import CompletionItem

    try:
        library = Library(ctx.params.get("variant_folders") or ())
    except BoardgenError:
        return [CompletionItem(incomplete, type="file")]
    ids = [CompletionItem(vid) for vid in library.ids() if vid.startswith(incomplete)]
    return ids if ids and "/" not in incomplete else [CompletionItem(incomplete, type="file")]


def language(code: str) -> str:
    """The language ``--lang`` names, in any case (``FR`` is ``fr``); an unknown code is a
    :class:`BoardgenError` naming the known ones (one line, exit status 2)."""
    lang = code.strip().lower()
    known = languages()
    if lang not in known:
        raise BoardgenError(f"--lang: no text catalogue for language {code!r} (known: {', '.join(known)})")
    return lang


def refuse_unused(given: dict[str, bool], reason: str) -> None:
    """A usage error (exit status 2) naming each option that was given but would not apply.

    ``given`` maps an option's name as typed (``--cell-size``) to whether it was given.
    """
    unused = [name for name, present in given.items() if present]
    if unused:
        raise click.UsageError(
            f"{' and '.join(unused)} {'does' if len(unused) == 1 else 'do'} not apply {reason}"
        )


if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    _ParamType = click.ParamType[Any, Any]  # generic in click's stubs from 8.2
else:
    _ParamType = click.ParamType


class Checked(_ParamType):
    """An option value checked by the function the Python API uses, so both say the same:
    ``--size 0`` and ``svg(size=0)`` are refused in the same words."""

    def __init__(self, check: Callable[[str], Any]) -> None:
        self.check = check
        self.name = check.__name__

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return value
        try:
            return self.check(value)
        except BoardgenError as error:
            self.fail(error.message, param, ctx)


class Finite(click.FloatRange):
    """A number in a range, and a number at all: ``nan`` passes a plain FloatRange (every
    comparison with it is false) and would be written into the SVG and PDF."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number: Any = super().convert(value, param, ctx)
        if isinstance(number, float) and math.isnan(number):
            self.fail(f"{value!r} is not a number.", param, ctx)
        return number


#: ``-o -``: write to standard output.
STDOUT = "-"


def output_format(output: Path, fmt: str | None, formats: Sequence[str], default: str) -> str:
    """The format to write: ``--format`` if given, else the file's extension, else ``default``.

    A file name whose extension contradicts the format is a usage error rather than a
    PDF silently named ``.svg`` or an SVG named ``.jpg``: ``-o x.svg --format pdf``, and an
    extension of no format this command writes (``-o x.jpg``). A name without an extension
    (and ``-o -``, standard output) takes ``--format`` or ``default``.
    """
    if not str(output) or str(output) == ".":
        raise click.UsageError("-o needs a file name (or - for standard output)")
    suffix = output.suffix.lower().lstrip(".") if str(output) != STDOUT else ""
    if suffix and suffix not in formats:
        known = " or ".join(f".{name}" for name in formats)
        raise click.UsageError(f"the file name {output.name!r} does not end in {known}")
    if fmt is not None and suffix and suffix != fmt:
        raise click.UsageError(f"--format {fmt} does not match the file name {output.name!r}")
    chosen = fmt or suffix or default
    if str(output) == STDOUT and chosen != "svg" and sys.stdout.isatty():
        raise click.UsageError(
            f"refusing to write a {chosen.upper()} to a terminal: redirect it, or use -o FILE"
        )
    return chosen


def write_output(output: Path, data: bytes) -> None:
    """Write ``data`` to ``output`` (see :mod:`boardgen.foundation.fileio`) and say so, or to standard
    output for ``-o -`` (:func:`output_format` refused a PDF or PNG for a terminal)."""
    if str(output) != STDOUT:
        write_atomic(output, data)
        click.echo(f"wrote {one_line(str(output))}")  # a name may hold escape sequences
        return
    stdout = sys.stdout.buffer
    stdout.write(data)
    stdout.flush()
