"""Run a simulation into its out folder, resuming what is there (``bazaar simulate``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from bazaar.sim.backends import check_run, run_games, stop_on_terminate
from bazaar.sim.plan import SimPlan
from bazaar.sim.play import GameResult
from bazaar.sim.store import OutDir

#: ``progress(done, total)`` after each game
Progress = Callable[[int, int], None]


def simulate(
    plan: SimPlan,
    games: int,
    out: Path,
    *,
    jobs: int = 1,
    fmt: str = "csv",
    backend: str = "local",
    address: str | None = None,
    batch: int | None = None,
    progress: Progress | None = None,
) -> int:
    """Play the games 0..games-1 of ``plan`` that ``out`` lacks; return how many were played.

    ``batch`` games go to a worker at a time (default: about 1/16 of each worker's share, at
    most 8, so that a bar still moves and short games do not wait on messages).
    """
    check_run(jobs, backend, address)
    folder = OutDir.open(Path(out), plan, fmt)
    start = folder.done
    if start >= games:
        return 0
    try:
        tasks = (plan.task(index) for index in range(start, games))
        size = batch if batch is not None else default_batch(games - start, jobs)
        with stop_on_terminate():  # SIGTERM stops like Ctrl-C: what is written is kept
            results = run_games(tasks, jobs, backend, address, size)
            try:
                for result in results:
                    folder.add(result)
                    if progress is not None:
                        progress(folder.done, games)
            finally:
                close_results(results)
    finally:
        folder.close()
    return folder.done - start


def close_results(results: Iterator[GameResult]) -> None:
    """End a run's workers now (a generator's ``close``), not when it is garbage."""
    close = getattr(results, "close", None)
    if close is not None:
        close()


def default_batch(games: int, jobs: int) -> int:
    """Games per message to a worker: 1 for one job, else up to 8 (1/16 of each share)."""
    if jobs == 1:
        return 1
    return max(1, min(8, games // (jobs * 16)))
