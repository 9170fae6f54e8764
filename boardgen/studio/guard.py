"""What every request to the studio must show before it reaches a route.

* **Host** is the studio's own address (``127.0.0.1:PORT`` or ``localhost:PORT``): a
  page of another site that rebinds its DNS name to 127.0.0.1 sends its own name and
  is turned away (421).
* **Origin**, when the browser sends one, is the studio's own: no other site's page can
  make the studio save, copy or compute (403). A request that changes anything must
  also carry the token in the ``X-Studio-Token`` header, which a cross-site form cannot
  set.
* **The token** (a random secret printed in the address at start-up) comes in the
  query (``?token=``), that header, or the cookie the page sets on its first visit
  (``SameSite=Strict``, ``HttpOnly``); without it, 403.
* **Size**: a body over :data:`MAX_BODY` bytes is refused (413), whether it says its
  length or not.
"""

from __future__ import annotations

__all__ = ["MAX_BODY", "TOKEN_HEADER", "Guard", "cookie_name"]

import hmac
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

#: The largest request body: a descriptor (at most 1 MiB) written as JSON, with room to spare.
MAX_BODY = 3 << 20
TOKEN_HEADER = "x-studio-token"
_SAFE = ("GET", "HEAD")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def cookie_name(port: int) -> str:
    """The token's cookie: named after the port, as cookies do not tell ports apart."""
    return f"boardgen_studio_{port}"


class Guard:
    """ASGI middleware enforcing the checks of the module's text around ``app``."""

    def __init__(self, app: ASGIApp, token: str, port: Callable[[], int], max_body: int = MAX_BODY) -> None:
        self.app = app
        self.token = token
        self.port = port
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
            return
        refusal = self._refusal(scope)
        if refusal is not None:
            await _answer(send, *refusal)
            return
        headers = _headers(scope)
        declared = headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await _answer(send, 413, f"request body over {self.max_body >> 20} MiB")
            return
        received = 0
        started = answered = False

        async def counted() -> Message:
            nonlocal received, answered
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    if not started and not answered:
                        answered = True
                        await _answer(send, 413, f"request body over {self.max_body >> 20} MiB")
                    return {"type": "http.disconnect"}  # the application stops reading here
            return message

        async def tracked(message: Message) -> None:
            nonlocal started
            if answered:
                return  # the 413 is the answer
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, tracked)
        except Exception:
            if not answered:
                raise

    def _refusal(self, scope: Scope) -> tuple[int, str] | None:
        headers = _headers(scope)
        port = self.port()
        hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
        if headers.get("host", "").lower() not in hosts:
            return 421, f"this studio answers only at its own address, http://127.0.0.1:{port}/"
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in {f"http://{host}" for host in hosts}:
            return 403, "requests from other sites are refused"
        method = scope["method"]
        if method not in _SAFE:
            site = headers.get("sec-fetch-site")
            if site is not None and site not in ("same-origin", "none"):
                return 403, "requests from other sites are refused"
            if not self._matches(headers.get(TOKEN_HEADER)):
                return 403, "a change needs the studio's token in the X-Studio-Token header"
            return None
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        given = [*query.get("token", []), headers.get(TOKEN_HEADER), _cookie(headers, cookie_name(port))]
        if not any(self._matches(value) for value in given):
            return 403, "open the studio with the address it printed (it carries the token)"
        return None

    def _matches(self, value: str | None) -> bool:
        return value is not None and hmac.compare_digest(value.encode(), self.token.encode())


def _headers(scope: Scope) -> dict[str, str]:
    return {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope["headers"]}


def _cookie(headers: dict[str, str], name: str) -> str | None:
    for part in headers.get("cookie", "").split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None


async def _answer(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})
