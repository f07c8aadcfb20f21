"""The worked examples of spec §9, one test each (integer price spaces, default flags)."""

from __future__ import annotations

import pytest

from bazaar.core.errors import IllegalAction
from bazaar.games.buy_low_sell_high.state import FORCED, PLAY, REDRAW, SELLOFF, TRADE

from .helpers import (
    close_year,
    do,
    finish_year,
    give,
    give_all,
    keep_all,
    legal,
    new,
    play_any,
    play_phase,
    set_all_holdings,
    set_column,
    set_holdings,
    set_money,
    set_start_player,
    set_year,
    simple_hands,
    trades,
    turn_of,
)


def test_spec_example_1_initial_prices_3p():
    s = new(3)
    for k in range(3):
        assert s.column(k) == list(range(16, 25))
        assert s.n[k] == 9
        assert (s.buy_price(k), s.sell_price(k)) == (16, 15)


def test_spec_example_2_first_buy():
    s = new(3)
    do(s, "+K0")
    assert s.money[0] == 34
    assert s.column(0) == list(range(17, 25))
    assert s.buy_price(0) == 17


def test_spec_example_3_mixed_trade_outside_first_lap():
    s = turn_of(new(3), 1, year=2, turn=0)
    s = set_start_player(s, 1)
    s = set_column(s, 0, list(range(17, 25)))
    s = set_holdings(s, 1, [1, 1, 1])
    do(s, "-K0 +K1")
    assert s.column(0) == list(range(16, 25))
    assert s.column(1) == list(range(17, 25))
    assert s.money[1] == 50
    assert s.held[1] == [0, 2, 1]


def test_spec_example_4_same_move_rejected_in_first_lap():
    s = new(3)
    do(s, "+K0")
    play_any(s)
    assert s.to_move() == 1
    for move in ["-K0 +K1", "pass"]:
        with pytest.raises(IllegalAction) as err:
            s.parse(move)
        assert err.value.rule == "first-lap"
    assert trades(s) == {"+K0 +K1", "+K0 +K2", "+K1 +K2", "-K0 -K1", "-K0 -K2", "-K1 -K2"}
    do(s, "-K1 -K2")
    assert s.money[1] == 50 + 15 + 15


def test_spec_example_5_buy_two():
    s = turn_of(new(3), 0)
    do(s, "+2K2")
    assert s.money[0] == 50 - 33
    assert s.column(2) == list(range(18, 25))


def test_spec_example_6_floor_stacking():
    s = turn_of(new(3), 0)
    s = set_money(s, 0, 100)
    s = set_column(s, 2, [2, 3, 4, 5])
    do(s, "-K2")
    assert s.money[0] == 102
    assert s.column(2) == [2, 2, 3, 4, 5]
    assert s.n[2] - (s.hi[2] - s.lo[2]) == 2  # count[0] == 2
    paid = []
    for _ in range(3):
        s = turn_of(s, 0)
        before = s.money[0]
        do(s, "+K2")
        paid.append(before - s.money[0])
    assert paid == [2, 2, 3]
    assert s.column(2) == [4, 5]


def test_spec_example_7_year_end_rise_with_stack():
    s = new(2)
    s = set_column(s, 2, [2, 2, 3, 4, 5])
    s = close_year(s, "K2+3")
    assert s.column(2) == [4, 5, 6, 7, 8]
    assert s.buy_price(2) == 4


def test_spec_example_8_ceiling():
    s = new(2)
    s = set_column(s, 1, [25, 26, 27, 28, 29])
    s = close_year(s, "K1+3")
    assert s.column(1) == [26, 27, 28, 29, 30]


def test_spec_example_9_floor_at_year_end():
    s = new(2)
    s = set_column(s, 1, [3, 4, 5, 6, 7])
    s = close_year(s, "K1-3")
    assert s.column(1) == [2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    ("shift", "expected_pair", "expected_single"),
    [("full_net", [13, 14], [7]), ("token_count", [12, 13], [9])],
)
def test_spec_example_10_short_column(shift, expected_pair, expected_single):
    s = new(2, short_column_shift=shift)
    s = set_column(s, 0, [10, 11])
    s = set_column(s, 1, [10])
    s = close_year(s, "K0+3", "K1-3")
    assert s.column(0) == expected_pair
    assert s.column(1) == expected_single


def test_spec_example_11_last_token():
    s = turn_of(new(3), 0)
    s = set_column(s, 0, [20])
    s = set_column(s, 1, [20, 21])
    s = set_column(s, 2, [20, 21, 22])
    assert "+K0" not in trades(s)
    assert "+K1" in trades(s) and "+2K1" not in trades(s)
    assert "+2K2" in trades(s)


def test_spec_example_12_commission():
    s = play_phase(new(3), 0)
    s = set_all_holdings(s, [[1, 2, 1], [1, 0, 1], [1, 3, 1]])
    s = give(s, 0, "K1com", "K1news")
    do(s, "play K1com")
    assert s.money == [46, 50, 44]
    assert (s.to_move(), s.phase) == (0, PLAY)
    do(s, "news 1")
    assert s.row_covered == [True]
    assert s.money == [46, 50, 44]


@pytest.mark.parametrize(("year", "selloff", "first"), [(1, None, 2), (3, "last_active", 1)])
def test_spec_example_13_year_length_3p(year, selloff, first):
    s = new(3, selloff_starts_with=selloff or "last_active")
    s = set_year(s, year)
    s = simple_hands(s)
    seats = finish_year(s)
    assert seats == [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]
    if year == 1:
        assert (s.phase, s.to_move()) == (REDRAW, 2)
        keep_all(s)
        assert (s.year, s.start, s.to_move()) == (2, 2, 2)
    else:
        assert (s.phase, s.to_move()) == (SELLOFF, first)


def test_spec_example_13_selloff_next_variant():
    s = new(3, selloff_starts_with="next")
    s = set_year(s, 3)
    s = simple_hands(s)
    finish_year(s)
    assert (s.phase, s.to_move()) == (SELLOFF, 2)


def test_spec_example_14_breaking_news_does_not_fill_a_space():
    s = new(2)
    s = set_year(s, 2)
    s = simple_hands(s)
    s = give_all(
        s,
        [["K2+1", "K2+2", "K2+3", "K2-1", "K2-2"], ["K2news", "K2news", "K2-3", "K2div", "K2div"]],
    )  # seat 1 covers seat 0's first two cards; then both only fill spaces
    plays = 0
    while s.phase in (TRADE, PLAY):
        if s.phase == TRADE:
            do(s, "pass")
        plays += 1
        s.apply(max(s.legal_actions()))  # prefers covering with Breaking News
    assert plays == 11
    assert s.phase == REDRAW and s.to_move() == 1  # seat 0 filled the 9th space


def test_spec_example_15_negative_money():
    s = play_phase(new(3), 0, year=1)
    s = set_money(s, 2, 3)
    s = set_holdings(s, 2, [0, 2, 0])
    s = set_column(s, 0, list(range(10, 19)), keep=(2,))
    s = give(s, 0, "K1com", "K0div")
    do(s, "play K1com", "play K0div")
    assert s.money[2] == -1
    # For the rest of year 1, seat 2 buys only with money from the same action's sales.
    s = turn_of(s, 2, year=1)
    assert "+K0" not in trades(s)
    assert "+K0 -K1" in trades(s)  # -1 + 15 - 10 = 4
    assert "-K1" in trades(s) and "pass" in trades(s)
    # Still below 0 after year-end step 6: forced sale before the first turn of year 2.
    s = close_year(s, "K2+1", seat=1, year=1)
    keep_all(s)
    assert (s.year, s.phase, s.to_move()) == (2, FORCED, 2)
    assert "stop" not in legal(s)
    do(s, "sell K1")
    assert s.money[2] == 14
    assert "stop" in legal(s)
    do(s, "sell K1")  # may sell more
    assert s.money[2] == 28
    assert (s.phase, s.to_move()) == (TRADE, 2)  # no tokens left; normal trading phase


def test_spec_example_15_no_forced_sale_in_year_3():
    s = new(3)
    s = set_money(s, 2, -1)
    s = set_holdings(s, 2, [0, 2, 0])
    s = close_year(s, "K2+1", seat=1, year=3)
    assert (s.phase, s.to_move()) == (SELLOFF, 1)
    assert s.money[2] == -1
