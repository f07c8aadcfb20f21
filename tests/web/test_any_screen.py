"""Any screen, decisions in parts, keyboard and contrast, in headless Chromium.

Every game at phone (390×844) and tablet (768×1024) size: nothing scrolls sideways, every
board spot and move button lies inside the screen's width, the moves are on the first screen,
a whole game is played by clicking at phone size and its result can be brought into view.
Decisions in several parts are built up and confirmed or cancelled (Night Market's lot then
amount, Buy Low Sell High's year-end discards and sell-off, Take Stock's exercise set), board
spots work from the keyboard, and axe-core finds no problem of any impact (contrast included).
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.parts import click_move
from tests.web.server import Server

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}
GAMES = ["buy-low-sell-high", "take-stock", "night-market"]

#: What lies outside the screen's width: the page's scroll width, and every board spot and
#: move button whose box crosses the left or right edge.
OUTSIDE = """() => {
  const w = window.innerWidth;
  const out = [];
  for (const el of document.querySelectorAll(
      '#board [data-actions][tabindex], #moves button, #compose button, #compose input')) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.left < -0.5 || r.right > w + 0.5)) {
      out.push((el.getAttribute('aria-label') || el.textContent).slice(0, 60));
    }
  }
  return {scroll: document.documentElement.scrollWidth, width: w, outside: out};
}"""


#: The first screen (scrolled to the top): the boxes of the board, the move panel, the turn
#: sentence and the first move button, clipped to what is on the screen.
FIRST_SCREEN = """() => {
  window.scrollTo(0, 0);
  const box = (el) => {
    if (!el || el.hidden) return null;
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  return {height: window.innerHeight, board: box(document.querySelector('#board svg')),
    panel: box(document.getElementById('moves-panel')),
    story: box(document.getElementById('story')), status: box(document.getElementById('status')),
    move: box(document.querySelector('#moves button[data-action]'))};
}"""


def assert_first_screen(page: Any) -> dict[str, Any]:
    """On the first screen the whole board is seen and the move panel does not cover it: the
    board's box ends above the panel's, and the panel and its first move are on the screen."""
    got = page.evaluate(FIRST_SCREEN)
    board, panel, move, height = got["board"], got["panel"], got["move"], got["height"]
    assert board is not None and panel is not None and move is not None, got
    assert 0 <= got["status"]["top"] < board["top"], got
    assert board["bottom"] <= panel["top"] + 0.5, got  # not covered, not even in part
    assert board["bottom"] - board["top"] >= 160, got
    assert panel["bottom"] <= height + 0.5, got
    assert panel["top"] <= move["top"] and move["bottom"] <= height + 0.5, got
    if got["story"] is not None:
        assert got["story"]["bottom"] <= board["top"], got
    return got


def new_table(
    server: Server, game: str, lang: str, seed: int, bot: str = "random"
) -> dict[str, Any]:
    """A 3-player table: seat 0 a person, two bots; returns the creation reply."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": bot}] * 2
    body = {"game": game, "players": 3, "seats": seats, "lang": lang, "seed": seed}
    reply = httpx.post(f"{server.url}/api/tables", json=body, timeout=10)
    assert reply.status_code == 201, reply.text
    return reply.json()


def open_seat(context: Any, server: Server, table: dict[str, Any], lang: str) -> Any:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(f"{server.url}/t/{table['id']}?token={table['seats'][0]['token']}&lang={lang}")
    page.wait_for_selector("#board svg")
    page.wait_for_function("document.body.dataset.seq !== undefined")
    return page


def payload(server: Server, table: dict[str, Any]) -> dict[str, Any]:
    token = table["seats"][0]["token"]
    reply = httpx.get(f"{server.url}/api/tables/{table['id']}?token={token}", timeout=10)
    return reply.json()


def seq_of(page: Any) -> int:
    return int(page.get_attribute("body", "data-seq") or -1)


def assert_fits(page: Any) -> None:
    got = page.evaluate(OUTSIDE)
    assert got["scroll"] <= got["width"], got
    assert got["outside"] == [], got


def wait_for_turn_or_end(page: Any) -> None:
    page.wait_for_function(
        "document.body.dataset.over === 'true' ||"
        " document.querySelector('#moves button[data-action]') !== null ||"
        " !document.getElementById('compose').hidden",
        timeout=30_000,
    )


def click_once(page: Any, n: int) -> str:
    """One step of play by clicking: confirm an open decision, else click a move button.
    Returns what was done ("confirm", "move" or "" when nothing was to do)."""
    wait_for_turn_or_end(page)
    if page.get_attribute("body", "data-over") == "true":
        return ""
    seq = seq_of(page)
    if page.locator("#compose:not([hidden])").count():
        if page.locator("#compose-confirm:disabled").count():
            page.click("#compose [data-compose]")  # take a first choice (a card or a share)
        page.click("#compose-confirm")
        page.wait_for_function(f"Number(document.body.dataset.seq) > {seq}", timeout=30_000)
        page.wait_for_function(
            "document.body.dataset.plan !== 'sending' || document.body.dataset.over === 'true'",
            timeout=60_000,
        )
        return "confirm"
    buttons = page.locator("#moves button[data-action]")
    count = buttons.count()
    if not count:
        return ""
    return "confirm" if click_move(page, buttons.nth((n * 7) % count)) else "move"


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_is_played_by_clicking_on_a_phone(
    browser: Any, server: Server, game: str, tmp_path: Any
) -> None:
    table = new_table(server, game, "zh-TW", seed=7)
    context = browser.new_context(viewport=PHONE)
    try:
        page = open_seat(context, server, table, "zh-TW")
        # the first screen: the status, the whole board, then the moves (not over the board)
        page.wait_for_selector("#moves button[data-action]")
        assert_first_screen(page)
        done: list[str] = []
        for n in range(1500):
            if n % 15 == 0:
                assert_fits(page)
            if n == 4 and page.locator("#moves button[data-action]").count():
                assert assert_first_screen(page)["story"] is not None  # now with the sentence
            what = click_once(page, n)
            if not what and page.get_attribute("body", "data-over") == "true":
                break
            done.append(what)
        assert page.get_attribute("body", "data-over") == "true"
        assert done.count("move") > 5
        if game == "night-market":
            assert done.count("confirm") > 0  # every bid went through the amount panel
        assert_fits(page)
        result = page.locator("#result")
        result.scroll_into_view_if_needed()
        box = result.bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        assert "贏家" in result.inner_text()
        shot = tmp_path / f"{game}-phone-zh-TW.png"
        page.screenshot(path=str(shot))
        print(f"zh-TW phone screenshot of {game}: {shot}")
        assert not page.errors
    finally:
        context.close()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_fits_a_tablet(browser: Any, server: Server, game: str) -> None:
    table = new_table(server, game, "en", seed=11)
    context = browser.new_context(viewport=TABLET)
    try:
        page = open_seat(context, server, table, "en")
        for n in range(20):
            assert_fits(page)
            if not click_once(page, n):
                break
        assert_fits(page)
        assert not page.errors
    finally:
        context.close()


def play_until(page: Any, server: Server, table: dict[str, Any], phase: str) -> dict[str, Any]:
    """Click moves until it is seat 0's turn in ``phase``; return that payload."""
    for n in range(1500):
        p = payload(server, table)
        if p["view"]["phase"] == phase and p["to_move"] == 0 and p["seq"] == seq_of(page):
            return p
        assert not p["over"], f"the game ended before the phase {phase}"
        if not click_once(page, n):
            page.wait_for_timeout(50)
    raise AssertionError(f"no {phase} turn for seat 0")


def mine(p: dict[str, Any], since: int) -> list[str]:
    return [e["notation"] for e in p["log"] if e["seq"] >= since and e["seat"] == 0]


def test_night_market_lot_then_amount_with_cancel_and_keyboard(
    browser: Any, server: Server
) -> None:
    table = new_table(server, "night-market", "en", seed=3)
    context = browser.new_context(viewport=PHONE)
    try:
        page = open_seat(context, server, table, "en")
        p = play_until(page, server, table, "bid")
        bid = next(m for m in p["legal"] if m["fields"]["kind"] == "bid")
        lot = bid["fields"]["lot"]
        spot = page.locator(f"#board [data-actions='{bid['action']}']").first
        assert spot.get_attribute("role") == "button"
        assert spot.get_attribute("tabindex") == "0"
        spot.click()
        page.wait_for_selector("#compose:not([hidden])")
        assert page.inner_text("#compose .summary") == f"Bid on lot {lot}"
        page.click("#compose-cancel")
        assert page.locator("#compose").is_hidden()
        page.wait_for_timeout(300)
        assert seq_of(page) == p["seq"]
        assert payload(server, table)["seq"] == p["seq"]
        # from the keyboard: focus the lot, Enter picks it; then the amount, confirmed
        spot.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("#compose:not([hidden])")
        low = int(page.get_attribute("#compose-amount", "min") or 0)
        high = int(page.get_attribute("#compose-amount", "max") or 0)
        amount = min(low + 2, high)
        page.fill("#compose-amount", str(amount))
        assert page.inner_text("#compose-confirm") == f"Bid ${amount} on lot {lot}"
        page.click("#compose-confirm")
        page.wait_for_function(f"Number(document.body.dataset.seq) >= {p['seq'] + 2}")
        after = payload(server, table)
        assert mine(after, p["seq"])[:2] == [f"bid {lot}", f"${amount}"]
        assert not page.errors
    finally:
        context.close()


def test_buy_low_sell_high_discards_then_keep_and_sell_all(browser: Any, server: Server) -> None:
    table = new_table(server, "buy-low-sell-high", "en", seed=4)
    context = browser.new_context(viewport=PHONE)
    try:
        page = open_seat(context, server, table, "en")
        p = play_until(page, server, table, "redraw")
        hand = p["view"]["hand"]
        chosen = hand[:2]
        for card in chosen:
            move = next(m for m in p["legal"] if m["fields"] == {"kind": "discard", "card": card})
            page.locator(f"#board [data-actions='{move['action']}']").first.click()
        page.wait_for_selector("#compose:not([hidden])")
        assert page.locator("#compose [aria-pressed='true']").count() == 2
        assert page.inner_text("#compose-confirm") == "Set aside 2 and draw"
        page.click("#compose-confirm")
        page.wait_for_function(f"Number(document.body.dataset.seq) >= {p['seq'] + 3}")
        after = payload(server, table)
        assert mine(after, p["seq"])[:3] == [f"discard {chosen[0]}", f"discard {chosen[1]}", "keep"]
        # the final sell-off: "Sell all" sells every share, one a turn
        p = play_until(page, server, table, "selloff")
        held = p["view"]["holdings"][0]
        page.locator("#moves button[data-action]").first.click()
        page.wait_for_selector("#compose:not([hidden])")
        page.click("#compose [data-compose='all']")
        assert page.inner_text("#compose-confirm") == f"Sell {sum(held)}"
        page.click("#compose-confirm")
        page.wait_for_function("document.body.dataset.over === 'true'", timeout=60_000)
        end = payload(server, table)
        assert end["view"]["holdings"][0] == [0, 0, 0]
        assert len([n for n in mine(end, p["seq"]) if n.startswith("sell ")]) == sum(held)
        assert not page.errors
    finally:
        context.close()


def test_take_stock_exercise_set_is_picked_card_by_card(browser: Any, server: Server) -> None:
    table = new_table(server, "take-stock", "en", seed=5)
    context = browser.new_context(viewport=PHONE)
    try:
        page = open_seat(context, server, table, "en")
        p = play_until(page, server, table, "exercise")
        sets = [m for m in p["legal"] if m["fields"]["kind"] == "exercise"]
        single = next(m for m in sets if len(m["fields"]["positions"]) == 1)
        position = single["fields"]["positions"][0]
        card = page.locator("#board [data-what^='hand ']").nth(position - 1)
        card.click()
        page.wait_for_selector("#compose:not([hidden])")
        pressed = page.locator("#compose [aria-pressed='true']")
        assert pressed.count() == 1
        assert pressed.get_attribute("data-pos") == str(position)
        page.click("#compose-cancel")
        page.wait_for_timeout(200)
        assert seq_of(page) == p["seq"]
        card.click()
        page.wait_for_selector("#compose:not([hidden])")
        page.click("#compose-confirm")
        page.wait_for_function(f"Number(document.body.dataset.seq) > {p['seq']}")
        after = payload(server, table)
        assert mine(after, p["seq"])[:1] == [f"exercise {position}"]
        assert not page.errors
    finally:
        context.close()


def axe_violations(page: Any) -> list[dict[str, Any]]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options={"resultTypes": ["violations"]})
    return list(results.response["violations"])


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_no_problem_of_any_impact_by_axe(browser: Any, server: Server, lang: str) -> None:
    """axe-core finds nothing, down to "minor", on the lobby (with its list of tables) and on
    a table page of every game."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        pages = {}
        for game in GAMES:
            table = new_table(server, game, lang, seed=9)
            seat = open_seat(context, server, table, lang)
            assert seat.get_attribute("link[rel=icon]", "href") == "/static/favicon.svg"
            pages[game] = axe_violations(seat)
            seat.close()
        page = context.new_page()
        page.goto(f"{server.url}/?lang={lang}")
        page.wait_for_selector("#game option", state="attached")
        page.wait_for_selector("#tables table thead")
        pages["lobby"] = axe_violations(page)
        icon = page.get_attribute("link[rel=icon]", "href")
        assert icon == "/static/favicon.svg"
        assert httpx.get(server.url + icon).headers["content-type"].startswith("image/svg+xml")
        found = {
            where: [(v["id"], v["impact"], [n["target"] for n in v["nodes"]]) for v in violations]
            for where, violations in pages.items()
        }
        assert found == {where: [] for where in pages}, found
    finally:
        context.close()
