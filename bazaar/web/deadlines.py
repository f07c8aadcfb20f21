"""Turn-based tables whose mover's time ran out (docs/web.md, "Turn-based tables"): the table's
rule is followed — a bot plays that turn ("bot-move"), or stands in until the person is back
("standin") — whether the table is in memory (its timer, :meth:`Timers.arm`) or not (the
database is asked every few seconds for the due tables, so that a table nobody has open, or
one whose server restarted, keeps its pace). Every deadline is kept in the store as well."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bazaar.web.background import Tasks
from bazaar.web.errors import WebError
from bazaar.web.keeper import TableKeeper
from bazaar.web.ledger import Ledger
from bazaar.web.live import LiveTable
from bazaar.web.pace import STANDIN, TIMEOUT_BOT
from bazaar.web.standins import Standins
from bazaar.web.timers import Timers, turn_based

log = logging.getLogger("bazaar.web")
TableHook = Callable[[LiveTable], None]


class Deadlines:
    """Follows each turn-based table's rule when time runs out; ``publish(table)`` and
    ``wake(table)`` (its bots) follow a change, ``timed_out(table, seat)`` tells of one."""

    def __init__(
        self,
        keeper: TableKeeper,
        ledger: Ledger,
        timers: Timers,
        standins: Standins,
        events: tuple[TableHook, TableHook],
        sweep_seconds: float,
        bot: str = TIMEOUT_BOT,
    ) -> None:
        self.keeper = keeper
        self.ledger = ledger
        self.timers = timers
        self.standins = standins
        self.publish, self.wake = events
        self.sweep_seconds = sweep_seconds
        #: the bot that plays for a person whose time ran out
        self.bot = bot
        self.tasks = Tasks()
        self._sweeper: asyncio.Task[None] | None = None
        #: turns whose time ran out so far (for tests and the server's log)
        self.ran_out = 0
        #: does this process own the table (run its bots and timers)? Another one may
        self.owns: Callable[[LiveTable], bool] = lambda table: True

    def start(self) -> None:
        """Look for due tables in the store every :attr:`sweep_seconds` from now on."""
        if self._sweeper is None:
            self._sweeper = asyncio.create_task(self._sweep_loop())

    def due(self, table: LiveTable) -> None:
        """The timers' hook: a live table shows who is overdue; a turn-based one acts."""
        if turn_based(table):
            self.tasks.spawn(self.act(table))
        elif self.keeper.live.get(table.id) is table:
            self.publish(table)

    async def act(self, table: LiveTable) -> bool:
        """Follow the table's rule if its mover's time ran out (else arm its timer again);
        True if it did."""
        mover = table.state.to_move()
        deadline = self.timers.deadline(table)
        if mover is None or deadline is None or mover in table.timed_out:
            return False
        if not self.owns(table):
            return False  # its owner acts
        if deadline > self.timers.clock():
            self.timers.arm(table)
            return False
        if table.info.on_timeout == STANDIN:
            if not await self.standins.time_ran_out(table, mover, self.bot):
                return False
        else:
            table.timed_out[mover] = self.bot
            self.publish(table)
            self.wake(table)
        self.ran_out += 1
        log.info("table %s: seat %d ran out of time (%s)", table.id, mover, table.info.on_timeout)
        return True

    def persist(self, table: LiveTable) -> None:
        """Write the table's deadline to the store if it changed (an undo, a stand-in coming
        or going, the table loaded); a move writes its own with the move."""
        if not turn_based(table):
            return
        deadline = self.timers.deadline(table)
        if deadline != table.saved_deadline:
            table.saved_deadline = deadline
            self.tasks.spawn(self.ledger.set_deadline(table.id, deadline))

    async def sweep(self) -> int:
        """Act on every due table in the store (loading it); return how many turns ran out."""
        acted = 0
        for table_id in await self.ledger.due_tables(self.timers.clock()):
            try:
                table = await self.keeper.get(table_id)
            except WebError:
                continue
            acted += await self.act(table)
        return acted

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_seconds)
            try:
                await self.sweep()
            except Exception:  # a failed look (the database away) is tried again later
                log.exception("looking for turn-based tables whose time ran out failed")

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
