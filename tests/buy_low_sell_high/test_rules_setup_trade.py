"""Seed rules on setup (遊戲準備) and the trading phase (買賣股票階段), spec §2 and §4.1-4.6."""

from __future__ import annotations

from collections import Counter

import pytest

from bazaar.core.errors import BadOptions, IllegalAction
from bazaar.games.buy_low_sell_high import actions as A
from bazaar.games.buy_low_sell_high.components import COMPONENTS, NUM_CARDS
from bazaar.games.buy_low_sell_high.state import PLAY, TRADE

from .helpers import (
    do,
    give,
    legal,
    new,
    play_any,
    set_column,
    set_holdings,
    set_money,
    set_year,
    token_total,
    trades,
    turn_of,
)

SINGLE = {"+K0", "+K1", "+K2", "-K0", "-K1", "-K2"}
TWO_SAME_DIRECTION = {"+K0 +K1", "+K0 +K2", "+K1 +K2", "-K0 -K1", "-K0 -K2", "-K1 -K2"}
ALL_TRADES = {A.notation(a) for a in range(A.PLAY_BASE)}


# ------------------------------------------------------------------ setup (§2)
@pytest.mark.parametrize("players", [1, 5])
def test_setup_two_to_four_players(players):
    with pytest.raises(BadOptions, match=str(players)):
        new(players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_each_player_starts_with_50(players):
    assert new(players).money == [50] * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_each_player_holds_one_token_of_each_kind(players):
    assert new(players).held == [[1, 1, 1]] * players


@pytest.mark.parametrize(("players", "lowest"), [(2, 15), (3, 16), (4, 17)])
def test_setup_remaining_tokens_from_24_downward(players, lowest):
    s = new(players)
    for k in range(3):
        assert s.column(k) == list(range(lowest, 25))
        assert s.n[k] == 12 - players
        assert s.buy_price(k) == lowest
        assert s.sell_price(k) == lowest - 1
        assert token_total(s, k) == 12


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deal_five_cards_each_rest_face_down_pile(players):
    s = new(players, seed=7)
    assert s.hand_n == [5] * players
    assert [sum(h) for h in s.hands] == [5] * players
    assert len(s.pile) == 45 - 5 * players
    everything = Counter(s.pile)
    for h in s.hands:
        everything.update({c: h[c] for c in range(NUM_CARDS) if h[c]})
    assert everything == Counter(COMPONENTS.deck)
    assert s.row == []


def test_setup_hands_hidden_holdings_public():
    s = new(3, seed=3)
    mine = s.view(1)
    assert mine["hand"] == s.hand_of(1) and len(mine["hand"]) == 5
    assert "hands" not in mine and "pile_order" not in mine
    assert "hand" not in s.view(None)
    assert mine["holdings"] == [[1, 1, 1]] * 3
    assert mine["money"] == [50, 50, 50]
    assert mine["hand_sizes"] == [5, 5, 5]


def test_setup_cards_shuffled_by_seed():
    assert new(3, seed=1).full_view() == new(3, seed=1).full_view()
    assert new(3, seed=1).pile != new(3, seed=2).pile


def test_setup_deck_has_45_cards_15_per_colour():
    deck = Counter(c // 9 for c in COMPONENTS.deck)
    assert len(COMPONENTS.deck) == 45
    assert deck == {0: 15, 1: 15, 2: 15}


def test_setup_start_player_then_clockwise():
    s = new(3)
    assert (s.to_move(), s.start, s.year, s.phase) == (0, 0, 1, TRADE)
    seen = []
    for trade in ["+K0", "+K0 +K1", "pass", "pass"]:
        seen.append(s.to_move())
        do(s, trade)
        s.apply(next(a for a in s.legal_actions() if A.PLAY_BASE <= a < A.COVER_BASE))
    assert seen == [0, 1, 2, 0]


# ------------------------------------------------------------------ turn structure (§3)
def test_turn_has_trading_phase_then_market_phase():
    s = new(3)
    assert s.phase == TRADE
    assert all(a < A.PLAY_BASE for a in s.legal_actions())
    do(s, "+K0")
    assert s.phase == PLAY and s.to_move() == 0
    assert all(A.PLAY_BASE <= a < A.DISCARD_BASE for a in s.legal_actions())


def test_trade_choose_exactly_one_of_three_options():
    # A: 26 one-of-each combinations, B: 6 two-of-one-kind, C: 1 pass = 33 (§4.2).
    a = [d for d in A.TRADES if any(d) and all(abs(x) <= 1 for x in d)]
    b = [d for d in A.TRADES if any(abs(x) == 2 for x in d)]
    c = [d for d in A.TRADES if not any(d)]
    assert (len(a), len(b), len(c), len(A.TRADES)) == (26, 6, 1, 33)
    assert len(set(A.TRADES)) == 33
    assert all(sum(1 for x in d if x) == 1 for d in b)


def test_all_33_trade_combinations_legal_when_affordable():
    s = turn_of(new(3), 0)
    s = set_holdings(s, 0, [2, 2, 2])
    s = set_money(s, 0, 500)
    assert trades(s) == ALL_TRADES
    assert len(ALL_TRADES) == 33


@pytest.mark.parametrize("index", range(33))
def test_each_trade_combination_changes_holdings_and_money(index):
    s = turn_of(new(3), 1)
    s = set_holdings(s, 1, [2, 2, 2])
    s = set_money(s, 1, 500)
    d = A.TRADES[index]
    expected = 500
    for x in d:  # all columns are 16..23 (seat 1's extra tokens came off their tops)
        expected += {-2: 15 + 14, -1: 15, 0: 0, 1: -16, 2: -(16 + 17)}[x]
    s.apply(index)
    assert s.held[1] == [2 + x for x in d]
    assert s.money[1] == expected
    assert [s.n[k] for k in range(3)] == [8 - x for x in d]
    assert s.phase == PLAY


def test_option_a_must_trade_at_least_one_token():
    # The all-zero vector of option A is option C (pass); there is no other empty trade.
    assert sum(1 for d in A.TRADES if not any(d)) == 1
    assert A.notation(A.PASS) == "pass"


def test_option_a_buy_one_kind_and_sell_another_together():
    s = turn_of(new(3), 0)
    do(s, "+K0 +K1 -K2")
    assert s.held[0] == [2, 2, 0]
    assert s.money[0] == 50 + 15 - 16 - 16
    assert s.column(2) == list(range(15, 25))


def test_option_a_buy_one_of_each_kind():
    s = turn_of(new(3), 2)
    do(s, "+K0 +K1 +K2")
    assert s.held[2] == [2, 2, 2]
    assert s.money[2] == 50 - 3 * 16
    assert [s.buy_price(k) for k in range(3)] == [17, 17, 17]


def test_option_b_buy_two_of_one_kind():
    s = turn_of(new(3), 0)
    do(s, "+2K1")
    assert s.held[0] == [1, 3, 1]
    assert s.money[0] == 50 - 16 - 17
    assert s.column(1) == list(range(18, 25))


def test_option_b_sell_two_of_one_kind():
    s = turn_of(new(3), 0)
    s = set_holdings(s, 0, [1, 1, 2])  # the extra K2 token came off the top: 16..23
    do(s, "-2K2")
    assert s.held[0] == [1, 1, 0]
    assert s.money[0] == 50 + 15 + 14
    assert s.column(2) == list(range(14, 24))


def test_option_b_only_one_kind():
    s = turn_of(new(3), 0)
    with pytest.raises(IllegalAction):
        s.parse("+2K0 +K1")
    with pytest.raises(IllegalAction):
        s.parse("+2K0 -2K1")


def test_same_kind_never_bought_and_sold_in_one_trade():
    s = turn_of(new(3), 0)
    with pytest.raises(IllegalAction):
        s.parse("+K0 -K0")


def test_option_c_no_trade():
    s = turn_of(new(3), 0)
    before = (s.money[:], [h[:] for h in s.held], s.n[:], s.lo[:])
    do(s, "pass")
    assert (s.money, s.held, s.n, s.lo) == before
    assert s.phase == PLAY


# ------------------------------------------------------------------ first lap of year 1 (§4.6)
def test_first_lap_seat1_only_one_token():
    s = new(3)
    assert trades(s) == SINGLE


def test_first_lap_seat1_cannot_pass_or_trade_two():
    s = new(3)
    for move in ["pass", "+K0 +K1", "+2K0", "-K0 +K1"]:
        with pytest.raises(IllegalAction) as err:
            s.parse(move)
        assert err.value.rule == "first-lap"


def test_first_lap_seat2_only_two_different_kinds_same_direction():
    s = new(3)
    do(s, "+K0")
    play_any(s)
    assert s.to_move() == 1
    assert trades(s) == TWO_SAME_DIRECTION


def test_first_lap_seat2_mixed_single_or_pass_rejected():
    s = new(3)
    do(s, "-K1")
    play_any(s)
    for move in ["-K0 +K1", "pass", "+K0", "+2K0", "+K0 +K1 +K2", "-K0 -K1 -K2"]:
        with pytest.raises(IllegalAction) as err:
            s.parse(move)
        assert err.value.rule == "first-lap"
    do(s, "-K1 -K2")
    assert s.held[1] == [1, 0, 0]


def test_first_lap_seat2_can_always_sell_two_kinds():
    s = new(4)
    s = set_money(s, 1, 0)  # cannot afford any purchase
    do(s, "+K0")
    play_any(s)
    assert trades(s) == {"-K0 -K1", "-K0 -K2", "-K1 -K2"}


def test_first_lap_at_most_seat1_one_token_or_pass():
    s = new(3, first_lap_limits="at_most")
    assert trades(s) == SINGLE | {"pass"}


def test_first_lap_at_most_seat2_up_to_two_kinds_one_direction():
    s = new(3, first_lap_limits="at_most")
    do(s, "pass")
    play_any(s)
    assert trades(s) == TWO_SAME_DIRECTION | SINGLE | {"pass"}
    with pytest.raises(IllegalAction) as err:
        s.parse("+K0 -K1")
    assert err.value.rule == "first-lap"


@pytest.mark.parametrize("limits", ["exact", "at_most"])
def test_first_lap_third_seat_unrestricted(limits):
    s = new(3, first_lap_limits=limits)
    for move in ["+K0", "+K1 +K2"]:
        do(s, move)
        play_any(s)
    assert s.to_move() == 2
    s = set_money(s, 2, 500)
    assert trades(s) == ALL_TRADES - {"-2K0", "-2K1", "-2K2"}


@pytest.mark.parametrize("limits", ["exact", "at_most"])
def test_first_lap_start_player_second_turn_unrestricted(limits):
    s = new(2, first_lap_limits=limits)
    for move in ["+K0", "+K1 +K2"]:
        do(s, move)
        play_any(s)
    assert (s.to_move(), s.turn) == (0, 2)
    assert "pass" in trades(s)
    assert "+K1 -K0" not in trades(s)  # notation prints kinds in order
    assert "-K0 +K1" in trades(s)
    do(s, "+2K2")
    assert s.held[0] == [2, 1, 3]


def test_first_lap_limits_only_in_year_1():
    s = new(3)
    s = set_year(s, 2)
    assert s.turn == 0 and s.to_move() == 0
    assert "pass" in trades(s) and "+2K0" in trades(s)


# ------------------------------------------------------------------ buying (§4.3)
def test_buy_takes_lowest_token_and_pays_its_space():
    s = new(3)
    do(s, "+K2")
    assert s.money[0] == 50 - 16
    assert s.held[0] == [1, 1, 2]
    assert s.column(2) == list(range(17, 25))
    assert s.buy_price(2) == 17


def test_buy_price_rises_to_next_occupied_space():
    s = turn_of(new(2), 0)
    s = set_money(s, 0, 100)
    do(s, "+2K0")
    assert s.money[0] == 100 - 15 - 16
    assert s.buy_price(0) == 17


def test_cannot_buy_last_token_of_a_kind():
    s = turn_of(new(3), 0)
    s = set_column(s, 1, [20])
    assert "+K1" not in trades(s)
    with pytest.raises(IllegalAction) as err:
        s.parse("+K1")
    assert err.value.rule == "last-token"
    assert "K1" in str(err.value) and "1 token" in str(err.value)
    s = set_column(s, 1, [20, 21])
    do(s, "+K1")
    assert s.column(1) == [21]


def test_cannot_buy_two_leaving_no_token():
    s = turn_of(new(3), 0)
    s = set_column(s, 0, [20, 21])
    assert "+2K0" not in trades(s)
    with pytest.raises(IllegalAction) as err:
        s.parse("+2K0")
    assert err.value.rule == "last-token"


def test_cannot_buy_without_enough_money():
    s = turn_of(new(3), 0)
    s = set_money(s, 0, 15)
    pure_buys = {t for t in ALL_TRADES if "-" not in t and t != "pass"}
    assert not pure_buys & trades(s)
    assert "-K0 +K1" in trades(s)  # a sale in the same action pays for it
    with pytest.raises(IllegalAction) as err:
        s.parse("+K0")
    assert err.value.rule == "money"
    assert "$15" in str(err.value)
    s = set_money(s, 0, 16)
    do(s, "+K0")
    assert s.money[0] == 0


def test_cannot_buy_two_without_money_for_both():
    s = turn_of(new(3), 0)
    s = set_money(s, 0, 32)
    assert "+2K0" not in trades(s) and "+K0" in trades(s)
    s = set_money(s, 0, 33)
    assert "+2K0" in trades(s)


def test_buy_from_floor_stack_costs_2_each():
    s = turn_of(new(3), 0)
    s = set_column(s, 0, [2, 2, 2, 3])
    do(s, "+2K0")
    assert s.money[0] == 50 - 4
    assert s.column(0) == [2, 3]


# ------------------------------------------------------------------ selling (§4.4)
def test_sell_goes_below_lowest_and_pays_that_space():
    s = new(3)
    do(s, "-K0")
    assert s.money[0] == 50 + 15
    assert s.held[0] == [0, 1, 1]
    assert s.column(0) == list(range(15, 25))
    assert s.buy_price(0) == 15


def test_sell_at_floor_stacks_beside_2_and_pays_2():
    s = turn_of(new(3), 0)
    s = set_column(s, 1, [2, 3, 4])
    do(s, "-K1")
    assert s.money[0] == 52
    assert s.column(1) == [2, 2, 3, 4]
    assert s.lo[1] == 0 and s.n[1] == 4


def test_sell_two_reaching_floor():
    s = turn_of(new(3), 0)
    s = set_holdings(s, 0, [3, 1, 1])
    s = set_column(s, 0, [3, 4])
    do(s, "-2K0")
    assert s.money[0] == 50 + 2 + 2
    assert s.column(0) == [2, 2, 3, 4]


def test_cannot_sell_token_not_held():
    s = turn_of(new(3), 0)
    s = set_holdings(s, 0, [0, 1, 1])
    assert not any("-K0" in t or "-2K0" in t for t in trades(s))
    with pytest.raises(IllegalAction) as err:
        s.parse("-K0")
    assert err.value.rule == "sell-own"
    with pytest.raises(IllegalAction) as err:
        s.parse("-2K1")
    assert err.value.rule == "sell-own"
    assert "holds 1 K1" in str(err.value)


def test_sells_resolve_before_buys():
    s = turn_of(new(3), 0)
    s = set_money(s, 0, 1)
    do(s, "-K0 +K1")  # the $15 from K0 pays the $16 for K1
    assert s.money[0] == 0
    assert s.held[0] == [0, 2, 1]


def test_sale_proceeds_must_cover_purchase():
    s = turn_of(new(3), 0)
    s = set_money(s, 0, 0)
    assert "-K0 +K1" not in trades(s)
    with pytest.raises(IllegalAction) as err:
        s.parse("-K0 +K1")
    assert err.value.rule == "money"


def test_tokens_always_twelve_per_kind_after_trades():
    s = turn_of(new(4), 3)
    s = set_money(s, 3, 500)
    for move in ["+2K0", "pass", "-K0 +K1 -K2", "pass", "-2K0", "pass", "+K0 +K1 +K2"]:
        s = turn_of(s, 3)
        do(s, move)
        assert [token_total(s, k) for k in range(3)] == [12, 12, 12]


def test_hand_untouched_by_trading():
    s = turn_of(new(3), 0)
    s = give(s, 0, "K0+3", "K1div")
    do(s, "+K0")
    assert s.hand_of(0) == ["K0+3", "K1div"]
    assert legal(s) == {"play K0+3", "play K1div"}
