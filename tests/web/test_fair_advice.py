"""Fair advice queues: a seated player's hint never waits behind post-game analyses, and the
analyses worked out at once are bounded per client address and per table (429
``analysis-busy`` with Retry-After, at once, not queued)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from bazaar.web import workers
from bazaar.web.advice import BACKGROUND, AdviceDesk, AdviceError, AdviceKey, _Turns
from bazaar.web.hub import Hub, WebError
from tests.web.parts import keep_the_list_open
from tests.web.server import Server
from tests.web.test_bots_first import HUMANS, Gate, run_async, thread_hub, until


def test_a_hint_goes_before_every_waiting_job_of_post_game_work() -> None:
    """One worker: an analysis job runs, three more and a table's puzzles wait; a hint asked
    last runs next, then the rest in the order asked."""

    async def scenario() -> None:
        order: list[str] = []
        release = threading.Event()

        def job(name: str) -> str:
            if name == "a0":
                assert release.wait(10)
            order.append(name)
            return name

        desk = AdviceDesk(executor=ThreadPoolExecutor(1), max_jobs=2)
        asks = [
            asyncio.create_task(
                desk.compute(
                    AdviceKey("t", -1, 0, f"analysis:{n}"),
                    job,
                    n,
                    priority=BACKGROUND,
                    counted=False,
                )
            )
            for n in ("a0", "a1", "a2", "a3")
        ]
        await asyncio.sleep(0.05)
        puzzles = asyncio.create_task(
            desk.compute(AdviceKey("t", -1, 0, "puzzles"), job, "puzzles", priority=BACKGROUND)
        )
        await asyncio.sleep(0.05)
        hint = asyncio.create_task(desk.compute(AdviceKey("u", 0, 7, "hint"), job, "hint"))
        await asyncio.sleep(0.05)
        assert (desk.turns.running, desk.turns.waiting) == (1, 5)
        release.set()
        assert await hint == "hint"
        assert await asyncio.gather(*asks, puzzles) == ["a0", "a1", "a2", "a3", "puzzles"]
        assert order == ["a0", "hint", "a1", "a2", "a3", "puzzles"]
        assert desk.stats.waited == 5 and desk.stats.full == 0
        await desk.close()

    run_async(scenario)


def test_analysis_jobs_do_not_count_against_the_hint_cap() -> None:
    """With room for one hint, ten waiting analysis jobs leave that room free."""

    async def scenario() -> None:
        release = threading.Event()
        desk = AdviceDesk(executor=ThreadPoolExecutor(1), max_jobs=1)
        background = [
            asyncio.create_task(
                desk.compute(
                    AdviceKey("t", -1, 0, f"analysis:c{i}"),
                    release.wait,
                    10,
                    priority=BACKGROUND,
                    counted=False,
                )
            )
            for i in range(10)
        ]
        await asyncio.sleep(0.05)
        hint = asyncio.create_task(desk.compute(AdviceKey("u", 0, 3, "hint"), release.wait, 10))
        await asyncio.sleep(0.05)
        with pytest.raises(AdviceError) as full:  # a second hint: the cap counts hints
            await desk.compute(AdviceKey("v", 0, 3, "hint"), release.wait, 10)
        assert (full.value.status, full.value.code) == (503, "advice-full")
        release.set()
        assert await hint is True and all(await asyncio.gather(*background))
        await desk.close()

    run_async(scenario)


def test_a_cancelled_wait_gives_its_turn_to_the_next() -> None:
    async def scenario() -> None:
        turns = _Turns(1)
        assert await turns.take(BACKGROUND) is False
        leaving = asyncio.create_task(turns.take(0))
        staying = asyncio.create_task(turns.take(BACKGROUND))
        await asyncio.sleep(0)
        leaving.cancel()
        await asyncio.sleep(0)
        turns.give_back()
        assert await staying is True
        assert (turns.running, turns.waiting) == (1, 0)
        turns.give_back()
        assert turns.running == 0

    run_async(scenario)


async def two_seat_finished(hub: Hub, seed: int) -> Any:
    table_id, _ = await hub.keeper.create("buy-low-sell-high", 2, HUMANS[:2], {}, "en", seed=seed)
    table = await hub.keeper.get(table_id)
    while (seat := table.state.to_move()) is not None:
        await hub.moves.submit(table, seat, table.state.legal_actions()[0], table.seq)
    return table


def test_analyses_are_bounded_per_address_and_per_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = Gate([])
    monkeypatch.setattr(workers, "decision_moves", gate)

    async def scenario() -> None:
        hub = thread_hub(tmp_path, analyses_per_address=2, analyses_per_table=1)
        hub.reports.playouts = 1
        a, b, c = [await two_seat_finished(hub, seed) for seed in (1, 2, 3)]
        running = {"status": "running", "done": 0, "total": 0}
        assert await hub.advisor.analysis_report(a, 0, address="10.0.0.1") == running
        await until(gate.entered)
        # the same analysis asked again is its progress, not a new one
        assert (await hub.advisor.analysis_report(a, 0, address="10.0.0.1"))["status"] == "running"
        with pytest.raises(WebError) as table_busy:  # another seat of table a, elsewhere
            await hub.advisor.analysis_report(a, 1, address="10.0.0.2")
        assert (table_busy.value.status, table_busy.value.code) == (429, "analysis-busy")
        assert table_busy.value.retry_after == 5
        assert table_busy.value.message == (
            "another seat's analysis of this table is being worked out; ask again in 5 seconds"
        )
        assert (await hub.advisor.analysis_report(b, 0, address="10.0.0.1"))["status"] == "running"
        with pytest.raises(WebError) as mine_busy:  # a third from the same address
            await hub.advisor.analysis_report(c, 0, "zh-TW", address="10.0.0.1")
        assert (mine_busy.value.status, mine_busy.value.code) == (429, "analysis-busy")
        assert mine_busy.value.message == "你的位址要求的 2 份分析還在計算中，請 5 秒後再問。"
        # another address is not held up by the first one's
        assert (await hub.advisor.analysis_report(c, 0, address="10.0.0.3"))["status"] == "running"
        assert sum(job.running for job in hub.reports.jobs.values()) == 3
        gate.opened.set()
        for table in (a, b, c):
            while (await hub.advisor.analysis_report(table, 0, address="10.0.0.1"))[
                "status"
            ] != "ready":
                await asyncio.sleep(0.02)
        # all done: the refused ones may start now
        assert (await hub.advisor.analysis_report(a, 1, address="10.0.0.2"))["status"] in (
            "running",
            "ready",
        )
        await hub.close()

    run_async(scenario)


def test_no_bound_when_switched_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate([])
    monkeypatch.setattr(workers, "decision_moves", gate)

    async def scenario() -> None:
        hub = thread_hub(tmp_path, analyses_per_address=0, analyses_per_table=0)
        table = await two_seat_finished(hub, 4)
        for seat in (0, 1):
            assert (await hub.advisor.analysis_report(table, seat, address="x"))[
                "status"
            ] == "running"
        gate.opened.set()
        await hub.close()

    run_async(scenario)


@pytest.fixture(scope="module")
def flooded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, list[dict]]]:
    """A real server with analyses that take minutes (so two stay running through this
    module), three finished tables, and the first two tables' seat-1 analyses asked from
    this address (202 both)."""
    srv = Server(
        tmp_path_factory.mktemp("db") / "bazaar.db",
        args=[
            "--analysis-samples",
            "3000",
            "--hint-level",
            "easy",
        ],
    ).start()
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as client:
            tables = [finish_over_http(client, seed) for seed in (1, 2, 3)]
            for table in tables[:2]:
                params = {"token": table["seats"][0]["token"]}
                res = client.get(f"/api/tables/{table['id']}/analysis", params=params)
                assert res.status_code == 202, res.text
        yield srv, tables
    finally:
        # killed: a graceful stop waits for the running analyses (minutes), then 10 s for
        # nothing; the workers end with the server (bazaar/web/workers.py, watch_parent)
        srv.stop(kill=True)


def test_the_web_refuses_a_third_analysis_with_retry_after(
    flooded: tuple[Server, list[dict]],
) -> None:
    """Two analyses from this address run; the third gets 429 ``analysis-busy`` with
    ``Retry-After: 5`` in the asked language, at once; hints elsewhere still answer."""
    srv, tables = flooded
    with httpx.Client(base_url=srv.url, timeout=30) as client:
        url = f"/api/tables/{tables[2]['id']}/analysis"
        params = {"token": tables[2]["seats"][0]["token"], "lang": "zh-TW"}
        third = client.get(url, params=params)
        assert third.status_code == 429
        assert third.headers["retry-after"] == "5"
        assert third.json() == {
            "error": "你的位址要求的 2 份分析還在計算中，請 5 秒後再問。",
            "code": "analysis-busy",
        }
        playing = client.post(
            "/api/tables",
            json={"game": "buy-low-sell-high", "players": 2, "seats": HUMANS[:2]},
        ).json()
        hints = [
            client.get(f"/api/tables/{playing['id']}/hint", params={"token": s["token"]})
            for s in playing["seats"]
        ]
        # the seat to move gets its hint while both analyses run; the other: not its turn
        assert sorted(r.status_code for r in hints) == [200, 409]


def test_the_table_page_waits_its_turn_and_asks_again(
    browser: Any, flooded: tuple[Server, list[dict]]
) -> None:
    """Refused with 429 and Retry-After, the page says so (in zh-TW here: the English is the
    catalog's id) and asks again after 5 s."""
    lang = "zh-TW"
    _, tables = flooded
    link = tables[2]["seats"][1]["link"].replace("lang=en", f"lang={lang}")
    context = keep_the_list_open(browser.new_context(viewport={"width": 390, "height": 844}))
    page = context.new_page()
    # when the page asked the analysis API (monotonic seconds; not the analysis.js module)
    asked: list[float] = []
    page.on(
        "request", lambda req: asked.append(time.monotonic()) if "/analysis?" in req.url else None
    )
    try:
        page.goto(link)
        page.wait_for_selector("body[data-over='true']")
        page.click("#analyse")
        page.wait_for_selector("#analysis-waiting")
        text = page.inner_text("#analysis-waiting")
        assert text == "其他分析正在先算，5 秒後會自動再問一次。"
        deadline = time.monotonic() + 30  # a liveness bound, far past the Retry-After's 5 s
        while len(asked) < 2 and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert len(asked) >= 2  # asked again
        assert asked[1] - asked[0] >= 4.5  # after the Retry-After (a busy machine only adds)
        assert page.locator("#analysis-waiting").count() == 1  # still waiting, still saying so
    finally:
        context.close()


def finish_over_http(client: httpx.Client, seed: int) -> dict[str, Any]:
    """A two-seat Buy Low Sell High table played to its end over the API (first legal move)."""
    body = {"game": "buy-low-sell-high", "players": 2, "seed": seed, "seats": HUMANS[:2]}
    table = client.post("/api/tables", json=body).json()
    while True:
        state = client.get(f"/api/tables/{table['id']}").json()
        if state.get("over"):
            return table
        seat = state["to_move"]
        token = table["seats"][seat]["token"]
        mine = client.get(f"/api/tables/{table['id']}", params={"token": token}).json()
        move = {"token": token, "action": mine["legal"][0]["notation"], "seq": mine["seq"]}
        assert client.post(f"/api/tables/{table['id']}/moves", json=move).status_code == 200
