"""Starting the studio: bind 127.0.0.1, print the address with its token, serve.

The socket is bound before anything else, so ``--port 0`` (a free port chosen by the
system) is known when the address is printed, and the address printed is the first
line of output. Only 127.0.0.1 is ever bound: the studio is for the person at this
computer. The token is 128 random bits, new at every start.

Connections that send nothing, or never finish a request's head, are closed after
:data:`HEAD_SECONDS` (uvicorn closes idle ones only after a first request); a body that
stops coming is the guard's (:data:`~.guard.BODY_SECONDS`). On Ctrl-C the pages'
event streams are ended first, so the server stops at once.
"""

from __future__ import annotations

__all__ = ["address", "bind", "serve"]

import asyncio
import secrets
import socket
import sys
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..errors import BoardgenError
from .app import create_app

HOST = "127.0.0.1"
#: Seconds a connection may take to send a whole request head (from its opening, or from
#: the end of its last answer) before it is closed.
HEAD_SECONDS = 5.0


class TimedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection that has sent no whole request
    head :data:`HEAD_SECONDS` after it opened or after its last answer."""

    _head_timer: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        self._disarm()
        if not self.transport.is_closing():
            self._head_timer = self.loop.call_later(HEAD_SECONDS, self._overdue)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _overdue(self) -> None:
        self._head_timer = None
        if (self.cycle is None or self.cycle.response_complete) and not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm()

    def handle_events(self) -> None:
        super().handle_events()
        if self.cycle is not None and not self.cycle.response_complete:
            self._disarm()  # a request is under way: its body is the guard's to time

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.cycle is None or self.cycle.response_complete:
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


class _Server(uvicorn.Server):
    """uvicorn's server, ending the pages' event streams as it begins to stop."""

    def __init__(self, config: uvicorn.Config, on_stop: Callable[[], None]) -> None:
        super().__init__(config)
        self.on_stop = on_stop

    async def shutdown(self, sockets: Any = None) -> None:
        self.on_stop()
        await super().shutdown(sockets)


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
    studio.downloads.warm()
    url = address(bound, token)
    echo(url)
    sys.stdout.flush()
    if open_browser:
        webbrowser.open(url)
    config = uvicorn.Config(
        app,
        http=TimedH11,
        log_level="warning",
        access_log=False,
        lifespan="off",
        timeout_keep_alive=5,
        timeout_graceful_shutdown=3,
    )
    server = _Server(config, studio.hub.close)
    try:
        server.run(sockets=[sock])
    finally:
        studio.close()
        sock.close()
