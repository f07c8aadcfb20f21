"""The browser renderer of Buy Low Sell High, run in headless Chromium on sample payloads."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from bazaar.core.registry import get_game
from bazaar.i18n import catalog
from bazaar.web.payload import build_payload, sample_payloads
from tests.web.render_harness import board_script, board_words, load_renderer, render_svg

GAME = "buy-low-sell-high"
JS = board_script(GAME)
#: Moves without a natural place on the board (they are only in the page's move list).
NO_HOTSPOT = {"pass", "stop"}


@cache
def payloads(players: int, lang: str, every: int = 24, seed: int = 5) -> list[dict[str, Any]]:
    return sample_payloads(GAME, players, seed, lang, every=every)


def sample(players: int, seed: int, keep: Any, most: int) -> list[dict[str, Any]]:
    """Up to ``most`` payloads along a whole game (every move) for which ``keep`` is true."""
    return [p for p in payloads(players, "en", every=1, seed=seed) if keep(p)][:most]


def per_phase(players: int, seed: int, most: int = 3) -> list[dict[str, Any]]:
    """Up to ``most`` payloads of each phase in which the viewer has moves."""
    out: list[dict[str, Any]] = []
    for phase in ("trade", "play", "redraw", "forced-sale", "selloff"):
        out += sample(
            players, seed, lambda p, ph=phase: p["legal"] and p["view"]["phase"] == ph, most
        )
    return out


def render(page: Any, payload: dict[str, Any]) -> dict[str, Any]:
    out = render_svg(page, payload)
    found = page.evaluate(
        """() => ({
            roots: document.querySelectorAll("#board > svg").length,
            hot: [...document.querySelectorAll("#board [data-actions]")].map((el) => ({
                cls: el.getAttribute("class"),
                title: (el.querySelector("title") || {}).textContent || "",
                actions: el.getAttribute("data-actions").split(",").map(Number)}))})"""
    )
    out.update(found)
    return out


def money(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"${amount}"


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_every_player_count_renders_one_svg_with_legal_hotspots(page: Any, lang: str) -> None:
    errors = load_renderer(page, GAME)
    rendered = 0
    for players in (2, 3, 4):
        for payload in payloads(players, lang):
            out = render(page, payload)
            assert out["svg"].startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ')
            assert out["svg"].count("<svg") == 1 and out["roots"] == 1
            legal = {m["action"] for m in payload["legal"]}
            for hot in out["hot"]:
                assert set(hot["actions"]) <= legal, (hot, payload["view"]["phase"])
                assert hot["cls"] == "hot" and hot["title"]
            rendered += 1
    assert rendered >= 15
    assert errors == []


def test_every_move_with_a_place_on_the_board_is_clickable(page: Any) -> None:
    """Trades and sales on the price columns, cards in hand, news spaces, keep on the pile."""
    errors = load_renderer(page, GAME)
    seen_phases = set()
    for payload in per_phase(3, 0, most=2) + per_phase(4, 2, most=1):
        out = render(page, payload)
        clickable = {a for hot in out["hot"] for a in hot["actions"]}
        for move in payload["legal"]:
            if move["notation"] not in NO_HOTSPOT:
                assert move["action"] in clickable, (move, payload["view"]["phase"])
        seen_phases.add(payload["view"]["phase"])
        view = payload["view"]
        if view["phase"] == "play":
            # every card in hand that can be played is a hotspot of its own
            playable = {m["notation"][5:] for m in payload["legal"] if m["notation"][:5] == "play "}
            for card in playable:
                action = next(
                    m["action"] for m in payload["legal"] if m["notation"] == f"play {card}"
                )
                assert [action] in [h["actions"] for h in out["hot"]]
        if view["phase"] == "trade":
            # one hotspot per price column that has trades; buying K0 is on the K0 column
            columns = [h for h in out["hot"] if all(_is_trade(payload, a) for a in h["actions"])]
            assert 1 <= len(columns) <= 3
            for hot in columns:
                kinds = [set(re.findall(r"K(\d)", _notation(payload, a))) for a in hot["actions"]]
                assert set.intersection(*kinds), hot
    assert {"trade", "play", "redraw", "forced-sale", "selloff"} <= seen_phases
    assert errors == []


def _notation(payload: dict[str, Any], action: int) -> str:
    return next(m["notation"] for m in payload["legal"] if m["action"] == action)


def _is_trade(payload: dict[str, Any], action: int) -> bool:
    return re.fullmatch(r"([+-]2?K\d ?)+", _notation(payload, action)) is not None


def _covers(payload: dict[str, Any]) -> list[int]:
    return [m["action"] for m in payload["legal"] if m["notation"].startswith("news ")]


def test_breaking_news_card_and_market_spaces_offer_the_covers(page: Any) -> None:
    errors = load_renderer(page, GAME)
    found = 0
    for players in (2, 3, 4):
        for payload in sample(players, 3, lambda p: any(_covers(p)), 2):
            covers = _covers(payload)
            out = render(page, payload)
            singles = [h["actions"] for h in out["hot"] if len(h["actions"]) == 1]
            for action in covers:
                assert [action] in singles  # the market space to cover is its own hotspot
                # ... and the Breaking News card in hand offers it as well
                assert sum(action in h["actions"] for h in out["hot"]) >= 2
            found += 1
    assert found >= 3
    assert errors == []


def test_key_numbers_are_shown(page: Any) -> None:
    errors = load_renderer(page, GAME)
    for payload in payloads(4, "en")[:-1:2]:
        view = payload["view"]
        text = render(page, payload)["text"]
        assert f"Year {view['year']} of {view['years']}" in text
        assert f"Draw pile: {view['pile']} cards" in text
        for p, cash in enumerate(view["money"]):
            assert money(cash) in text
            for k, n in enumerate(view["holdings"][p]):
                assert f"{('red', 'green', 'purple')[k]} ×{n}" in text  # stocks by colour
        for col in view["columns"]:
            assert f"Sell {money(col['sell'])}" in text
            if col["buy"] is not None:
                assert f"Buy {money(col['buy'])}" in text
        filled = f"Market row: {len(view['row'])} of {view['row_length']} spaces filled"
        assert filled in text
        mover = payload["seats"][view["to_move"]]["name"]
        assert f"{mover} (you) to move" in text
    assert errors == []


def test_chinese_board_uses_the_rules_terms(page: Any) -> None:
    errors = load_renderer(page, GAME)
    payload = payloads(3, "zh-TW")[2]
    text = render(page, payload)["text"]
    for word in ("傻瓜炒股", "股價區", "買價", "賣價", "玩家與資金", "資金", "市場區", "你的手牌"):
        assert word in text
    assert f"第{payload['view']['year']}年" in text
    for english in ("Stock prices", "Money", "Your hand", "Market row", "Buy $", "on board"):
        assert english not in text
    assert errors == []


def test_every_msgid_of_the_renderer_is_translated() -> None:
    source = JS.read_text("utf-8")
    msgids = set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', source))
    assert len(msgids) > 40
    zh = board_words(GAME, "zh-TW")
    assert sorted(m for m in msgids if m not in zh) == []
    assert all(zh[m] != m for m in msgids)


def test_the_board_reads_its_own_catalog() -> None:
    """The board's words live in the game's folder, board.po; the page gives it the pages'
    catalog under them (a word shared with a page may mean something else on the board)."""
    words = board_words(GAME, "zh-TW")
    assert words["bull"] == "牛市" and "bull" not in catalog("zh-TW")
    assert words["Create table"] == catalog("zh-TW")["Create table"]


def test_final_position_shows_winners_and_scores(page: Any) -> None:
    errors = load_renderer(page, GAME)
    for players, lang in ((2, "en"), (4, "en"), (3, "zh-TW")):
        final = payloads(players, lang)[-1]
        assert final["over"]
        out = render(page, final)
        you = " (you)" if lang == "en" else " (你)"
        names = ", ".join(
            final["seats"][w]["name"] + (you if w == final["seat"] else "")
            for w in final["winners"]
        )
        if lang == "en":
            head = "Shared win" if len(final["winners"]) > 1 else "Winner"
            assert f"{head}: {names}" in out["text"]
            assert "Final result" in out["text"]
        else:
            assert "贏家" in out["text"] or "共同獲勝" in out["text"]
        for score in final["scores"]:
            assert money(int(score)) in out["text"]
        assert out["hot"] == []
    assert errors == []


def test_spectator_sees_no_hand_and_escaped_names(page: Any) -> None:
    errors = load_renderer(page, GAME)
    state = get_game(GAME).new(3, 8)
    seats = [
        {"seat": s, "name": name, "kind": "human", "bot": None}
        for s, name in enumerate(['<b>Ann & "Bo"</b>', "Chi", "Dee"])
    ]
    payload = build_payload(state, None, "en", table="t", seats=seats)
    out = render(page, payload)
    assert 'Ann & "Bo"' in out["text"] and "<b>" in out["text"]
    assert "<b>Ann" not in out["svg"]
    assert "You are watching" in out["text"] and "Your hand" not in out["text"]
    assert out["hot"] == []
    assert errors == []


#: a card or stock code of the notation (K0, K1+3, K2com), or an English "(s)" plural
CODE = re.compile(r"\bK\d+|\(s\)")


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_board_names_stocks_and_cards_never_by_code(page: Any, lang: str) -> None:
    """The document's text (card faces, Breaking News played, the year-end outlook, prices,
    players) and every hotspot's title, along a whole game: colours and card names, no code
    (the notation is for typing only)."""
    errors = load_renderer(page, GAME)
    found: list[str] = []
    for players in (3, 4):
        for payload in payloads(players, lang):
            out = render(page, payload)
            text = page.evaluate("document.body.innerText")
            found += [line for line in text.splitlines() if CODE.search(line)]
            found += [hot["title"] for hot in out["hot"] if CODE.search(hot["title"])]
    assert sorted(set(found)) == []
    assert errors == []


#: Frames a table page draws the board across (CSS px): phones 360 and 390 wide, a tablet
#: on its side (two page columns) and upright.
WIDTHS = (336, 366, 656, 744)

#: What a board drawn for a frame of ``width`` px shows: its viewBox, the smallest text, the
#: smallest hotspot's sides, how far the drawing reaches left and right, its keys and where
#: the regions' titles are (y) - all in CSS px, one SVG unit being one px.
LAID_OUT = """(width) => {
    const svg = document.querySelector("#board > svg");
    // the texts and spots as drawn (glyphs measured), not the bands across the whole width
    const drawn = [...svg.querySelectorAll("text, .hot")].map((e) => e.getBBox());
    const sizes = [...svg.querySelectorAll("text")].map((t) => Number(t.getAttribute("font-size")));
    const hot = [...svg.querySelectorAll(".hot")].map((g) => g.getBBox());
    const titleY = (start) => {
        const t = [...svg.querySelectorAll("text")].find((e) => e.textContent.startsWith(start));
        return t ? t.getBBox().y : null;
    };
    return {
        viewBox: svg.getAttribute("viewBox"), left: Math.min(...drawn.map((b) => b.x)),
        right: Math.max(...drawn.map((b) => b.x + b.width)),
        shown: svg.getBoundingClientRect().width, text: Math.min(...sizes),
        target: Math.min(...hot.map((b) => Math.min(b.width, b.height))),
        keys: [...svg.querySelectorAll("[data-key]")].map((e) => e.getAttribute("data-key")),
        marks: svg.querySelectorAll(".last-move").length,
        hand: titleY("Your hand"), row: titleY("Market row"), prices: titleY("Stock prices"),
    };
}"""


def laid_out(page: Any, payload: dict[str, Any], width: int | None) -> dict[str, Any]:
    out = render(page, payload) if width is None else render_svg(page, payload, width)
    figures: dict[str, Any] = page.evaluate(LAID_OUT, width)
    return {**out, **figures}


def test_phones_and_tablets_get_a_board_drawn_for_their_width(page: Any) -> None:
    """One unit one CSS px: texts of 12 px and more, hotspots of 44 px and more, nothing wider
    than the frame; the same moves on the board, the same keys (animations) and last-move
    marks as the desktop board."""
    errors = load_renderer(page, GAME)
    shown = per_phase(3, 0, most=1) + per_phase(4, 2, most=1)[:3] + [payloads(2, "en")[-1]]
    for payload in shown:
        desk = laid_out(page, payload, None)
        for width in WIDTHS:
            got = laid_out(page, payload, width)
            where = (width, payload["view"]["phase"], payload["seq"])
            assert got["viewBox"].startswith(f"0 0 {width} "), where
            assert got["shown"] == width, where
            assert got["text"] >= 12, where
            assert not got["hotspots"] or got["target"] >= 44, where
            assert got["left"] >= 0 and got["right"] <= width, (where, got["right"])
            assert sorted(got["hotspots"]) == sorted(desk["hotspots"]), where
            assert sorted(got["keys"]) == sorted(desk["keys"]), where
            assert got["marks"] == desk["marks"], where
    assert errors == []


def test_on_a_phone_what_the_player_acts_on_comes_first(page: Any) -> None:
    """One column: on a card turn the hand, then the market row, then the prices; on a trading
    turn the prices first; the two-column tablet keeps the hand above the prices on a card
    turn."""
    errors = load_renderer(page, GAME)
    play, trade = (
        sample(3, 0, lambda p, ph=ph: p["legal"] and p["view"]["phase"] == ph, 1)[0]
        for ph in ("play", "trade")
    )
    phone = laid_out(page, play, 366)
    assert phone["hand"] < phone["row"] < phone["prices"]
    phone = laid_out(page, trade, 366)
    assert phone["prices"] < phone["row"] < phone["hand"]
    tablet = laid_out(page, play, 744)
    assert tablet["hand"] < tablet["row"] < tablet["prices"]
    assert errors == []


def test_the_desktop_board_is_the_same_at_any_width_from_1000(page: Any) -> None:
    errors = load_renderer(page, GAME)
    for payload in per_phase(3, 0, most=1):
        svg = render(page, payload)["svg"]
        assert render_svg(page, payload, 1000)["svg"] == svg
        assert render_svg(page, payload, 1280)["svg"] == svg
        assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 ')
    assert errors == []
