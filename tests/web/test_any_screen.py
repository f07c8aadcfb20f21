"""Any screen, decisions in parts, keyboard and contrast, in headless Chromium.

Every game at phone (390×844) and tablet (768×1024) size: nothing scrolls sideways, every
board spot and move button lies inside the screen's width; on a phone the board takes the
screen's width with readable texts, the moves are in a bar above the board that sticks to the
top of the screen (folded to one line while the board takes moves, never over the board on the
first screen), a whole game is played by clicking and its result can be brought into view.
Decisions in several parts are built up and confirmed or cancelled (Night Market's lot then
amount, Buy Low Sell High's year-end discards and sell-off, Take Stock's exercise set), board
spots work from the keyboard, and axe-core finds no problem of any impact (contrast included).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.scale import LONG
from tests.web.parts import click_move, keep_the_list_open, play_over_api, quick_motion
from tests.web.server import Server
from tests.web.test_zh_tw_pages import english_on

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


#: The phone's first screen (scrolled to the top): the board's box and the rendered height of
#: its smallest text, the move bar's box, the status and story, the first move button's box,
#: and whether the board has spots that take a move.
FIRST_SCREEN = """() => {
  window.scrollTo(0, 0);
  const box = (el) => {
    if (!el || el.hidden) return null;
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height,
      width: r.width};
  };
  const svg = document.querySelector('#board svg');
  const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim())
    .map((t) => t.getBoundingClientRect().height).filter((h) => h > 0);
  return {height: window.innerHeight, width: window.innerWidth, board: box(svg),
    smallest: Math.min(...texts), panel: box(document.getElementById('moves-panel')),
    status: box(document.getElementById('status')), story: box(document.getElementById('story')),
    move: box(document.querySelector('#moves button[data-action]')),
    boardPlays: document.querySelector('#board .hot') !== null};
}"""

#: Scrolled down the board: where the bar then is (stuck to the screen's top), and where the
#: board's bottom can be brought.
SCROLLED = """() => {
  const board = document.querySelector('#board svg');
  const bar = document.getElementById('moves-panel');
  window.scrollTo(0, 0);
  const natural = bar.getBoundingClientRect().top;
  window.scrollTo(0, board.getBoundingClientRect().bottom - window.innerHeight);
  const got = {barTop: bar.getBoundingClientRect().top, scrolled: window.scrollY, natural,
    boardBottom: board.getBoundingClientRect().bottom, screen: window.innerHeight};
  window.scrollTo(0, 0);
  return got;
}"""


#: The least rendered height (px) of a board text at 390 px wide, the board at the screen's
#: full width: the boards draw for the screen's width (tests/web/test_board_screens.py
#: measures every board text at 12 CSS px or more; a text's box is a little taller).
SMALLEST_TEXT = 12.0


def assert_first_screen(page: Any) -> dict[str, Any]:
    """The phone's first screen: the status, then the move bar, then the board at the screen's
    full width with its texts readable. The bar lies above the board, never over it: folded to
    one line while the board takes moves (playing by the board; unless the player keeps the
    list open), the moves in it when unfolded (at most about a third of the screen); scrolled
    down, it sticks to the top of the screen and the board's bottom comes into view. Leaves
    the list open (and so kept open on later turns)."""
    got = page.evaluate(FIRST_SCREEN)
    board, panel, height = got["board"], got["panel"], got["height"]
    assert board is not None and panel is not None, got
    assert board["width"] >= 0.9 * got["width"], got
    assert got["smallest"] >= SMALLEST_TEXT, got
    assert 0 <= got["status"]["top"] < panel["top"], got
    if got["story"] is not None:
        assert got["story"]["bottom"] <= board["top"], got
    assert panel["top"] >= 0 and panel["bottom"] <= board["top"], got
    assert panel["height"] <= 0.34 * height, got
    count = page.locator("#moves button[data-action]").count()
    toggle = page.locator("#moves-toggle")
    kept_open = page.evaluate("localStorage.getItem('bazaar.moveList') === 'open'")
    if got["boardPlays"] and not kept_open:  # the board takes the moves: the bar is one line
        assert toggle.get_attribute("aria-expanded") == "false"
        assert page.locator("#moves").is_hidden()
        assert toggle.text_content() == f"你的行動（{count}） ▾"  # the phone pages are zh-TW
        assert panel["height"] <= 60, got
        toggle.click()
    opened = page.evaluate(FIRST_SCREEN)
    assert toggle.get_attribute("aria-expanded") == "true" and page.locator("#moves").is_visible()
    assert toggle.text_content() == f"你的行動（{count}） ▴"
    move, bar = opened["move"], opened["panel"]
    assert move is not None and bar["top"] <= move["top"] and move["bottom"] <= height + 0.5
    assert bar["height"] <= 0.34 * height and bar["bottom"] <= opened["board"]["top"], opened
    toggle.click()
    folded = page.evaluate(FIRST_SCREEN)
    assert toggle.get_attribute("aria-expanded") == "false" and page.locator("#moves").is_hidden()
    assert folded["panel"]["height"] <= 60, folded
    toggle.click()  # the list open again: this player plays from it (kept on later turns)
    scrolled = page.evaluate(SCROLLED)
    # in its place until the page scrolls past it, then stuck to the top of the screen
    stuck_at = max(0.0, scrolled["natural"] - scrolled["scrolled"])
    assert abs(scrolled["barTop"] - stuck_at) <= 0.5, scrolled
    assert scrolled["boardBottom"] <= scrolled["screen"] + 0.5, scrolled
    return got


#: The move bar now: its position, box, classes and turn line, the status sentence, and whether
#: the Undo button shows.
BAR = """() => {
  const bar = document.getElementById('moves-panel');
  const r = bar.getBoundingClientRect();
  return {position: getComputedStyle(bar).position, top: r.top, bottom: r.bottom,
    height: r.height, idle: bar.classList.contains('idle'),
    line: document.getElementById('bar-turn').innerText,
    status: document.getElementById('status').innerText, screen: window.innerHeight,
    undo: (() => { const u = document.getElementById('undo');
      return !!u && u.getClientRects().length > 0 && getComputedStyle(u).visibility !== 'hidden';
    })()};
}"""


def assert_bar(page: Any) -> None:
    """During the game the bar sticks to the top of the screen when scrolled (inside the
    screen), at most about a third of its height; while the seat waits (if caught between bot
    moves) it is one line, the turn sentence, with Undo under it while that applies."""
    bar = page.evaluate(BAR)
    if page.get_attribute("body", "data-over") == "true":
        return
    assert bar["position"] == "sticky" and bar["bottom"] <= bar["screen"] + 0.5, bar
    assert bar["height"] <= 0.34 * bar["screen"], bar
    if bar["idle"]:
        # one line, the turn sentence (and the Undo button below it while it may be used)
        # (read in the same evaluation as the height: a bot's move may hide it in between)
        assert bar["height"] <= (100 if bar["undo"] else 60) and bar["line"] == bar["status"], bar


def assert_in_bar(page: Any, *selectors: str) -> None:
    """Each element lies inside the move bar's visible box, without scrolling anything."""
    for selector in selectors:
        got = page.evaluate(
            """(sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  const bar = document.getElementById('moves-panel').getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, barTop: bar.top, barBottom: bar.bottom,
    screen: window.innerHeight};
}""",
            selector,
        )
        assert got["barTop"] <= got["top"] and got["bottom"] <= got["barBottom"] + 0.5, got
        assert got["bottom"] <= got["screen"] + 0.5, (selector, got)


def new_table(
    server: Server, game: str, lang: str, seed: int, bot: str = "random"
) -> dict[str, Any]:
    """A 3-player table: seat 0 a person, two bots; returns the creation reply."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": bot}] * 2
    body = {"game": game, "players": 3, "seats": seats, "lang": lang, "seed": seed}
    reply = httpx.post(f"{server.url}/api/tables", json=body, timeout=30)
    assert reply.status_code == 201, reply.text
    return reply.json()


def open_seat(context: Any, server: Server, table: dict[str, Any], lang: str) -> Any:
    page = quick_motion(context.new_page())
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(f"{server.url}/t/{table['id']}?token={table['seats'][0]['token']}&lang={lang}")
    page.wait_for_selector("#board svg")
    page.wait_for_function("document.body.dataset.seq !== undefined")
    return page


def payload(server: Server, table: dict[str, Any]) -> dict[str, Any]:
    token = table["seats"][0]["token"]
    reply = httpx.get(f"{server.url}/api/tables/{table['id']}?token={token}", timeout=30)
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


def click_once(page: Any, n: int, seen: Callable[[], None] | None = None) -> str:
    """One step of play by clicking: confirm an open decision, else click a move button
    (``seen`` is called while a decision it opens is open). Returns what was done
    ("confirm", "move" or "" when nothing was to do)."""
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
    return "confirm" if click_move(page, buttons.nth((n * 7) % count), seen) else "move"


#: the whole games clicked on a phone: Night Market's (the shortest) by default, every game's
#: with BAZAAR_LONG_TESTS=1 (the others' boards and decisions have their own tests below)
PHONE_GAMES = GAMES if LONG else ["night-market"]


@pytest.mark.parametrize("game", PHONE_GAMES)
def test_a_whole_game_is_played_by_clicking_on_a_phone(
    browser: Any, server: Server, game: str, tmp_path: Any
) -> None:
    table = new_table(server, game, "zh-TW", seed=7)
    context = browser.new_context(viewport=PHONE)
    try:
        page = open_seat(context, server, table, "zh-TW")
        # the first screen: the status, the move bar, the board at full width
        page.wait_for_selector("#moves button[data-action]", state="attached")
        assert_first_screen(page)
        done: list[str] = []
        english: list[str] = []  # zh-TW complete: no English at any step, decisions included

        def read_the_open_decision() -> None:
            english.extend(english_on(page, game))

        for n in range(1500):
            if n % 15 == 0:
                assert_fits(page)
                assert_bar(page)
            if n == 4 and page.locator("#moves button[data-action]").count():
                assert_first_screen(page)  # now with the turn sentence above the board
            english.extend(english_on(page, game))
            what = click_once(page, n, read_the_open_decision)
            if not what and page.get_attribute("body", "data-over") == "true":
                break
            done.append(what)
        assert page.get_attribute("body", "data-over") == "true"
        assert done.count("move") > 5
        if game == "night-market":
            assert done.count("confirm") > 0  # every bid went through the amount panel
        assert_fits(page)
        end = page.evaluate(BAR)
        assert end["position"] == "static", end  # an ordinary panel
        result = page.locator("#result")
        result.scroll_into_view_if_needed()
        box = result.bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        assert "贏家" in result.inner_text()
        english.extend(english_on(page, game))
        assert sorted(set(english)) == [], "English on the zh-TW table page"
        shot = tmp_path / f"{game}-phone-zh-TW.png"
        page.screenshot(path=str(shot))
        print(f"zh-TW phone screenshot of {game}: {shot}")
        assert not page.errors
    finally:
        context.close()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_fits_a_tablet(browser: Any, server: Server, game: str) -> None:
    table = new_table(server, game, "en", seed=11)
    context = keep_the_list_open(browser.new_context(viewport=TABLET))
    try:
        page = open_seat(context, server, table, "en")
        for n in range(8):
            assert_fits(page)
            if not click_once(page, n):
                break
        assert_fits(page)
        assert not page.errors
    finally:
        context.close()


def play_until(
    page: Any,
    server: Server,
    table: dict[str, Any],
    phase: str,
    wanted: Callable[[dict[str, Any]], bool] = lambda p: True,
    prefer: Callable[[dict[str, Any]], int | None] = lambda p: None,
) -> dict[str, Any]:
    """Play seat 0's moves over the API (the move ``prefer`` picks, if any) until it is its
    turn in ``phase`` with a payload that is ``wanted``; open the page again at that turn and
    return that payload. (The screens tested are clicked from there; every step of a whole
    game is clicked, and followed by the page, in the phone test above. The page is left
    meanwhile: drawing every state it would follow costs about five times the moves.)"""
    link = page.url
    page.goto("about:blank")
    token = table["seats"][0]["token"]
    p = play_over_api(
        server.url, table["id"], token, lambda p: p["view"]["phase"] == phase and wanted(p), prefer
    )
    assert not p["over"], f"the game ended before the phase {phase}"
    page.goto(link)
    page.wait_for_selector("#board svg")
    page.wait_for_function(f"Number(document.body.dataset.seq) === {p['seq']}", timeout=30_000)
    wait_for_turn_or_end(page)
    return p


def mine(p: dict[str, Any], since: int) -> list[str]:
    return [e["notation"] for e in p["log"] if e["seq"] >= since and e["seat"] == 0]


def test_night_market_lot_then_amount_with_cancel_and_keyboard(
    browser: Any, server: Server
) -> None:
    table = new_table(server, "night-market", "en", seed=3)
    context = keep_the_list_open(browser.new_context(viewport=PHONE))
    try:
        page = open_seat(context, server, table, "en")
        # a turn that starts a bid (a lot to pick), not one that names a picked lot's amount
        p = play_until(
            page,
            server,
            table,
            "bid",
            lambda p: any(m["fields"]["kind"] == "bid" for m in p["legal"]),
        )
        bid = next(m for m in p["legal"] if m["fields"]["kind"] == "bid")
        lot = bid["fields"]["lot"]
        spot = page.locator(f"#board [data-actions='{bid['action']}']").first
        assert spot.get_attribute("role") == "button"
        assert spot.get_attribute("tabindex") == "0"
        spot.click()
        page.wait_for_selector("#compose:not([hidden])")
        assert page.inner_text("#compose .summary") == f"Bid on lot {lot}"
        assert_in_bar(page, "#compose-confirm", "#compose-cancel")  # in reach in the bar
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


def a_purchase(p: dict[str, Any]) -> int | None:
    """A Buy Low Sell High trade that only buys if seat 0 may make one, else a trade that
    sells nothing (a pass), so that seat 0 keeps what it holds to the end."""
    trades = [m for m in p["legal"] if m["fields"]["kind"] in ("trade", "pass")]
    keeps = [m for m in trades if min(m["fields"].get("changes", [0])) >= 0]
    keeps.sort(key=lambda m: -sum(m["fields"].get("changes", [0])))
    return int(keeps[0]["action"]) if keeps else None


def test_buy_low_sell_high_discards_then_keep_and_sell_all(browser: Any, server: Server) -> None:
    table = new_table(server, "buy-low-sell-high", "en", seed=4)
    context = keep_the_list_open(browser.new_context(viewport=PHONE))
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
        assert_in_bar(page, "#compose-confirm", "#compose-cancel")  # a long decision: still
        assert page.inner_text("#compose-confirm") == "Set aside 2 and draw"
        page.click("#compose-confirm")
        page.wait_for_function(f"Number(document.body.dataset.seq) >= {p['seq'] + 3}")
        after = payload(server, table)
        assert mine(after, p["seq"])[:3] == [f"discard {chosen[0]}", f"discard {chosen[1]}", "keep"]
        # the final sell-off: "Sell all" sells every share, one a turn (seat 0 buys when it
        # can, so that it holds shares at the end whatever the bots do)
        p = play_until(page, server, table, "selloff", prefer=a_purchase)
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


def shared_positions(p: dict[str, Any]) -> list[int]:
    """The hand positions that are in two or more of the legal exercise sets."""
    sets = [m["fields"]["positions"] for m in p["legal"] if m["fields"]["kind"] == "exercise"]
    counts = Counter(q for positions in sets for q in positions)
    return sorted(q for q, n in counts.items() if n >= 2)


#: Take Stock's codes, which no reader should meet: a card ("O7"), a move's notation ("event2"),
#: cards listed as codes ("C5 | O5", "C5、O5") and a plural left to the reader ("card(s)")
TAKE_STOCK_CODES = re.compile(r"\b[A-Z]\d+\b|\bevent\d|\b[A-Z]\d+\s*\||[A-Z]\d+(?=[、,，])|\(s\)")
#: what an English page shows of the notation to type beside the words (its "show notation"
#: side: the log's <code>, a move button's .nt): left out of the words a player reads
NOTATION_SHOWN = "code, .nt"


def text_without_notation(page: Any, selector: str) -> str:
    """The innerText of ``selector`` without the notation an English page shows to type."""
    return str(
        page.evaluate(
            """([sel, skip]) => { const el = document.querySelector(sel).cloneNode(true);
              el.querySelectorAll(skip).forEach((n) => n.remove());
              document.body.appendChild(el); const text = el.innerText; el.remove();
              return text; }""",
            [selector, NOTATION_SHOWN],
        )
    )


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_take_stock_exercise_set_is_picked_card_by_card(
    browser: Any, server: Server, lang: str
) -> None:
    table = new_table(server, "take-stock", lang, seed=5)
    context = keep_the_list_open(browser.new_context(viewport=PHONE))
    try:
        page = open_seat(context, server, table, lang)
        # the bots' choices vary with the table's secret salt, so the hand does too: wait for a
        # round end where a card is in two or more sets (a card in one set only plays at once)
        p = play_until(page, server, table, "exercise", lambda p: bool(shared_positions(p)))
        position = shared_positions(p)[0]
        card = page.locator("#board [data-what^='hand ']").nth(position - 1)
        card.click()
        page.wait_for_selector("#compose:not([hidden])")
        pressed = page.locator("#compose [aria-pressed='true']")
        assert pressed.count() == 1
        assert pressed.get_attribute("data-pos") == str(position)
        # the panel names the cards ("Cereal 5", "玉米5"), and so does the whole page
        panel = page.inner_text("#compose")
        assert not TAKE_STOCK_CODES.findall(panel), panel
        assert not TAKE_STOCK_CODES.findall(page.inner_text("#board")), "the board"
        words = page.inner_text("body") if lang != "en" else text_without_notation(page, "body")
        assert not TAKE_STOCK_CODES.findall(words), TAKE_STOCK_CODES.findall(words)
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


def test_night_market_mini_picker_counts_the_minis_loans(browser: Any, server: Server) -> None:
    """At a ``size=mini`` table the amount picker's bound and words use the mini's loans ($1,
    repaid with $2, at most 1), as the server does, not the full game's."""
    seats = [{"kind": "human"}] * 3
    body = {
        "game": "night-market", "players": 3, "seats": seats, "lang": "en", "seed": 3,
        "options": {"size": "mini"},
    }  # fmt: skip
    table = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
    tokens = [s["token"] for s in table["seats"]]
    url = f"{server.url}/api/tables/{table['id']}"
    p = httpx.get(f"{url}?token={tokens[0]}", timeout=30).json()
    while not (p["view"]["phase"] == "bid" and p["to_move"] == 0):
        seat = p["to_move"]
        mine = httpx.get(f"{url}?token={tokens[seat]}", timeout=30).json()
        move = {"token": tokens[seat], "action": mine["legal"][-1]["action"], "seq": mine["seq"]}
        assert httpx.post(f"{url}/moves", json=move, timeout=30).status_code == 200
        p = httpx.get(f"{url}?token={tokens[0]}", timeout=30).json()
    cash = p["view"]["cash"][0]
    bid = next(m for m in p["legal"] if m["fields"]["kind"] == "bid")
    slot = next(a for a in p["view"]["auction"] if a["lot"] == bid["fields"]["lot"])
    low = 0 if slot["top"] is None else slot["top"] + 1
    context = keep_the_list_open(browser.new_context(viewport=PHONE))
    try:
        page = open_seat(context, server, table, "en")
        page.wait_for_function(f"Number(document.body.dataset.seq) === {p['seq']}")
        page.locator(f"#board [data-actions='{bid['action']}']").first.click()
        page.wait_for_selector("#compose:not([hidden])")
        assert page.inner_text("#compose-bound") == (
            f"From ${low} to ${max(low, cash + 1)}: your ${cash} in cash plus $1 for the 1 loan "
            "you may still take."
        )
        assert page.get_attribute("#compose-amount", "max") == str(max(low, cash + 1))
        assert page.errors == []
    finally:
        context.close()


def test_night_market_picker_tells_its_bound_and_loans_and_undo_takes_back_the_whole_bid(
    browser: Any, server: Server
) -> None:
    """Three people (nobody answers at once, so the bid may be taken back): seat 0's amount
    picker says where its bound comes from and what a loan costs above its cash; Undo after a
    whole bid goes back to before the lot was chosen; a position with the lot chosen opens the
    picker for that lot by itself, in both languages."""
    seats = [{"kind": "human"}] * 3
    body = {"game": "night-market", "players": 3, "seats": seats, "lang": "en", "seed": 3}
    table = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
    tokens = [s["token"] for s in table["seats"]]
    url = f"{server.url}/api/tables/{table['id']}"

    def now() -> dict[str, Any]:
        return httpx.get(f"{url}?token={tokens[0]}", timeout=30).json()

    def play(seat: int, action: int, seq: int) -> None:
        move = {"token": tokens[seat], "action": action, "seq": seq}
        assert httpx.post(f"{url}/moves", json=move, timeout=30).status_code == 200

    p = now()
    while not (p["view"]["phase"] == "bid" and p["to_move"] == 0):  # the hidden customers
        seat = p["to_move"]
        mine = httpx.get(f"{url}?token={tokens[seat]}", timeout=30).json()
        play(seat, mine["legal"][0]["action"], mine["seq"])
        p = now()
    start = p["seq"]
    cash = p["view"]["cash"][0]
    assert cash == 12 and p["view"]["loans"][0] == 0
    bid = next(m for m in p["legal"] if m["fields"]["kind"] == "bid" and "top bid" not in m["text"])
    lot = bid["fields"]["lot"]
    context = keep_the_list_open(browser.new_context(viewport=PHONE))
    try:
        page = open_seat(context, server, table, "en")
        page.wait_for_function(f"Number(document.body.dataset.seq) === {start}")
        page.locator(f"#board [data-actions='{bid['action']}']").first.click()
        page.wait_for_selector("#compose:not([hidden])")
        assert page.inner_text("#compose-bound") == (
            "From $0 to $27: your $12 in cash plus $5 for each of the 3 loans you may still take."
        )
        assert page.get_attribute("#compose-amount", "max") == "27"
        assert page.locator("#compose-note").is_hidden()  # $0 is within the cash
        page.fill("#compose-amount", "12")
        assert page.inner_text("#compose-note") == ""
        page.fill("#compose-amount", "18")
        assert page.inner_text("#compose-note") == (
            "Above $12 you need loans: 2 loans if you win, $10 now and $14 to repay at the end."
        )
        assert page.inner_text("#compose-confirm") == f"Bid $18 on lot {lot} (needs a loan)"
        page.click("#compose [data-compose='less']")  # $17: the panel is drawn again
        assert page.input_value("#compose-amount") == "17"
        assert page.inner_text("#compose-note") == (
            "Above $12 you need a loan: 1 loan if you win, $5 now and $7 to repay at the end."
        )
        page.fill("#compose-amount", "13")
        page.click("#compose-confirm")
        page.wait_for_function(f"Number(document.body.dataset.seq) === {start + 2}")
        assert [e["notation"] for e in now()["log"][start:]] == [f"bid {lot}", "$13"]
        # Undo takes back the whole bid: the amount, then the lot, as two undos of the policy
        page.wait_for_selector("#undo:not([hidden])")
        page.click("#undo")
        page.wait_for_function(f"Number(document.body.dataset.seq) === {start}")
        after = now()
        assert after["seq"] == start and after["view"]["phase"] == "bid"
        assert after["to_move"] == 0 and after["view"]["bidding"]["lot"] is None
        assert page.locator("#compose").is_hidden()
        kinds = {m["fields"]["kind"] for m in after["legal"]}
        assert "amount" not in kinds and "bid" in kinds
        texts = page.locator("#moves button[data-action]").all_inner_texts()
        assert not any(t.startswith("bid $") for t in texts)
        # the lot chosen elsewhere (another tab, a refused amount): the picker opens by itself
        play(0, bid["action"], start)
        page.wait_for_selector("#compose:not([hidden])")
        assert page.inner_text("#compose .summary") == f"Bid on lot {lot}"
        page.fill("#compose-amount", "2")
        page.click("#compose-confirm")
        page.wait_for_function(f"Number(document.body.dataset.seq) === {start + 2}")
        assert [e["notation"] for e in now()["log"][start:]] == [f"bid {lot}", "$2"]
        page.click("#undo")  # back to before the lot again, and the lot chosen over the API
        page.wait_for_function(f"Number(document.body.dataset.seq) === {start}")
        play(0, bid["action"], start)
        zh = open_seat(context, server, table, "zh-TW")
        zh.wait_for_selector("#compose:not([hidden])")
        assert zh.inner_text("#compose-bound") == (
            "可出 $0 到 $27：現金 $12，加上還能借的3筆貸款，每筆 $5。"
        )
        zh.fill("#compose-amount", "13")
        assert zh.inner_text("#compose-note") == (
            "超過 $12 就要貸款：得標時借1筆，現在拿到 $5，遊戲結束時還 $7。"
        )
        assert zh.inner_text("#compose-confirm") == f"對第{lot}攤出價 $13(需要貸款)"
        assert not page.errors and not zh.errors
    finally:
        context.close()
