"""Turn timers: when a person's seat is overdue (away, or idle on their turn, longer than the
table's timer) and may be handed to a bot, and the broadcast that shows it. At a turn-based
table only the mover's time counts, and the server itself acts when it runs out (the ``due``
hook; docs/web.md, "Turn-based tables")."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bazaar.core.game import State
from bazaar.web.live import LiveTable
from bazaar.web.pace import TURN_BASED, time_words
from bazaar.web.shapes import TurnTimer


def turn_based(table: LiveTable) -> bool:
    return table.info.pace == TURN_BASED and bool(table.info.turn_minutes)


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

    def deadline(
        self, table: LiveTable, state: State | None = None, started: float | None = None
    ) -> float | None:
        """When the time of the person to move in ``state`` (default: the table's) runs out
        at a turn-based table, counted from ``started`` (default: ``table.turn_started``);
        None when nobody is on the clock (a live table, the game over, a bot or a stand-in
        to move). A bot playing a turn whose time ran out leaves the deadline as it was,
        past, until the turn passes."""
        limit = self.seconds(table)
        if limit is None or not turn_based(table):
            return None
        mover = (state or table.state).to_move()
        if mover is None:
            return None
        seat = table.info.seats[mover]
        if seat["kind"] == "bot" or seat.get("standin"):
            return None
        return (table.turn_started if started is None else started) + limit

    def overdue(self, table: LiveTable, now: float) -> tuple[list[int], float | None]:
        """The person seats that may be handed to a bot now (away, or idle on their turn,
        longer than the timer; none with a stand-in already), and when the next one will be.
        At a turn-based table: only the mover, once their time ran out."""
        limit = self.seconds(table)
        if limit is None or table.state.is_over():
            return [], None
        if turn_based(table):
            deadline = self.deadline(table)
            mover = table.state.to_move()
            if deadline is None or mover is None:
                return [], None
            return ([mover], None) if deadline <= now else ([], deadline)
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

    def timer(self, table: LiveTable, lang: str = "en") -> TurnTimer:
        """The payload's ``timer``: ``minutes`` (null: no timer), the seat whose turn runs
        (a person's, else null), its ``deadline`` (UNIX seconds), ``left`` (whole seconds, 0
        once past) and ``words`` (the time left in ``lang``), ``overdue``: the seats anyone
        may hand to a bot now, ``pace`` and ``on_timeout``."""
        now = self.clock()
        limit = self.seconds(table)
        mover = table.state.to_move()
        timed = limit is not None and mover is not None and table.bot_spec(mover) is None
        deadline = table.turn_started + limit if timed and limit is not None else None
        left = None if deadline is None else max(0, int(deadline - now + 0.999))
        paced = turn_based(table)
        return {
            "minutes": table.info.turn_minutes,
            "seat": mover if timed else None,
            "deadline": None if deadline is None else round(deadline, 3),
            "left": left,
            "overdue": self.overdue(table, now)[0],
            "pace": table.info.pace if paced else "live",
            "on_timeout": table.info.on_timeout if paced else None,
            "words": None if left is None else time_words(left, lang),
            "timed_out": sorted(table.timed_out),
        }

    def restore(self, table: LiveTable) -> None:
        """A turn-based table just loaded: its mover's clock runs from the stored deadline
        (a restart or an unload gives nobody extra time)."""
        limit = self.seconds(table)
        if turn_based(table) and limit is not None and table.info.deadline is not None:
            table.turn_started = table.info.deadline - limit
        table.saved_deadline = table.info.deadline

    def arm(self, table: LiveTable) -> None:
        """Call ``due`` when the next seat goes past the timer (a live table: so that
        ``overdue`` shows; a turn-based one: so that its rule is followed at once)."""
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
