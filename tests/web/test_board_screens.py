"""Boards drawn for the screen they are on (issue 23), measured in headless Chromium.

Each game's table, at the person's turn a few moves in, on each screen of
:data:`tests.web.screens.SCREENS` (phones 360×740 and 390×844, a tablet both ways): every board
text and page text is at least 12 CSS px, every board spot and move button that takes a move is
at least 44 px on its shorter side, nothing scrolls sideways, no spot that takes a move lies
under the move bar on the first screen (on one column the bar starts folded above the board),
and the page's text names things (no stock, card or stall code, no "(s)"). The screens take the
languages in turn (both on every screen with BAZAAR_LONG_TESTS=1); ``benchmarks/screens.py``
prints the same figures for every screen and language and saves the screenshots of
docs/screens/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.scale import LONG
from tests.web.parts import play_over_api, quick_motion
from tests.web.screens import SCREENS, TARGET_PX, TEXT_PX, measure
from tests.web.server import Server

GAMES = ["buy-low-sell-high", "take-stock", "night-market"]

#: What a player must never read on a page: a game's codes (its notation's stock, card, stall
#: and customer names) and a mechanical plural.
CODES = {
    "buy-low-sell-high": re.compile(r"\bK\d"),
    "take-stock": re.compile(r"\b[CGTOM](?:1[0-2]|[1-9])\b|\bevent[12]\b"),
    "night-market": re.compile(r"\bT\d[A-Z]?\b"),
}
PLURAL = re.compile(r"\(s\)")

#: (screen, viewport, language): each screen once, the languages in turn; all pairs when long
CASES = [
    (screen, viewport, lang)
    for n, (screen, viewport) in enumerate(SCREENS)
    for lang in ("en", "zh-TW")
    if LONG or lang == ("zh-TW", "en")[n % 2]
]


@pytest.fixture(scope="module", params=GAMES)
def table(request: pytest.FixtureRequest, server: Server) -> Iterator[dict[str, Any]]:
    """A 3-seat table of the game (seat 1 a person, two random bots), the person to move after
    six of their moves."""
    game = request.param
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2
    body = {"game": game, "players": 3, "seats": seats, "lang": "en", "seed": 7}
    reply = httpx.post(f"{server.url}/api/tables", json=body, timeout=30)
    assert reply.status_code == 201, reply.text
    made: dict[str, Any] = reply.json()
    count = {"n": 0}

    def enough(_payload: dict[str, Any]) -> bool:
        count["n"] += 1
        return count["n"] > 6

    play_over_api(server.url, made["id"], made["seats"][0]["token"], enough)
    yield {"game": game, **made}


IDS = [f"{screen}-{lang}" for screen, _viewport, lang in CASES]


@pytest.mark.parametrize(("screen", "viewport", "lang"), CASES, ids=IDS)
def test_the_board_is_drawn_for_the_screen(
    browser: Any,
    server: Server,
    table: dict[str, Any],
    screen: str,
    viewport: dict[str, int],
    lang: str,
) -> None:
    game = table["game"]
    context = browser.new_context(viewport=viewport)
    try:
        page = quick_motion(context.new_page())
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/t/{table['id']}?token={table['seats'][0]['token']}&lang={lang}")
        page.wait_for_selector("#board svg")
        page.wait_for_function("document.body.dataset.seq !== undefined")
        page.wait_for_selector("#board .hot")  # the person's turn: the board takes moves
        page.wait_for_timeout(300)  # the board's animations settle (not a measure of time)
        got = measure(page)
        folded = page.locator("#moves-panel.folded").count() == 1
        deciding = page.locator("#compose:not([hidden])").count() == 1
        text = page.evaluate("document.body.innerText")
        assert not errors
    finally:
        context.close()
    assert got["board_text"]["px"] >= TEXT_PX, got["small_texts"]
    assert got["page_text"]["px"] >= TEXT_PX, got["small_texts"]
    assert got["board_target"]["px"] is not None and got["board_target"]["px"] >= TARGET_PX, got[
        "small_targets"
    ]
    assert got["button_target"]["px"] is None or got["button_target"]["px"] >= TARGET_PX, got[
        "small_targets"
    ]
    assert got["sideways"] is False, got
    assert got["covered"] == 0, got
    # one column: the move bar starts folded to one line, the board takes the turn's moves
    # (unless a decision in parts is open in it: Night Market's amount after its lot)
    assert folded is (viewport["width"] < 1000 and not deciding)
    codes = [line for line in text.splitlines() if CODES[game].search(line)]
    assert codes == [], f"codes on the {lang} page of {game}"
    assert PLURAL.findall(text) == [], f'"(s)" on the {lang} page of {game}'
