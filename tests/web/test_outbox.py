"""Send queues in-process: a slow socket is dropped, nobody waits for it, presence coalesces."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bazaar.web.hub import Connection, Hub, LiveTable
from bazaar.web.outbox import CLOSE_TOO_SLOW, Outbox
from bazaar.web.settings import WebSettings
from bazaar.web.store import Store


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    """Run ``scenario`` in a thread of its own (Playwright may own this thread's loop)."""
    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, scenario()).result()


async def new_hub(tmp_path: Path, **options: Any) -> tuple[Hub, LiveTable, list[str]]:
    hub = Hub(
        Store(f"sqlite:///{tmp_path / 'hub.db'}"),
        WebSettings(**options),
        executor=ThreadPoolExecutor(1),
    )
    seats = [{"kind": "human"}] * 3
    table_id, tokens = await hub.keeper.create("buy-low-sell-high", 3, seats, {}, "en", seed=4)
    return hub, await hub.keeper.get(table_id), [t or "" for t in tokens]


class Reader:
    """A connection that takes every message at once."""

    def __init__(self, seat: int | None) -> None:
        self.messages: list[dict[str, Any]] = []
        self.conn = Connection(seat, "en", self.send)

    async def send(self, text: str) -> None:
        self.messages.append(json.loads(text))


class Stuck:
    """A connection whose sends never finish; its close may hang as well. It notes when it
    was closed and when aborted (monotonic seconds)."""

    def __init__(self, seat: int | None, close_hangs: bool) -> None:
        self.close_hangs = close_hangs
        self.closed: list[tuple[int, str]] = []
        self.aborted = 0
        self.closed_at = self.aborted_at = 0.0
        self.conn = Connection(seat, "en", self.send, close=self.close, abort=self.abort)

    async def send(self, text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int, reason: str) -> None:
        self.closed.append((code, reason))
        self.closed_at = time.monotonic()
        if self.close_hangs:
            await asyncio.Event().wait()

    def abort(self) -> None:
        self.aborted += 1
        self.aborted_at = time.monotonic()


#: How long a scenario waits for what must happen (seconds): a liveness bound, far beyond the
#: milliseconds it takes, so a busy machine does not fail it.
LIVENESS = 30.0


async def eventually(check: Callable[[], bool]) -> None:
    """Let the loop run until ``check()`` holds (at most LIVENESS seconds)."""
    deadline = time.monotonic() + LIVENESS
    while not check():
        assert time.monotonic() < deadline, "it did not happen"
        await asyncio.sleep(0.01)


async def play_moves(hub: Hub, table: LiveTable, count: int) -> list[float]:
    """Play ``count`` legal moves in turn; return each reply's seconds."""
    took = []
    for _ in range(count):
        mover = table.state.to_move()
        assert mover is not None
        action = table.state.legal_actions()[0]
        started = time.perf_counter()
        await hub.moves.submit(table, mover, action, table.seq)
        took.append(time.perf_counter() - started)
        await asyncio.sleep(0.05)
    return took


def test_a_stuck_connection_is_dropped_and_the_others_still_receive(tmp_path: Path) -> None:
    async def scenario() -> None:
        send_timeout = 10 * LIVENESS
        hub, table, _ = await new_hub(
            tmp_path, queue_limit=3, send_timeout=send_timeout, close_timeout=0.1
        )
        stuck, reader = Stuck(1, close_hangs=True), Reader(None)
        await hub.presence.connect(table, stuck.conn)
        await hub.presence.connect(table, reader.conn)
        took = await play_moves(hub, table, 6)
        await eventually(lambda: stuck.aborted > 0)  # the hanging close is given up on
        # not held by the stuck send (it would take its send timeout, 300 s): a liveness bound
        # far above what a move costs (milliseconds), even on a busy machine
        assert max(took) < LIVENESS
        # 1 message in the send that never ends, 3 waiting: the 5th broadcast overflows
        assert stuck.conn.outbox is not None
        assert stuck.conn.outbox.dropped == "too slow: 3 messages were waiting"
        assert stuck.closed == [(CLOSE_TOO_SLOW, "too slow: 3 messages were waiting")]
        assert stuck.aborted == 1  # the close frame did not get through either
        assert table.connections == {reader.conn}
        assert [s["connected"] for s in table.seats_public()] == [False, False, False]
        seqs = [m["seq"] for m in reader.messages]
        assert seqs[-1] == 6 and set(range(7)) <= set(seqs)
        assert reader.messages[-1]["seats"][1]["connected"] is False
        await hub.presence.disconnect(table, reader.conn)
        await hub.close()

    run(scenario)


def test_a_send_that_takes_too_long_closes_the_connection(tmp_path: Path) -> None:
    async def scenario() -> None:
        close_timeout = 0.5
        hub, table, _ = await new_hub(
            tmp_path, queue_limit=100, send_timeout=0.2, close_timeout=close_timeout
        )
        stuck = Stuck(0, close_hangs=False)
        started = time.monotonic()
        await hub.presence.connect(table, stuck.conn)
        await eventually(lambda: bool(stuck.closed))
        assert stuck.closed == [(CLOSE_TOO_SLOW, "too slow: a message took over 0.2 s")]
        assert table.connections == set()
        await eventually(lambda: stuck.aborted > 0)  # then it is cut off, answered or not
        assert stuck.aborted == 1
        # the send was given its 0.2 s; the close frame went out, so the peer had
        # close_timeout to answer before the cut (lower bounds: a busy machine only adds)
        assert stuck.closed_at - started >= 0.2 * 0.9
        assert stuck.aborted_at - stuck.closed_at >= close_timeout * 0.9
        await hub.close()

    run(scenario)


def test_presence_broadcasts_are_coalesced(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub, table, _ = await new_hub(tmp_path, presence_interval=0.3)
        watcher = Reader(0)
        await hub.presence.connect(table, watcher.conn)
        await eventually(lambda: table.presence_timer is None)  # its own broadcast is done
        before, broadcasts = len(watcher.messages), hub.presence.broadcasts
        started = time.monotonic()
        newcomers = [Reader(None) for _ in range(50)] + [Reader(2)]
        for newcomer in newcomers:
            await hub.presence.connect(table, newcomer.conn)
            await asyncio.sleep(0)
        await eventually(lambda: all(n.messages for n in newcomers))
        # each newcomer has its own payload at once, showing itself
        assert all(n.messages and n.messages[0]["seq"] == 0 for n in newcomers)
        assert newcomers[-1].messages[0]["seats"][2]["connected"] is True
        for newcomer in newcomers[:25]:
            await hub.presence.disconnect(table, newcomer.conn)
        # the last coalesced broadcast has gone out and reached the watcher
        assert watcher.conn.outbox is not None
        outbox = watcher.conn.outbox
        await eventually(
            lambda: table.presence_timer is None and not table.presence_stale and not outbox.waiting
        )
        # 76 comings and goings: at most one presence broadcast per 0.3 s (counted against the
        # time they really took, so a busy machine only allows more)
        sent = hub.presence.broadcasts - broadcasts
        assert 1 <= sent <= 1 + int((time.monotonic() - started) / 0.3)
        assert len(watcher.messages) - before == sent
        assert [s["connected"] for s in watcher.messages[-1]["seats"]] == [True, False, True]
        assert all(len(n.messages) <= 3 for n in newcomers[25:])
        await hub.close()

    run(scenario)


def test_a_sender_cancelled_as_its_send_finishes_ends() -> None:
    """A cancel that lands just as a send completes ends the sender task (on Python 3.11,
    ``asyncio.wait_for`` returned the send's result there and the task waited forever, so a
    server's shutdown, or ``asyncio.run``'s, hung)."""

    async def scenario() -> None:
        sent: list[str] = []
        box: Outbox

        async def send(text: str) -> None:
            sent.append(text)
            sender = box._sender  # the task running this very send
            assert sender is not None
            sender.cancel()

        box = Outbox(send)
        box.start()
        assert box.put("a")
        sender = box._sender
        assert sender is not None
        await asyncio.wait({sender}, timeout=LIVENESS)
        assert sent == ["a"] and sender.cancelled()

    run(scenario)


def test_stop_sends_what_was_queued_first() -> None:
    async def scenario() -> None:
        sent: list[str] = []

        async def send(text: str) -> None:
            await asyncio.sleep(0.01)
            sent.append(text)

        box = Outbox(send, limit=5)
        box.start()
        assert [box.put(t) for t in "abc"] == [True, True, True]
        await box.stop()
        assert sent == ["a", "b", "c"] and box.dropped == "closed"
        assert box.put("d") is False

    run(scenario)
