"""The studio's worker pool: a newer job of a lane cancels the older one, and the stale
work really stops (at its next part when it makes parts, else its process is killed and
replaced); a job over its time limit is stopped; a failure is one located problem.

The jobs here are the tests' own (a sleeper that never looks up, a counter that makes a
part every tenth of a second), run in processes forked from this one so they know them.
The margins are wide: a stale job would run 30 s more; stopping it takes about a second."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")

from boardgen.errors import BoardgenError
from boardgen.studio import work, workers
from boardgen.studio.workers import GRACE, Cancelled, JobFailed, Pool, TimeLimit

pytestmark = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="needs fork")


def sleeper(seconds: float) -> Iterator[dict[str, Any]]:
    """A part at once, then work that never reaches another part."""
    yield {"kind": "first", "pid": os.getpid()}
    time.sleep(seconds)
    yield {"kind": "late"}


def counter(parts: int) -> Iterator[dict[str, Any]]:
    """A part every tenth of a second."""
    for n in range(parts):
        yield {"kind": "count", "n": n, "pid": os.getpid()}
        time.sleep(0.1)


def failing() -> Iterator[dict[str, Any]]:
    raise BoardgenError("the descriptor is wrong", key="board.width")
    yield {}


@pytest.fixture
def pool(monkeypatch: pytest.MonkeyPatch) -> Iterator[Pool]:
    monkeypatch.setitem(work.JOBS, "sleeper", sleeper)
    monkeypatch.setitem(work.JOBS, "counter", counter)
    monkeypatch.setitem(work.JOBS, "failing", failing)
    monkeypatch.setattr(workers, "context", lambda: multiprocessing.get_context("fork"))
    made = Pool("test", 2)
    yield made
    made.close()


async def first_part(job: workers.Job) -> dict[str, Any]:
    async for part in job.parts():
        return part
    raise AssertionError("no part")


async def idle(pool: Pool, seconds: float) -> float:
    """Seconds until no process of ``pool`` runs a job (at most ``seconds``)."""
    began = time.monotonic()
    while pool.busy() and time.monotonic() - began < seconds:
        await asyncio.sleep(0.05)
    return time.monotonic() - began


def test_a_newer_job_cancels_a_stale_one_that_stops_at_its_next_part(pool: Pool) -> None:
    async def scenario() -> None:
        old = pool.submit("page-1", "counter", (300,), 60, "counting")  # 30 s of parts
        first = await first_part(old)
        new = pool.submit("page-1", "counter", (3,), 60, "counting again")
        assert [p["n"] async for p in new.parts()] == [0, 1, 2]
        with pytest.raises(Cancelled):
            async for _ in old.parts():
                pass
        assert await idle(pool, 20) < 10  # it stopped; it had 29 s of parts to make
        assert first["pid"] in pool.processes()  # stopped by its own hand: the warm process stays

    asyncio.run(scenario())


def test_stale_work_that_does_not_look_up_is_killed_and_its_worker_replaced(pool: Pool) -> None:
    async def scenario() -> None:
        old = pool.submit("page-1", "sleeper", (30,), 60, "sleeping")
        stale = (await first_part(old))["pid"]
        await asyncio.sleep(0.5)  # past its last look for a cancel: asleep for 30 s
        began = time.monotonic()
        new = pool.submit("page-1", "counter", (2,), 60, "counting")
        assert [p["n"] async for p in new.parts()] == [0, 1]
        assert await idle(pool, 20) < 10 and time.monotonic() - began >= GRACE
        await asyncio.sleep(0.5)
        assert stale not in pool.processes()  # killed, a fresh one in its place
        again = pool.submit("page-1", "counter", (1,), 60, "counting")
        assert [p["n"] async for p in again.parts()] == [0]

    asyncio.run(scenario())


def test_other_lanes_are_not_cancelled(pool: Pool) -> None:
    async def scenario() -> None:
        one = pool.submit("page-1", "counter", (5,), 60, "counting")
        two = pool.submit("page-2", "counter", (5,), 60, "counting")
        assert [p["n"] async for p in one.parts()] == [0, 1, 2, 3, 4]
        assert [p["n"] async for p in two.parts()] == [0, 1, 2, 3, 4]

    asyncio.run(scenario())


def test_a_job_over_its_time_limit_is_stopped_and_a_failure_is_one_problem(pool: Pool) -> None:
    async def scenario() -> None:
        slow = pool.submit("page-1", "sleeper", (30,), 1.0, "the preview")
        with pytest.raises(TimeLimit, match=r"the preview took longer than 1 s"):
            async for _ in slow.parts():
                pass
        wrong = pool.submit("page-1", "failing", (), 10, "the preview")
        with pytest.raises(JobFailed) as failed:
            await wrong.result()
        assert failed.value.problem["key"] == "board.width"
        assert failed.value.problem["message"] == "the descriptor is wrong"

    asyncio.run(scenario())
