"""Buy Low Sell High's players' rulebook: its sections, pictures, section_for, its zh-TW text,
and the numbers of its worked examples played on the engine."""

from __future__ import annotations

import random
import re
from typing import Any

from bazaar.core.registry import get_game
from bazaar.core.rulebook import rulebook, section_ids
from bazaar.games.buy_low_sell_high import rulebook as module
from tests.no_english import english_tokens

GAME_ID = "buy-low-sell-high"
GAME = get_game(GAME_ID)
BOOK = rulebook(GAME_ID)


def test_both_languages_have_the_sections_in_order() -> None:
    for lang in ("en", "zh-TW"):
        assert section_ids(BOOK.source(lang)) == list(module.SECTIONS)


def test_every_picture_plays_legally_to_the_position_it_shows() -> None:
    phases = {}
    for name, picture in module.PICTURES.items():
        state = picture.position(GAME, name)
        phases[name] = state.view(picture.seat)["phase"]
    assert phases == {
        "setup": "trade",
        "purchase": "play",
        "market-card": "trade",
        "year-end-before": "play",
        "year-end": "redraw",
    }


def test_the_zh_tw_text_has_no_english() -> None:
    text = BOOK.source("zh-TW")
    text = re.sub(r"\{#[a-z0-9-]+\}|\(pictures/[a-z0-9-]+\.svg\)|\{\{house-rules\}\}", "", text)
    assert english_tokens(GAME_ID, text) == []
    assert "圖板" not in text and "版圖" in text


def first_views_by_phase() -> dict[str, list[dict[str, Any]]]:
    """The first view of every phase (every seat's and a spectator's) along one seeded
    two-player game that goes through a forced sale (buying whenever it can)."""
    state = GAME.new(2, 1)
    rng = random.Random(1)
    seen: dict[str, list[dict[str, Any]]] = {}
    while True:
        view = state.view(None)
        first_lap = view["phase"] == "trade" and view["year"] == 1 and view["turn"] < 2
        key = "first-lap" if first_lap else view["phase"]
        seen.setdefault(key, [state.view(s) for s in (0, 1, None)])
        if state.is_over():
            return seen
        legal = state.legal_actions()
        buys = [a for a in legal if state.notation(a).startswith("+")]
        state.apply(rng.choice(buys) if buys and rng.random() < 0.9 else rng.choice(legal))


def test_section_for_names_the_section_of_each_phase_for_every_viewer() -> None:
    sections = {
        key: {module.section_for(view) for view in views}
        for key, views in first_views_by_phase().items()
    }
    assert sections == {
        "first-lap": {"first-turns"},
        "trade": {"trading"},
        "play": {"market"},
        "redraw": {"redraw"},
        "forced-sale": {"negative-money"},
        "selloff": {"game-end"},
        "over": {"game-end"},
    }
    assert set().union(*sections.values()) <= set(module.SECTIONS)


# ---------------------------------------------------------------- the worked examples
def test_the_purchase_example() -> None:
    """ "Seat 1 buys one red share and pays $16: their money goes from $50 to $34, and the next
    red share costs $17. Had they sold their red share instead, they would have put it on 15
    and received $15." """
    start = module.PICTURES["setup"].position(GAME).view(0)
    assert start["columns"][0]["tokens"][0] == 16 and start["money"][0] == 50
    bought = module.PICTURES["purchase"].position(GAME).view(0)
    assert bought["money"][0] == 34 and bought["columns"][0]["buy"] == 17
    sold = GAME.new(3, 3)
    sold.apply(sold.parse("-K0"))
    assert sold.view(0)["money"][0] == 50 + 15
    assert sold.view(0)["columns"][0]["tokens"][0] == 15
    assert "$16" in BOOK.section("en", "trading").body


def test_the_setup_facts() -> None:
    """ "With 3 players each column runs from 16 to 24"; market row 9, 11 and 13 spaces."""
    view = module.PICTURES["setup"].position(GAME).view(0)
    assert all(c["tokens"] == list(range(16, 25)) for c in view["columns"])
    assert view["money"] == [50, 50, 50] and view["holdings"] == [[1, 1, 1]] * 3
    assert len(view["hand"]) == 5
    assert [GAME.new(n, 3).view(0)["row_length"] for n in (2, 3, 4)] == [9, 11, 13]


def test_commission_costs_two_dollars_a_share() -> None:
    """ "Everyone who owns that stock, you too, pays $2 a share at once." """
    state = GAME.new(3, 3)
    paid = []
    for text in module.YEAR_ONE:
        before = [list(h) for h in state.view(None)["holdings"]]
        for event in state.apply(state.parse(text)):
            if event.kind == "commission":
                kind = event.data["kind"]
                assert event.data["paid"] == [2 * h[kind] for h in before]
                paid.append(event.data["paid"])
    assert len(paid) >= 2


def test_the_year_end_example() -> None:
    """Seat 2 fills the last space with K0 −3; K0 $16 → $13, K1 $14 → $16, K2 $16 → $19; one
    K2 Dividend pays $1 a share: Seat 1 $42 → $44, Seat 3 $42 → $43, Seat 2 keeps $77."""
    before = module.PICTURES["year-end-before"].position(GAME).view(None)
    assert before["to_move"] == 1  # Seat 2
    assert len(before["row"]) == before["row_length"] - 1
    uncovered = [c["card"] for c in before["row"] if not c["covered"]]
    assert sorted(uncovered) == sorted(["K2com", "K2+3", "K2com", "K2div", "K1+2", "K1com"])
    assert [c["buy"] for c in before["columns"]] == [16, 14, 16]
    assert before["money"] == [42, 77, 42]
    assert [h[2] for h in before["holdings"]] == [2, 0, 1]
    state = module.PICTURES["year-end-before"].position(GAME)
    events = state.apply(state.parse(module.LAST_CARD))
    year_end = next(e for e in events if e.kind == "year_end")
    assert year_end.data["net"] == [-3, 2, 3]
    assert year_end.data["dividend_per_share"] == [0, 0, 1]
    after = state.view(None)
    assert [c["buy"] for c in after["columns"]] == [13, 16, 19]
    assert after["money"] == [44, 77, 43]
    for lang, words in (("en", "from $16 to $13"), ("zh-TW", "紅色從$16跌到$13")):
        assert words in BOOK.section(lang, "year-end").body
