"""Starting the studio: bind 127.0.0.1, print the address with its token, serve.

The socket is bound before anything else, so ``--port 0`` (a free port chosen by the
system) is known when the address is printed, and the address printed is the first
line of output. Only 127.0.0.1 is ever bound: the studio is for the person at this
computer. The token is 128 random bits, new at every start.
"""

from __future__ import annotations

__all__ = ["address", "bind", "serve"]

import secrets
import socket
import sys
import webbrowser
from collections.abc import Callable
from pathlib import Path

import uvicorn

from ..errors import BoardgenError
from .app import create_app

HOST = "127.0.0.1"


def bind(port: int) -> socket.socket:
    """A listening socket on 127.0.0.1:``port`` (0: any free port)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((HOST, port))
    except OSError as error:
        sock.close()
        raise BoardgenError(f"--port {port}: cannot listen there ({error.strerror})") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def address(port: int, token: str) -> str:
    return f"http://{HOST}:{port}/?token={token}"


def serve(folder: Path, port: int, echo: Callable[[str], None], *, open_browser: bool = False) -> None:
    """Serve ``folder`` until interrupted; ``echo`` prints the address first."""
    sock = bind(port)
    bound = sock.getsockname()[1]
    token = secrets.token_urlsafe(16)
    app, studio = create_app(folder, token, lambda: bound)
    studio.previews.warm()  # the fork server starts here, before the server's threads
    url = address(bound, token)
    echo(url)
    sys.stdout.flush()
    if open_browser:
        webbrowser.open(url)
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="off", timeout_graceful_shutdown=3
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        studio.close()
        sock.close()
