"""``boardgen serve``: the designer's studio, a local web page (see :mod:`boardgen.studio`).

The studio is a front end of its own beside the command line: this command checks its
options and that the studio's web stack is installed, then starts
``python -m boardgen.studio`` in its place (the same process on POSIX, so Ctrl-C, exit
status and the printed address are the studio's own).
"""

from __future__ import annotations

__all__ = ["INSTALL_HINT"]

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import click

from ..errors import BoardgenError
from ._app import reports_errors

#: What to type when the studio's web stack is not installed.
INSTALL_HINT = "pip install 'boardgen-print[studio]'"
#: The packages the studio needs beyond boardgen's own.
NEEDED = ("starlette", "uvicorn")


@click.command()
@click.argument("folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8765,
    show_default=True,
    help="The port to listen on, on 127.0.0.1 only; 0 picks a free one.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the web browser too.")
@reports_errors
def serve(folder: Path, port: int, open_browser: bool) -> None:
    """Open the studio on FOLDER (default: the current folder): a local web page to write
    a game's descriptor and see its board, start, pieces and rule sheet as you type.

    The first line printed is the page's address, with a secret token: open it in a
    browser on this computer. The studio reads and writes only the descriptors directly
    inside FOLDER; Ctrl-C stops it.
    """
    if not folder.is_dir():
        raise BoardgenError(f"{folder}: no such folder")
    missing = [name for name in NEEDED if importlib.util.find_spec(name) is None]
    if missing:
        raise BoardgenError(f"boardgen serve needs {' and '.join(missing)}: {INSTALL_HINT}")
    argv = [sys.executable, "-m", "boardgen.studio", str(folder), "--port", str(port)]
    if open_browser:
        argv.append("--open")
    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "posix":
        os.execv(sys.executable, argv)
    sys.exit(subprocess.call(argv))  # pragma: no cover - Windows has no exec that keeps the console
