"""The server's process pools: one for bots, one (at low CPU priority) for hints and analyses.

A :class:`WorkerPool` runs :mod:`bazaar.web.workers` jobs in spawned processes that end with
the server. If one of its processes dies (a crash, the out-of-memory killer), the pool is
replaced, so one bad job never leaves every later job failing.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

from bazaar.web import workers

log = logging.getLogger("bazaar.web")


class WorkerPool:
    """``size`` worker processes at ``niceness`` (0: normal priority), or a given executor."""

    def __init__(self, size: int = 1, *, niceness: int = 0, executor: Executor | None = None):
        self.size = size
        self.niceness = niceness
        self._owned = executor is None
        self.executor = executor or self._new()

    def _new(self) -> Executor:
        return ProcessPoolExecutor(
            max_workers=self.size,
            mp_context=get_context("spawn"),
            initializer=workers.start_worker,
            initargs=(os.getpid(), self.niceness),
        )

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker; a dead worker's pool is replaced (and the error raised)."""
        executor = self.executor
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, fn, *args)
        except BrokenExecutor:
            if self._owned and self.executor is executor:
                log.warning("a worker process died; starting a new pool")
                executor.shutdown(wait=False, cancel_futures=True)
                self.executor = self._new()
            raise

    def shutdown(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)
