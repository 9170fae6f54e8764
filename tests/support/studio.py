"""A real studio for the tests: ``python -m boardgen.studio DIR --port 0`` in a process of
its own, its address and token, requests with the token, and a page's event stream read
in a thread (server-sent events, as the browser's EventSource reads them)."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import secrets
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx

from boardgen.descriptor.builtin import builtin_dir

#: Generous waits (s) for a shared, loaded machine; a healthy studio answers in well under one.
WAIT = 60.0
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium() -> str | None:
    """The system's Chromium (Playwright runs it; its own browsers are never downloaded)."""
    for name in (os.environ.get("BOARDGEN_CHROMIUM"), "/usr/bin/chromium", "chromium", "chromium-browser"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def shipped(game_id: str, new_id: str | None = None) -> str:
    """A shipped game's descriptor, its id changed to ``new_id`` if given."""
    text = (builtin_dir() / f"{game_id}.yaml").read_text(encoding="utf-8")
    return text.replace(f"id: {game_id}", f"id: {new_id}", 1) if new_id else text


class Events:
    """One page's event stream, read in a thread: every event as (name, data, time)."""

    def __init__(self, studio: Studio, client: str | None = None) -> None:
        self.client = client or secrets.token_hex(8)
        self.studio = studio
        self.items: queue.Queue[tuple[str, Any, float]] = queue.Queue()
        self.seen: list[tuple[str, Any, float]] = []
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()
        if not self._ready.wait(WAIT):
            raise TimeoutError("the event stream did not open")

    def _read(self) -> None:
        url = f"{self.studio.base}/api/events?client={self.client}&token={self.studio.token}"
        with httpx.stream("GET", url, timeout=None) as response:
            name = "message"
            for line in response.iter_lines():
                if self._stop.is_set():
                    return
                if line.startswith("event: "):
                    name = line[7:]
                elif line.startswith("data: "):
                    self.items.put((name, json.loads(line[6:]), time.monotonic()))
                    if name == "hello":
                        self._ready.set()

    def wait(self, match: Callable[[str, Any], bool], timeout: float = WAIT) -> tuple[str, Any, float]:
        """The first event (seen or to come) that ``match(name, data)`` accepts."""
        for item in self.seen:
            if match(item[0], item[1]):
                return item
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                seen = [(n, d.get("kind")) for n, d, _ in self.seen][-20:]
                raise TimeoutError(f"no such event; the last seen: {seen}")
            try:
                item = self.items.get(timeout=left)
            except queue.Empty:
                continue
            self.seen.append(item)
            if match(item[0], item[1]):
                return item

    def preview(self, seq: int, timeout: float = WAIT) -> list[dict[str, Any]]:
        """Every part of preview ``seq``, up to and with its end."""

        def done(name: str, data: Any) -> bool:
            if name != "preview" or data["seq"] != seq:
                return False
            return bool(data["kind"] == "end" or (data["kind"] == "game" and not data["ok"]))

        self.wait(done, timeout)
        return [d for n, d, _ in self.seen if n == "preview" and d["seq"] == seq]

    def close(self) -> None:
        self._stop.set()


class Studio:
    """``boardgen serve FOLDER --port 0`` in its own process (see the module's text)."""

    def __init__(self, folder: Path, env: dict[str, str] | None = None, port: int = 0) -> None:
        self.folder = folder
        self.process = subprocess.Popen(
            [sys.executable, "-m", "boardgen", "serve", str(folder), "--port", str(port)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **(env or {})},
        )
        assert self.process.stdout is not None
        self.url = self.process.stdout.readline().strip()
        assert self.url.startswith("http://127.0.0.1:") and "/?token=" in self.url, self.url
        self.base, self.token = self.url.split("/?token=")
        self.port = int(self.base.rsplit(":", 1)[1])
        self.http = httpx.Client(base_url=self.base, headers={"X-Studio-Token": self.token}, timeout=WAIT)

    def events(self, client: str | None = None) -> Events:
        return Events(self, client)

    def preview(
        self,
        events: Events,
        text: str,
        seq: int,
        name: str = "mini.yaml",
        lang: str = "en",
        known: Any = None,
    ) -> int:
        """Ask for a preview as the page does (``known``: the digests of the cells it has)."""
        body = {
            "client": events.client,
            "seq": seq,
            "text": text,
            "name": name,
            "lang": lang,
            "known": known or {},
        }
        answer = self.http.post("/api/preview", json=body)
        assert answer.status_code == 202, answer.text
        return seq

    def stop(self) -> str:
        """Stop the studio as Ctrl-C does; what it wrote on stderr."""
        self.http.close()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        assert self.process.stderr is not None
        return self.process.stderr.read()


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[Studio]:
    """A studio on ``folder`` (holding ``mini.yaml``, a copy of American checkers), stopped after."""
    (folder / "mini.yaml").write_text(shipped("american-checkers", "mini"), encoding="utf-8")
    running = Studio(folder)
    try:
        yield running
    finally:
        running.stop()
