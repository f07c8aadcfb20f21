"""The hub in-process: idle tables are unloaded and come back from the database intact."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bazaar.web.hub import Connection, Hub, WebError
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


def test_a_delayed_undo_does_not_land_on_the_replayed_move(tmp_path: Path) -> None:
    """The undo race: a move, its undo, the same move again; the first undo request sent
    again late names move 0 like the new one, but an older position version: refused
    ``stale``, nothing changes; the version survives unloading (stored moves + 2 x undos)."""

    async def scenario() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'race.db'}"), executor=ThreadPoolExecutor(1))
        seats = [{"kind": "human"}] * 3
        table_id, _ = await hub.create("buy-low-sell-high", 3, seats, {}, "en", seed=4)
        table = await hub.get(table_id)
        assert table.version == 0 and hub.payload(table, None, "en")["version"] == 0
        await hub.submit(table, 0, "+K1", 0)
        assert table.version == 1
        assert await hub.undo(table, 0, 0, 1) == 0 and table.version == 2
        await hub.submit(table, 0, "+K1", 0)
        assert table.version == 3
        view, history = table.state.full_view(), list(table.history)
        try:
            await hub.undo(table, 0, 0, 1)  # the first request, delivered late
        except WebError as exc:
            assert (exc.status, exc.code, exc.rule) == (409, "stale", "undo-stale")
            assert exc.to_json("zh-TW")["explain"] == (
                "你送出要求之後盤面已經改變（有一步被收回或走了新的一步），"
                "所以沒有收回任何一步：請再看一次盤面"
            )
        else:
            raise AssertionError("the stale undo was accepted")
        assert (table.seq, table.version, table.history) == (1, 3, history)
        assert table.state.full_view() == view
        stored = hub.store.load(table_id)
        assert stored is not None and (stored.moves, stored.undos) == ([(0, "+K1")], 1)
        assert hub.maybe_unload(table)
        again = await hub.get(table_id)
        assert again is not table and (again.seq, again.version) == (1, 3)
        assert hub.payload(again, 1, "en")["version"] == 3
        await hub.close()

    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, scenario()).result()
