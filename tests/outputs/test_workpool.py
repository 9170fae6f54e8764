"""Worker processes that keep to their own queues: results in order, findings passed on,
failures in their turn; and the build's queues hold every file once."""

from __future__ import annotations

import os

import pytest

from boardgen.descriptor import load_variant
from boardgen.outputs.build import _lanes, build_plan
from boardgen.outputs.files import FOLD_SUFFIX
from boardgen.outputs.workpool import Findings, in_order


def _square(job: int, found: Findings) -> tuple[tuple[int, int, tuple[int, ...]], Findings]:
    """The job squared, the process that did it, the findings it was handed; it reports
    its own number as found."""
    return (job * job, os.getpid(), tuple(sorted(found))), {job: job}


def _fails_on_three(job: int, found: Findings) -> tuple[int, Findings]:
    if job == 3:
        raise ValueError("three")
    return job, {}


def _nothing() -> None:
    pass


def test_results_come_in_the_order_of_the_jobs_whoever_does_them() -> None:
    jobs = list(range(12))
    queues = [[11, 9, 7, 5, 3, 1], [0, 2, 4, 6, 8, 10]]
    preferences = [((0, 0), (1, 0)), ((1, 0), (0, 0))]
    results = list(in_order(_square, jobs, queues, preferences, _nothing, ()))
    assert [square for square, _, _ in results] == [job * job for job in jobs]
    assert os.getpid() not in {pid for _, pid, _ in results}


def test_a_worker_is_handed_the_findings_of_the_jobs_done_before() -> None:
    """One worker, handed a job and the next: job k comes with what job k - 2 found (the
    job before it was still under way), each finding once."""
    jobs = list(range(8))
    results = list(in_order(_square, jobs, [jobs], [((0, 0),)], _nothing, ()))
    assert [found for _, _, found in results] == [(), (), (0,), (1,), (2,), (3,), (4,), (5,)]


def test_a_job_that_fails_raises_in_its_turn() -> None:
    jobs = list(range(6))
    seen: list[int] = []
    with pytest.raises(ValueError, match="three"):
        for result in in_order(
            _fails_on_three, jobs, [jobs[:3], jobs[3:]], [((0, 0), (1, 0))] * 2, _nothing, ()
        ):
            seen.append(result)
    assert seen == [0, 1, 2]


def test_a_job_no_worker_takes_is_an_error_not_a_wait() -> None:
    """Queue 1 keeps its one job for workers that prefer it, and none does."""
    with pytest.raises(RuntimeError, match="job 1 is in no queue"):
        list(in_order(_fails_on_three, [0, 1], [[0], [1]], [((0, 0), (1, 1))], _nothing, ()))


def test_the_build_queues_hold_every_file_once_boards_first_for_the_first_worker() -> None:
    variants = [load_variant(vid) for vid in ("american-checkers", "hex9-checkers", "catchup")]
    jobs = build_plan(variants)
    queues, preferences = _lanes(jobs, 3)
    assert sorted(i for queue in queues for i in queue) == list(range(len(jobs)))
    boards, reading, rest = ([jobs[i] for i in queue] for queue in queues)
    assert boards == [
        job for job in jobs if job[0] and job[1].startswith("board-") and job[1].endswith(".pdf")
    ]
    assert reading == [(None, f"booklet-{lang}.pdf") for lang in ("en", "de", "fr")]
    names = [name for _, name in rest]
    rules = [n for n in names if n.startswith("rules-")]
    folded = [n for n in names if n.endswith(f"{FOLD_SUFFIX}.pdf")]
    assert names[: len(rules)] == rules and len(rules) == 9
    assert names[len(rules) : len(rules) + len(folded)] == folded and len(folded) == 3
    assert len(preferences) == 3 and preferences[0][0] == (0, 0)
    assert all(preference[0] == (2, 0) for preference in preferences[1:])
