"""The boards' animations (bazaar/web/static/motion.js): keyed things slide, customers walk.

Each test draws two consecutive positions of one game (as seat 0 sees them) into one page with
the board scripts and motion.js, the way table.js does it: capture, redraw (with the board shown
before as ``prev``), play; then it reads the animations the browser started.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from importlib import resources
from typing import Any

import httpx
import pytest

from bazaar.core.game import State
from bazaar.core.registry import get_game
from bazaar.core.rng import Rng
from bazaar.web.payload import LoggedMove, build_payload, sample_payloads
from tests.web.parts import keep_the_list_open
from tests.web.render_harness import STATIC, load_renderer, render_svg
from tests.web.server import Server

GAMES = ["buy-low-sell-high", "take-stock", "night-market"]

#: draw ``a``, capture, draw ``b`` (prev: a), play; report the counters and the animations
STEP = """([a, b, keys]) => {
  const board = document.getElementById("board");
  const draw = (p, prev) => {
    const ui = BazaarUI.make(p.lang, {}, p.seats, p.seat);
    board.innerHTML = BazaarRenderers[p.game].render(p, ui, prev);
  };
  const box = (key) => {
    const el = board.querySelector(`[data-key="${key}"]`);
    if (!el) return null;
    const b = el.getBBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  draw(a, null);
  const was = keys.map(box);
  const before = [...board.querySelectorAll("[data-key]")].map((el) => el.dataset.key);
  const count = (name) => Number(document.body.dataset[name] || 0);
  const animated = count("animated");
  const tweened = count("tweened");
  const places = BazaarMotion.capture(board);
  draw(b, a);
  window.finalTexts = [...board.querySelectorAll("text")].map((el) => el.textContent);
  BazaarMotion.play(board, places, {});
  const now = keys.map(box);
  const after = [...board.querySelectorAll("[data-key]")].map((el) => el.dataset.key);
  const moving = [...board.querySelectorAll("[data-key]")].filter(
    (el) => el.getAnimations().length).length;
  const frames = {};
  const owners = {};  // key -> the key of the keyed group around it (which carries it)
  const framesOf = (el) => el.getAnimations().map((an) => an.effect.getKeyframes().map(
    (f) => ({transform: f.transform || null, opacity: f.opacity === undefined ? null : f.opacity})
  ));
  for (const key of keys) {
    const el = board.querySelector(`[data-key="${key}"]`);
    const owner = el && el.parentNode.closest("[data-key]");
    owners[key] = owner ? {key: owner.dataset.key, frames: framesOf(owner)} : null;
    frames[key] = el ? framesOf(el) : null;
  }
  const walkers = [...board.querySelectorAll("[data-key^='walk:']")].map((el) => ({
    key: el.dataset.key, frames: el.getAnimations().map((an) => an.effect.getKeyframes().length),
    path: el.getAttribute("data-path").split(" ").length,
    opacity: getComputedStyle(el).opacity}));
  return {owners: owners, was: was, now: now, before: before, after: after,
    started: count("animated") - animated, tweened: count("tweened") - tweened,
    moving: moving, frames: frames, walkers: walkers};
}"""


@pytest.fixture(scope="module")
def motion_page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    yield page
    context.close()


def shift(frame: dict[str, Any]) -> tuple[float, float]:
    """The (dx, dy) of a keyframe's translate, in SVG units."""
    dx, dy = map(float, re.findall(r"-?[\d.]+", frame["transform"]))
    return dx, dy


def show_game(page: Any, game: str) -> None:
    assert not load_renderer(page, game)
    page.add_script_tag(path=str(STATIC / "motion.js"))


def positions(game: str, players: int, seed: int, moves: int) -> Iterator[tuple[Any, ...]]:
    """(payload before, payload after, the move's events) for the first ``moves`` moves of a
    random game, both payloads as seat 0 sees them."""
    state: State = get_game(game).new(players, seed)
    rng = Rng(seed)
    history: list[LoggedMove] = []
    before = build_payload(state, 0, "en", table="demo", history=history)
    for _ in range(moves):
        if state.is_over():
            return
        seat = state.to_move()
        assert seat is not None
        action = rng.choice(state.legal_actions())
        public = state.public_notation(action)
        notation = state.notation(action)
        events = state.apply(action)
        history.append(LoggedMove(len(history), seat, notation, events, public=public))
        after = build_payload(state, 0, "en", table="demo", history=history)
        yield before, after, events
        before = after


def first_step(game: str, seed: int, moves: int, test: Any) -> tuple[Any, Any, Any]:
    """The first (before, after, events) of :func:`positions` (3 players) that passes ``test``."""
    for step in positions(game, 3, seed, moves):
        if test(*step):
            return step
    raise AssertionError(f"no such move in the first {moves} moves of {game}")


def buy_prices(p: dict[str, Any]) -> list[int | None]:
    return [col["buy"] for col in p["view"]["columns"]]


@pytest.fixture(scope="module", params=["desktop", "phone"])
def sized_page(request: pytest.FixtureRequest, browser: Any, motion_page: Any) -> Iterator[Any]:
    """The module's page (1200 px wide: 1.2 px a unit), or a phone's (390 px: 0.39)."""
    if request.param == "desktop":
        yield motion_page
        return
    context = keep_the_list_open(
        browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    )
    yield context.new_page()
    context.close()


def test_buy_low_sell_high_buy_price_slides_along_its_column(sized_page: Any) -> None:
    motion_page = sized_page
    show_game(motion_page, "buy-low-sell-high")

    def moved(a: Any, b: Any) -> list[int]:
        old, new = buy_prices(a), buy_prices(b)
        return [k for k in range(len(old)) if None not in (old[k], new[k]) and old[k] != new[k]]

    a, b, _ = first_step("buy-low-sell-high", 4, 80, lambda a, b, _: moved(a, b))
    k = moved(a, b)[0]
    key = f"buy:{k}"
    r = motion_page.evaluate(STEP, [a, b, [key]])
    assert key in r["before"] and key in r["after"]
    assert r["started"] == r["moving"] >= 1
    # one slide in SVG units (whatever the page's width) from the old space to the new one
    # (which also moves when the prompt above the columns changed height)
    (frames,) = r["frames"][key]
    (was,), (now,) = r["was"], r["now"]
    assert was[1] != now[1]
    assert shift(frames[0]) == pytest.approx((was[0] - now[0], was[1] - now[1]), abs=0.05)
    assert frames[-1]["transform"] == "translate(0px, 0px)"
    # the money and counts that changed count to their new values (0.5 s), which then stand
    money = [q for q, cash in enumerate(a["view"]["money"]) if b["view"]["money"][q] != cash]
    assert money and r["tweened"] >= len(money)
    motion_page.wait_for_timeout(600)
    texts = "[...document.querySelectorAll('#board text')].map((el) => el.textContent)"
    assert motion_page.evaluate(texts) == motion_page.evaluate("window.finalTexts")


@pytest.mark.parametrize("kind", ["play", "buy"])
def test_take_stock_card_slides_from_the_hand_to_where_it_went(motion_page: Any, kind: str) -> None:
    show_game(motion_page, "take-stock")

    def mine(a: Any, b: Any, _: Any) -> bool:
        return b["last"]["seat"] == 0 and (b["last"]["fields"] or {}).get("kind") == kind

    a, b, _ = first_step("take-stock", 6, 120, mine)
    fields = b["last"]["fields"]
    key = "card:" + fields["card"]
    assert fields["card"] in a["view"]["hand"]
    r = motion_page.evaluate(STEP, [a, b, [key]])
    assert key in r["before"] and key in r["after"]
    (frames,) = r["frames"][key]
    (was,), (now,) = r["was"], r["now"]
    dx, dy = shift(frames[0])
    owner = r["owners"][key]  # the market row or the player's panel: it carries the card too
    assert owner["key"] == ("row:" + fields["card"][0] if kind == "play" else "player:0")
    if owner["frames"]:
        odx, ody = shift(owner["frames"][0][0])
        dx, dy = dx + odx, dy + ody
    assert (dx, dy) == pytest.approx((was[0] - now[0], was[1] - now[1]), abs=0.05)
    if kind == "play":  # up from the hand to its row of the market
        assert dy > 100
    else:  # bought: down from the hand to the certificates on the player's panel
        assert dy < -100
    assert frames[-1]["transform"] == "translate(0px, 0px)"
    assert r["started"] == r["moving"] >= 1


def walked(events: list[Any]) -> list[dict[str, Any]]:
    """The customers of a move's events: where each set off, bought (or not) and went on to."""
    return [e.data for e in events if e.kind == "move"]


def night_market_walk() -> tuple[Any, Any, list[Any]]:
    """The first end of a round where a customer buys and another walks on to an entrance."""
    a, b, events = first_step(
        "night-market",
        5,
        400,
        lambda a, b, ev: (
            any(w["lot"] for w in walked(ev))
            and any(w["to"] not in (None, "out") for w in walked(ev))
        ),
    )
    return a, b, walked(events)


#: the lots a customer passes from each entrance group, in order (data.json "paths")
PATHS = {
    "DH": [1, 6, 2, 7, 3, 8, 4, 9, 5, 10, 14, 15, 20],
    "BC": [15, 20, 14, 19, 13, 18, 12, 17, 11, 16, 21, 22, 27, 26],
    "A": [26, 21, 27, 22, 28, 23, 29, 24, 30, 25],
}


def group(letter: str) -> str:
    return "A" if letter == "A" else "BC" if letter in "BC" else "DH"


def lots_walked(w: dict[str, Any]) -> int:
    """How many lots a customer passed, from the engine's own event (not a final round)."""
    path = PATHS[group(w["from"])]
    return path.index(w["lot"]) + 1 if w["lot"] else len(path)


def test_night_market_walks_follow_the_maps_paths() -> None:
    """The paths this test and the board script walk are the game's map (data.json)."""
    data = json.loads((resources.files("bazaar.games.night_market") / "data.json").read_text())
    assert {name.removeprefix("P_"): lots for name, lots in data["paths"].items()} == PATHS
    script = (resources.files("bazaar.games.night_market") / "static" / "board.js").read_text()
    for name, lots in PATHS.items():
        assert f"{name}: {json.dumps(lots)}," in script


def test_night_market_customers_walk_lot_by_lot(motion_page: Any) -> None:
    show_game(motion_page, "night-market")
    a, b, walks = night_market_walk()
    assert not a["view"]["final_round"]
    r = motion_page.evaluate(STEP, [a, b, []])
    # one walker per customer of the round's walk, named by its customer card
    expected = Counter(f"walk:{w['customer']}" for w in walks)
    got = Counter(re.sub(r"~\d+$", "", w["key"]) for w in r["walkers"])
    assert got == expected
    lots = sorted(lots_walked(w) for w in walks)
    # keyframes: the entrance, every lot passed (up to the one it bought at), then where it
    # ended (that lot again, the next entrance or the exit)
    assert sorted(w["frames"][0] - 2 for w in r["walkers"]) == lots
    assert sorted(w["path"] - 1 for w in r["walkers"]) == lots
    assert all(len(w["frames"]) == 1 for w in r["walkers"])
    assert r["started"] == r["moving"] >= len(walks)


def test_reduced_motion_animates_nothing(browser: Any) -> None:
    context = keep_the_list_open(
        browser.new_context(viewport={"width": 400, "height": 800}, reduced_motion="reduce")
    )
    page = context.new_page()
    try:
        show_game(page, "night-market")
        a, b, walks = night_market_walk()
        r = page.evaluate(STEP, [a, b, []])
        assert r["started"] == 0 and r["moving"] == 0
        assert len(r["walkers"]) == len(walks)
        assert {w["opacity"] for w in r["walkers"]} == {"0"}  # the final board at once
    finally:
        context.close()


@pytest.mark.parametrize("game", GAMES)
def test_every_key_is_unique_on_a_board(motion_page: Any, game: str) -> None:
    assert not load_renderer(motion_page, game)
    seen: set[str] = set()
    for p in sample_payloads(game, 3, 7, every=9):
        svg = render_svg(motion_page, {**p, "log": []})["svg"]
        keys = re.findall(r'data-key="([^"]+)"', svg)
        dupes = [k for k, n in Counter(keys).items() if n > 1]
        assert not dupes, (p["seq"], dupes)
        seen.update(k.split(":")[0] for k in keys)
    assert (
        seen
        >= {
            "buy-low-sell-high": {"buy", "card"},
            "take-stock": {"card", "shares"},
            "night-market": {"player", "owner", "stall", "supply"},
        }[game]
    )


def test_the_table_page_animates_a_move(page: Any, server: Server) -> None:
    seats = [{"kind": "human", "name": "Mei"}, {"kind": "bot", "bot": "heuristic"}]
    res = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "take-stock", "players": 2, "seats": seats, "seed": 7},
        timeout=30,
    )
    assert res.status_code == 201, res.text
    table, token = res.json()["id"], res.json()["seats"][0]["token"]
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/t/{table}?token={token}&lang=en")
    page.wait_for_selector("#moves button[data-action]")
    page.wait_for_selector("#board [data-key^='card:']")
    assert page.evaluate("Number(document.body.dataset.animated || 0)") == 0  # first drawing
    page.locator("#moves button[data-action]").first.click()
    page.wait_for_function("Number(document.body.dataset.seq) >= 2")  # the bot has moved
    assert page.evaluate("Number(document.body.dataset.animated)") >= 1
    assert not errors
