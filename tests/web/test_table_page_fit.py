"""The table page's timer, stand-ins, fair-deal badge and phone fit, in headless Chromium.

The turn timer counts down every second from the server's deadline and a seat nobody has
opened never reads "away for 0 min"; a stand-in bot's moves are marked in the log (both
languages) and the returning person is told once what it played for them (their own moves
only); the fair deal's hashes sit behind one small badge and wrap; the table page and the
teacher's classroom page do not scroll sideways at 390 px; score figures never break.

No wall-clock asserts: waits are bounded by generous liveness limits only."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.web.parts import keep_the_list_open
from tests.web.server import Server
from tests.web.test_absent import create, until
from tests.web.test_classroom_page import first_table_over
from tests.web.test_socket import open_socket

PHONE = {"width": 390, "height": 844}
#: a generous bound for what should take a second on an idle machine
LIVENESS_MS = 30_000

#: the page's width and how far it scrolls sideways
SCROLL = "() => [document.scrollingElement.scrollWidth, window.innerWidth]"


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose timer minutes last one second (bots move at once)."""
    srv = Server(tmp_path_factory.mktemp("db") / "quick.db", args=["--timer-minute", "1"])
    yield srv.start()
    srv.stop()


def seconds_left(page: Any) -> int:
    text = page.inner_text("#timer-words")
    found = re.search(r"(\d+) s left", text)
    assert found, text
    return int(found.group(1))


def test_the_turn_timer_counts_down_and_no_seat_is_away_for_0_min(
    browser: Any, server: Server
) -> None:
    table = create(server, turn_minutes=1)  # a real minute: the page counts the seconds
    context = keep_the_list_open(browser.new_context(viewport=PHONE))
    try:
        page = context.new_page()
        page.goto(table["seats"][0]["link"])
        page.wait_for_selector("#timer-words")
        first = seconds_left(page)
        assert 0 < first <= 60
        page.wait_for_function(
            "(first) => !document.getElementById('timer-words').textContent"
            ".includes(`${first} s left`)",
            arg=first,
            timeout=LIVENESS_MS,
        )
        later = seconds_left(page)
        assert later < first
        seats = page.locator("#seat-list li").all_text_contents()
        assert seats[1] == "○ Seat 2: has not joined yet", seats
        assert not any("0 min" in s for s in seats), seats
    finally:
        context.close()


def test_a_stand_ins_moves_are_marked_and_told_once_to_the_returning_seat(
    browser: Any, quick: Server
) -> None:
    table = create(quick, turn_minutes=1)
    tid, mine, theirs = table["id"], table["seats"][0]["token"], table["seats"][1]["token"]
    context = keep_the_list_open(browser.new_context(viewport=PHONE))
    try:
        with open_socket(quick, tid, mine) as me:
            until(me, lambda m: m["type"] == "state")
            # seat 1 never came: overdue after the (one-second) minute; the page offers the
            # hand-over with a visible, labelled bot-level picker
            watcher = context.new_page()
            watcher.goto(f"{quick.url}/t/{tid}?token={mine}&lang=en")
            watcher.wait_for_selector("#seat-timer select.standin-bot", timeout=LIVENESS_MS)
            label = watcher.locator("#seat-timer label.standin-level")
            assert label.is_visible() and label.inner_text().startswith("Bot level")
            assert watcher.evaluate(
                "document.querySelector('#seat-timer select.standin-bot').labels[0]"
                ".textContent.includes('Bot level')"
            )
            watcher.close()
            until(me, lambda m: m["type"] == "state" and 1 in m["timer"]["overdue"])
            me.send(json.dumps({"type": "standin", "seat": 1, "bot": "random"}))
            state = until(me, lambda m: m["type"] == "state" and m["seats"][1]["standin"])
            # play until the stand-in has moved for seat 1 and its turn is over
            while not (any(e["seat"] == 1 for e in state["log"]) and state["to_move"] == 0):
                if state["to_move"] == 0 and state["legal"]:
                    action = state["legal"][0]["action"]
                    me.send(json.dumps({"type": "move", "action": action, "seq": state["seq"]}))
                seq = state["seq"]
                state = until(me, lambda m, seq=seq: m["type"] == "state" and m["seq"] > seq)
            marked = [e for e in state["log"] if e.get("standin")]
            assert marked and {e["seat"] for e in marked} == {1}
            assert all(e["standin"] == "random" for e in marked)
            assert all("standin" not in e for e in state["log"] if e["seat"] == 0)
            # the log marks them, in both languages
            for lang, words in [("en", "(played by the stand-in bot"), ("zh-TW", "代打電腦")]:
                page = context.new_page()
                page.goto(f"{quick.url}/t/{tid}?token={mine}&lang={lang}")
                page.wait_for_selector("#log .entry.by-standin")
                entries = page.locator("#log .entry.by-standin")
                assert entries.count() == len(marked)
                assert words in entries.first.inner_text()
                assert page.locator("#away-summary").is_hidden()  # not the seat that was away
                page.close()
            # the person of seat 1 comes back: told once, their own moves only
            own = [e for e in seat_log(quick, tid, theirs) if e["seat"] == 1 and e.get("standin")]
            assert own
            back = context.new_page()
            back.goto(f"{quick.url}/t/{tid}?token={theirs}&lang=en")
            back.wait_for_selector("#away-summary:not([hidden])", timeout=LIVENESS_MS)
            told = back.inner_text("#away-summary .away-words")
            prefix = "While you were away, the bot played: "
            assert told.startswith(prefix), told
            # exactly the stand-in's moves for seat 1, in words as seat 1's own log has them:
            # nothing of seat 0's moves
            assert told == prefix + "; ".join(e["text"] for e in own) + "."
            back.click("#away-summary .away-close")
            assert back.locator("#away-summary").is_hidden()
            back.reload()
            back.wait_for_selector("#seat-list li")
            back.wait_for_function("document.body.dataset.seq !== undefined")
            assert back.locator("#away-summary").is_hidden()  # once only
            me.send(json.dumps({"type": "ping"}))
            pong = until(me, lambda m: m["type"] in ("pong", "while-away"))
            assert pong["type"] == "pong"  # seat 0 is never told what seat 1's bot did
    finally:
        context.close()


def seat_log(server: Server, table: str, token: str) -> list[dict[str, Any]]:
    return httpx.get(f"{server.url}/api/tables/{table}", params={"token": token}).json()["log"]


@pytest.mark.parametrize(("lang", "badge"), [("en", "fair deal"), ("zh-TW", "公平發牌")])
def test_the_fair_deal_sits_behind_one_badge_and_the_page_fits_a_phone(
    browser: Any, server: Server, lang: str, badge: str
) -> None:
    body = {"game": "buy-low-sell-high", "players": 2, "seats": [{"kind": "human"}] * 2}
    table = httpx.post(server.url + "/api/tables", json=body).json()
    token = table["seats"][0]["token"]
    commitment = httpx.get(
        f"{server.url}/api/tables/{table['id']}", params={"token": token}
    ).json()["deal"]["commitment"]
    assert len(commitment) == 64
    context = keep_the_list_open(browser.new_context(viewport=PHONE))
    try:
        page = context.new_page()
        page.goto(f"{server.url}/t/{table['id']}?token={token}&lang={lang}")
        page.wait_for_selector("#deal-info:not([hidden]) summary.deal-badge")
        page.wait_for_function(
            "(b) => document.querySelector('summary.deal-badge').textContent === b", arg=badge
        )
        assert page.evaluate("document.getElementById('deal-info').tagName") == "DETAILS"
        assert page.evaluate("document.getElementById('deal-info').open") is False
        assert page.locator("#deal-commitment-text").is_hidden()  # behind the badge
        assert commitment in page.evaluate(
            "document.getElementById('deal-commitment-text').textContent"
        )
        page.click("summary.deal-badge")
        line = page.locator("#deal-commitment-text")
        line.wait_for(state="visible")
        assert commitment in line.inner_text()
        box = line.bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE["width"], box
        scroll, width = page.evaluate(SCROLL)
        assert scroll <= width, (scroll, width)
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_teacher_page_fits_a_phone(browser: Any, server: Server, lang: str) -> None:
    room = first_table_over(server, "same")
    context = keep_the_list_open(browser.new_context(viewport=PHONE))
    try:
        page = context.new_page()
        page.goto(f"{server.url}/c/{room['id']}?token={room['token']}&lang={lang}")
        page.wait_for_selector(".summary-row >> nth=1")
        scroll, width = page.evaluate(SCROLL)
        assert scroll <= width, (scroll, width)
        # a score is one figure: it never breaks inside
        assert page.eval_on_selector_all(
            ".summary-row td.score", "els => els.map((e) => getComputedStyle(e).whiteSpace)"
        ) == ["nowrap", "nowrap"]
    finally:
        context.close()
