"""What each seat may see (secret hands, face-down hidden customers) and determinization."""

from __future__ import annotations

import json

from bazaar.core.rng import Rng

from .helpers import do, hand, new, to_bidding


def test_view_shows_own_hand_only():
    s = new(4, seed=8)
    s = hand(s, 1, "T0A", "T1B", "T2C", "T3D")
    v = s.view(1)
    assert v["hand"] == ["T0A", "T1B", "T2C", "T3D"]
    assert "hands" not in v and "deck_order" not in v and "rng" not in v
    assert "hand" not in s.view(None)
    assert v["hand_sizes"][1] == 4


def test_public_customers_and_auction_are_public():
    s = to_bidding(new(4, seed=8), lots=[3, 8, 12, 20, 25])
    do(s, "bid 8", "$4")
    v = s.view(2)
    assert [a["lot"] for a in v["auction"]] == [3, 8, 12, 20, 25]
    assert v["auction"][1]["bids"] == [[0, 4]] and v["auction"][1]["leader"] == 0
    assert sum(len(x) for x in v["entrances"].values()) == 4


def test_hidden_customers_become_public_when_revealed():
    s = new(4, seed=8)
    do(s, "hide " + s.view(0)["hand"][0])
    assert s.view(1)["hidden_counts"][0] == 1
    while s.round == 1:
        s.apply(s.legal_actions()[0])
    assert s.view(1)["hidden_counts"] == [0, 0, 0, 0]


def test_determinize_keeps_what_the_seat_knows_and_resamples_the_rest():
    s = new(4, seed=8)
    do(s, "hide " + s.view(0)["hand"][0])
    do(s, "hide " + s.view(1)["hand"][0])
    changed = False
    for k in range(20):
        d = s.determinize(0, Rng(k))
        assert d.hands[0] == s.hands[0] and d.hidden[0] == s.hidden[0]
        assert json.dumps(d.view(0), sort_keys=True) == json.dumps(s.view(0), sort_keys=True)
        assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
        assert [len(h) for h in d.hidden] == [len(h) for h in s.hidden]
        assert sorted(d.land) == sorted(s.land)
        changed |= d.hands[1] != s.hands[1] or d.hidden[1] != s.hidden[1] or d.deck != s.deck
        assert d.rng.state != s.rng.state
    assert changed


def test_determinized_state_plays_on():
    s = new(3, seed=8)
    d = s.determinize(1, Rng(3))
    while not d.is_over():
        d.apply(d.legal_actions()[-1])
    assert d.winners()


def test_terminal_board_shows_streets_entrances_auction_and_moves_in_both_languages():
    from rich.console import Console

    from bazaar.play import render

    s = to_bidding(new(4, seed=8), lots=[3, 8, 12, 20, 25])
    do(s, "bid 8", "$4", "bid 3")
    view = s.view(1)
    paths = {"en": ("P_DH", "P_BC", "P_A"), "zh-TW": ("路徑D-H", "路徑B/C", "路徑A")}
    for lang, words in (("en", ("Auction of round 1", "Your hand")), ("zh-TW", ("競標", "手牌"))):
        console = Console(record=True, width=130)
        console.print(render.render_view("night-market", view, lang, ["you"] * 4))
        text = console.export_text()
        food = "food (" if lang == "en" else "食物 ("  # the legend names stall types by food
        for word in (*words, *paths[lang], "$4", food):
            assert word in text, (lang, word)
        for action in s.legal_actions():
            assert render.describe_action("night-market", action, lang, view)
        assert render.prompt_hint("night-market", view, lang)
        assert render.explain_rule("night-market", "outbid", lang)
