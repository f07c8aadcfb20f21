"""The boards' animations (bazaar/web/static/motion.js): keyed things slide, customers walk.

Each test draws two consecutive positions of one game (as seat 0 sees them) into one page with
the board scripts and motion.js, the way table.js does it: capture, redraw (with the board shown
before as ``prev``), play; then it reads the animations the browser started.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from bazaar.core.game import State
from bazaar.core.registry import get_game
from bazaar.core.rng import Rng
from bazaar.web.payload import LoggedMove, build_payload, sample_payloads
from tests.web.render_harness import STATIC, load_renderer, render_svg

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
  const places = BazaarMotion.capture(board);
  draw(b, a);
  BazaarMotion.play(board, places, {});
  const now = keys.map(box);
  const after = [...board.querySelectorAll("[data-key]")].map((el) => el.dataset.key);
  const moving = [...board.querySelectorAll("[data-key]")].filter(
    (el) => el.getAnimations().length).length;
  const frames = {};
  for (const key of keys) {
    const el = board.querySelector(`[data-key="${key}"]`);
    frames[key] = el ? el.getAnimations().map((an) => an.effect.getKeyframes().map(
      (f) => ({transform: f.transform || null, opacity: f.opacity === undefined ? null : f.opacity})
    )) : null;
  }
  const walkers = [...board.querySelectorAll("[data-key^='walk:']")].map((el) => ({
    key: el.dataset.key, frames: el.getAnimations().map((an) => an.effect.getKeyframes().length),
    path: el.getAttribute("data-path").split(" ").length,
    opacity: getComputedStyle(el).opacity}));
  return {was: was, now: now, before: before, after: after, started: count("animated") - animated,
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
        action = rng.choice(state.legal_actions())
        public = state.public_notation(action)
        notation = state.notation(action)
        events = state.apply(action)
        history.append(LoggedMove(len(history), seat, notation, events, public=public))
        after = build_payload(state, 0, "en", table="demo", history=history)
        yield before, after, events
        before = after


def test_buy_low_sell_high_buy_price_slides_along_its_column(motion_page: Any) -> None:
    show_game(motion_page, "buy-low-sell-high")
    for a, b, _ in positions("buy-low-sell-high", 3, 4, 80):
        old = [col["buy"] for col in a["view"]["columns"]]
        new = [col["buy"] for col in b["view"]["columns"]]
        moved = [k for k in range(len(old)) if None not in (old[k], new[k]) and old[k] != new[k]]
        if moved:
            break
    else:
        raise AssertionError("no buy price moved")
    k = moved[0]
    key = f"buy:{k}"
    r = motion_page.evaluate(STEP, [a, b, [key]])
    assert key in r["before"] and key in r["after"]
    assert r["started"] == r["moving"] >= 1
    # one slide in SVG units (the page draws the 1000-unit board 1200 px wide) from the old
    # space to the new one (which also moves when the prompt above the columns changed height)
    (frames,) = r["frames"][key]
    (was,), (now,) = r["was"], r["now"]
    assert was[1] != now[1]
    assert shift(frames[0]) == pytest.approx((was[0] - now[0], was[1] - now[1]), abs=0.01)
    assert frames[-1]["transform"] == "translate(0px, 0px)"


def test_take_stock_card_slides_from_the_hand_to_where_it_went(motion_page: Any) -> None:
    show_game(motion_page, "take-stock")
    for a, b, _ in positions("take-stock", 3, 6, 60):
        last = b["last"]
        fields = (last or {}).get("fields") or {}
        if last["seat"] == 0 and fields.get("kind") in ("play", "buy"):
            break
    else:
        raise AssertionError("seat 0 played no card")
    key = "card:" + fields["card"]
    assert fields["card"] in a["view"]["hand"]
    r = motion_page.evaluate(STEP, [a, b, [key]])
    assert key in r["before"] and key in r["after"]
    (frames,) = r["frames"][key]
    (was,), (now,) = r["was"], r["now"]
    dx, dy = shift(frames[0])
    assert (dx, dy) == pytest.approx((was[0] - now[0], was[1] - now[1]), abs=0.01)
    if fields["kind"] == "play":  # up from the hand to its row of the market
        assert dy > 100
    else:  # bought: down from the hand to the certificates on the player's panel
        assert dy < -100
    assert frames[-1]["transform"] == "translate(0px, 0px)"
    assert r["started"] == r["moving"] >= 1


def night_market_walk() -> tuple[Any, Any, list[Any]]:
    for a, b, events in positions("night-market", 3, 5, 400):
        walks = [e.data for e in events if e.kind == "move" and e.data["lot"] is None]
        if walks and any(w["to"] != "out" for w in walks):
            return a, b, walks
    raise AssertionError("no customer walked on")


#: the lots a customer passes from each entrance group (data.json "paths")
PATH_LOTS = {"A": 10, "BC": 14, "DH": 13}


def group(letter: str) -> str:
    return "A" if letter == "A" else "BC" if letter in "BC" else "DH"


def test_night_market_customers_walk_lot_by_lot(motion_page: Any) -> None:
    show_game(motion_page, "night-market")
    a, b, walks = night_market_walk()
    r = motion_page.evaluate(STEP, [a, b, []])
    # one walker per customer that walked on (or out), named by its customer card
    expected = Counter(f"walk:{w['customer']}" for w in walks)
    got = Counter(re.sub(r"~\d+$", "", w["key"]) for w in r["walkers"])
    assert got == expected
    lots = sorted(PATH_LOTS[group(w["from"])] for w in walks)
    # keyframes: the entrance, every lot walked, then where it stands now (or the exit)
    assert sorted(w["frames"][0] - 2 for w in r["walkers"]) == lots
    assert sorted(w["path"] - 1 for w in r["walkers"]) == lots
    assert all(len(w["frames"]) == 1 for w in r["walkers"])
    assert r["started"] == r["moving"] >= len(walks)


def test_reduced_motion_animates_nothing(browser: Any) -> None:
    context = browser.new_context(viewport={"width": 400, "height": 800}, reduced_motion="reduce")
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
    assert seen >= {"buy-low-sell-high": {"buy", "card"}, "take-stock": {"card", "shares"},
                    "night-market": {"player", "owner", "stall", "supply"}}[game]
