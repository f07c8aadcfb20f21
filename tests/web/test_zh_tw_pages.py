"""A zh-TW page holds no English: the lobby and, for each game, a whole game's table pages as a
seated player sees them in headless Chromium (board, status, moves, log, side panels, result).

Every text node of the page and every ``title`` and ``placeholder`` is read after each move;
a Latin-letter token that is not the game's notation (tests/no_english.py) fails the test.
Besides the notation a page may show in Latin letters only: the name of the project (Bazaar),
the acronyms API and SHA-256, hexadecimal digests (the deal's commitment, salt and game
digest), the command ``bazaar verify`` (with ``--commitment`` and ``--digest``), and text marked
as English (``lang="en"``: "English" in the language menu).
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.no_english import english_tokens
from tests.scale import LONG
from tests.web.parts import click_move
from tests.web.server import Server


@pytest.fixture(scope="module")
def server(own_server: Server) -> Server:
    """A server of the module's own: the lobby test reads its list of tables, which must hold
    no other module's tables (their seats have English names)."""
    return own_server


#: the Latin tokens a zh-TW page may show besides the notation (see the module docstring)
ALLOWED = re.compile(r"Bazaar|API|SHA-256|[0-9a-f]{16,}")
#: phrases taken out before the tokens are looked at: a command people type
COMMANDS = (
    "bazaar verify --commitment … --digest …",
    "bazaar verify --commitment",
    "bazaar verify",
)

#: every text a person can read on the page: text nodes, titles, placeholders, options
PAGE_TEXT = """() => {
    const english = (el) => { const l = el.closest("[lang]"); return l && l.lang === "en"; };
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
        const el = node.parentElement;
        if (!el || el.closest("script, style, [hidden]") || english(el)) continue;
        if (node.textContent.trim()) out.push(node.textContent.trim());
    }
    for (const el of document.querySelectorAll("[title], [placeholder], [aria-label]")) {
        if (english(el)) continue;
        for (const name of ["title", "placeholder", "aria-label"]) {
            if (el.getAttribute(name)) out.push(el.getAttribute(name));
        }
    }
    for (const el of document.querySelectorAll("svg title")) out.push(el.textContent);
    return out;
}"""


def english_on(page: Any, game_id: str) -> list[str]:
    """The English tokens of everything readable on ``page``, with the text they are in."""
    found = []
    for text in page.evaluate(PAGE_TEXT):
        for command in COMMANDS:
            text = text.replace(command, "")
        words = [w for w in english_tokens(game_id, text) if not ALLOWED.fullmatch(w)]
        if words:
            found.append(f"{words} in {text[:80]!r}")
    return found


GAMES = [
    ("buy-low-sell-high", ["human", "heuristic", "random"]),
    ("take-stock", ["human", "heuristic", "random", "random"]),
    ("night-market", ["human", "heuristic", "random", "random"]),
]


def test_the_lobby_in_zh_tw_holds_no_english(browser: Any, server: Server) -> None:
    page = browser.new_page()
    try:
        page.goto(f"{server.url}/?lang=zh-TW")
        page.wait_for_selector("#game option", state="attached")
        for game_id, _ in GAMES:
            page.select_option("#game", game_id)
            page.wait_for_timeout(50)
            assert english_on(page, game_id) == []
        assert "開桌" in page.inner_text("body")
    finally:
        page.close()


@pytest.mark.skipif(not LONG, reason="BAZAAR_LONG_TESTS=1: the phone's whole games check it too")
@pytest.mark.parametrize(("game_id", "seats"), GAMES, ids=[g for g, _ in GAMES])
def test_a_zh_tw_table_holds_no_english_from_start_to_end(
    browser: Any, server: Server, game_id: str, seats: list[str]
) -> None:
    body = {
        "game": game_id,
        "players": len(seats),
        "seats": [{"kind": k} if k == "human" else {"kind": "bot", "bot": k} for k in seats],
        "seed": 11,
        "lang": "zh-TW",
    }
    res = httpx.post(server.url + "/api/tables", json=body)
    assert res.status_code == 201, res.text
    link = res.json()["seats"][0]["link"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(link)
        page.wait_for_selector("#board svg")
        page.wait_for_function("document.getElementById('board').innerText.length > 0")
        found: list[str] = []
        moves = 0

        def read_the_open_decision() -> None:
            found.extend(english_on(page, game_id))

        while page.get_attribute("body", "data-over") != "true" and moves < 400:
            page.wait_for_timeout(20)  # the board's words arrive just after the first payload
            found += english_on(page, game_id)
            buttons = page.locator("#moves button[data-action]")
            if buttons.count():
                button = buttons.nth((moves * 5) % buttons.count())
                click_move(page, button, read_the_open_decision)
                moves += 1
            else:
                page.wait_for_timeout(30)
        page.wait_for_selector("#result:not([hidden])")
        found += english_on(page, game_id)
        assert moves > 5
        assert sorted(set(found)) == []
        assert "贏家" in page.inner_text("#result")
        assert errors == []
    finally:
        page.close()


def test_the_zh_tw_rules_dialog_opens_at_the_decision_and_links_the_specification(
    browser: Any, server: Server
) -> None:
    """The Rules dialog shows the players' rulebook (no English) scrolled to the section of the
    current decision (the payload's ``section``: the first two turns), and switches to the full
    specification and back."""
    body = {"game": "buy-low-sell-high", "players": 3, "seats": [{"kind": "human"}] * 3}
    res = httpx.post(server.url + "/api/tables", json={**body, "seed": 11, "lang": "zh-TW"})
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(res.json()["seats"][0]["link"])
        page.wait_for_selector("#moves button[data-action]")
        page.click("#rules-button")
        page.wait_for_selector('#rules[open] [data-section="first-turns"]')
        page.wait_for_timeout(50)
        offset = page.evaluate(
            """() => {
                const box = document.getElementById("rules-text");
                const at = box.querySelector('[data-section="first-turns"]');
                const top = (el) => el.getBoundingClientRect().top;
                return [box.scrollTop, top(at) - top(box)];
            }"""
        )
        assert offset[0] > 0 and abs(offset[1]) < 2, offset
        assert page.inner_text('[data-section="first-turns"] h2') == "最初的兩個回合"
        assert english_on(page, "buy-low-sell-high") == []
        assert page.inner_text("#rules-switch") == "完整的規則說明"
        page.click("#rules-switch")
        page.wait_for_function("document.getElementById('rules-text').innerText.includes('[A')")
        assert page.inner_text("#rules-switch") == "玩家規則書"
        page.click("#rules-switch")
        page.wait_for_selector('#rules [data-section="first-turns"]')
        page.click("#rules form button")
    finally:
        page.close()


def test_a_zh_tw_hint_holds_no_english(browser: Any, server: Server) -> None:
    """The hints list: each move in words, its win chance with its uncertainty, what it
    changes and "too close to call" when so, all in zh-TW."""
    body = {
        "game": "take-stock",
        "players": 3,
        "seats": [
            {"kind": "human"},
            {"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "random"},
        ],
        "seed": 11,
        "lang": "zh-TW",
    }
    res = httpx.post(server.url + "/api/tables", json=body)
    assert res.status_code == 201, res.text
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(res.json()["seats"][0]["link"])
        page.wait_for_selector("#hint:not([disabled])")
        page.click("#hint")
        page.wait_for_selector("#hints li.hint", timeout=60_000)
        texts = page.eval_on_selector_all("#hints li.hint", "l => l.map(e => e.textContent)")
        assert texts and all("勝率約" in t and "（±" in t for t in texts)
        assert english_on(page, "take-stock") == []
    finally:
        page.close()
