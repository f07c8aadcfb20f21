"""The authoritative game server, in parts: the :class:`Hub` builds them and wires them.

- :class:`~bazaar.web.keeper.TableKeeper`: the table lifecycle (create, load, seat tokens,
  unload when idle);
- :class:`~bazaar.web.moves.Moves`: a move checked, applied once, stored, then broadcast;
- :class:`~bazaar.web.undo.Undos`: taking a move back;
- :class:`~bazaar.web.standins.Standins` and :class:`~bazaar.web.timers.Timers`: absent
  players, turn timers and the bots standing in;
- :class:`~bazaar.web.deadlines.Deadlines`: turn-based tables whose mover's time ran out;
- :class:`~bazaar.web.bots.Bots`: each table's bot loop on the bots' process pool;
- :class:`~bazaar.web.presence.Presence` and :class:`~bazaar.web.views.Views`: the sockets,
  each seat's payload and its broadcast;
- :class:`~bazaar.web.advisor.Advisor`: hints, guide steps and analyses on the advice desk
  (another process pool at low CPU priority, bots first);
- :class:`~bazaar.web.chat.Chat` and :class:`~bazaar.web.rematch.Rematches`: the talk at the
  table and playing again;
- :class:`~bazaar.web.people.People` and :class:`~bazaar.web.notices.Notices`: people, their
  pages and ratings, and the turn notices mailed and pushed to them;
- :class:`~bazaar.web.cluster.Cluster`: the other server processes on the database;
- :class:`~bazaar.web.ledger.Ledger`: every store write, and a stored table's replay.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor

from bazaar.web.advice import ADVICE_NICENESS, AdviceDesk
from bazaar.web.advisor import Advisor
from bazaar.web.bots import Bots
from bazaar.web.chat import Chat
from bazaar.web.cluster import Cluster
from bazaar.web.deadlines import Deadlines
from bazaar.web.errors import WebError, refusal, refusal_words
from bazaar.web.keeper import TableKeeper, check_deal_released
from bazaar.web.ledger import Ledger, replay_table
from bazaar.web.live import LOG_LAST, Connection, LiveTable, UndoEntry, encode
from bazaar.web.mail import mailer_of
from bazaar.web.moves import Moves, parse_action
from bazaar.web.notices import Notices
from bazaar.web.people import People
from bazaar.web.people_store import PeopleStore
from bazaar.web.presence import Presence
from bazaar.web.push import Pusher
from bazaar.web.rematch import Rematches
from bazaar.web.reports import Reports
from bazaar.web.settings import WebSettings
from bazaar.web.shapes import AwayMessage, ChatLine
from bazaar.web.standins import Standins
from bazaar.web.store import Store
from bazaar.web.timers import Timers, turn_based
from bazaar.web.undo import Undos
from bazaar.web.views import Views

__all__ = [
    "LOG_LAST",
    "Connection",
    "Hub",
    "LiveTable",
    "UndoEntry",
    "WebError",
    "check_deal_released",
    "encode",
    "parse_action",
    "refusal",
    "refusal_words",
    "replay_table",
]


class Hub:
    """Every live table and the parts that play them (see the module's docstring)."""

    def __init__(
        self,
        store: Store,
        settings: WebSettings | None = None,
        *,
        executor: Executor | None = None,
        advice_executor: Executor | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.settings = settings = settings or WebSettings()
        store.clock = clock  # one clock: tests that move it move the stored times too
        self.ledger = ledger = Ledger(store)
        #: the analyses' search level (tests lower it)
        self.analysis_level = settings.analysis_level
        self.keeper = TableKeeper(
            ledger,
            clock,
            idle_seconds=settings.idle_seconds,
            sweep_seconds=settings.sweep_seconds,
            minute=settings.timer_minute,
            allow_outside_bots=settings.allow_outside_bots,
            on_load=self._loaded,
            on_unload=self._unloaded,
        )
        self.timers = Timers(settings.timer_minute, clock, self._due)
        self.undos = Undos(ledger, clock, self._publish, self._wake)
        self.standins = Standins(ledger, self.timers, clock, self._publish, self._wake)
        self.deadlines = Deadlines(
            self.keeper,
            ledger,
            self.timers,
            self.standins,
            (self._publish, self._wake),
            settings.sweep_seconds,
            settings.timeout_bot,
        )
        self.views = Views(self.timers, self.undos)
        self.presence = Presence(
            settings, self.keeper, self.views.payload, self._published, self._seat_back
        )
        self.moves = Moves(
            self.keeper,
            ledger,
            self.undos,
            self.standins,
            self.timers,
            (self._publish, self._wake),
        )
        self.bots = Bots(settings.workers, settings.bot_delay, self.moves.submit, executor)
        self.bots.allow_outside = settings.allow_outside_bots
        desk = AdviceDesk(
            settings.advice_workers,
            niceness=ADVICE_NICENESS,
            max_jobs=settings.advice_jobs,
            executor=advice_executor,
        )
        self.reports = Reports(
            self,
            per_address=settings.analyses_per_address,
            per_table=settings.analyses_per_table,
        )
        self.advisor = Advisor(desk, self.reports, settings.hint_level)
        self.chat = Chat(ledger, clock)
        self.rematches = Rematches(self.keeper, ledger, self._publish)
        self.people = People(self.keeper, PeopleStore(store), self.timers)
        mailer = mailer_of(settings.smtp_url, settings.mail_from)
        self.people.mail_ready = mailer is not None
        pusher = Pusher(settings.vapid_key, settings.vapid_subject) if settings.vapid_key else None
        self.notices = Notices(
            self.keeper, self.people, self.timers, settings.public_url, mailer, pusher
        )
        self.cluster = Cluster(
            store, self.keeper, ledger, (self._publish, self._owned, self._chat_lines)
        )
        self.deadlines.owns = self.cluster.owns

    @property
    def store(self) -> Store:
        return self.ledger.store

    @property
    def tables(self) -> dict[str, LiveTable]:
        """Every table in memory, by id."""
        return self.keeper.live

    # the parts' hooks: what follows a change of a table
    def _publish(self, table: LiveTable) -> None:
        self.presence.publish(table)

    def _published(self, table: LiveTable) -> None:
        self.timers.arm(table)
        self.deadlines.persist(table)
        self.notices.turn_changed(table)

    def _due(self, table: LiveTable) -> None:
        self.deadlines.due(table)

    def _wake(self, table: LiveTable) -> None:
        if self.cluster.owns(table):  # another server process runs its bots
            self.bots.wake(table)

    def _owned(self, table: LiveTable) -> None:
        """This process took ``table`` over (or caught it up): its bots and timers run."""
        self.bots.wake(table)
        self.timers.arm(table)

    def _chat_lines(self, table: LiveTable, lines: list[ChatLine]) -> None:
        Chat.broadcast(table, {"type": "chat", "history": False, "lines": lines})

    def _loaded(self, table: LiveTable) -> None:
        self.timers.restore(table)
        self.deadlines.persist(table)
        if turn_based(table):
            self.timers.arm(table)
        self.cluster.loaded(table)
        self._wake(table)

    async def start(self) -> None:
        """Start the hub's background work: listening to the other server processes on the
        database (PostgreSQL), the looks for due turn-based tables and due daily digests."""
        await self.cluster.start()
        self.deadlines.start()
        self.notices.start(self.settings.digest_seconds)

    async def _seat_back(self, table: LiveTable, seat: int) -> AwayMessage | None:
        return await self.standins.take_back_seat(table, seat, quiet=True)

    def _unloaded(self, table: LiveTable) -> None:
        self.cluster.unloaded(table)
        Presence.cancel(table)
        Timers.cancel(table)
        self.reports.forget(table.id)
        self.chat.forget(table.id)

    async def close(self) -> None:
        self.keeper.close()
        self.deadlines.close()
        self.notices.close()
        self.cluster.close()
        for table in self.keeper.live.values():
            Bots.cancel(table)
            Presence.cancel(table)
            Timers.cancel(table)
        self.reports.close()
        await self.advisor.desk.close()
        await self.bots.close()
        self.ledger.close()
