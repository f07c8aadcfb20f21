"""The post-game analysis on the web: worked out in the background with progress, stored once
per table (a second request or a restarted server recomputes nothing), and the table page's
graph (one line per seat; a mistake jumps the replay there), in English and zh-TW."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bazaar.bots.heuristics import heuristic_for
from bazaar.bots.random_bot import RandomBot
from bazaar.core.registry import get_game
from bazaar.web.hub import WebError
from tests.no_english import english_tokens
from tests.web.server import Server
from tests.web.test_bots_first import finished, run_async, thread_hub

TINY = {"iterations": 4, "millis": None, "rollout": "random"}


async def until_ready(hub: Any, table: Any, seat: int, lang: str = "en") -> tuple[dict, list]:
    """Ask until the analysis is ready; the progress replies seen on the way."""
    seen = []
    for _ in range(400):
        reply = await hub.advisor.analysis_report(table, seat, lang)
        if reply["status"] == "ready":
            return reply, seen
        seen.append(reply)
        await asyncio.sleep(0.02)
    raise AssertionError("the analysis never got ready")


def test_an_analysis_is_worked_out_once_and_stored(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = thread_hub(tmp_path)
        hub.analysis_level = TINY
        table = await finished(hub)
        first = await hub.advisor.analysis_report(table, 0)
        assert first == {"status": "running", "done": 0, "total": 0}
        ready, progress = await until_ready(hub, table, 0)
        assert progress and all(p["status"] == "running" for p in progress)
        assert all(p["done"] <= p["total"] for p in progress)
        sent = hub.reports.sent
        points = len(ready["curve"]["moves"])
        decisions = len(ready["decisions"])
        # 1 plan + the curve in chunks of 4 + its turning points + decisions in chunks of 3
        assert sent == 1 + -(-points // 4) + 1 + -(-decisions // 3)
        assert ready["seat"] == 0 and len(ready["curve"]["win"][0]) == 3
        assert isinstance(ready["mistakes"][0]["best_text"], str)  # in the asked language
        assert await hub.advisor.analysis_report(table, 0) == ready  # kept: nothing sent
        assert hub.reports.sent == sent
        zh = await hub.advisor.analysis_report(table, 0, "zh-TW")
        assert zh["mistakes"][0]["change_text"].startswith("勝率約")
        # another seat: its decisions only (the curve is the table's, stored once)
        other, _ = await until_ready(hub, table, 1)
        assert other["curve"] == ready["curve"]
        assert hub.reports.sent == sent + 1 + -(-len(other["decisions"]) // 3)
        await hub.close()
        # a restarted server reads it from the database
        again = thread_hub(tmp_path)
        table = await again.keeper.get(table.id)
        assert await again.advisor.analysis_report(table, 0) == ready
        assert again.reports.sent == 0
        await again.close()

    run_async(scenario)


def test_an_analysis_takes_turns_on_the_worker_and_is_never_refused(tmp_path: Path) -> None:
    """With room for one hint (--advice-jobs 1), the curve's and the decisions' jobs queue
    for the one worker: not counted against that cap, none refused, none failed."""

    async def scenario() -> None:
        hub = thread_hub(tmp_path, advice_jobs=1)
        hub.analysis_level = TINY
        table = await finished(hub)
        ready, _ = await until_ready(hub, table, 2)
        assert ready["seat"] == 2 and ready["decisions"]
        stats = hub.advisor.stats
        assert stats.waited > 0 and stats.full == 0 and stats.failed == 0
        await hub.close()

    run_async(scenario)


def test_no_analysis_before_the_end(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = thread_hub(tmp_path)
        table_id, _ = await hub.keeper.create(
            "buy-low-sell-high", 3, [{"kind": "human"}] * 3, {}, "en"
        )
        with pytest.raises(WebError) as early:
            await hub.advisor.analysis_report(await hub.keeper.get(table_id), 0)
        assert (early.value.status, early.value.code) == (409, "not-over")
        await hub.close()

    run_async(scenario)


# ---------------------------------------------------------------------- in the browser
@pytest.fixture(scope="module")
def analysed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict]]:
    """A server with a tiny curve budget and one finished two-seat table (random play, so
    seat 0 makes mistakes), its analysis of seat 0 worked out through the API."""
    srv = Server(
        tmp_path_factory.mktemp("db") / "bazaar.db",
        args=["--analysis-samples", "4"],
    ).start()
    client = httpx.Client()
    try:
        body = {
            "game": "buy-low-sell-high",
            "players": 2,
            "seed": 3,
            "seats": [{"kind": "human"}] * 2,
        }
        table = client.post(srv.url + "/api/tables", json=body).json()
        state = get_game("buy-low-sell-high").new(2, 3)
        bots = [RandomBot(1), heuristic_for("buy-low-sell-high", 2)]
        seq = 0
        while (seat := state.to_move()) is not None:
            action = bots[seat].choose(state)
            token = table["seats"][seat]["token"]
            move = {"token": token, "action": state.notation(action), "seq": seq}
            res = client.post(f"{srv.url}/api/tables/{table['id']}/moves", json=move)
            assert res.status_code == 200, res.text
            seq += 1
            state.apply(action)
        url = f"{srv.url}/api/tables/{table['id']}/analysis"
        params = {"token": table["seats"][0]["token"]}
        first = client.get(url, params=params)
        assert first.status_code == 202 and first.json()["status"] == "running"
        for _ in range(600):
            res = client.get(url, params=params)
            if res.status_code != 202:
                break
            time.sleep(0.05)
        assert res.status_code == 200, res.text
        report = res.json()
        assert report["status"] == "ready" and report["mistakes"]
        spectator = client.get(url)
        assert spectator.status_code == 403 and spectator.json()["code"] == "token"
        yield srv, {**table, "report": report}
    finally:
        client.close()
        srv.stop()


def open_analysis(browser: Any, link: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.goto(link)
    page.wait_for_selector("body[data-over='true']")
    page.click("#analyse")
    page.wait_for_selector("#analysis-graph")
    return context, page


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_graph_has_a_line_per_seat_and_a_mistake_jumps_the_replay(
    browser: Any, analysed: tuple[Server, dict], lang: str
) -> None:
    _, table = analysed
    report = table["report"]
    link = table["seats"][0]["link"].replace("lang=en", f"lang={lang}")
    context, page = open_analysis(browser, link)
    try:
        lines = page.locator("#analysis-graph polyline.curve")
        assert lines.count() == 2
        assert [lines.nth(s).get_attribute("data-seat") for s in (0, 1)] == ["0", "1"]
        assert page.locator("#analysis-graph circle.mistake").count() == len(report["mistakes"])
        mistake = report["mistakes"][0]
        entry = page.locator("#mistakes li").first
        page.locator("#mistakes li button").first.click()
        page.wait_for_selector("#replay-banner:not([hidden])")
        step = mistake["index"] - 1
        assert page.locator("#replay").input_value() == str(step)
        page.wait_for_function(f"document.body.dataset.shownSeq === '{step}'")
        text = page.inner_text("#analysis")
        if lang == "en":
            assert entry.inner_text().startswith(f"Move {mistake['index']}: you played ")
            assert "Turning points" in text and "Win chance" in page.inner_html("#analysis")
        else:
            assert entry.inner_text().startswith(f"第 {mistake['index']} 步：你走了")
            assert "關鍵轉折" in text and "你最大的失誤" in text
            svg_words = page.locator("#analysis-graph text").all_text_contents()
            assert "勝率" in svg_words and "步" in svg_words, svg_words
            assert english_tokens("buy-low-sell-high", text) == []
        # a point on the graph jumps too: the first mistake's circle
        page.locator("#live").click()
        page.wait_for_selector("#replay-banner", state="hidden")
        page.locator("#analysis-graph circle.mistake").first.dispatch_event("click")
        page.wait_for_selector("#replay-banner:not([hidden])")
        assert page.locator("#replay").input_value() == str(step)
    finally:
        context.close()


#: every word on the graph: its computed font size and its size on the screen (CSS px, the
#: graph's scale applied); each seat's line colour and the renderer's colour for the seat
GRAPH = """() => {
  const svg = document.getElementById('analysis-graph');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const texts = [...svg.querySelectorAll('text')].map((t) =>
    [t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale]);
  const lines = [...svg.querySelectorAll('polyline.curve')].map((l) =>
    [Number(l.dataset.seat), l.getAttribute('stroke')]);
  return {texts, lines, colours: window.BazaarRenderers['buy-low-sell-high'].seatColors,
    board: document.querySelector('#board svg').outerHTML.toLowerCase(),
    scroll: document.scrollingElement.scrollWidth, width: innerWidth};
}"""


@pytest.mark.parametrize(
    "viewport", [{"width": 390, "height": 844}, {"width": 1200, "height": 900}]
)
def test_the_graphs_words_are_readable_and_its_seats_have_the_boards_colours(
    browser: Any, analysed: tuple[Server, dict], viewport: dict[str, int]
) -> None:
    _, table = analysed
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.goto(table["seats"][0]["link"])
        page.wait_for_selector("body[data-over='true']")
        page.click("#analyse")
        page.wait_for_selector("#analysis-graph")
        got = page.evaluate(GRAPH)
        assert got["texts"] and all(size >= 12 for _, size in got["texts"]), got["texts"]
        assert len(got["lines"]) == 2
        for seat, stroke in got["lines"]:
            colour = got["colours"][seat % len(got["colours"])]
            assert stroke == colour
            assert colour.lower() in got["board"]  # the board draws the seat in it
        assert got["scroll"] <= got["width"]
    finally:
        context.close()
