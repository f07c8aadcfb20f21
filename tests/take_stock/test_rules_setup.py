"""Seed rules on the components (遊戲內容物) and the set-up (遊戲準備), spec §2-§3."""

from __future__ import annotations

from collections import Counter

import pytest

from bazaar.core.errors import BadOptions
from bazaar.core.rng import Rng
from bazaar.games.take_stock import GAME
from bazaar.games.take_stock.components import (
    CARD_NAMES,
    CLOSED,
    COMPONENTS,
    DEALT_CARDS,
    KIND_NAMES,
    NUM_CARDS,
    STARTERS,
    VALUE_OF,
)
from bazaar.games.take_stock.state import KIND_MASK, MAIN, shuffle

from .helpers import event_total, new, share_total


# ------------------------------------------------------------------ components (§2)
def test_components_sixty_share_cards_twelve_values_per_stock():
    assert NUM_CARDS == 60
    assert len(COMPONENTS.stocks) == 5
    per_stock = Counter(name[0] for name in CARD_NAMES)
    assert per_stock == {"C": 12, "G": 12, "T": 12, "O": 12, "M": 12}
    assert sorted(VALUE_OF[c] for c in range(12)) == list(range(1, 13))


def test_components_stock_letters_and_names():
    assert [s.id for s in COMPONENTS.stocks] == ["cereal", "gems", "tech", "oil", "movies"]
    assert [s.letter for s in COMPONENTS.stocks] == ["C", "G", "T", "O", "M"]
    assert COMPONENTS.stocks[3].short_zh == "石油"
    assert COMPONENTS.stocks[0].short_zh == "玉米"


def test_components_forty_event_cards_with_sourced_counts():
    deck = Counter(COMPONENTS.kinds[k].base for k in COMPONENTS.event_deck)
    assert len(COMPONENTS.event_deck) == 40
    assert deck == {
        "split": 15,
        "crash": 5,
        "insider": 5,
        "audit": 4,
        "freeze": 3,
        "no-change": 2,
        "upturn": 1,
        "downturn": 1,
        "option-gained": 1,
        "option-lost": 1,
        "market-crash": 1,
        "market-closed": 1,
    }
    splits = Counter(KIND_NAMES[k] for k in COMPONENTS.event_deck if KIND_NAMES[k][:5] == "split")
    assert splits == {f"split-{x}": 3 for x in "CGTOM"}


def test_components_thirty_option_tokens_four_each():
    assert COMPONENTS.tokens_total == 30
    assert COMPONENTS.tokens_each == 4


def test_share_symbols_default_table_starter_zero_then_one_to_three():
    s = new()
    shares = [s.rules.shares[c] for c in range(12)]
    assert shares == [0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3]
    assert all(s.rules.shares[c] == shares[VALUE_OF[c] - 1] for c in range(NUM_CARDS))


def test_share_symbols_alternative_table_option():
    s = new(shares_table="3-4-4")
    assert [s.rules.shares[c] for c in range(12)] == [0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]


# ------------------------------------------------------------------ setup (§3)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_each_player_four_tokens_rest_in_supply(players):
    s = new(players)
    assert s.tokens == [4] * players
    assert s.supply == 30 - 4 * players


@pytest.mark.parametrize("players", [2, 4, 6])
def test_setup_five_one_cards_face_up_start_the_rows(players):
    s = new(players)
    assert s.rows == [(c,) for c in STARTERS]
    assert [CARD_NAMES[r[0]] for r in s.rows] == ["C1", "G1", "T1", "O1", "M1"]
    assert s.top == [1] * 5
    assert all(VALUE_OF[c] == 1 for c in STARTERS)
    assert not any(set(h) & set(STARTERS) for h in s.hands)


@pytest.mark.parametrize(("players", "each"), [(2, 7), (3, 6), (4, 5), (5, 4), (6, 4)])
def test_setup_deal_by_player_count(players, each):
    s = new(players, seed=3)
    # the starting player has drawn one card already (§5.1)
    sizes = [len(h) for h in s.hands]
    sizes[s.start] -= 1
    assert sizes == [each] * players
    assert len(s.sdraw) == 55 - each * players - 1
    assert s.sdiscard == []
    assert share_total(s) == list(range(60))


@pytest.mark.parametrize(("players", "each"), [(2, 7), (3, 6), (4, 5), (5, 4), (6, 3)])
def test_setup_deal_table_option_nine_minus(players, each):
    s = new(players, deal_counts="nine_minus")
    assert s.rules.deal == each


def test_setup_deck_shuffled_by_seed():
    assert new(4, seed=1).full_view() == new(4, seed=1).full_view()
    assert new(4, seed=1).sdraw != new(4, seed=2).sdraw


@pytest.mark.parametrize("seed", range(5))
def test_setup_market_closed_eleventh_from_bottom(seed):
    s = new(4, seed=seed)
    deck = [e & KIND_MASK for e in s.edeck]
    assert len(deck) == 40
    assert deck[10] == CLOSED  # index 0 is the bottom card: ten cards lie beneath it
    assert deck.count(CLOSED) == 1
    assert s.market_closed_position() == 30  # 30th from the top
    assert sorted(deck) == sorted(COMPONENTS.event_deck)
    assert s.ediscard == [] and event_total(s) == 40


def test_setup_event_deck_other_39_shuffled():
    a = [e & KIND_MASK for e in new(4, seed=1).edeck]
    b = [e & KIND_MASK for e in new(4, seed=2).edeck]
    assert a != b and a[10] == b[10] == CLOSED


def test_setup_dealer_random_start_player_to_dealers_left():
    dealers = {new(4, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    for seed in range(10):
        s = new(4, seed=seed)
        assert s.start == (s.dealer + 1) % 4
        assert s.to_move() == s.start
        assert s.phase == MAIN and s.round == 1


def test_setup_first_dealer_seat0_option():
    s = new(5, first_dealer="seat0")
    assert (s.dealer, s.start, s.to_move()) == (0, 1, 1)


def test_setup_deal_one_at_a_time_clockwise_from_dealers_left():
    s = new(3, seed=9, first_dealer="seat0")
    pile = list(DEALT_CARDS)
    rng = Rng(9)  # replay the set-up's shuffles: event deck first, then the share cards
    shuffle(rng, [k for k in COMPONENTS.event_deck if k != CLOSED])
    shuffle(rng, pile)
    hands = {1: [], 2: [], 0: []}
    for _ in range(6):
        for q in (1, 2, 0):
            hands[q].append(pile.pop())
    assert sorted(hands[2]) == s.hands[2]
    assert sorted(hands[0]) == s.hands[0]
    assert sorted([*hands[1], pile[-1]]) == s.hands[1]  # seat 1 starts and has drawn


def test_setup_rejects_bad_player_counts_and_options():
    with pytest.raises(BadOptions, match="2-6 players"):
        GAME.new(7, 0)
    with pytest.raises(BadOptions, match="2-6 players"):
        GAME.new(1, 0)
    with pytest.raises(BadOptions, match="freeze"):
        GAME.new(4, 0, {"freeze": "iceberg"})
    with pytest.raises(BadOptions, match="unknown option"):
        GAME.new(4, 0, {"turbo": True})


def test_every_option_has_english_and_chinese_help_and_valid_default():
    names = {o.name for o in GAME.option_specs}
    assert {
        "shares_table",
        "deal_counts",
        "first_dealer",
        "held_usable",
        "crash",
        "crash_splits",
        "insider_limit",
        "audit",
        "freeze",
        "option_lost",
    } <= names
    for o in GAME.option_specs:
        assert o.default in o.choices and len(o.choices) >= 2
        assert o.help_en and o.help_zh and any("\u4e00" <= ch <= "\u9fff" for ch in o.help_zh)


def test_spec_defaults():
    assert GAME.default_options() == {
        "shares_table": "4-4-3",
        "deal_counts": "code",
        "first_dealer": "random",
        "held_usable": "later_round",
        "crash": "reset",
        "crash_splits": "keep",
        "insider_limit": "respect",
        "audit": "actor_chooses",
        "freeze": "row_lock",
        "option_lost": "any_player",
        "buy_limit": "strict",
        "freeze_in_row_length": False,
        "manipulate_direction": "up",
        "dealer_tie": "clockwise",
        "tokens_between_rounds": "keep",
        "size": "normal",
    }
