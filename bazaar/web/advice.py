"""Hints and analyses, kept out of the bots' way, and hints ahead of analyses.

Advice runs on a :class:`~bazaar.web.pools.WorkerPool` of its own whose processes have the
lowest CPU priority, so a bot's search never waits behind a hint, on the pool or on a core.
The :class:`AdviceDesk` in front of it

- hands the pool only as many jobs as it has processes, and picks the next one by priority:
  a hint or guide step for a seated player (``FOREGROUND``) always goes before post-game work
  (``BACKGROUND``: the small jobs of analyses, a table's puzzles), so a player waits at most
  for the job at hand;
- shares identical requests: a request equal to one in flight (same table, seat, position and
  kind) awaits that computation, and every asker gets the same answer;
- allows each seat one computation at a time: a different one from a seat whose last one is
  still being worked out is refused (429, ``advice-busy``);
- caps the computations in flight (running or queued) over the whole server (503,
  ``advice-full``); the jobs of analyses are not counted there (``counted=False``): they are
  bounded per client address and per table when an analysis starts
  (:mod:`bazaar.web.reports`);
- forgets a computation once it ends, however it ends: a failed one (503, ``advice-failed``)
  is worked out afresh when asked again, and a request whose client leaves does not cancel
  the computation other requests share.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from bazaar.i18n import N_, t
from bazaar.web.pools import WorkerPool

log = logging.getLogger("bazaar.web")

#: Default number of advice worker processes.
ADVICE_WORKERS = 1
#: Default cap on hints, guide steps and puzzle-making in flight (running or queued) on the
#: whole server (the jobs of analyses are bounded otherwise).
ADVICE_JOBS = 8
#: How much lower than the server the advice workers' CPU priority is (19: the lowest).
ADVICE_NICENESS = 19
#: Priorities on the desk: lower goes first.
FOREGROUND = 0
BACKGROUND = 1

BUSY = N_("your previous hint or analysis is still being worked out; wait for it, then ask again")
FULL = N_("the server is busy working out other hints and analyses; try again in a few seconds")
FAILED = N_("the hint or analysis could not be worked out this time; please ask again")


@dataclass(frozen=True)
class AdviceKey:
    """What a computation is: equal keys are the same computation, shared."""

    table: str
    seat: int
    seq: int
    kind: str

    @property
    def owner(self) -> tuple[str, int]:
        return (self.table, self.seat)


@dataclass
class AdviceStats:
    """Counts since the server started."""

    computed: int = 0  # computations started
    shared: int = 0  # requests that joined a computation in flight
    busy: int = 0  # refused: the seat had another computation in flight
    full: int = 0  # refused: the server had max_jobs in flight
    failed: int = 0  # computations that raised
    waited: int = 0  # computations that queued for a worker (the pool was busy)


class AdviceError(Exception):
    """A refused or failed advice request: HTTP ``status``, a machine ``code``, a sentence,
    and for a refusal worth repeating the seconds to wait (``retry_after``)."""

    def __init__(
        self, status: int, code: str, message: str, retry_after: int | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after


class _Failed(Exception):
    """A computation that raised (the worker's error is its cause)."""


class _Turns:
    """Lets at most ``slots`` jobs run at once; the others wait, lowest priority first, then
    first come, first served."""

    def __init__(self, slots: int) -> None:
        self.slots = slots
        self.running = 0
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    @property
    def waiting(self) -> int:
        return sum(1 for _, _, turn in self._waiting if not turn.done())

    async def take(self, priority: int) -> bool:
        """Wait for a free slot; True if it had to wait."""
        if self.running < self.slots and not self.waiting:
            self.running += 1
            return False
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), turn))
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # given the slot as it was cancelled
                self.give_back()
            raise
        return True

    def give_back(self) -> None:
        """Free a slot: handed straight to the first job waiting, if any."""
        while self._waiting:
            _, _, turn = heapq.heappop(self._waiting)
            if not turn.done():
                turn.set_result(None)
                return
        self.running -= 1


class AdviceDesk:
    """Runs advice jobs: hints before post-game work, shared when identical, one per seat, at
    most ``max_jobs`` at once (analyses' jobs apart)."""

    def __init__(
        self,
        workers: int = ADVICE_WORKERS,
        *,
        niceness: int = ADVICE_NICENESS,
        max_jobs: int = ADVICE_JOBS,
        executor: Executor | None = None,
    ) -> None:
        self.pool = WorkerPool(workers, niceness=niceness, executor=executor)
        self.max_jobs = max_jobs
        self.stats = AdviceStats()
        self.turns = _Turns(max(1, workers))
        self._jobs: dict[AdviceKey, asyncio.Task[Any]] = {}
        self._counted: set[AdviceKey] = set()
        self._owners: dict[tuple[str, int], AdviceKey] = {}

    async def compute(
        self,
        key: AdviceKey,
        fn: Callable[..., Any],
        *args: Any,
        lang: str = "en",
        priority: int = FOREGROUND,
        counted: bool = True,
    ) -> Any:
        """``fn(*args)`` on the advice pool, or the computation of an equal ``key`` in flight.

        ``priority`` ``BACKGROUND`` waits behind every ``FOREGROUND`` job; ``counted=False``
        (an analysis's job) is neither limited to one per seat nor counted against
        ``max_jobs``."""
        job = self._jobs.get(key)
        if job is not None:
            self.stats.shared += 1
        else:
            if counted and key.owner in self._owners:
                self.stats.busy += 1
                raise AdviceError(429, "advice-busy", t(BUSY, lang))
            if counted and len(self._counted) >= self.max_jobs:
                self.stats.full += 1
                raise AdviceError(503, "advice-full", t(FULL, lang))
            job = asyncio.create_task(self._work(key, priority, fn, args))
            self._jobs[key] = job
            if counted:
                self._counted.add(key)
                self._owners[key.owner] = key
            job.add_done_callback(lambda done: self._forget(key, done))
            self.stats.computed += 1
        try:
            # shielded: one asker leaving does not cancel what the others wait for
            return await asyncio.shield(job)
        except _Failed as exc:
            raise AdviceError(503, "advice-failed", t(FAILED, lang)) from exc.__cause__

    async def _work(
        self, key: AdviceKey, priority: int, fn: Callable[..., Any], args: tuple[Any, ...]
    ) -> Any:
        if await self.turns.take(priority):
            self.stats.waited += 1
        try:
            return await self.pool.run(fn, *args)
        except Exception as exc:
            self.stats.failed += 1
            log.warning("advice %s failed: %r", key, exc)
            raise _Failed() from exc
        finally:
            self.turns.give_back()

    def _forget(self, key: AdviceKey, job: asyncio.Task[Any]) -> None:
        if self._jobs.get(key) is job:
            del self._jobs[key]
            self._counted.discard(key)
        if self._owners.get(key.owner) == key:
            del self._owners[key.owner]
        if not job.cancelled():
            job.exception()  # retrieved, even when every asker has gone

    async def close(self) -> None:
        for job in list(self._jobs.values()):
            job.cancel()
        await asyncio.to_thread(self.pool.shutdown)
