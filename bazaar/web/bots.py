"""The bots of every table: a table's bot loop asks the bots' process pool for a move whenever
a bot (a seat's own, or one standing in for a person) is to move, and submits it like a
person's move."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from typing import Any

from bazaar.sim.outside import is_outside
from bazaar.web import workers
from bazaar.web.errors import WebError
from bazaar.web.live import LiveTable
from bazaar.web.pools import WorkerPool

log = logging.getLogger("bazaar.web")

#: ``submit(table, seat, move, seq, bot=spec, epoch=epoch)``: bazaar.web.moves.Moves.submit
Submit = Callable[..., Awaitable[int]]


class Bots:
    """Runs each table's bot loop; ``delay``: seconds a bot waits before it moves."""

    def __init__(
        self, size: int, delay: float, submit: Submit, executor: Executor | None = None
    ) -> None:
        #: the bots' processes (hints and analyses never run here)
        self.pool = WorkerPool(size, executor=executor)
        self.delay = delay
        self.submit = submit
        #: whether outside agents may play (``bazaar serve --allow-outside-bots``); a table
        #: made while they were allowed waits at such a seat when they no longer are
        self.allow_outside = False

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` on the bots' pool."""
        return await self.pool.run(fn, *args)

    def wake(self, table: LiveTable) -> None:
        """Start the table's bot loop if a bot is to move and none is running."""
        if table.bot_spec(table.state.to_move()) is None:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.create_task(self._loop(table))

    async def _loop(self, table: LiveTable) -> None:
        while True:
            seat = table.state.to_move()
            spec = table.bot_spec(seat)
            if seat is None or spec is None:
                return
            if is_outside(spec) and not self.allow_outside:
                log.warning("table %s: the outside bot %r is not allowed now", table.id, spec)
                return
            seq, epoch = table.seq, table.epoch
            if self.delay:
                await asyncio.sleep(self.delay)
            if (table.seq, table.epoch) != (seq, epoch):  # taken back meanwhile: look again
                continue
            seed = table.worker_seed("bot", seq)
            try:
                move = await self.run(workers.bot_move, table.record(), spec, seed)
            except Exception:  # a crashed worker must not stall the table: try again
                log.exception("bot %s at table %s failed at move %d", spec, table.id, seq)
                await asyncio.sleep(1.0)
                continue
            try:
                await self.submit(table, seat, move, seq, bot=spec, epoch=epoch)
            except WebError:  # the table moved on meanwhile; look again
                continue

    @staticmethod
    def cancel(table: LiveTable) -> None:
        if table.bot_task is not None:
            table.bot_task.cancel()

    async def close(self) -> None:
        await asyncio.to_thread(self.pool.shutdown)
