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
* **Fetch metadata**: a browser says where a request comes from (``Sec-Fetch-Site``);
  any request, reading ones too, that comes from another site is refused (403), so a page
  on another port of 127.0.0.1 (which counts as the same *site*, and so gets the cookie)
  can neither load downloads as images nor start work. Only ``same-origin`` (the studio's
  own page) and ``none`` (an address typed or opened from the terminal) pass.
* **Size**: a body over :data:`MAX_BODY` bytes is refused (413), whether it says its
  length or not.
* **Time**: a body that stops coming for :data:`BODY_SECONDS` seconds is answered 408 and
  its connection closed (:mod:`.server` closes connections that send no request).
"""

from __future__ import annotations

__all__ = ["BODY_SECONDS", "MAX_BODY", "TOKEN_HEADER", "Guard", "cookie_name"]

import asyncio
import hmac
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

#: The largest request body: a descriptor (at most 1 MiB) written as JSON, with room to spare.
MAX_BODY = 3 << 20
#: Seconds a request body may pause before the request is given up (408).
BODY_SECONDS = 5.0
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

    def __init__(
        self,
        app: ASGIApp,
        token: str,
        port: Callable[[], int],
        max_body: int = MAX_BODY,
        body_seconds: float = BODY_SECONDS,
    ) -> None:
        self.app = app
        self.token = token
        self.port = port
        self.max_body = max_body
        self.body_seconds = body_seconds

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
        started = answered = whole = False

        async def counted() -> Message:
            nonlocal received, answered, whole
            if whole:  # the body is in: what comes now is the end of the connection
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), self.body_seconds)
            except asyncio.TimeoutError:
                if not started and not answered:
                    answered = True
                    words = f"the request body stopped coming for {self.body_seconds:g} s"
                    await _answer(send, 408, words, close=True)
                return {"type": "http.disconnect"}  # the application stops reading here
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                whole = not message.get("more_body", False)
                if received > self.max_body:
                    if not started and not answered:
                        answered = True
                        await _answer(send, 413, f"request body over {self.max_body >> 20} MiB", close=True)
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
        site = headers.get("sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            return 403, "requests from other sites (or other ports) are refused"
        if method not in _SAFE:
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


async def _answer(send: Send, status: int, message: str, *, close: bool = False) -> None:
    """A refusal as JSON; ``close`` ends the connection after it (a body left half-sent)."""
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
