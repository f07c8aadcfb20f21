"""The browser renderer of Taiwan Night Market (bazaar/games/night_market/static/board.js)."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import pytest

from bazaar.core.registry import get_game
from bazaar.web.payload import build_payload, sample_payloads
from tests.web.render_harness import board_script, board_words, load_renderer, render_svg

GAME = "night-market"
SOURCE = board_script(GAME)


@cache
def samples(players: int, lang: str, every: int = 11, seed: int = 3) -> list[dict[str, Any]]:
    """Payloads along a random game; the renderer ignores the log, so it is left out."""
    return [{**p, "log": []} for p in sample_payloads(GAME, players, seed, lang, every=every)]


def by_phase(payloads: list[dict[str, Any]], per_phase: int) -> list[dict[str, Any]]:
    """At most ``per_phase`` payloads of each phase (keeps the browser work small)."""
    count: dict[str, int] = {}
    out = []
    for p in payloads:
        phase = p["view"]["phase"]
        if count.get(phase, 0) < per_phase:
            count[phase] = count.get(phase, 0) + 1
            out.append(p)
    return out


def money(n: int | float) -> str:
    n = int(n)
    return f"-${-n}" if n < 0 else f"${n}"


def legal_of(payload: dict[str, Any]) -> dict[str, int]:
    return {m["notation"]: m["action"] for m in payload["legal"]}


def flat(hotspots: list[list[int]]) -> set[int]:
    return {a for spot in hotspots for a in spot}


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("players", [3, 4])
def test_every_position_renders_one_svg_with_legal_hotspots(
    page: Any, players: int, lang: str
) -> None:
    errors = load_renderer(page, GAME)
    payloads = samples(players, lang)
    assert len(payloads) > 5
    for payload in payloads:
        out = render_svg(page, payload)
        svg = out["svg"]
        assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 ')
        assert svg.count("<svg") == 1 and svg.endswith("</svg>")
        legal = {m["action"] for m in payload["legal"]}
        assert flat(out["hotspots"]) <= legal
        # every move except pass/give up/loan/done has a place on the board to click
        board_moves = {
            a for n, a in legal_of(payload).items() if n not in ("pass", "give up", "loan", "done")
        }
        assert board_moves <= flat(out["hotspots"])
        assert 'class="hot"' in svg or not legal
    assert errors == []


def test_lots_cards_and_amounts_are_hotspots(page: Any) -> None:
    load_renderer(page, GAME)
    seen = set()
    for payload in by_phase(samples(4, "en", every=1, seed=5), 2):
        phase = payload["view"]["phase"]
        moves = legal_of(payload)
        spots = [sorted(s) for s in render_svg(page, payload)["hotspots"]]
        if phase == "bid":
            for notation, action in moves.items():
                if notation.startswith("bid "):
                    assert [action] in spots  # the lot on the board and its auction row
                    assert spots.count([action]) == 2
        elif phase == "hide":
            for name in payload["view"]["hand"]:
                assert [moves[f"hide {name}"]] in spots  # each card in hand
        elif phase == "bid-amount":
            for notation, action in moves.items():
                assert [action] in spots or int(notation[1:]) >= 48  # each $N button
        elif phase == "build":
            lot = payload["view"]["building_lot"]
            lot_moves = sorted(a for n, a in moves.items() if n.split()[1] == str(lot))
            assert lot_moves in spots  # the lot offers all its building moves
            assert [moves[f"empty {lot}"]] in spots
        seen.add(phase)
    assert {"hide", "bid", "bid-amount", "build"} <= seen


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_key_numbers_are_shown(page: Any, lang: str) -> None:
    load_renderer(page, GAME)
    for payload in samples(3, lang)[::3]:
        view = payload["view"]
        text = render_svg(page, payload)["text"]
        if lang == "en":
            assert f"Round {view['round']} of {view['rounds']}" in text
        else:
            assert f"第{view['round']}/{view['rounds']}回合" in text
        lines = text.split("\n")
        for q in range(view["players"]):
            assert money(view["cash"][q]) in lines
            assert money(view["scores"][q]) in lines
            assert payload["seats"][q]["name"] in text
        for a in view["auction"]:
            if a["top"] is not None:
                assert money(a["top"]) in lines
        assert str(view["deck"]) in lines and str(view["land_deck"]) in lines


def test_zh_tw_words_and_every_msgid_translated(page: Any) -> None:
    ids = set(re.findall(r'ui\.t\("((?:[^"\\]|\\.)*)"', SOURCE.read_text(encoding="utf-8")))
    assert len(ids) > 50
    zh = board_words(GAME, "zh-TW")
    assert sorted(i for i in ids if not zh.get(i)) == []
    # the board speaks the words of the rules: stall types, lots, auction, loans
    load_renderer(page, GAME)
    payloads = by_phase(samples(4, "zh-TW", every=1), 1)
    text = "\n".join(render_svg(page, p)["text"] for p in payloads)
    for word in ("食物", "飲料", "甜點", "小吃", "入口 A", "競標", "貸款", "現金", "玩家順位"):
        assert word in text
    assert "food" not in text and "Round" not in text


def test_final_position_shows_winners_and_scores(page: Any) -> None:
    load_renderer(page, GAME)
    for lang, word in (("en", "Winner"), ("zh-TW", "贏家")):
        final = samples(4, lang)[-1]
        assert final["over"]
        out = render_svg(page, final)
        text = out["text"]
        assert word in text
        banner = next(line for line in text.split("\n") if word in line)
        for q in final["winners"]:
            assert final["seats"][q]["name"] in banner
        for q, score in enumerate(final["scores"]):
            assert f"{final['seats'][q]['name']}" in text and money(score) in text
        assert out["hotspots"] == []


def test_spectator_sees_no_hand_and_no_hotspots(page: Any) -> None:
    load_renderer(page, GAME)
    state = get_game(GAME).new(3, 11)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    out = render_svg(page, build_payload(state, None, "en"))
    assert out["hotspots"] == []
    assert "Your hand" not in out["text"] and "Your move" not in out["text"]
    seated = render_svg(page, build_payload(state, state.to_move(), "en"))
    assert "Your hand" in seated["text"] and "Your move" in seated["text"]


def star_lot_payload() -> dict[str, Any]:
    """Seat 0 to bid, seed 14 with ``yellow_face = min_bid`` (minimum $3): lot 7 is a yellow
    (star) lot, lots 11, 23 and 24 white, no bid yet; seat 0 has $12 and no loan."""
    game = get_game(GAME)
    state = game.new(3, 14, {"yellow_face": "min_bid", "yellow_min_bid": 3})
    for action in (0, 2, 3):  # the three hide moves of the first round
        state.apply(action)
    state = game.restore(state.full_view())
    assert state.view(0)["phase"] == "bid" and state.to_move() == 0
    faces = {a["lot"]: a["face"] for a in state.view(0)["auction"]}
    assert faces == {7: "yellow", 11: "white", 23: "white", 24: "white"}
    return build_payload(state, 0, "en")


def picker_range(page: Any, payload: dict[str, Any], lot: int) -> list[int]:
    """[lo, hi] of the amount picker that decisions.bid opens for the lot's move."""
    move = next(m for m in payload["legal"] if m["fields"] == {"kind": "bid", "lot": lot})
    return page.evaluate(
        """([payload, move]) => {
            const ctx = {live: () => payload, ui: null, current: () => null};
            const d = BazaarRenderers["night-market"].decisions.bid([move], ctx);
            return [d.lo, d.hi];
        }""",
        [json.loads(json.dumps(payload)), move],
    )


def test_the_amount_picker_offers_exactly_the_amounts_the_server_accepts(page: Any) -> None:
    """Under yellow_face = min_bid the star lot's picker starts at the minimum ($3); a white
    lot takes any amount from $0. Both end at $12 cash + 3 loans of $5 = $27, and each range
    is exactly the legal amounts once the lot is chosen."""
    load_renderer(page, GAME)
    payload = star_lot_payload()
    assert payload["options"]["yellow_face"] == "min_bid"
    assert picker_range(page, payload, 7) == [3, 27]
    assert picker_range(page, payload, 11) == [0, 27]
    game = get_game(GAME)
    for lot in (7, 11):
        state = game.new(3, 14, {"yellow_face": "min_bid", "yellow_min_bid": 3})
        for action in (0, 2, 3):
            state.apply(action)
        state.apply(next(m["action"] for m in payload["legal"] if m["notation"] == f"bid {lot}"))
        amounts = [int(state.notation(a).lstrip("$")) for a in state.legal_actions()]
        assert amounts == list(range(picker_range(page, payload, lot)[0], 28))


#: The board measured in the page after render_svg(..., width): the least font size, the least
#: side of a spot that takes a move, the right and bottom edges of everything drawn (SVG units,
#: one a CSS px), the animation keys and the top of some headings.
LAYOUT = """(headings) => {
    const svg = document.querySelector("#board svg");
    const texts = [...svg.querySelectorAll("text")].filter((t) => t.textContent.trim());
    const spots = [...svg.querySelectorAll("[data-actions]")].map((g) => g.getBBox());
    const box = svg.getBBox();
    const top = {};
    for (const t of texts) {
        const words = t.textContent.trim();
        if (headings.includes(words) && !(words in top)) top[words] = t.getBBox().y;
    }
    return {
        viewbox: svg.getAttribute("viewBox").split(" ").map(Number),
        least_text: Math.min(...texts.map((t) => +t.getAttribute("font-size"))),
        least_spot: Math.min(...spots.map((b) => Math.min(b.width, b.height))),
        left: box.x, right: box.x + box.width, bottom: box.y + box.height,
        keys: [...svg.querySelectorAll("[data-key]")].map((e) => e.getAttribute("data-key")),
        top: top,
    };
}"""

HEADINGS = ["Your move", "Your hand", "Street 3", "Auction of round 1", "Auction of round 2"]


def keys_of(svg: str) -> list[str]:
    return sorted(re.findall(r'data-key="([^"]+)"', svg))


@pytest.mark.parametrize("width", [340, 740])
def test_phones_and_tablets_get_a_board_of_their_width(page: Any, width: int) -> None:
    """Drawn for a screen ``width`` px wide (ui.width): a viewBox that wide, one unit a CSS px,
    every text at least 12 px, every spot that takes a move at least 44 px both ways, nothing
    past either side, every board move still on the board and the same animation keys and
    last-move mark as the wide board."""
    errors = load_renderer(page, GAME)
    payloads = [*by_phase(samples(4, "en", every=1, seed=5), 1), samples(4, "zh-TW")[-1]]
    assert {p["view"]["phase"] for p in payloads} >= {"hide", "bid", "bid-amount", "build", "over"}
    for payload in payloads:
        wide = render_svg(page, payload)
        out = render_svg(page, payload, width)
        got = page.evaluate(LAYOUT, HEADINGS)
        assert got["viewbox"][:3] == [0, 0, width]
        assert got["least_text"] >= 12, payload["view"]["phase"]
        assert got["left"] >= 0 and got["right"] <= width, (payload["view"]["phase"], got)
        assert got["bottom"] <= got["viewbox"][3]
        assert sorted(map(sorted, out["hotspots"])) == sorted(map(sorted, wide["hotspots"]))
        if out["hotspots"]:
            assert got["least_spot"] >= 44, payload["view"]["phase"]
        assert keys_of(out["svg"]) == keys_of(wide["svg"])
        assert out["svg"].count('class="last-move"') == wide["svg"].count('class="last-move"')
    assert errors == []


def test_a_width_of_1000_or_more_draws_the_wide_board(page: Any) -> None:
    load_renderer(page, GAME)
    payload = samples(3, "en")[4]
    assert render_svg(page, payload, 1280)["svg"] == render_svg(page, payload)["svg"]


def test_on_a_phone_what_you_act_on_comes_first(page: Any) -> None:
    """At 360 px the player to move finds the move's panel on top, then what it acts on: the
    hand while hiding customers, the auction while bidding; the market after them. Someone
    waiting finds the market first."""
    load_renderer(page, GAME)
    payloads = by_phase(samples(4, "en", every=1, seed=5), 1)
    for phase, acted in (("hide", "Your hand"), ("bid", "Auction of round 1")):
        payload = next(p for p in payloads if p["view"]["phase"] == phase)
        assert payload["to_move"] == payload["seat"]
        render_svg(page, payload, 360)
        top = page.evaluate(LAYOUT, HEADINGS)["top"]
        assert top["Your move"] < top[acted] < top["Street 3"], (phase, top)
    state = get_game(GAME).new(3, 11)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    mover = state.to_move()
    assert mover is not None
    waiting: dict[str, Any] = {**build_payload(state, (mover + 1) % 3, "en")}
    render_svg(page, waiting, 360)
    top = page.evaluate(LAYOUT, HEADINGS)["top"]
    assert top["Street 3"] < top["Auction of round 1"], top
