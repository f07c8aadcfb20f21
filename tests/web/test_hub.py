"""The hub in-process: idle tables are unloaded and come back from the database intact."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bazaar.web.hub import Connection, Hub, WebError
from bazaar.web.settings import WebSettings
from bazaar.web.store import Store


def test_an_idle_table_is_unloaded_and_replayed_exactly(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'hub.db'}"), executor=ThreadPoolExecutor(1))
        seats = [{"kind": "human"}] * 3
        table_id, tokens = await hub.keeper.create("buy-low-sell-high", 3, seats, {}, "en", seed=4)
        table = await hub.keeper.get(table_id)
        received: list[str] = []

        async def send(text: str) -> None:
            received.append(text)

        conn = Connection(hub.keeper.seat_of(table, tokens[0]), "en", send)
        await hub.presence.connect(table, conn)
        assert not hub.keeper.maybe_unload(table)  # someone is watching
        await hub.moves.submit(table, 0, "+K1", 0)
        view = table.state.view(0)
        await hub.presence.disconnect(table, conn)
        assert table_id not in hub.tables and len(received) == 2
        again = await hub.keeper.get(table_id)
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
        table_id, _ = await hub.keeper.create("buy-low-sell-high", 3, seats, {}, "en", seed=4)
        table = await hub.keeper.get(table_id)
        assert table.version == 0 and hub.views.payload(table, None, "en")["version"] == 0
        await hub.moves.submit(table, 0, "+K1", 0)
        assert table.version == 1
        assert await hub.undos.undo(table, 0, 0, 1) == 0 and table.version == 2
        await hub.moves.submit(table, 0, "+K1", 0)
        assert table.version == 3
        view, history = table.state.full_view(), list(table.history)
        try:
            await hub.undos.undo(table, 0, 0, 1)  # the first request, delivered late
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
        assert hub.keeper.maybe_unload(table)
        again = await hub.keeper.get(table_id)
        assert again is not table and (again.seq, again.version) == (1, 3)
        assert hub.views.payload(again, 1, "en")["version"] == 3
        await hub.close()

    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, scenario()).result()


def run(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """``scenario()`` on an event loop in a thread of its own."""
    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, scenario()).result()


def test_tables_played_over_http_alone_leave_memory_when_idle(tmp_path: Path) -> None:
    """Issue 21, item 3: a table left memory only when a socket disconnected, so tables
    played over HTTP alone, or finished with nobody watching, stayed loaded forever."""

    async def scenario() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'idle.db'}"), executor=ThreadPoolExecutor(1))
        seats = [{"kind": "human"}] * 3
        running, _ = await hub.keeper.create("buy-low-sell-high", 3, seats, {}, "en", seed=4)
        finished, _ = await hub.keeper.create("night-market", 3, seats, {}, "en", seed=5)
        table = await hub.keeper.get(running)
        await hub.moves.submit(table, 0, "+K1", 0)
        done = await hub.keeper.get(finished)
        while not done.state.is_over():
            await hub.moves.submit(
                done, done.state.to_move(), done.state.legal_actions()[0], done.seq
            )
        view, final = table.state.view(1), done.state.full_view()
        # each table's last use (seconds apart on a busy machine)
        first, last = sorted([table.used, done.used])
        assert hub.keeper.sweep(first + hub.keeper.idle_seconds - 1) == 0  # used a moment ago: kept
        assert hub.keeper.sweep(last + hub.keeper.idle_seconds + 1) == 2 and not hub.tables
        again = await hub.keeper.get(running)
        assert again is not table and again.seq == 1 and again.state.view(1) == view
        assert (await hub.keeper.get(finished)).state.full_view() == final
        await hub.close()

    run(scenario)


def test_a_watched_table_or_a_thinking_bot_stays(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(
            Store(f"sqlite:///{tmp_path / 'kept.db'}"),
            WebSettings(bot_delay=30.0),
            executor=ThreadPoolExecutor(1),
        )
        people = [{"kind": "human"}] * 3
        watched, _ = await hub.keeper.create("buy-low-sell-high", 3, people, {}, "en", seed=4)
        bots = [{"kind": "bot", "bot": "random"}] * 3
        thinking, _ = await hub.keeper.create("buy-low-sell-high", 3, bots, {}, "en", seed=4)

        async def send(text: str) -> None:
            pass

        await hub.presence.connect(await hub.keeper.get(watched), Connection(None, "en", send))
        bot_table = await hub.keeper.get(thinking)
        assert bot_table.bot_task is not None and not bot_table.bot_task.done()
        assert hub.keeper.sweep(bot_table.used + 10 * hub.keeper.idle_seconds) == 0
        assert set(hub.tables) == {watched, thinking}
        await hub.close()

    run(scenario)


def test_a_request_holding_an_unloaded_table_loses_nothing(tmp_path: Path) -> None:
    """A move on a copy unloaded meanwhile registers it again; a move on a copy replaced by a
    newer one is refused as stale, and the newer copy stays true to the store."""

    async def scenario() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'race.db'}"), executor=ThreadPoolExecutor(1))
        seats = [{"kind": "human"}] * 3
        table_id, _ = await hub.keeper.create("buy-low-sell-high", 3, seats, {}, "en", seed=4)
        held = await hub.keeper.get(table_id)
        assert hub.keeper.maybe_unload(held) and table_id not in hub.tables
        await hub.moves.submit(held, 0, "+K1", 0)  # the request still had it: it is back
        assert hub.tables[table_id] is held and held.seq == 1
        assert hub.keeper.maybe_unload(held)
        newer = await hub.keeper.get(table_id)
        try:
            await hub.moves.submit(held, held.state.to_move(), held.state.legal_actions()[0], 1)
        except WebError as exc:
            assert (exc.status, exc.code) == (409, "stale")
        else:
            raise AssertionError("a move on a replaced copy was accepted")
        stored = hub.store.load(table_id)
        assert stored is not None and len(stored.moves) == newer.seq == 1
        await hub.close()

    run(scenario)


def test_each_move_is_applied_once(tmp_path: Path) -> None:
    """A move is checked and applied on one copy of the state, which the table keeps: one
    ``apply`` per move (a person's, a refused one: none, and a bot's), none for an undo."""
    from bazaar.core.game import State

    calls: list[int] = []
    real_apply = State.apply

    def counted(self: State, action: int) -> Any:
        calls.append(action)
        return real_apply(self, action)

    async def scenario() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'once.db'}"), executor=ThreadPoolExecutor(1))
        seats = [{"kind": "human"}] * 3
        table_id, _ = await hub.keeper.create("buy-low-sell-high", 3, seats, {}, "en", seed=4)
        table = await hub.keeper.get(table_id)
        kind = type(table.state)
        kind.apply = counted  # type: ignore[method-assign]
        try:
            await hub.moves.submit(table, 0, "+K1", 0)
            assert len(calls) == 1
            mover = table.state.to_move()
            assert mover is not None
            try:
                await hub.moves.submit(table, mover, 10**6, 1)
            except WebError as exc:
                assert exc.code == "illegal"
            assert len(calls) == 2  # refused by the one apply: nothing changed
            assert table.seq == 1
            await hub.undos.undo(table, 0, 0, table.version)
            assert len(calls) == 2 and table.seq == 0
            for n in range(1, 6):
                seat = table.state.to_move()
                assert seat is not None
                await hub.moves.submit(table, seat, table.state.legal_actions()[0], table.seq)
                assert len(calls) == 2 + n
        finally:
            del kind.apply  # type: ignore[attr-defined]
        await hub.close()

    run(scenario)
