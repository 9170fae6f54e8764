"""What the studio tells its pages as it happens: server-sent events, and the pictures
they name.

Each page opens one event stream (``GET /api/events?client=ID``, the browser's
``EventSource``). The first event, ``hello``, carries the studio's instance (a page that
reconnects to a different one knows the studio was restarted) and the folder's files;
then come ``files`` when the folder changes on disk (seen by :class:`Watcher`, with
``stat`` alone), ``preview`` parts of the page's previews, and ``facts`` progress. A
comment line every :data:`HEARTBEAT` seconds keeps the stream open and lets the page
notice a studio that is gone.

Pictures and PDFs are not sent in events: each is kept in :class:`Blobs` under the
digest of its bytes and fetched by the page from ``/api/blob/DIGEST`` only when the
digest changed, so an unchanged board is never sent twice.
"""

from __future__ import annotations

__all__ = ["HEARTBEAT", "WATCH_SECONDS", "Blobs", "Hub", "Watcher", "digest"]

import asyncio
import contextlib
import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from typing import Any

#: Seconds between two comment lines on a quiet stream.
HEARTBEAT = 10.0
#: Seconds between two looks at the folder while a page is open.
WATCH_SECONDS = 0.5
#: What the browser waits before reconnecting a dropped stream, in milliseconds.
RETRY_MS = 1000
#: Bytes of pictures and PDFs kept for the pages (the oldest go first).
BLOB_BYTES = 256 << 20
#: Events waiting for a slow page before its stream is dropped (it reconnects).
_BACKLOG = 2000


def digest(data: bytes) -> str:
    """A picture's name: the first 32 hex digits of its SHA-256."""
    return hashlib.sha256(data).hexdigest()[:32]


class Blobs:
    """Pictures and PDFs by digest, the newest :data:`BLOB_BYTES` of them."""

    def __init__(self, limit: int = BLOB_BYTES) -> None:
        self._items: OrderedDict[str, tuple[bytes, str]] = OrderedDict()
        self._size = 0
        self._limit = limit
        self._lock = threading.Lock()

    def put(self, data: bytes, kind: str) -> str:
        """Keep ``data`` (of media type ``kind``); its digest."""
        name = digest(data)
        with self._lock:
            if name in self._items:
                self._items.move_to_end(name)
                return name
            self._items[name] = (data, kind)
            self._size += len(data)
            while self._size > self._limit and len(self._items) > 1:
                _, (old, _) = self._items.popitem(last=False)
                self._size -= len(old)
        return name

    def get(self, name: str) -> tuple[bytes, str] | None:
        with self._lock:
            found = self._items.get(name)
            if found is not None:
                self._items.move_to_end(name)
            return found


class _Client:
    """One page's stream: its events waiting to be sent."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()


def _event(name: str, data: Any) -> str:
    return f"event: {name}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


class Hub:
    """The open event streams, by the page's client id."""

    def __init__(self) -> None:
        self._clients: dict[str, _Client] = {}
        self.closing = asyncio.Event()

    def __len__(self) -> int:
        return len(self._clients)

    def connected(self, client: str) -> bool:
        return client in self._clients

    def publish(self, client: str, name: str, data: Any) -> None:
        """Send event ``name`` to one page (nothing if it has no stream open)."""
        found = self._clients.get(client)
        if found is None:
            return
        if found.queue.qsize() > _BACKLOG:  # a page that stopped reading: it will reconnect
            found.queue.put_nowait(None)
            return
        found.queue.put_nowait(_event(name, data))

    def broadcast(self, name: str, data: Any) -> None:
        for client in list(self._clients):
            self.publish(client, name, data)

    def open(self, client: str) -> _Client:
        """Register a page's stream (a newer stream of the same client ends an older one);
        done before the stream starts, so the page counts as there at once."""
        old = self._clients.pop(client, None)
        if old is not None:
            old.queue.put_nowait(None)
        mine = _Client()
        self._clients[client] = mine
        return mine

    async def stream(self, client: str, mine: _Client, hello: dict[str, Any]) -> AsyncIterator[str]:
        """The event stream of one page (registered by :meth:`open`), ``hello`` first."""
        try:
            yield f"retry: {RETRY_MS}\n\n"
            yield _event("hello", hello)
            while not self.closing.is_set():
                try:
                    item = await asyncio.wait_for(mine.queue.get(), HEARTBEAT)
                except asyncio.TimeoutError:
                    yield ": still here\n\n"
                    continue
                if item is None:
                    return
                yield item
        finally:
            if self._clients.get(client) is mine:
                del self._clients[client]

    def close(self) -> None:
        """End every stream (the studio is stopping)."""
        self.closing.set()
        for found in self._clients.values():
            found.queue.put_nowait(None)


class Watcher:
    """Looks at the folder every :data:`WATCH_SECONDS` while a page is open, off the event
    loop, and broadcasts its files when they changed."""

    def __init__(self, hub: Hub, listing: Callable[[], Any]) -> None:
        self.hub = hub
        self.listing = listing
        self.last: Any = None
        self._task: asyncio.Task[None] | None = None

    def ensure(self) -> None:
        """Start watching (on the loop), unless already watching."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._watch())

    async def _watch(self) -> None:
        while len(self.hub) and not self.hub.closing.is_set():
            try:
                now = await asyncio.to_thread(self.listing)
            except Exception:  # a folder gone or unreadable: looked at again next time
                now = None
            if now is not None and now != self.last:
                self.last = now
                self.hub.broadcast("files", now)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.hub.closing.wait(), WATCH_SECONDS)
