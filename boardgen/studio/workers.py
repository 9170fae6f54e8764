"""The studio's worker processes: the server never draws or plays in its own process.

A :class:`Worker` is one warm process (its imports and caches kept between jobs) that
runs one job at a time under a time limit; a job that runs over is stopped by killing
the process, and the next job gets a fresh one. Previews and downloads each have their
own, so a long download never holds the preview back. :class:`FactsJobs` runs game
facts, one run at a time, each in a process of its own that reports its progress.

Processes come from a fork server where the platform has one (started before any of
the server's threads, so no lock is copied half-held), else they are spawned.
"""

from __future__ import annotations

__all__ = ["FactsJobs", "TimeLimit", "Worker", "context"]

import functools
import multiprocessing
import os
import queue as queues
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.context import BaseContext
from multiprocessing.pool import Pool
from typing import Any

from .folder import Refused
from .work import facts_job, start_worker


@functools.cache
def context() -> BaseContext:
    """The process context every worker comes from (see the module's text)."""
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["boardgen.studio.work", "boardgen.model.facts"])
        return ctx
    return multiprocessing.get_context("spawn")


class TimeLimit(Refused):
    """A job stopped at its time limit."""

    def __init__(self, what: str, seconds: float) -> None:
        super().__init__(f"{what} took longer than {seconds:g} s and was stopped", 503)


class Worker:
    """One process running one job at a time, each under a time limit (see the module)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._pool: Pool | None = None
        self._lock = threading.Lock()

    def warm(self) -> None:
        """Start the process now (the first preview then does not wait for it)."""
        with self._lock:
            if self._pool is None:
                self._pool = context().Pool(1, initializer=start_worker, initargs=(os.getpid(),))

    def run(self, what: str, function: Callable[..., Any], args: tuple[Any, ...], seconds: float) -> Any:
        """``function(*args)`` in the worker; :class:`TimeLimit` after ``seconds``."""
        with self._lock:
            if self._pool is None:
                self._pool = context().Pool(1, initializer=start_worker, initargs=(os.getpid(),))
            pending = self._pool.apply_async(function, args)
            try:
                return pending.get(seconds)
            except multiprocessing.TimeoutError:
                self._stop()
                raise TimeLimit(what, seconds) from None

    def _stop(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None

    def close(self) -> None:
        with self._lock:
            self._stop()


@dataclass
class _Run:
    """One run of game facts, as the page polls it."""

    process: Any
    messages: Any
    deadline: float
    state: str = "running"
    done: int = 0
    asked: int = 0
    result: dict[str, Any] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    error: dict[str, Any] | None = None


class FactsJobs:
    """Game facts runs: one at a time (a new one stops the one before), each in its own
    process, stopped when it passes its time limit plus a grace period."""

    GRACE = 15.0

    def __init__(self) -> None:
        self._runs: dict[str, _Run] = {}
        self._lock = threading.Lock()

    def start(self, text: str, name: str, games: int, seed: int, seconds: float) -> str:
        with self._lock:
            for run in self._runs.values():
                self._end(run, "stopped")
            self._runs.clear()
            ctx = context()
            messages = ctx.Queue()
            process = ctx.Process(  # type: ignore[attr-defined]
                target=facts_job, args=(text, name, games, seed, seconds, messages, os.getpid()), daemon=True
            )
            process.start()
            key = secrets.token_hex(8)
            self._runs[key] = _Run(process, messages, time.monotonic() + seconds + self.GRACE, asked=games)
            return key

    def status(self, key: str) -> dict[str, Any]:
        with self._lock:
            run = self._runs.get(key)
            if run is None:
                raise Refused("no such facts run (a newer one replaced it)", 404)
            self._drain(run)
            if run.state == "running" and (time.monotonic() > run.deadline or not run.process.is_alive()):
                self._drain(run)
                if run.state == "running":
                    self._end(run, "error")
                    run.error = {"message": "the facts run was stopped (time or memory limit)"}
            return {
                "state": run.state,
                "done": run.done,
                "asked": run.asked,
                "result": run.result,
                "lines": run.lines,
                "error": run.error,
            }

    def _drain(self, run: _Run) -> None:
        while True:
            try:
                message = run.messages.get_nowait()
            except (queues.Empty, OSError, ValueError):
                return
            if message[0] == "progress":
                run.done, run.asked = message[1], message[2]
            elif message[0] == "done":
                run.result, run.lines = message[1], message[2]
                self._end(run, "done")
            elif message[0] == "error":
                run.error = message[1]
                self._end(run, "error")

    def _end(self, run: _Run, state: str) -> None:
        if run.state == "running":
            run.state = state
        if run.process.is_alive():
            run.process.join(0.5)
        if run.process.is_alive():
            run.process.kill()
            run.process.join()

    def close(self) -> None:
        with self._lock:
            for run in self._runs.values():
                self._end(run, "stopped")
