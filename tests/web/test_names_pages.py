"""Names people use on the pages (issue 12 part 2), in headless Chromium: seats counted from 1
in the lobby and at the table, and each bot's one line on how strong it is."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.web.parts import click_move
from tests.web.server import Server

EASY_EN = "Thinks a moment before each move: beginners win often."
EASY_ZH = "每步先想一下：新手也常能贏。"
RULES_ZH = "依簡單的原則立刻出手：適合當第一個對手。"


def open_lobby(page: Any, server: Server, lang: str) -> None:
    page.goto(f"{server.url}/?lang={lang}")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "buy-low-sell-high")
    page.select_option("#players", "3")


def test_the_lobby_counts_seats_from_1_and_says_how_strong_each_bot_is(
    page: Any, server: Server
) -> None:
    open_lobby(page, server, "en")
    labels = page.locator(".seat-row > span").all_text_contents()
    assert labels == ["Seat 1", "Seat 2", "Seat 3"]
    rows = page.locator(".seat-row")
    assert rows.nth(0).locator(".bot-about").text_content() == ""  # a person: no line
    page.select_option("select[data-seat='1']", "ismcts:easy")
    assert rows.nth(1).locator(".bot-about").text_content() == EASY_EN
    option = rows.nth(1).locator("option[value='ismcts:easy']")
    assert (option.text_content(), option.get_attribute("title")) == ("Easy bot", EASY_EN)
    open_lobby(page, server, "zh-TW")
    labels = page.locator(".seat-row > span").all_text_contents()
    assert labels == ["玩家1", "玩家2", "玩家3"]
    page.select_option("select[data-seat='2']", "heuristic")
    assert page.locator(".seat-row").nth(2).locator(".bot-about").text_content() == RULES_ZH
    names = page.locator("select[data-seat='2'] option").all_text_contents()
    assert names == ["真人", "隨機電腦", "規則型電腦", "簡單電腦", "普通電腦", "困難電腦"]


def test_the_table_lists_the_seats_from_1_with_the_bots_strength(page: Any, server: Server) -> None:
    open_lobby(page, server, "zh-TW")
    page.select_option("select[data-seat='0']", "human")
    page.select_option("select[data-seat='1']", "ismcts:easy")
    page.select_option("select[data-seat='2']", "random")
    page.select_option("#table-lang", "zh-TW")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden]) a.seat-link")
    assert page.locator("#links li b").first.text_content() == "玩家1"
    page.goto(page.locator("a.seat-link").first.get_attribute("href"))
    page.wait_for_selector("#seat-list li")
    # one list: each seat once, from 1, with presence, whose turn and each bot's strength
    page.wait_for_function("document.querySelector('#seat-list li').dataset.present === 'true'")
    items = page.locator("#seat-list li").all_text_contents()
    assert items[0] == "● 玩家1(你)：在場 輪到出手"  # Buy Low Sell High: seat 1 starts
    assert items[1] == f"玩家2(簡單電腦) {EASY_ZH}"
    assert items[2].startswith("玩家3(隨機電腦) ") and len(items) == 3
    assert page.locator("#presence").count() == 0  # no second list of the seats
    assert page.locator("#status").text_content() == "輪到你了。"


#: a Buy Low Sell High card or stock code (K0, K1+3, K2com) or an English "(s)" plural
CODE = re.compile(r"\bK\d+|\(s\)")


@pytest.mark.parametrize("lang", ["zh-TW", "en"])
def test_a_buy_low_sell_high_table_mid_game_shows_names_not_codes(
    page: Any, server: Server, lang: str
) -> None:
    """The whole page's text (board, moves, log, seats, prompts) mid-game names the stocks by
    colour and the cards by what they are, in either language: the notation's codes are for
    typing only."""
    body = {
        "game": "buy-low-sell-high",
        "players": 3,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}],
        "seed": 5,
        "lang": lang,
    }
    res = httpx.post(server.url + "/api/tables", json=body)
    assert res.status_code == 201, res.text
    links = [seat["link"] for seat in res.json()["seats"]]
    page.goto(links[0])
    page.wait_for_selector("#board svg")
    found: list[str] = []

    def read() -> None:
        text = page.evaluate("document.body.innerText")
        found.extend(line for line in text.splitlines() if CODE.search(line))

    moves = 0
    while moves < 8:
        page.wait_for_timeout(20)
        buttons = page.locator("#moves button[data-action]")
        if not buttons.count():
            # seat 3's turn: it moves from its own link, this page follows by its socket
            page.goto(links[2] if page.url == links[0] else links[0])
            page.wait_for_selector("#board svg")
            continue
        read()
        click_move(page, buttons.nth((moves * 3) % buttons.count()), read)  # and a decision
        moves += 1
    read()
    assert page.locator("#log .entry").count() >= 6
    assert sorted(set(found)) == []


def test_show_notation_is_a_setting_off_by_default(page: Any, server: Server) -> None:
    """An English Take Stock page names moves in words alone; the header's Settings turn the
    notation on beside the words (in the move list), and the browser keeps the choice."""
    body = {"game": "take-stock", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 3}
    res = httpx.post(server.url + "/api/tables", json=body)
    assert res.status_code == 201, res.text
    page.goto(res.json()["seats"][0]["link"] + "&lang=en")
    page.wait_for_selector("#moves button[data-action]")
    first = page.locator("#moves button[data-action]").first
    notation = first.get_attribute("data-notation") or ""
    assert notation and notation not in first.inner_text()  # words alone
    assert page.locator("#moves .nt").count() == 0
    assert page.locator("#show-notation").is_hidden()  # behind the header's Settings
    page.click("details.settings summary")
    page.check("#show-notation")
    assert page.evaluate("localStorage.getItem('bazaar.notation')") == "on"
    assert notation in page.locator("#moves button[data-action]").first.inner_text()
    page.reload()
    page.wait_for_selector("#moves button[data-action]")
    assert page.is_checked("#show-notation") is True
    assert page.locator("#moves .nt").count() > 0  # the notation beside each move's words
