"""``boardgen serve``: the designer's studio, a local web page (see :mod:`boardgen.studio`)."""

from __future__ import annotations

__all__: list[str] = []

from pathlib import Path

import click

from ..errors import BoardgenError
from ._app import main, reports_errors

#: What to type when the studio's web stack is not installed.
INSTALL_HINT = "pip install 'boardgen[studio]'"


@main.command()
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
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise BoardgenError(f"boardgen serve needs Starlette and uvicorn: {INSTALL_HINT}") from None
    from ..studio.server import serve as run

    run(folder, port, click.echo, open_browser=open_browser)
