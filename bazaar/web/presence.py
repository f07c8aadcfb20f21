"""Presence: the sockets of every table, the broadcast of each seat's payload to them, and who
is connected (comings and goings coalesced into at most one broadcast per interval)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bazaar.web.chat import Chat
from bazaar.web.keeper import TableKeeper
from bazaar.web.live import Connection, LiveTable, encode
from bazaar.web.outbox import Outbox
from bazaar.web.settings import WebSettings
from bazaar.web.shapes import AwayMessage, TablePayload
from bazaar.web.standins import while_away

Payload = Callable[[LiveTable, int | None, str], TablePayload]


class Presence:
    """Connects and disconnects sockets and publishes payloads to them.

    ``payload(table, seat, lang)`` builds a seat's payload; ``published(table)`` runs after
    each broadcast (the turn timers re-arm); ``seat_back(table, seat)`` ends the stand-in of
    a person who connects again (what the bot played for them meanwhile is sent to that
    connection once, after its payload: an ``AwayMessage``)."""

    def __init__(
        self,
        settings: WebSettings,
        keeper: TableKeeper,
        payload: Payload,
        published: Callable[[LiveTable], None],
        seat_back: Callable[[LiveTable, int], Awaitable[AwayMessage | None]],
    ) -> None:
        self.settings = settings
        self.keeper = keeper
        self.payload = payload
        self.published = published
        self.seat_back = seat_back
        #: presence broadcasts sent (for tests and benchmarks)
        self.broadcasts = 0

    def publish(self, table: LiveTable, presence_only: bool = False) -> None:
        """Queue the payload of its own seat for every connection, each payload built once
        per (seat, lang); a connection whose queue is full is dropped. ``presence_only``:
        skip the connections whose newest payload already shows who is connected."""
        table.presence_stale = False
        version = table.presence_version
        cache: dict[tuple[int | None, str], str] = {}
        for conn in list(table.connections):
            if presence_only and conn.presence_seen == version:
                continue
            key = (conn.seat, conn.lang)
            if key not in cache:
                cache[key] = encode(self.payload(table, conn.seat, conn.lang))
            conn.presence_seen = version
            conn.offer(cache[key])
        self.published(table)

    async def connect(self, table: LiveTable, conn: Connection) -> LiveTable:
        """Add a connection: it gets its own payload and the chat's newest lines (if any) at
        once, the others a (coalesced) presence update. Return the table it joined:
        ``table``, or the copy loaded meanwhile if ``table`` was unloaded after it was looked
        up."""
        table = self.keeper.attach(table)
        conn.outbox = Outbox(
            conn.send,
            close=conn.close,
            abort=conn.abort,
            on_gone=lambda: self._forget(table, conn),
            limit=self.settings.queue_limit,
            send_timeout=self.settings.send_timeout,
            close_timeout=self.settings.close_timeout,
        )
        conn.outbox.start()
        away = None
        if conn.seat is not None and table.info.seats[conn.seat].get("standin"):
            # the person is back; joined only then, so no broadcast from before reaches them
            away = await self.seat_back(table, conn.seat)
        table.connections.add(conn)
        if conn.seat is not None:
            table.joined.add(conn.seat)
        self.changed(table)
        conn.presence_seen = table.presence_version
        conn.offer(encode(self.payload(table, conn.seat, conn.lang)))
        if table.chat_lines:  # a table nobody has talked at sends nothing more
            conn.offer(encode(Chat.history(table)))
        if away is not None and conn.seat is not None:
            told = while_away(table, away, conn.seat, conn.lang)
            if told is not None:
                conn.offer(encode(told))
        return table

    async def disconnect(self, table: LiveTable, conn: Connection) -> None:
        self._forget(table, conn)
        if conn.outbox is not None:
            await conn.outbox.stop()
        self.keeper.maybe_unload(table)

    def _forget(self, table: LiveTable, conn: Connection) -> None:
        if conn in table.connections:
            table.connections.discard(conn)
            if conn.seat is not None and all(c.seat != conn.seat for c in table.connections):
                table.left_at[conn.seat] = self.keeper.clock()
            self.changed(table)

    def changed(self, table: LiveTable) -> None:
        """Someone came or went: broadcast it, at most once per presence interval."""
        table.presence_stale = True
        table.presence_version += 1
        if table.presence_timer is not None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, table.presence_sent + self.settings.presence_interval - loop.time())
        table.presence_timer = loop.call_later(delay, self._due, table)

    def _due(self, table: LiveTable) -> None:
        table.presence_timer = None
        if not table.presence_stale:  # a move's broadcast has told everyone already
            return
        table.presence_sent = asyncio.get_running_loop().time()
        self.broadcasts += 1
        self.publish(table, presence_only=True)

    @staticmethod
    def cancel(table: LiveTable) -> None:
        if table.presence_timer is not None:
            table.presence_timer.cancel()
            table.presence_timer = None
