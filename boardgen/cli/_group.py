"""The ``boardgen`` command group: one line per refusal, and each command's module
imported only when that command runs.

A process that draws one diagram pays for ``diagram``'s imports alone, not for those
of ``render`` and ``build`` (PyYAML, the theme reader, the page planner) nor of
``facts`` and ``serve``: the group knows its commands by name (:data:`COMMANDS`) and
imports a command's module the first time click asks for it, as click's documentation
does with its ``LazyGroup``. ``--help``, shell completion and a mistyped name ("Did you
mean 'diagram'?") ask for every command, so they import them all and read the same as
before.
"""

from __future__ import annotations

__all__ = ["COMMANDS", "main"]

import contextlib
import gc
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import click

from .. import __version__
from ..errors import one_line


def _boards() -> dict[str, click.Command]:
    # Lazy for start-up speed: each command's module is imported when the command runs.
    from ._boards import build, list_variants, render

    return {"build": build, "list": list_variants, "render": render}


def _diagram() -> dict[str, click.Command]:
    # Lazy for start-up speed (see _boards).
    from ._diagram import diagram

    return {"diagram": diagram}


def _examples() -> dict[str, click.Command]:
    # Lazy for start-up speed (see _boards).
    from ._examples import examples

    return {"examples": examples}


def _facts() -> dict[str, click.Command]:
    # Lazy for start-up speed (see _boards).
    from ._facts import facts

    return {"facts": facts}


def _game() -> dict[str, click.Command]:
    # Lazy for start-up speed (see _boards).
    from ._game import game

    return {"game": game}


def _rules() -> dict[str, click.Command]:
    # Lazy for start-up speed (see _boards).
    from ._rules import moves, perft, validate

    return {"moves": moves, "perft": perft, "validate": validate}


def _serve() -> dict[str, click.Command]:
    # Lazy for start-up speed (see _boards).
    from ._serve import serve

    return {"serve": serve}


#: Each command's name, and the function importing its module (which returns the
#: commands of that module by name).
COMMANDS: dict[str, Callable[[], dict[str, click.Command]]] = {
    "build": _boards,
    "diagram": _diagram,
    "examples": _examples,
    "facts": _facts,
    "game": _game,
    "list": _boards,
    "moves": _rules,
    "perft": _rules,
    "render": _boards,
    "serve": _serve,
    "validate": _rules,
}


def _closed_streams_discard() -> None:
    """Give a closed standard output or error (``boardgen list >&-``: Python starts with
    ``sys.stdout`` None) a sink that discards, as Python's own ``print`` does, instead of
    an ``AttributeError`` at the first line written."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - lives as long as the process


class _Collector:
    """The cyclic garbage collector paused while a command starts, then resumed.

    Starting a command imports about a hundred modules, whose functions, classes and
    tables live as long as the process; the collector would walk them some forty times
    while they load (6 to 8 % of a one-diagram process) and free nothing. It is paused
    from :meth:`_Group.main` until the command's module is imported, then what was
    loaded is frozen (:func:`gc.freeze`: never walked again) and the collector resumed,
    so the command itself (a build, a batch of diagrams) runs with it as usual. When
    the command ends, the frozen objects are handed back to the collector (a test or
    a program calling :data:`main` many times keeps nothing frozen). Nothing is done if
    the caller had paused the collector or frozen objects itself.
    """

    def __init__(self) -> None:
        self.paused = False
        self.frozen = False

    @contextlib.contextmanager
    def paused_while_starting(self) -> Iterator[None]:
        if gc.isenabled() and gc.get_freeze_count() == 0 and not self.paused and not self.frozen:
            gc.disable()
            self.paused = True
        try:
            yield
        finally:
            if self.paused:
                gc.enable()
                self.paused = False
            if self.frozen:
                gc.unfreeze()
                self.frozen = False

    def resume(self) -> None:
        if self.paused:
            gc.freeze()
            self.frozen = True
            gc.enable()
            self.paused = False


_COLLECTOR = _Collector()


class _Group(click.Group):
    """click's group, except that

    * a command's module is imported when the command is first asked for (see the
      module's text), with the garbage collector paused meanwhile (:class:`_Collector`);
    * Ctrl-C exits with status 130 (128 + SIGINT), as shells expect, instead of click's
      "Aborted!" and status 1;
    * a usage error is one line (``Error: ... (see 'boardgen render --help')``, exit
      status 2) rather than click's usage reminder, hint and message on four lines:
      every refusal is one line.
    """

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            for name, command in COMMANDS[cmd_name]().items():
                self.add_command(command, name)
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *COMMANDS})

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and not ctx.resilient_parsing and args[0] not in {*COMMANDS, *self.commands}:
            # Not a command: click suggests the closest names among those it holds, so
            # it is given them all.
            for name in COMMANDS:
                self.get_command(ctx, name)
        found = super().resolve_command(ctx, args)
        _COLLECTOR.resume()  # the command's code is loaded: see _Collector
        return found

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        _closed_streams_discard()
        with _COLLECTOR.paused_while_starting():
            return self._main(args, prog_name, complete_var, standalone_mode, **extra)

    def _main(
        self,
        args: Sequence[str] | None,
        prog_name: str | None,
        complete_var: str | None,
        standalone_mode: bool,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            return super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as error:
            # ``boardgen`` alone: the help as it is meant to be read, on stderr, status 2.
            click.echo(error.ctx.get_help() if error.ctx is not None else error.format_message(), err=True)
            sys.exit(error.exit_code)
        except click.UsageError as error:
            hint = f" (see '{error.ctx.command_path} --help')" if error.ctx is not None else ""
            click.echo(f"Error: {one_line(error.format_message())}{hint}", err=True)
            sys.exit(error.exit_code)
        except click.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("\ninterrupted", err=True)
            # Lazy for start-up speed: the signal module is needed only here.
            import signal

            sys.exit(128 + signal.SIGINT)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="boardgen")
def main() -> None:
    """Printable true-scale boards, diagrams and rules for draughts-like and placement games."""
