"""Where the games of a simulation are played: here, in local processes, or on Ray.

Every backend takes the tasks in order and gives the results back in the same order, with a
bounded number of games in flight, so memory stays flat however many games and the out
folder is written exactly as with one process. Games travel in small batches so that short
games are not dominated by messages between processes.

Stops are clean (docs/simulation.md, "Stopping and resuming"): worker processes end with the
main process however it dies (``PR_SET_PDEATHSIG`` on Linux, a watchdog thread everywhere),
they leave Ctrl-C to the main process, and a stop of the main process (SIGINT, or SIGTERM
turned into the same :class:`KeyboardInterrupt` by :func:`stop_on_terminate`) cancels the
queued games and ends the workers at once: the games in flight are simply not written, and
running the same command again plays them.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from bazaar.i18n import N_
from bazaar.sim.errors import need_package
from bazaar.sim.plan import GameTask, SimError
from bazaar.sim.play import GameResult, play_game, play_games

BACKENDS = ("local", "ray")
#: batches in flight per worker: enough to keep every worker busy while results are written
IN_FLIGHT_PER_JOB = 3
#: seconds between two looks of a worker's watchdog at its parent
WATCH_EVERY = 0.5
#: seconds a stopped worker is given to end after SIGTERM before SIGKILL
END_GRACE = 2.0
#: prctl(2) option: the signal this process gets when the thread that made it ends
PR_SET_PDEATHSIG = 1
#: the signals that stop a run cleanly
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


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


@contextlib.contextmanager
def stop_on_terminate() -> Iterator[None]:
    """Within the block, SIGTERM stops the run as Ctrl-C does (a KeyboardInterrupt).

    Only the main thread can set signal handlers; elsewhere the block changes nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGTERM)

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt(signal.Signals(signum).name)

    signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def start_worker(main_pid: int, parent_pid: int | None) -> None:
    """Initializer of every worker process: end with the main process, leave stops to it.

    ``parent_pid`` is the process that forks the workers (the main process, or None for a
    fork server, whose own pid the worker reads at once). Linux sends the death signal when
    the *thread* that forked the worker ends: a pool is made and read in one thread here.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: main decides
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the main process's handler, if inherited
    die_with_parent()
    parent = parent_pid if parent_pid is not None else os.getppid()
    if parent_gone(parent):  # the parent died before the death signal was set
        os._exit(1)
    watchdog = threading.Thread(
        target=watch_parent, args=(parent,), name="bazaar-parent-watch", daemon=True
    )
    watchdog.start()


def die_with_parent() -> bool:
    """Ask Linux for SIGKILL when the parent ends (``prctl(PR_SET_PDEATHSIG)``); True if set."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def parent_gone(parent_pid: int) -> bool:
    """True once the process that made this one has ended.

    Either this process was given to another parent (POSIX), or the parent's sentinel that
    multiprocessing hands every child says so (Windows, spawned and fork-server children).
    """
    import multiprocessing

    if os.getppid() != parent_pid:
        return True
    parent = multiprocessing.parent_process()
    return parent is not None and not parent.is_alive()


def watch_parent(parent_pid: int, every: float = WATCH_EVERY) -> None:
    """The portable fallback: end this process at once when its parent is gone."""
    while not parent_gone(parent_pid):
        time.sleep(every)
    os._exit(1)


def _process_games(tasks: Iterable[GameTask], jobs: int, batch: int) -> Iterator[GameResult]:
    from concurrent.futures import ProcessPoolExecutor

    context = worker_context()
    forker = None if context.get_start_method() == "forkserver" else os.getpid()
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=context,
        initializer=start_worker,
        initargs=(os.getpid(), forker),
    )
    try:
        yield from _windowed(
            batches(tasks, batch),
            jobs * IN_FLIGHT_PER_JOB,
            lambda chunk: pool.submit(play_games, chunk),
            lambda future: future.result(),
        )
    except BaseException:  # a stop, an error, or the reader went away: no more results
        with signals_held():  # a second Ctrl-C must not leave the workers half ended
            end_pool(pool)
        raise
    pool.shutdown(wait=True)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Ignore SIGINT and SIGTERM within the block (main thread only; elsewhere nothing)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held = {number: signal.signal(number, signal.SIG_IGN) for number in STOP_SIGNALS}
    try:
        yield
    finally:
        for number, handler in held.items():
            if handler is not None:  # None: set outside Python, cannot be put back
                signal.signal(number, handler)


def end_pool(pool: Any, grace: float = END_GRACE) -> None:
    """Cancel the queued games and end the workers now, without waiting for games in flight."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # not public before 3.14
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.terminate()
    deadline = time.monotonic() + grace
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join(grace)
    pool.shutdown(wait=True)


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
    submitted: deque[Any] = deque(maxlen=workers * IN_FLIGHT_PER_JOB + 1)

    def submit(chunk: list[GameTask]) -> Any:
        submitted.append(remote_play.remote(chunk))
        return submitted[-1]

    try:
        with stop_on_terminate():  # again: ray.init sets a SIGTERM handler of its own
            yield from _windowed(
                batches(tasks, batch), workers * IN_FLIGHT_PER_JOB, submit, ray.get
            )
    except BaseException:  # stop the games in flight too (a cluster outlives this process)
        for ref in submitted:
            with contextlib.suppress(Exception):
                ray.cancel(ref, force=True)
        raise
    finally:
        if started_here:
            ray.shutdown()
