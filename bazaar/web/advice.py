"""Hints and analyses, kept out of the bots' way.

Advice runs on a :class:`~bazaar.web.pools.WorkerPool` of its own whose processes have the
lowest CPU priority, so a bot's search never waits behind a hint, on the pool or on a core.
The :class:`AdviceDesk` in front of it

- shares identical requests: a request equal to one in flight (same table, seat, position and
  kind) awaits that computation, and every asker gets the same answer;
- allows each seat one computation at a time: a different request from a seat whose last one
  is still being worked out is refused (429, ``advice-busy``);
- caps the computations in flight (running or queued) over the whole server (503,
  ``advice-full``);
- forgets a computation once it ends, however it ends: a failed one (503, ``advice-failed``)
  is worked out afresh when asked again, and a request whose client leaves does not cancel
  the computation other requests share.
"""

from __future__ import annotations

import asyncio
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
#: Default cap on advice computations in flight (running or queued) on the whole server.
ADVICE_JOBS = 8
#: How much lower than the server the advice workers' CPU priority is (19: the lowest).
ADVICE_NICENESS = 19

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


class AdviceError(Exception):
    """A refused or failed advice request: HTTP ``status``, a machine ``code``, a sentence."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


class _Failed(Exception):
    """A computation that raised (the worker's error is its cause)."""


class AdviceDesk:
    """Runs advice jobs: shared when identical, one per seat, at most ``max_jobs`` at once."""

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
        self._jobs: dict[AdviceKey, asyncio.Task[Any]] = {}
        self._owners: dict[tuple[str, int], AdviceKey] = {}

    async def compute(
        self, key: AdviceKey, fn: Callable[..., Any], *args: Any, lang: str = "en"
    ) -> Any:
        """``fn(*args)`` on the advice pool, or the computation of an equal ``key`` in flight."""
        job = self._jobs.get(key)
        if job is not None:
            self.stats.shared += 1
        else:
            if key.owner in self._owners:
                self.stats.busy += 1
                raise AdviceError(429, "advice-busy", t(BUSY, lang))
            if len(self._jobs) >= self.max_jobs:
                self.stats.full += 1
                raise AdviceError(503, "advice-full", t(FULL, lang))
            job = asyncio.create_task(self._work(key, fn, args))
            self._jobs[key] = job
            self._owners[key.owner] = key
            job.add_done_callback(lambda done: self._forget(key, done))
            self.stats.computed += 1
        try:
            # shielded: one asker leaving does not cancel what the others wait for
            return await asyncio.shield(job)
        except _Failed as exc:
            raise AdviceError(503, "advice-failed", t(FAILED, lang)) from exc.__cause__

    async def _work(self, key: AdviceKey, fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        try:
            return await self.pool.run(fn, *args)
        except Exception as exc:
            self.stats.failed += 1
            log.warning("advice %s failed: %r", key, exc)
            raise _Failed() from exc

    def _forget(self, key: AdviceKey, job: asyncio.Task[Any]) -> None:
        if self._jobs.get(key) is job:
            del self._jobs[key]
        if self._owners.get(key.owner) == key:
            del self._owners[key.owner]
        if not job.cancelled():
            job.exception()  # retrieved, even when every asker has gone

    async def close(self) -> None:
        for job in list(self._jobs.values()):
            job.cancel()
        await asyncio.to_thread(self.pool.shutdown)
