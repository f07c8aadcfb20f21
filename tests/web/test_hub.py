"""The hub in-process: idle tables are unloaded and come back from the database intact."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bazaar.web.hub import Connection, Hub
from bazaar.web.store import Store


def test_an_idle_table_is_unloaded_and_replayed_exactly(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'hub.db'}"), executor=ThreadPoolExecutor(1))
        seats = [{"kind": "human"}] * 3
        table_id, tokens = await hub.create("buy-low-sell-high", 3, seats, {}, "en", seed=4)
        table = await hub.get(table_id)
        received: list[str] = []

        async def send(text: str) -> None:
            received.append(text)

        conn = Connection(hub.seat_of(table, tokens[0]), "en", send)
        await hub.connect(table, conn)
        assert not hub.maybe_unload(table)  # someone is watching
        await hub.submit(table, 0, "+K1", 0)
        view = table.state.view(0)
        await hub.disconnect(table, conn)
        assert table_id not in hub.tables and len(received) == 2
        again = await hub.get(table_id)
        assert again is not table and again.seq == 1 and again.state.view(0) == view
        await hub.close()

    # in a thread of its own: Playwright's sync API may own this thread's event loop
    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, scenario()).result()
