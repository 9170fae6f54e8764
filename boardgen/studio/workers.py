"""The studio's worker processes: the server never draws or plays in its own process.

A :class:`Pool` keeps a few warm processes (their imports and caches kept between
jobs); each runs one job at a time. A job (:mod:`.work`) sends its parts as it makes
them, over a pipe, and the pool hands them to whoever waits (:meth:`Job.parts`).

Jobs belong to *lanes* (the previews of one page, the moves it plays): a new job in a
lane cancels the lane's older ones. A queued job is dropped at once; a running one is
told to stop and stops at its next part (a worker looks for the word between two
parts); one that has not stopped :data:`GRACE` seconds later, or that runs past its time
limit, is stopped by killing its process, and a fresh process takes its place. So stale
work never holds a worker, and a new text is drawn as soon as a worker is free.

Everything here runs on the server's event loop except what blocks (starting and
killing processes, reading the pipes), which runs in threads. :class:`FactsJobs` runs
game facts, one run at a time, each in a process of its own, and reports its progress
as it comes (no polling).

Processes come from a fork server where the platform has one (started before any of
the server's threads, so no lock is copied half-held), else they are spawned.
"""

from __future__ import annotations

__all__ = ["GRACE", "Cancelled", "FactsJobs", "Job", "Pool", "TimeLimit", "context", "serve_jobs"]

import asyncio
import contextlib
import functools
import itertools
import multiprocessing
import os
import queue as queues
import secrets
import threading
import time
from collections.abc import AsyncIterator, Callable, Hashable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from typing import Any

from .folder import Refused
from .problems import failed
from .work import JOBS, TICK, facts_job, start_worker

#: Seconds a cancelled job may take to reach its next part before its process is killed.
GRACE = 0.5
_END = object()


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


class Cancelled(Refused):
    """A job replaced by a newer one of its lane before it ended."""

    def __init__(self) -> None:
        super().__init__("replaced by a newer request", 409)


class JobFailed(Refused):
    """A job whose work failed: its located problem."""

    def __init__(self, problem: dict[str, Any]) -> None:
        super().__init__(problem.get("text") or problem["message"], 400)
        self.problem = problem


# -- in the worker process -----------------------------------------------------------------------


def serve_jobs(conn: Connection, studio: int) -> None:
    """A worker's life: run each job it is sent, sending its parts, and stop one that a
    ``cancel`` reaches between two parts."""
    start_worker(studio)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):  # the studio is gone
            return
        if message[0] != "job":
            continue  # a cancel for a job that already ended
        _, job, name, args = message
        conn.send(("end", job, _run(conn, job, JOBS[name](*args))))


def _run(conn: Connection, job: int, parts: Any) -> dict[str, Any] | str | None:
    """Send each part of the generator ``parts``; None when it ended, ``"cancelled"``
    when told to stop, else the located problem that ended it."""
    try:
        for part in parts:
            if part is not TICK:
                conn.send(("part", job, part))
            while conn.poll():
                message = conn.recv()
                if message == ("cancel", job):
                    parts.close()
                    return "cancelled"
        return None
    except (MemoryError, RecursionError, Exception) as error:
        return failed(error)


# -- in the studio ---------------------------------------------------------------------------------

_ids = itertools.count(1)


@dataclass(eq=False)
class Job:
    """One job: what to run, its lane, and its parts as they come."""

    lane: Hashable
    name: str
    args: tuple[Any, ...]
    seconds: float
    what: str
    priority: int = 1
    id: int = field(default_factory=lambda: next(_ids))
    queue: asyncio.Queue[Any] = field(default_factory=asyncio.Queue)
    state: str = "queued"

    def finish(self, outcome: Any = None) -> None:
        """End the job (an exception, or None when it ended well) for those waiting."""
        if self.state in ("done", "cancelled"):
            return
        self.state = "cancelled" if isinstance(outcome, Cancelled) else "done"
        if outcome is not None:
            self.queue.put_nowait(outcome)
        self.queue.put_nowait(_END)

    async def parts(self) -> AsyncIterator[dict[str, Any]]:
        """The job's parts as they come; its failure raised at the end (:class:`JobFailed`,
        :class:`TimeLimit`, :class:`Cancelled`)."""
        while True:
            item = await self.queue.get()
            if item is _END:
                return
            if isinstance(item, BaseException):
                raise item
            yield item

    async def result(self) -> dict[str, Any]:
        """The job's one part (a move played, a page, a download)."""
        found: dict[str, Any] | None = None
        async for part in self.parts():
            found = part
        if found is None:
            raise JobFailed({"message": f"{self.what} made nothing"})
        return found


class _Slot:
    """One worker process, the pipe to it, and the job it runs. ``state``: ``empty`` (no
    process yet), ``starting`` (one is being started) or ``ready``."""

    def __init__(self) -> None:
        self.process: Any = None
        self.conn: Connection | None = None
        self.job: Job | None = None
        self.state = "empty"
        self.timer: asyncio.TimerHandle | None = None


class Pool:
    """Warm worker processes running jobs by lane (see the module's text)."""

    def __init__(self, name: str, size: int) -> None:
        self.name = name
        self._slots = [_Slot() for _ in range(size)]
        self._queue: list[Job] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False

    # -- the processes ---------------------------------------------------------------------

    def warm(self) -> None:
        """Start the processes now (blocking, before the server runs), so the first job
        does not wait for them."""
        for slot in self._slots:
            if slot.state == "empty":
                self._spawn(slot)
                slot.state = "ready"

    def _spawn(self, slot: _Slot) -> None:
        """Start a process for ``slot`` (blocking: the loop runs it in a thread)."""
        ours, theirs = context().Pipe()
        process = context().Process(  # type: ignore[attr-defined]
            target=serve_jobs, args=(theirs, os.getpid()), name=f"boardgen-{self.name}", daemon=True
        )
        process.start()
        theirs.close()
        slot.process, slot.conn = process, ours
        threading.Thread(target=self._listen, args=(slot, process, ours), daemon=True).start()

    def _listen(self, slot: _Slot, process: Any, conn: Connection) -> None:
        """Hand every message of ``process`` to the loop, then its end."""
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):
                break
            self._call(self._message, slot, process, message)
        self._call(self._died, slot, process)

    def _call(self, function: Callable[..., None], *args: Any) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(function, *args)

    @staticmethod
    def _kill(process: Any, conn: Connection | None) -> None:
        if process is not None and process.is_alive():
            process.kill()
        if process is not None:
            process.join(1)  # killed: gone at once (a longer wait only if another child holds its pipe)
        if conn is not None:
            conn.close()

    def _start(self, slot: _Slot, old: Any = None, conn: Connection | None = None) -> None:
        """Kill ``old`` (the slot's last process) and start another, without blocking the loop."""
        loop = self._loop
        assert loop is not None
        slot.state = "starting"

        def renew() -> None:
            self._kill(old, conn)
            if not self._closed:
                self._spawn(slot)

        async def renewed() -> None:
            await loop.run_in_executor(None, renew)
            if not self._closed:
                slot.state = "ready"
                self._dispatch()

        loop.create_task(renewed())

    def _replace(self, slot: _Slot) -> None:
        """Kill the slot's process (its job is over) and start a fresh one."""
        old, conn = slot.process, slot.conn
        slot.process = slot.conn = slot.job = None
        if slot.timer is not None:
            slot.timer.cancel()
            slot.timer = None
        self._start(slot, old, conn)

    # -- the jobs ---------------------------------------------------------------------------

    def submit(
        self,
        lane: Hashable,
        name: str,
        args: tuple[Any, ...],
        seconds: float,
        what: str,
        *,
        priority: int = 1,
    ) -> Job:
        """Queue a job (on the loop); the lane's older jobs are cancelled (``lane`` None:
        jobs that never replace one another, as downloads). Lower ``priority`` runs first."""
        self._loop = asyncio.get_running_loop()
        if self._closed:
            raise Refused("the studio is stopping", 503)
        if lane is not None:
            for job in [j for j in self._queue if j.lane == lane]:
                self._queue.remove(job)
                job.finish(Cancelled())
            for slot in self._slots:
                if slot.job is not None and slot.job.lane == lane and slot.job.state == "running":
                    self._cancel(slot, slot.job)
        job = Job(lane, name, args, seconds, what, priority)
        self._queue.append(job)
        self._queue.sort(key=lambda j: j.priority)  # stable: first come first within a priority
        self._dispatch()
        return job

    def _dispatch(self) -> None:
        for slot in self._slots:
            if not self._queue or self._closed:
                return
            if slot.state == "empty":
                self._start(slot)
            if slot.state != "ready" or slot.job is not None:
                continue
            job = self._queue.pop(0)
            assert slot.conn is not None
            try:
                slot.conn.send(("job", job.id, job.name, job.args))
            except (OSError, ValueError):
                self._queue.insert(0, job)
                self._replace(slot)
                continue
            job.state = "running"
            slot.job = job
            assert self._loop is not None
            slot.timer = self._loop.call_later(job.seconds, self._overtime, slot, job)

    def _cancel(self, slot: _Slot, job: Job) -> None:
        """Tell the slot's process to stop ``job``; kill it if it has not after :data:`GRACE`."""
        job.finish(Cancelled())
        try:
            assert slot.conn is not None
            slot.conn.send(("cancel", job.id))
        except (OSError, ValueError):
            self._replace(slot)
            return
        assert self._loop is not None
        self._loop.call_later(GRACE, self._overdue, slot, job)

    def _overdue(self, slot: _Slot, job: Job) -> None:
        if slot.job is job:
            self._replace(slot)

    def _overtime(self, slot: _Slot, job: Job) -> None:
        if slot.job is job:
            job.finish(TimeLimit(job.what, job.seconds))
            self._replace(slot)

    def _message(self, slot: _Slot, process: Any, message: tuple[str, int, Any]) -> None:
        kind, job_id, payload = message
        job = slot.job
        if slot.process is not process or job is None or job.id != job_id:
            return  # from a process or a job replaced since
        if kind == "part":
            if job.state == "running":
                job.queue.put_nowait(payload)
            return
        # "end": None (done), "cancelled", or the problem that ended it
        if slot.timer is not None:
            slot.timer.cancel()
            slot.timer = None
        slot.job = None
        job.finish(None if payload in (None, "cancelled") else JobFailed(payload))
        self._dispatch()

    def _died(self, slot: _Slot, process: Any) -> None:
        if slot.process is not process or self._closed:
            return  # replaced on purpose
        job = slot.job
        if job is not None:
            message = f"{job.what} stopped its worker (over the memory limit?); the worker was replaced"
            job.finish(JobFailed({"message": message}))
        self._replace(slot)

    def busy(self) -> int:
        """How many processes are running a job now (for the tests and the benchmark)."""
        return sum(1 for slot in self._slots if slot.job is not None)

    def processes(self) -> list[int]:
        """The ids of the worker processes alive now."""
        return [
            slot.process.pid for slot in self._slots if slot.process is not None and slot.process.is_alive()
        ]

    def close(self) -> None:
        """Stop every process (blocking): all killed first, then each waited for."""
        self._closed = True
        ending = []
        for slot in self._slots:
            if slot.job is not None:
                slot.job.finish(Cancelled())
            if slot.process is not None and slot.process.is_alive():
                slot.process.kill()
            ending.append((slot.process, slot.conn))
            slot.process = slot.conn = slot.job = None
        for process, conn in ending:
            self._kill(process, conn)
        for job in self._queue:
            job.finish(Cancelled())
        self._queue.clear()


# -- game facts ------------------------------------------------------------------------------------


@dataclass
class _Run:
    """One run of game facts."""

    key: str
    process: Any
    messages: Any
    deadline: float
    report: Callable[[dict[str, Any]], None]
    state: str = "running"
    done: int = 0
    asked: int = 0
    result: dict[str, Any] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    error: dict[str, Any] | None = None

    def status(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "state": self.state,
            "done": self.done,
            "asked": self.asked,
            "result": self.result,
            "lines": self.lines,
            "error": self.error,
        }


class FactsJobs:
    """Game facts runs: one at a time (a new one stops the one before), each in its own
    process, stopped on request or when it passes its time limit plus a grace period.
    A thread per run reads its progress and hands each change to ``report`` at once."""

    GRACE = 15.0

    def __init__(self) -> None:
        self._runs: dict[str, _Run] = {}
        self._lock = threading.Lock()

    def start(
        self,
        args: tuple[str, str, str, int, int],
        seconds: float,
        report: Callable[[dict[str, Any]], None],
    ) -> str:
        """Start a run of ``facts_job(text, name, folder, games, seed)`` (blocking: call it
        in a thread); its key. ``report`` gets the run's status as it changes."""
        text, name, folder, games, seed = args
        with self._lock:
            for run in self._runs.values():
                self._end(run, "stopped")
            self._runs.clear()
            ctx = context()
            messages = ctx.Queue()
            process = ctx.Process(  # type: ignore[attr-defined]
                target=facts_job,
                args=(text, name, folder, games, seed, seconds, messages, os.getpid()),
                daemon=True,
            )
            process.start()
            key = secrets.token_hex(8)
            run = _Run(key, process, messages, time.monotonic() + seconds + self.GRACE, report, asked=games)
            self._runs[key] = run
        threading.Thread(target=self._follow, args=(run,), daemon=True).start()
        return key

    def _follow(self, run: _Run) -> None:
        """Read the run's messages until it ends, reporting each."""
        while run.state == "running":
            try:
                message = run.messages.get(timeout=0.25)
            except queues.Empty:
                with self._lock:
                    if run.state == "running" and (
                        time.monotonic() > run.deadline or not run.process.is_alive()
                    ):
                        self._end(run, "error")
                        run.error = {"message": "the facts run was stopped (time or memory limit)"}
                        run.report(run.status())
                continue
            except (OSError, ValueError, EOFError):
                return
            with self._lock:
                if run.state != "running":
                    return
                if message[0] == "progress":
                    run.done, run.asked = message[1], message[2]
                elif message[0] == "done":
                    run.result, run.lines = message[1], message[2]
                    self._end(run, "done")
                elif message[0] == "error":
                    run.error = message[1]
                    self._end(run, "error")
                status = run.status()
            run.report(status)

    def status(self, key: str) -> dict[str, Any]:
        with self._lock:
            run = self._runs.get(key)
            if run is None:
                raise Refused("no such facts run (a newer one replaced it)", 404)
            return run.status()

    def stop(self, key: str) -> dict[str, Any]:
        """Stop a run (blocking: call it in a thread); its status."""
        with self._lock:
            run = self._runs.get(key)
            if run is None:
                raise Refused("no such facts run (a newer one replaced it)", 404)
            self._end(run, "stopped")
            status = run.status()
        run.report(status)
        return status

    def _end(self, run: _Run, state: str) -> None:
        if run.state == "running":
            run.state = state
        if run.process.is_alive():
            run.process.join(0.2)
        if run.process.is_alive():
            run.process.kill()
            run.process.join()

    def close(self) -> None:
        with self._lock:
            for run in self._runs.values():
                self._end(run, "stopped")
