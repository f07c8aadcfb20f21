"""More than one server process on one PostgreSQL database (docs/web.md, "More than one
process"). Any process serves any table:

- every write that changes a table also notifies the others, in its own transaction
  (``pg_notify`` on :data:`~bazaar.web.store.CHANNEL`: "table kind origin"); each process
  LISTENs, and one that has the table loaded catches up from the database (new moves
  applied, or the table read again after an undo or a seat's change) and sends its own
  sockets the new payloads;
- one process at a time owns a table's bots and timers: the holder of a PostgreSQL advisory
  lock on the table, taken on a connection kept for the process's life. A process killed
  with ``kill -9`` loses its connection, so the server frees its locks at once, and another
  process that has the table loaded takes it over within :data:`OWNER_SECONDS`;
- the moves themselves need no lock: the unique (table, seq) key lets only one process store
  move ``seq``, and the other is told its copy is stale.

On SQLite (one process) none of this runs: the process owns every table."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import uuid
from collections.abc import Callable
from typing import Any

from sqlalchemy import make_url

from bazaar.web.background import Tasks
from bazaar.web.keeper import TableKeeper
from bazaar.web.ledger import Ledger, play_stored, replay_table
from bazaar.web.live import LiveTable
from bazaar.web.store import CHANNEL, Store

log = logging.getLogger("bazaar.web")

#: Seconds between two tries to take the tables this process has loaded but does not own.
OWNER_SECONDS = 1.0
#: The first key of the advisory locks on tables (the second: hashtext of the table's id).
LOCK_CLASS = 0x62617A  # "baz"
#: Seconds before the listening connection is opened again after it broke.
RELISTEN_SECONDS = 1.0

TableHook = Callable[[LiveTable], None]


def plain_url(store: Store) -> str:
    """The database URL as psycopg takes it (no SQLAlchemy driver name)."""
    url = make_url(store.url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class Owners:
    """The advisory locks this process holds, on one connection of its own."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._mutex = threading.Lock()
        self._connection: Any = None
        #: ids of the tables this process owns
        self.held: set[str] = set()

    def _conn(self) -> Any:
        import psycopg

        if self._connection is None or self._connection.closed:
            self._connection = psycopg.connect(self.url, autocommit=True)
            self.held.clear()  # a new session holds no lock
        return self._connection

    def take(self, table_ids: list[str]) -> list[str]:
        """Try to take each table's lock; return those newly taken (blocking)."""
        taken = []
        with self._mutex:
            try:
                conn = self._conn()
                for table_id in table_ids:
                    if table_id in self.held:
                        continue
                    row = conn.execute(
                        "SELECT pg_try_advisory_lock(%s, hashtext(%s))", (LOCK_CLASS, table_id)
                    ).fetchone()
                    if row and row[0]:
                        self.held.add(table_id)
                        taken.append(table_id)
            except Exception:
                log.exception("taking tables' locks failed (the database is away?)")
                self._drop()
        return taken

    def release(self, table_id: str) -> None:
        with self._mutex:
            if table_id not in self.held:
                return
            self.held.discard(table_id)
            try:
                self._conn().execute(
                    "SELECT pg_advisory_unlock(%s, hashtext(%s))", (LOCK_CLASS, table_id)
                )
            except Exception:
                self._drop()

    def _drop(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.close()
        self._connection = None
        self.held.clear()

    def close(self) -> None:
        with self._mutex:
            self._drop()


class Cluster:
    """This process among the others on the database; ``publish(table)`` sends a table's
    sockets their payloads, ``owned(table)`` runs when this process takes a table over (its
    bots and timers start), ``chat(table, lines)`` sends new chat lines."""

    def __init__(
        self,
        store: Store,
        keeper: TableKeeper,
        ledger: Ledger,
        hooks: tuple[TableHook, TableHook, Callable[[LiveTable, list[Any]], None]],
    ) -> None:
        self.store = store
        self.keeper = keeper
        self.ledger = ledger
        self.publish, self.owned, self.chat = hooks
        self.active = False
        self.owners: Owners | None = None
        self.tasks = Tasks()
        self._loops: list[asyncio.Task[None]] = []
        #: changes of other processes applied here (for tests and benchmarks)
        self.caught_up = 0

    async def start(self) -> None:
        """Listen to the other processes and take tables over (PostgreSQL only)."""
        if not self.store.shared or self.active:
            return
        self.active = True
        self.store.origin = uuid.uuid4().hex[:12]
        self.owners = Owners(plain_url(self.store))
        self._loops = [
            asyncio.create_task(self._listen_loop()),
            asyncio.create_task(self._owner_loop()),
        ]

    def owns(self, table: LiveTable) -> bool:
        """Does this process run the table's bots and timers?"""
        return not self.active or (self.owners is not None and table.id in self.owners.held)

    async def take(self, table: LiveTable) -> bool:
        """Try to own ``table`` now (True if this process owns it)."""
        if not self.active or self.owners is None:
            return True
        if table.id not in self.owners.held:
            taken = await asyncio.to_thread(self.owners.take, [table.id])
            if taken:
                self.owned(table)
        return table.id in self.owners.held

    def loaded(self, table: LiveTable) -> None:
        """A table was just loaded: try to own it at once."""
        if self.active:
            self.tasks.spawn(self.take(table))

    def unloaded(self, table: LiveTable) -> None:
        if self.active and self.owners is not None:
            self.tasks.spawn(asyncio.to_thread(self.owners.release, table.id))

    async def _owner_loop(self) -> None:
        assert self.owners is not None
        while True:
            await asyncio.sleep(OWNER_SECONDS)
            owners = self.owners
            wanted = [t for t in self.keeper.live if t not in owners.held]
            if not wanted:
                continue
            for table_id in await asyncio.to_thread(owners.take, wanted):
                table = self.keeper.live.get(table_id)
                if table is not None:
                    log.info("table %s taken over by this process", table_id)
                    self.owned(table)

    async def _listen_loop(self) -> None:
        import psycopg

        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(plain_url(self.store), autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    for table in list(self.keeper.live.values()):  # missed while away
                        self.tasks.spawn(self.catch_up(table, "undo"))
                    async for note in conn.notifies():
                        self._heard(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("listening to the other server processes failed; again soon")
            await asyncio.sleep(RELISTEN_SECONDS)

    def _heard(self, payload: str) -> None:
        table_id, kind, origin = [*payload.split(" "), "", ""][:3]
        if origin == self.store.origin:
            return
        table = self.keeper.live.get(table_id)
        if table is not None:
            self.tasks.spawn(self.catch_up(table, kind))

    async def catch_up(self, table: LiveTable, kind: str) -> None:
        """Bring ``table`` up to what the database holds after another process's change."""
        if kind == "chat":
            last = table.chat_lines[-1]["id"] if table.chat_lines else 0
            lines = await asyncio.to_thread(self.store.chats_after, table.id, last)
            if lines:
                table.chat_lines.extend(lines)
                self.chat(table, lines)
            return
        async with table.lock:
            moves, undos = await asyncio.to_thread(self.store.moves_since, table.id, table.seq)
            whole = kind in ("seat", "info") or undos != table.info.undos
            if whole or (moves and moves[0][0] != table.seq):
                await self._reload(table)
            elif moves:
                self._apply(table, moves)
            else:
                return
            self.caught_up += 1
        self.publish(table)
        if self.owns(table):
            self.owned(table)

    def _apply(self, table: LiveTable, moves: list[tuple[int, int, str]]) -> None:
        """Play another process's new moves on this copy of the table."""
        table.history.extend(play_stored(table.state, moves))
        table.version += len(moves)
        table.undo_stack.clear()  # a move made elsewhere is taken back there
        table.epoch += 1
        table.turn_started = self.keeper.clock()

    async def _reload(self, table: LiveTable) -> None:
        """Read the table again (after an undo, a seat's change or a missed notice)."""
        info = await self.ledger.load(table.id)
        if info is None:
            return
        state, history = replay_table(info)
        table.info, table.state, table.history = info, state, history
        table.logs.clear()
        table.undo_stack.clear()
        table.chat_lines = list(info.chats)
        table.version = table.seq + 2 * info.undos
        table.epoch += 1
        table.turn_started = self.keeper.clock()
        if info.deadline is not None and info.turn_minutes:  # a turn-based table's clock
            table.turn_started = info.deadline - info.turn_minutes * self.keeper.minute

    def close(self) -> None:
        for task in self._loops:
            task.cancel()
        if self.owners is not None:
            self.owners.close()
