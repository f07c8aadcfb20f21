"""In the browser (Playwright, Debian's chromium): the table page's "Undo" button takes a move
back, the seats show who is here, away or played by a bot, and the lobby's table list shows
presence too; in English and zh-TW."""

from __future__ import annotations

from typing import Any

import httpx

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
        seats = page.locator("#presence li")
        assert seats.count() == 2
        assert seats.nth(0).get_attribute("data-present") == "true"
        assert seats.nth(0).inner_text().endswith(": here")
        assert "away for 0 min" in seats.nth(1).inner_text()
        stored = httpx.get(f"{server.url}/api/tables/{table['id']}").json()
        assert stored["seq"] == 0
    finally:
        context.close()


def test_presence_in_zh_tw_and_in_the_lobby(browser: Any, server: Server) -> None:
    table = new_table(server, turn_minutes=5)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(table["seats"][1]["link"].replace("lang=en", "lang=zh-TW"))
        page.wait_for_selector("#presence li")
        page.wait_for_function("document.querySelector('#presence .timer') !== null")
        assert page.locator("#presence .timer").inner_text().startswith("每步時限：5 分鐘。")
        rows = page.locator("#presence li")
        assert "已離開 0 分鐘" in rows.nth(0).inner_text()
        assert rows.nth(1).inner_text().endswith("在場")
        lobby = context.new_page()
        lobby.goto(f"{server.url}/?lang=en")
        lobby.wait_for_selector("#tables table")
        assert lobby.locator("#turn-minutes option").count() == 7
        row = lobby.locator("#tables tr", has_text="○ (away for 0 min)").first
        assert "●" in row.inner_text()
        # the lobby's form sends the turn timer with the new table
        lobby.select_option("#turn-minutes", "10")
        lobby.click("#create")
        lobby.wait_for_selector("#created:not([hidden])")
        newest = httpx.get(server.url + "/api/tables").json()["tables"][0]
        assert newest["turn_minutes"] == 10
    finally:
        context.close()
