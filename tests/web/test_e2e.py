"""End to end in headless Chromium: create a table in the lobby, play it to the end.

Two people (two browser contexts: the host and a friend who opened the invite link) play a
whole game against server-side bots, clicking the legal moves the page offers (Night Market
with three players; every game with BAZAAR_LONG_TESTS=1).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.scale import LONG
from tests.web.parts import click_move, keep_the_list_open, play_over_api, quick_motion
from tests.web.server import Server


def lobby_create(
    page: Any, server: Server, game: str, players: int, seats: list[str], lang: str
) -> list[str]:
    """Create a table from the lobby form; return the human seats' links."""
    page.goto(f"{server.url}/?lang={lang}")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for seat, kind in enumerate(seats):
        page.select_option(f"select[data-seat='{seat}']", kind)
    page.select_option("#table-lang", lang)
    page.click("#create")
    page.wait_for_selector("#created:not([hidden]) a.seat-link")
    return [a.get_attribute("href") for a in page.locator("a.seat-link").all()]


def seq_of(page: Any) -> int:
    return int(page.get_attribute("body", "data-seq") or -1)


def play_to_the_end(pages: list[Any], limit: int = 1500) -> int:
    """Click offered moves on whichever page has them until the game is over; count clicks."""
    clicks = 0
    while clicks < limit:
        if all(p.get_attribute("body", "data-over") == "true" for p in pages):
            return clicks
        moved = False
        for page in pages:
            buttons = page.locator("#moves button[data-action]")
            count = buttons.count()
            if not count:
                continue
            click_move(page, buttons.nth((clicks * 7) % count))
            clicks += 1
            moved = True
        if not moved:
            pages[0].wait_for_timeout(50)
    raise AssertionError(f"the game did not end within {limit} clicks")


#: a short game (Night Market, 3 players) by default, longer ones with BAZAAR_LONG_TESTS=1 (each
#: game is also played to its end by clicking, in zh-TW, in tests/web/test_any_screen.py)
GAMES = [("night-market", 3, ["human", "human", "random"], "en", "winner")]
if LONG:
    GAMES += [
        ("buy-low-sell-high", 3, ["human", "human", "heuristic"], "zh-TW", "贏家"),
        ("take-stock", 4, ["human", "human", "heuristic", "random"], "en", "winner"),
        ("night-market", 4, ["human", "human", "heuristic", "random"], "zh-TW", "贏家"),
    ]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's server, with a tiny analysis budget (the analysis step of the phone test)
    and easy hints (its hint step checks the list's form, not the search's strength)."""
    srv = Server(
        tmp_path_factory.mktemp("db") / "bazaar.db",
        args=["--analysis-samples", "4", "--hint-level", "easy"],
    ).start()
    yield srv
    srv.stop()


@pytest.mark.parametrize(("game", "players", "seats", "lang", "winner_word"), GAMES)
def test_two_people_and_bots_play_a_whole_game(
    browser: Any,
    server: Server,
    game: str,
    players: int,
    seats: list[str],
    lang: str,
    winner_word: str,
) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 900})
    friend = keep_the_list_open(
        browser.new_context(viewport={"width": 820, "height": 1180})
    )  # a tablet
    errors: list[str] = []
    try:
        lobby = host.new_page()
        lobby.on("pageerror", lambda e: errors.append(str(e)))
        links = lobby_create(lobby, server, game, players, seats, lang)
        assert len(links) == 2
        mine = quick_motion(host.new_page())
        theirs = quick_motion(friend.new_page())
        for page, link in ((mine, links[0]), (theirs, links[1])):
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(link)
            page.wait_for_selector("#board svg")
        clicks = play_to_the_end([mine, theirs])
        assert clicks > 5
        for page in (mine, theirs):
            page.wait_for_selector("#result:not([hidden])")
            result = page.inner_text("#result")
            assert winner_word in result
            assert page.locator("#board svg").count() == 1
            assert page.locator("#moves button[data-action]").count() == 0
        assert not errors
    finally:
        host.close()
        friend.close()


def test_hint_forgery_language_rejoin_replay_and_analysis(browser: Any, server: Server) -> None:
    """One person against two bots, using everything around the board."""
    context = keep_the_list_open(
        browser.new_context(viewport={"width": 390, "height": 844})
    )  # a phone
    errors: list[str] = []
    try:
        page = quick_motion(context.new_page())
        page.on("pageerror", lambda e: errors.append(str(e)))
        links = lobby_create(
            page, server, "buy-low-sell-high", 3, ["human", "random", "random"], "en"
        )
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 391, f"the lobby is {width}px wide on a 390px phone"
        page.goto(links[0])
        page.wait_for_selector("#moves button[data-action]")
        assert page.inner_text("#status") == "Your turn."
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 391, f"the page is {width}px wide on a 390px phone"
        # clicking a price column on the board narrows the move list to that stock's trades
        every = page.locator("#moves button[data-action]").count()
        page.locator("#board .hot").first.click()
        page.wait_for_selector("#filter-row:not([hidden])")
        picked = page.locator("#moves button[data-action]").all_inner_texts()
        assert 1 < len(picked) < every and all("red" in text for text in picked)  # in words
        page.click("#show-all")
        page.wait_for_selector("#filter-row", state="hidden")
        assert page.locator("#moves button[data-action]").count() == every
        # the rules, formatted, in a dialog
        page.click("#rules-button")
        page.wait_for_selector("#rules[open] #rules-text h1")
        assert "Buy Low Sell High" in page.inner_text("#rules-text h1")
        page.click("#rules button")
        # a hint: three moves at most, each with its winning chance
        page.click("#hint")
        page.wait_for_selector("#hints li button", timeout=30_000)
        hints = page.locator("#hints li").all_inner_texts()
        assert 1 <= len(hints) <= 3 and all("%" in h or "only" in h for h in hints)
        # a forged illegal move is refused with the rule, and nothing changes
        seq = seq_of(page)
        reply = page.evaluate(
            """async (token) => {
                const id = location.pathname.split("/").pop();
                const ws = new WebSocket(`ws://${location.host}/ws/tables/${id}?token=${token}`);
                return await new Promise((done) => {
                    ws.onmessage = (ev) => {
                        const msg = JSON.parse(ev.data);
                        if (msg.type === "state") {
                            ws.send(JSON.stringify({type: "move", action: "pass", seq: msg.seq}));
                        } else { done(msg); ws.close(); }
                    };
                });
            }""",
            links[0].split("token=")[1].split("&")[0],
        )
        assert reply["code"] == "illegal" and reply["rule"] == "first-lap"
        assert "first" in reply["error"]
        assert seq_of(page) == seq
        # switch to 繁體中文: the status, the moves and the log follow
        page.select_option("#lang", "zh-TW")
        page.wait_for_function("document.getElementById('status').textContent === '輪到你了。'")
        page.wait_for_selector("#moves button:has-text('付 $16')")
        # name my seat: the board and the other views call me by it
        page.fill("#my-name", "小明")
        page.click("#save-name")
        page.wait_for_function("document.getElementById('board').textContent.includes('小明')")
        # close the tab and come back through the lobby's "your seats"
        page.close()
        page = quick_motion(context.new_page())
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + "/")
        page.click("#mine a")
        page.wait_for_selector("#moves button[data-action]")
        assert seq_of(page) == seq
        # a board spot with a single move (a card to play) plays it at once
        for _ in range(20):
            single = page.locator("#board .hot[data-actions]:not([data-actions*=','])")
            if single.count():
                break
            before = seq_of(page)
            page.locator("#moves button[data-action]").first.click()
            page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
            page.wait_for_selector("#moves button[data-action]")
        before = seq_of(page)
        single.first.click()
        page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
        # the rest of the game over the API, the page left meanwhile (a whole game is clicked
        # in the test above and in tests/web/test_any_screen.py's phone games), then back
        link = page.url
        page.goto("about:blank")
        where = urlsplit(link)
        token = parse_qs(where.query)["token"][0]
        end = play_over_api(server.url, where.path.rsplit("/", 1)[1], token, lambda p: False)
        assert end["over"]
        page.goto(link)
        page.wait_for_selector("body[data-over='true'] #result:not([hidden])")
        assert "贏家" in page.inner_text("#result")
        # the replay slider shows the start, then back to the end
        end = seq_of(page)
        page.locator("#replay").fill("0")
        page.wait_for_selector("#replay-banner:not([hidden])")
        assert "0" in page.inner_text("#replay-banner")
        page.click("#live")
        page.wait_for_selector("#replay-banner", state="hidden")
        assert page.locator("#replay").input_value() == str(end)
        # the analysis of my decisions, biggest mistakes first
        page.click("#analyse")
        page.wait_for_selector("#analysis tbody tr", timeout=120_000)
        losses = [
            int(cell.rstrip("%"))
            for cell in page.locator("#analysis tbody tr td:nth-child(4)").all_inner_texts()
        ]
        assert losses == sorted(losses, reverse=True) and len(losses) > 5
        assert not errors
    finally:
        context.close()
