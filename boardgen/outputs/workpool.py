"""Worker processes that each keep to their own queues of jobs, the results in order.

A build's jobs share costly work by kind (a board's tiles are cut once per process, for
its files in every language and for the booklets), and a process keeps what it worked
out. Handed out in one line to whichever process is free, every process would come to
do every kind, and work all of it out again. So each worker takes its jobs from its
own list of queues, in that order: it drains its first queue, then goes on to the
next, and ends by helping with the others' queues, beyond the jobs each queue keeps for
its own workers (a job that needs much another process has already worked out is best
left to it). A worker is handed a job as it finishes one, with one more waiting (so
that it never waits to be handed one), so the queues decide to the end who does what.

The results come back in the order of the jobs, whatever the number of workers and
whoever did which job: a job's result depends on the job alone. With it, a job reports
its *findings*, what it worked out that would spare another process work (a key and a
small value each); each worker is handed, with its next job, the findings it has not
had yet, to use or not: they change how fast, never what.
"""

from __future__ import annotations

__all__ = ["Findings", "Preference", "in_order"]

import signal
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing import Pool
from multiprocessing.pool import AsyncResult
from typing import Any, Generic, TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")
#: What jobs report having worked out, by key.
Findings = dict[Any, Any]

#: One worker's queues, in the order it takes jobs from them: (queue, jobs kept), where
#: the worker takes from the queue only while more than ``jobs kept`` jobs wait in it.
Preference = tuple[tuple[int, int], ...]

#: Jobs handed to a worker at a time: the one it works on, and the next.
_AHEAD = 2


class _Dispatch(Generic[Job, Result]):
    """Hands each worker (a pool of one process) its next job as it finishes the last,
    from the callbacks of the pools' result threads; records the pending results."""

    def __init__(
        self,
        function: Callable[[Job, Findings], tuple[Result, Findings]],
        jobs: Sequence[Job],
        queues: Sequence[Sequence[int]],
        pools: Sequence[Any],
        preferences: Sequence[Preference],
    ) -> None:
        self.function, self.jobs, self.pools, self.preferences = function, jobs, pools, preferences
        self.queues = [deque(queue) for queue in queues]
        self.results: dict[int, AsyncResult[tuple[Result, Findings]]] = {}
        self.findings: list[tuple[Any, Any]] = []  # in the order they came
        self.sent = [0] * len(pools)  # how many of them each worker has had
        self.changed = threading.Condition()
        self.failure: BaseException | None = None

    def start(self) -> None:
        with self.changed:
            for _ in range(_AHEAD):
                for worker in range(len(self.pools)):
                    self._next(worker)

    def _next(self, worker: int) -> None:
        """Give ``worker`` its next job, if any is left for it (the lock is held)."""
        for queue, kept in self.preferences[worker]:
            if len(self.queues[queue]) > kept:
                index = self.queues[queue].popleft()
                break
        else:
            return

        def done(result: tuple[Result, Findings] | BaseException) -> None:
            with self.changed:
                if isinstance(result, tuple):
                    self.findings.extend(result[1].items())
                try:
                    self._next(worker)
                except BaseException as error:  # a closed pool: the build is ending
                    self.failure = self.failure or error
                self.changed.notify_all()

        news = dict(self.findings[self.sent[worker] :])
        self.sent[worker] = len(self.findings)
        self.results[index] = self.pools[worker].apply_async(
            self.function, (self.jobs[index], news), callback=done, error_callback=done
        )

    def wait_for(self, index: int) -> AsyncResult[tuple[Result, Findings]]:
        """The result of job ``index``, once it is done (waited for in short slices, so
        that Ctrl-C is seen at once)."""
        with self.changed:
            while not (index in self.results and self.results[index].ready()):
                if self.failure is not None:
                    raise self.failure
                if index not in self.results and self._idle():  # no worker will take it
                    raise RuntimeError(f"job {index} is in no queue a worker takes from")
                self.changed.wait(0.2)
            return self.results.pop(index)

    def _idle(self) -> bool:
        return all(result.ready() for result in self.results.values())


@contextmanager
def _sigint_held() -> Iterator[None]:
    """Hold Ctrl-C back while the pools fork their workers and start their threads: Python
    drops a signal that lands in its fork handlers, and the workers and threads, born
    with it blocked, leave it to the main thread. It is delivered on leaving."""
    if not hasattr(signal, "pthread_sigmask"):  # not on Windows
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def in_order(
    function: Callable[[Job, Findings], tuple[Result, Findings]],
    jobs: Sequence[Job],
    queues: Sequence[Sequence[int]],
    preferences: Sequence[Preference],
    initializer: Callable[..., object],
    initargs: tuple[Any, ...],
) -> Generator[Result, None, None]:
    """The result of ``function(job, findings)`` for each of ``jobs``, in their order,
    worked out by one process per entry of ``preferences`` (each started with
    ``initializer(*initargs)``), each taking the indices of its jobs from ``queues`` as
    its preference says; ``function`` returns the result and its findings, and is given
    the others' findings. Every job must be in one queue; a job that raises raises here,
    in its turn. The processes are stopped at once when the generator is closed early
    or interrupted."""
    pools: list[Any] = []
    try:
        with _sigint_held():
            for _ in preferences:
                pools.append(Pool(1, initializer=initializer, initargs=initargs))
        dispatch = _Dispatch(function, jobs, queues, pools, preferences)
        dispatch.start()
        for index in range(len(jobs)):
            yield dispatch.wait_for(index).get()[0]
        for pool in pools:
            pool.close()
    except BaseException:  # interrupted, failed or closed early: stop the workers now
        for pool in pools:
            pool.terminate()
        raise
    finally:
        for pool in pools:
            pool.join()
