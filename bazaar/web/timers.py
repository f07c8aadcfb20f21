"""Turn timers: when a person's seat is overdue (away, or idle on their turn, longer than the
table's timer) and may be handed to a bot, and the broadcast that shows it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bazaar.web.live import LiveTable
from bazaar.web.shapes import TurnTimer


class Timers:
    """The turn timers of every table; ``due(table)`` runs when a seat goes past one."""

    def __init__(
        self, minute: float, clock: Callable[[], float], due: Callable[[LiveTable], None]
    ) -> None:
        #: seconds in one minute of a turn timer (tests shorten it)
        self.minute = minute
        self.clock = clock
        self.due = due

    def seconds(self, table: LiveTable) -> float | None:
        """The table's turn timer in seconds (None: no timer)."""
        minutes = table.info.turn_minutes
        return None if not minutes else minutes * self.minute

    def overdue(self, table: LiveTable, now: float) -> tuple[list[int], float | None]:
        """The person seats that may be handed to a bot now (away, or idle on their turn,
        longer than the timer; none with a stand-in already), and when the next one will be."""
        limit = self.seconds(table)
        if limit is None or table.state.is_over():
            return [], None
        connected = {c.seat for c in table.connections}
        mover = table.state.to_move()
        due: list[int] = []
        upcoming: list[float] = []
        for seat, info in enumerate(table.info.seats):
            if info["kind"] != "human" or info.get("standin"):
                continue
            moments = [] if seat in connected else [table.left_at.get(seat, now) + limit]
            if seat == mover:
                moments.append(table.turn_started + limit)
            when = min(moments, default=None)
            if when is None:
                continue
            if when <= now:
                due.append(seat)
            else:
                upcoming.append(when)
        return due, min(upcoming, default=None)

    def timer(self, table: LiveTable) -> TurnTimer:
        """The payload's ``timer``: ``minutes`` (null: no timer), the seat whose turn runs
        (a person's, else null), its ``deadline`` (UNIX seconds) and ``left`` (whole
        seconds, 0 once past), and ``overdue``: the seats anyone may hand to a bot now."""
        now = self.clock()
        limit = self.seconds(table)
        mover = table.state.to_move()
        timed = limit is not None and mover is not None and table.bot_spec(mover) is None
        deadline = table.turn_started + limit if timed and limit is not None else None
        return {
            "minutes": table.info.turn_minutes,
            "seat": mover if timed else None,
            "deadline": None if deadline is None else round(deadline, 3),
            "left": None if deadline is None else max(0, int(deadline - now + 0.999)),
            "overdue": self.overdue(table, now)[0],
        }

    def arm(self, table: LiveTable) -> None:
        """Broadcast again when the next seat goes past the timer (so ``overdue`` shows)."""
        self.cancel(table)
        if self.seconds(table) is None:
            return
        _, upcoming = self.overdue(table, self.clock())
        if upcoming is not None:
            loop = asyncio.get_running_loop()
            delay = max(0.0, upcoming - self.clock()) + 0.05
            table.timer_handle = loop.call_later(delay, self._due, table)

    def _due(self, table: LiveTable) -> None:
        table.timer_handle = None
        self.due(table)

    @staticmethod
    def cancel(table: LiveTable) -> None:
        if table.timer_handle is not None:
            table.timer_handle.cancel()
            table.timer_handle = None
