"""In headless Chromium: a fixed deal set in the lobby is announced on every table page, and a
finished game shows its revealed seed and salt, and its game digest to copy."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

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
            assert page.is_hidden("#deal-digest")  # not before the end
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


@pytest.fixture(scope="module")
def finished(server: Server) -> dict[str, Any]:
    """The payload of a table two random bots have played to the end (shared by the tests)."""
    seats = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    made = httpx.post(
        server.url + "/api/tables",
        json={"game": "buy-low-sell-high", "players": 2, "seats": seats},
    ).json()
    deadline = time.monotonic() + 60
    while not httpx.get(f"{server.url}/api/tables/{made['id']}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    payload: dict[str, Any] = httpx.get(f"{server.url}/api/tables/{made['id']}").json()
    return payload


def test_the_end_of_a_game_reveals_seed_and_salt_on_the_page(
    browser: Any, server: Server, finished: dict[str, Any]
) -> None:
    payload = finished
    made = {"id": payload["table"]}
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
        assert f"Game digest (SHA-256): {shown['digest']}" in text
        assert "--commitment … --digest …" in text
        assert page.is_hidden("#deal-notice")
    finally:
        context.close()


#: the Copy buttons: (their name, the line's text, the status they write, the deal's field)
COPY_BUTTONS = [("copy-commitment", "deal-commitment-text", "copy-status", "commitment")]
COPY_BUTTONS.append(("copy-digest", "deal-digest-text", "copy-digest-status", "digest"))


def test_the_table_page_offers_the_commitment_and_the_digest_to_copy(
    browser: Any, server: Server, finished: dict[str, Any]
) -> None:
    """Real, keyboard-reachable Copy buttons (44 px at least) on a 360 px phone, labelled in
    both languages, copy exactly the commitment and the game digest the API reports (on a
    finished table); the hex wraps."""
    table, shown = finished["table"], finished["deal"]
    assert len(shown["commitment"]) == 64 and len(shown["digest"]) == 64
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        permissions=["clipboard-read", "clipboard-write"],
    )
    errors: list[str] = []
    try:
        for lang, label, names, copied in [
            ("en", "Copy", ["Copy the deal commitment", "Copy the game digest"], "Copied."),
            ("zh-TW", "複製", ["複製牌局承諾值", "複製對局摘要值"], "已複製。"),
        ]:
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"{server.url}/t/{table}?lang={lang}")
            page.wait_for_selector("#copy-digest:visible")
            page.wait_for_function(
                f"document.getElementById('copy-digest').textContent === {label!r}"
            )
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            for (button_id, text_id, status_id, key), name in zip(COPY_BUTTONS, names, strict=True):
                value = shown[key]
                button = page.locator(f"#{button_id}")
                assert button.evaluate("b => [b.tagName, b.type]") == ["BUTTON", "button"]
                assert button.get_attribute("aria-label") == name
                assert button.get_attribute("data-copy") == value
                assert button.inner_text() == label
                box = button.bounding_box()
                assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
                text = page.locator(f"#{text_id}")
                assert value in text.inner_text()
                line = text.bounding_box()
                assert line is not None and line["x"] + line["width"] <= 360, line
                page.evaluate("navigator.clipboard.writeText('')")
                for _ in range(80):  # Tab (from the top, then on) reaches the button
                    page.keyboard.press("Tab")
                    if page.evaluate("document.activeElement.id") == button_id:
                        break
                assert page.evaluate("document.activeElement.id") == button_id
                page.keyboard.press("Enter")
                page.wait_for_function(
                    f"document.getElementById({status_id!r}).textContent === {copied!r}"
                )
                assert page.evaluate("navigator.clipboard.readText()") == value
            page.close()
        assert errors == []
    finally:
        context.close()
