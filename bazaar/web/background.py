"""Jobs a part of the hub starts and does not wait for (a deadline written, a notice sent, a
table caught up): each kept until it is done, so none is collected half-way, and waited for
all at once in tests (:meth:`Tasks.settled`)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any


class Tasks:
    """The unfinished background jobs of one part."""

    def __init__(self) -> None:
        self._running: set[asyncio.Task[Any]] = set()

    def spawn(self, job: Coroutine[Any, Any, object]) -> None:
        """Run ``job`` on the event loop without waiting for it."""
        task = asyncio.create_task(job)
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def settled(self) -> None:
        """Wait until every job begun so far (and any they begin) is done."""
        while self._running:
            await asyncio.gather(*list(self._running), return_exceptions=True)
