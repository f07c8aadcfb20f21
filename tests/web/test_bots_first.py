"""Bots first: hints and analyses run on their own niced pool, one per seat, shared when equal."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from bazaar.web import workers
from bazaar.web.advice import AdviceDesk, AdviceError, AdviceKey
from bazaar.web.hub import Hub, LiveTable, WebError
from bazaar.web.settings import WebSettings
from bazaar.web.store import Store
from tests.web.server import Server

HUMANS = [{"kind": "human"}] * 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of the module's own: its bots and hints are timed, so no other module's tables
    may share its workers (and an all-bot table here plays on after its test). Its hints weigh
    the easy level's 8 determinizations per move (tens of milliseconds): what is timed here is
    whether bots and requests wait behind them, not how good they are."""
    srv = Server(tmp_path_factory.mktemp("db") / "bazaar.db", args=["--hint-level", "easy"])
    yield srv.start()
    srv.stop()


def run_async(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run ``scenario`` on an event loop in a thread of its own (Playwright may own ours)."""
    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, scenario()).result()


def thread_hub(tmp_path: Path, **options: Any) -> Hub:
    """A hub whose bots and advice run in threads (so tests can stand in for the workers)."""
    return Hub(
        Store(f"sqlite:///{tmp_path / 'hub.db'}"),
        WebSettings(**options),
        executor=ThreadPoolExecutor(1),
        advice_executor=ThreadPoolExecutor(4),
    )


async def finished(hub: Hub) -> LiveTable:
    """A three-person Buy Low Sell High table played to its end (first legal move each time)."""
    table_id, _ = await hub.keeper.create("buy-low-sell-high", 3, HUMANS, {}, "en", seed=5)
    table = await hub.keeper.get(table_id)
    while (seat := table.state.to_move()) is not None:
        await hub.moves.submit(table, seat, table.state.legal_actions()[0], table.seq)
    return table


class Gate:
    """A stand-in worker function that counts its calls and waits until it is opened."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.calls = 0
        self.opened = threading.Event()
        self.entered = threading.Event()
        self.fail_next = False

    def __call__(self, *args: Any) -> Any:
        self.calls += 1
        self.entered.set()
        assert self.opened.wait(10), "the gate was never opened"
        if self.fail_next:
            self.fail_next = False
            raise RuntimeError("the search crashed")
        return self.answer


async def until(flag: threading.Event) -> None:
    assert await asyncio.to_thread(flag.wait, 10)


def ask(hub: Hub, table: LiveTable, seat: int, gate: Gate) -> asyncio.Task[Any]:
    """Ask the hub's advice desk for ``seat``'s post-game job ``gate`` (as an analysis
    part or the table's puzzles are asked)."""
    key = AdviceKey(table.id, seat, table.seq, "analysis")
    return asyncio.create_task(hub.advisor.advise(key, "en", gate, table.record(), seat))


def test_three_identical_advice_requests_share_one_computation(tmp_path: Path) -> None:
    answer = [{"index": 1, "played": "+K1", "best": "+K2", "loss": 0.25}]
    gate = Gate(answer)

    async def scenario() -> None:
        hub = thread_hub(tmp_path)
        table = await finished(hub)
        asks = [ask(hub, table, 0, gate) for _ in range(3)]
        await until(gate.entered)
        await asyncio.sleep(0.05)  # all three are waiting now
        gate.opened.set()
        replies = await asyncio.gather(*asks)
        assert replies == [answer, answer, answer]
        assert gate.calls == 1
        assert hub.advisor.stats.computed == 1 and hub.advisor.stats.shared == 2
        await hub.close()

    run_async(scenario)


def test_a_second_different_request_of_a_seat_is_refused_while_one_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    moves = [{"action": 0, "notation": "+K1", "text": {"en": "+K1", "zh-TW": "+K1"}}]
    gate = Gate(moves)
    monkeypatch.setattr(workers, "hint_moves", gate)

    async def scenario() -> None:
        hub = thread_hub(tmp_path)
        table_id, _ = await hub.keeper.create("buy-low-sell-high", 3, HUMANS, {}, "en", seed=5)
        table = await hub.keeper.get(table_id)
        first = asyncio.create_task(hub.advisor.hint(table, 0))
        await until(gate.entered)
        while True:  # the others move until seat 0 is to move again, in a new position
            await hub.moves.submit(
                table, table.state.to_move(), table.state.legal_actions()[0], table.seq
            )
            if table.state.to_move() == 0:
                break
        assert table.seq > 0
        with pytest.raises(WebError) as refused:
            await hub.advisor.hint(table, 0, lang="zh-TW")
        assert (refused.value.status, refused.value.code) == (429, "advice-busy")
        assert refused.value.to_json() == {
            "error": "你上一個提示或分析還在計算中，請等它算完再問。",
            "code": "advice-busy",
        }
        with pytest.raises(WebError) as english:
            await hub.advisor.hint(table, 0)
        assert english.value.message == (
            "your previous hint or analysis is still being worked out; wait for it, then ask again"
        )
        assert hub.advisor.stats.busy == 2
        gate.opened.set()
        assert await first == moves
        assert await hub.advisor.hint(table, 0) == moves  # the seat is free again
        assert gate.calls == 2
        await hub.close()

    run_async(scenario)


def test_the_global_cap_refuses_more_advice_jobs_with_503(tmp_path: Path) -> None:
    async def scenario() -> None:
        release = threading.Event()
        desk = AdviceDesk(executor=ThreadPoolExecutor(1), max_jobs=2)
        running = [
            asyncio.create_task(desk.compute(AdviceKey("t", seat, 0, "hint"), release.wait, 10))
            for seat in range(2)
        ]
        await asyncio.sleep(0.05)
        with pytest.raises(AdviceError) as full:
            await desk.compute(AdviceKey("t", 2, 0, "hint"), release.wait, 10)
        assert (full.value.status, full.value.code) == (503, "advice-full")
        assert full.value.message == (
            "the server is busy working out other hints and analyses; try again in a few seconds"
        )
        # the same request as one in flight is shared, not refused
        joined = asyncio.create_task(desk.compute(AdviceKey("t", 1, 0, "hint"), release.wait, 10))
        await asyncio.sleep(0.05)
        release.set()
        assert await asyncio.gather(*running, joined) == [True, True, True]
        assert (desk.stats.computed, desk.stats.shared, desk.stats.full) == (2, 1, 1)
        assert await desk.compute(AdviceKey("t", 2, 0, "hint"), release.wait, 10) is True
        await desk.close()

    run_async(scenario)


def test_a_failed_or_cancelled_computation_does_not_poison_later_requests(
    tmp_path: Path,
) -> None:
    answer = [{"index": 2, "played": "-K1", "best": "-K1", "loss": 0.0}]
    gate = Gate(answer)
    gate.fail_next = True

    async def scenario() -> None:
        hub = thread_hub(tmp_path)
        table = await finished(hub)
        asks = [ask(hub, table, 1, gate) for _ in range(2)]
        await until(gate.entered)
        await asyncio.sleep(0.05)
        gate.opened.set()
        for outcome in await asyncio.gather(*asks, return_exceptions=True):
            assert isinstance(outcome, WebError)
            assert (outcome.status, outcome.code) == (503, "advice-failed")
        assert hub.advisor.stats.failed == 1
        assert await ask(hub, table, 1, gate) == answer  # worked out afresh
        assert gate.calls == 2
        # a request whose client goes away leaves the shared computation running
        gate.opened.clear()
        gate.entered.clear()
        lonely = ask(hub, table, 2, gate)
        await until(gate.entered)
        lonely.cancel()
        with pytest.raises(asyncio.CancelledError):
            await lonely
        gate.opened.set()
        assert await ask(hub, table, 2, gate) == answer
        assert gate.calls == 3  # the cancelled request's computation was joined, not redone
        await hub.close()

    run_async(scenario)


def test_advice_workers_run_niced_and_a_dead_worker_is_replaced() -> None:
    async def scenario() -> None:
        desk = AdviceDesk(workers=1, niceness=19)
        base = os.nice(0)
        assert await desk.compute(AdviceKey("t", 0, 0, "nice"), os.nice, 0) == min(19, base + 19)
        policy = await desk.compute(AdviceKey("t", 0, 0, "policy"), os.sched_getscheduler, 0)
        assert policy == os.SCHED_IDLE
        with pytest.raises(AdviceError) as died:
            await desk.compute(AdviceKey("t", 0, 1, "exit"), os._exit, 3)
        assert (died.value.status, died.value.code) == (503, "advice-failed")
        assert await desk.compute(AdviceKey("t", 0, 2, "pow"), pow, 2, 10) == 1024
        assert desk.stats.failed == 1 and desk.stats.computed == 4
        await desk.close()

    run_async(scenario)


def bot_table_reaches(url: str, moves: int, timeout: float = 120.0) -> bool:
    """Whether a new all-heuristic Take Stock table makes ``moves`` moves (its bots are paced by
    the server's bot delay) before ``timeout`` seconds: a liveness check, not a speed bound."""
    seats = [{"kind": "bot", "bot": "heuristic"}] * 4
    res = httpx.post(f"{url}/api/tables", json={"game": "take-stock", "players": 4, "seats": seats})
    assert res.status_code == 201, res.text
    table = res.json()["id"]
    start_seq = httpx.get(f"{url}/api/tables/{table}").json()["seq"]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if httpx.get(f"{url}/api/tables/{table}").json()["seq"] - start_seq >= moves:
            return True
        time.sleep(0.1)
    return False


def test_bots_keep_moving_while_six_clients_ask_for_hints(server: Server) -> None:
    """Before: six looping hint clients stopped the bots on another table (0-2 moves in 3 s)."""
    humans = [
        httpx.post(
            f"{server.url}/api/tables",
            json={"game": "buy-low-sell-high", "players": 3, "seats": HUMANS},
        ).json()
        for _ in range(6)
    ]
    stop = threading.Event()
    statuses: list[int] = []

    def ask(table: dict[str, Any]) -> None:
        params = {"token": table["seats"][0]["token"]}
        while not stop.is_set():
            res = httpx.get(
                f"{server.url}/api/tables/{table['id']}/hint", params=params, timeout=60
            )
            statuses.append(res.status_code)

    with concurrent.futures.ThreadPoolExecutor(6) as pool:
        loops = [pool.submit(ask, table) for table in humans]
        time.sleep(1.0)
        moved = bot_table_reaches(server.url, 15)
        stop.set()
        for loop in loops:
            loop.result()
    assert moved, "the bots of another table stopped while six clients asked for hints"
    assert statuses and set(statuses) == {200}
