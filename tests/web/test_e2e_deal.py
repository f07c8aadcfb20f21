"""In headless Chromium: a fixed deal set in the lobby is announced on every table page, and a
finished game shows its revealed seed and salt."""

from __future__ import annotations

import time
from typing import Any

import httpx

from bazaar.core import deal
from tests.web.server import Server

SEED = "18446744073709551557"  # above 2**53: a JavaScript number would round it


def test_a_fixed_deal_from_the_lobby_is_shown_to_every_seat_and_spectator(
    browser: Any, server: Server
) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    try:
        lobby = context.new_page()
        lobby.on("pageerror", lambda e: errors.append(str(e)))
        lobby.goto(f"{server.url}/?lang=en")
        lobby.wait_for_selector("#game option", state="attached")
        lobby.select_option("#game", "buy-low-sell-high")
        lobby.select_option("#players", "3")
        for seat, kind in enumerate(["human", "human", "random"]):
            lobby.select_option(f"select[data-seat='{seat}']", kind)
        lobby.click("#advanced-box summary")
        lobby.fill("#seed", "99999999999999999999")  # more than 64 bits: refused at once
        lobby.click("#create")
        lobby.wait_for_selector("#toast.show")
        toast = "The seed must be a whole number from 0 to 18446744073709551615."
        assert lobby.inner_text("#toast") == toast
        lobby.fill("#seed", SEED)
        lobby.click("#create")
        lobby.wait_for_selector("#created:not([hidden]) a.seat-link")
        links = [a.get_attribute("href") for a in lobby.locator("a.seat-link").all()]
        spectator = lobby.locator("#links input").last.input_value()
        notice = (
            f"Fixed deal: the table's creator chose the seed {SEED}, so they can know every "
            "hidden card."
        )
        for link in [*links, spectator]:
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(link)
            page.wait_for_selector("#deal-notice:not([hidden])")
            assert page.inner_text("#deal-notice") == notice
            assert page.get_attribute("body", "data-seq") == "0"
            assert "Deal commitment (SHA-256): " in page.inner_text("#deal-info")
        page.select_option("#lang", "zh-TW")
        page.wait_for_function(
            "document.getElementById('deal-notice').textContent.startsWith('固定牌局')"
        )
        assert SEED in page.inner_text("#deal-notice")
        lobby.goto(f"{server.url}/?lang=en")
        lobby.wait_for_selector("#tables table")
        assert "fixed deal" in lobby.inner_text("#tables")
        assert errors == []
    finally:
        context.close()


def test_the_end_of_a_game_reveals_seed_and_salt_on_the_page(browser: Any, server: Server) -> None:
    seats = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    made = httpx.post(
        server.url + "/api/tables",
        json={"game": "buy-low-sell-high", "players": 2, "seats": seats},
    ).json()
    deadline = time.monotonic() + 60
    while not httpx.get(f"{server.url}/api/tables/{made['id']}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    payload = httpx.get(f"{server.url}/api/tables/{made['id']}").json()
    shown = payload["deal"]
    options = payload["options"]
    seed, salt = int(shown["seed"]), shown["salt"]
    assert deal.commit("buy-low-sell-high", 2, options, seed, salt, False) == shown["commitment"]
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{server.url}/t/{made['id']}?lang=en")
        page.wait_for_selector("#deal-info:not([hidden])")
        text = page.inner_text("#deal-info")
        assert f"Deal commitment (SHA-256): {shown['commitment']}" in text
        assert f"Deal revealed: seed {shown['seed']}, salt {shown['salt']}." in text
        assert page.is_hidden("#deal-notice")
    finally:
        context.close()


def test_the_table_page_offers_the_commitment_to_copy(browser: Any, server: Server) -> None:
    """A real, keyboard-reachable Copy button (44 px at least) on a 360 px phone, labelled in
    both languages, copies exactly the commitment the API reports; the hex wraps."""
    humans = [{"kind": "human"}, {"kind": "human"}]
    made = httpx.post(
        server.url + "/api/tables",
        json={"game": "buy-low-sell-high", "players": 2, "seats": humans},
    ).json()
    commitment = httpx.get(f"{server.url}/api/tables/{made['id']}").json()["deal"]["commitment"]
    assert len(commitment) == 64
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        permissions=["clipboard-read", "clipboard-write"],
    )
    errors: list[str] = []
    try:
        for lang, label, name, copied in [
            ("en", "Copy", "Copy the deal commitment", "Copied."),
            ("zh-TW", "複製", "複製牌局承諾值", "已複製。"),
        ]:
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"{server.url}/t/{made['id']}?lang={lang}")
            page.wait_for_selector("#copy-commitment:visible")
            page.wait_for_function(
                f"document.getElementById('copy-commitment').textContent === {label!r}"
            )
            button = page.locator("#copy-commitment")
            assert button.evaluate("b => [b.tagName, b.type]") == ["BUTTON", "button"]
            assert button.get_attribute("aria-label") == name
            assert button.get_attribute("data-copy") == commitment
            box = button.bounding_box()
            assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
            text = page.locator("#deal-commitment-text")
            assert commitment in text.inner_text()
            shown = text.bounding_box()
            assert shown is not None and shown["x"] + shown["width"] <= 360, shown
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            page.evaluate("navigator.clipboard.writeText('')")
            for _ in range(80):  # Tab from the top of the page reaches the button
                page.keyboard.press("Tab")
                if page.evaluate("document.activeElement.id") == "copy-commitment":
                    break
            assert page.evaluate("document.activeElement.id") == "copy-commitment"
            page.keyboard.press("Enter")
            page.wait_for_function(
                f"document.getElementById('copy-status').textContent === {copied!r}"
            )
            assert page.evaluate("navigator.clipboard.readText()") == commitment
            page.close()
        assert errors == []
    finally:
        context.close()
