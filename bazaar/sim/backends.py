"""Where the games of a simulation are played: here, in local processes, or on Ray.

Every backend takes the tasks in order and gives the results back in the same order, with a
bounded number of games in flight, so memory stays flat however many games and the out
folder is written exactly as with one process. Games travel in small batches so that short
games are not dominated by messages between processes.
"""

from __future__ import annotations

import itertools
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from bazaar.i18n import N_
from bazaar.sim.plan import GameTask, SimError, need_package
from bazaar.sim.play import GameResult, play_game, play_games

BACKENDS = ("local", "ray")
#: batches in flight per worker: enough to keep every worker busy while results are written
IN_FLIGHT_PER_JOB = 3


def run_games(
    tasks: Iterable[GameTask],
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    batch: int = 1,
) -> Iterator[GameResult]:
    """Play ``tasks`` and yield their results in task order, ``batch`` games per message."""
    check_run(jobs, backend, address)
    if backend == "ray":
        return _ray_games(tasks, jobs, address, batch)
    if jobs == 1:
        return map(play_game, tasks)
    return _process_games(tasks, jobs, batch)


def check_run(jobs: int, backend: str, address: str | None) -> None:
    """Raise SimError for settings no backend can run."""
    if backend not in BACKENDS:
        raise SimError.of(
            N_("unknown backend {backend!r} (known backends: {known})"),
            backend=backend,
            known=", ".join(BACKENDS),
        )
    if jobs < 1:
        raise SimError.of(N_("--jobs must be at least 1, not {jobs}"), jobs=jobs)
    if backend != "ray" and address is not None:
        raise SimError.of(N_("--address is for --backend ray"))
    if backend == "ray":
        need_package("ray", "ray", "--backend ray")


def batches(tasks: Iterable[GameTask], size: int) -> Iterator[list[GameTask]]:
    iterator = iter(tasks)
    while chunk := list(itertools.islice(iterator, max(1, size))):
        yield chunk


def _windowed(
    chunks: Iterable[list[GameTask]],
    window: int,
    submit: Callable[[list[GameTask]], Any],
    result: Callable[[Any], list[GameResult]],
) -> Iterator[GameResult]:
    """Keep ``window`` batches submitted; yield their results in order."""
    pending: deque[Any] = deque()
    for chunk in chunks:
        pending.append(submit(chunk))
        if len(pending) >= window:
            yield from result(pending.popleft())
    while pending:
        yield from result(pending.popleft())


def worker_context() -> Any:
    """How worker processes start: forked from this process when it runs no other thread (at
    once, with every game already imported), else from a clean server process that imports the
    games once (forking beside a running thread can copy a lock held by it)."""
    import multiprocessing
    import threading

    if os.name != "posix":
        return multiprocessing.get_context("spawn")
    if threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["bazaar.sim.warm"])
    return context


def _process_games(tasks: Iterable[GameTask], jobs: int, batch: int) -> Iterator[GameResult]:
    from concurrent.futures import ProcessPoolExecutor

    context = worker_context()
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        try:
            yield from _windowed(
                batches(tasks, batch),
                jobs * IN_FLIGHT_PER_JOB,
                lambda chunk: pool.submit(play_games, chunk),
                lambda future: future.result(),
            )
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _ray_games(
    tasks: Iterable[GameTask], jobs: int, address: str | None, batch: int
) -> Iterator[GameResult]:
    import ray

    started_here = not ray.is_initialized()
    if started_here:
        settings: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "configure_logging": False,
        }
        if address is None:
            settings["num_cpus"] = jobs
        ray.init(address=address, **settings)
    remote_play = ray.remote(num_cpus=1)(play_games)
    workers = max(1, int(ray.cluster_resources().get("CPU", jobs)))
    try:
        yield from _windowed(
            batches(tasks, batch), workers * IN_FLIGHT_PER_JOB, remote_play.remote, ray.get
        )
    finally:
        if started_here:
            ray.shutdown()
