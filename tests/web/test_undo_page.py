"""In the browser (Playwright, Debian's chromium): the table page's "Undo" button takes a move
back, the one seat list shows who is here or away and whose turn it is, and the lobby's table
list shows presence too; in English and zh-TW."""

from __future__ import annotations

from typing import Any

import httpx

from tests.web.parts import keep_the_list_open
from tests.web.server import Server


def new_table(server: Server, **extra: Any) -> dict[str, Any]:
    body = {"game": "take-stock", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 0}
    res = httpx.post(server.url + "/api/tables", json={**body, **extra})
    assert res.status_code == 201, res.text
    return res.json()


def test_the_undo_button_takes_a_move_back(browser: Any, server: Server) -> None:
    """Take Stock, seed 0: seat 0's "play C4" is a public price move (it may be undone)."""
    table = new_table(server)
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        page.goto(table["seats"][0]["link"])
        page.wait_for_selector("#moves button[data-notation='play C4']")
        assert page.locator("#undo").is_hidden()
        page.click("#moves button[data-notation='play C4']")
        page.wait_for_function("document.body.dataset.seq === '1'")
        undo = page.locator("#undo")
        undo.wait_for(state="visible")
        assert undo.inner_text() == "Undo my last move"
        undo.click()
        page.wait_for_function("document.body.dataset.seq === '0'")
        page.wait_for_selector("#moves button[data-notation='play C4']")
        assert page.locator("#undo").is_hidden() and page.locator("#log .entry").count() == 0
        seats = page.locator("#seat-list li")
        assert seats.all_text_contents() == [
            "● Seat 1 (you): here to move",
            "○ Seat 2: has not joined yet",  # nobody has opened it: never "0 min"
        ]
        assert [seats.nth(i).get_attribute("data-present") for i in (0, 1)] == ["true", "false"]
        assert [seats.nth(i).get_attribute("data-turn") for i in (0, 1)] == ["true", "false"]
        assert page.locator("#presence").count() == 0 and page.locator("#seat-timer").is_hidden()
        stored = httpx.get(f"{server.url}/api/tables/{table['id']}").json()
        assert stored["seq"] == 0
    finally:
        context.close()


def test_presence_in_zh_tw_and_in_the_lobby(browser: Any, server: Server) -> None:
    table = new_table(server, turn_minutes=5)
    context = keep_the_list_open(browser.new_context(viewport={"width": 390, "height": 844}))
    try:
        page = context.new_page()
        page.goto(table["seats"][1]["link"].replace("lang=en", "lang=zh-TW"))
        page.wait_for_selector("#seat-list li")
        page.wait_for_function("!document.getElementById('seat-timer').hidden")
        assert page.locator("#seat-timer").inner_text().startswith("每步時限：5 分鐘。")
        page.wait_for_function(
            "document.querySelectorAll('#seat-list li')[1].dataset.present === 'true'"
        )
        rows = page.locator("#seat-list li")
        assert rows.all_text_contents() == ["○ 玩家1：還沒加入 輪到出手", "● 玩家2(你)：在場"]
        lobby = context.new_page()
        lobby.goto(f"{server.url}/?lang=en")
        lobby.wait_for_selector("#tables table")
        assert lobby.locator("#turn-minutes option").count() == 7
        row = lobby.locator("#tables tr", has_text="○ (has not joined yet)").first
        assert "●" in row.inner_text()
        # the lobby's form sends the turn timer with the new table
        lobby.select_option("#turn-minutes", "10")
        lobby.click("#create")
        lobby.wait_for_selector("#created:not([hidden])")
        newest = httpx.get(server.url + "/api/tables").json()["tables"][0]
        assert newest["turn_minutes"] == 10
    finally:
        context.close()
