"""Seed rules on the year end (回合結束), negative money and the game end (遊戲結束), spec §6-7."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bazaar.core.errors import IllegalAction
from bazaar.games.buy_low_sell_high import BlshState
from bazaar.games.buy_low_sell_high import actions as A
from bazaar.games.buy_low_sell_high.components import COMPONENTS, NUM_CARDS
from bazaar.games.buy_low_sell_high.state import FORCED, OVER, PLAY, REDRAW, SELLOFF, TRADE

from .helpers import (
    card,
    card_total,
    close_year,
    do,
    finish_year,
    give,
    keep_all,
    legal,
    new,
    play_phase,
    set_all_holdings,
    set_all_money,
    set_column,
    set_holdings,
    set_money,
    set_row,
    stack_pile,
    token_total,
    trades,
)


def _natural_year_end(players: int = 3, seed: int = 5) -> BlshState:
    """A game played with real cards (passing, first space-filling card) to its first year end."""
    s = new(players, seed=seed)
    finish_year(s)
    assert s.phase == REDRAW
    return s


# ------------------------------------------------------------------ when the year ends (§3, §6)
def test_year_ends_immediately_when_last_space_filled():
    s = new(3)
    s = set_column(s, 0, list(range(10, 19)))
    s = close_year(s, "K0+2", seat=2)
    assert s.phase == REDRAW
    assert s.column(0) == list(range(12, 21))  # year-end processing done at once
    assert s.to_move() == 0  # the next player redraws first


def test_year_not_over_one_space_short():
    s = play_phase(new(3), 0)
    s = set_row(s, *["K0news"] * 3, *["K1news"] * 3, *["K2news"] * 3)  # nine duds
    s = give(s, 0, "K0+1")
    do(s, "play K0+1")
    assert (s.phase, s.year, s.to_move()) == (TRADE, 2, 1)


# ------------------------------------------------------------------ step 1: covered cards removed
def test_year_end_covered_cards_removed_from_market():
    s = new(2)
    s = set_column(s, 0, list(range(10, 20)))
    s = close_year(s, "K0-3", "K0+1", covered=(1,))
    assert s.column(0) == list(range(11, 21))
    assert s.row == [] and s.row_covered == [] and s.news_on == []


# ------------------------------------------------------------------ step 2: price movement
def test_year_end_price_moves_up_by_net():
    s = new(2)
    s = set_column(s, 2, list(range(10, 20)))
    s = close_year(s, "K2+3", "K2+1")
    assert s.column(2) == list(range(14, 24))
    assert s.buy_price(2) == 14


def test_year_end_price_moves_down_by_net():
    s = new(2)
    s = set_column(s, 2, list(range(10, 20)))
    s = close_year(s, "K2-3", "K2-2", "K2+1")
    assert s.column(2) == list(range(6, 16))


def test_year_end_net_summed_per_colour_independently():
    s = new(2)
    for k in range(3):
        s = set_column(s, k, list(range(10, 20)))
    s = close_year(s, "K0+2", "K1-1", "K2+1", "K2-1")
    assert [s.buy_price(k) for k in range(3)] == [12, 9, 10]


def test_year_end_flat_price_no_move():
    s = new(2)
    s = set_column(s, 1, [2, 2, 3, 4])
    s = close_year(s, "K1+2", "K1-2")
    assert s.column(1) == [2, 2, 3, 4]


def test_year_end_price_ceiling_30():
    s = new(2)
    s = set_column(s, 0, [27, 28, 29])
    s = close_year(s, "K0+3")
    assert s.column(0) == [28, 29, 30]


def test_year_end_top_on_30_no_move_up():
    s = new(2)
    s = set_column(s, 0, [28, 29, 30])
    s = close_year(s, "K0+2")
    assert s.column(0) == [28, 29, 30]


def test_year_end_price_floor_2():
    s = new(2)
    s = set_column(s, 0, [4, 5, 6])
    s = close_year(s, "K0-3")
    assert s.column(0) == [2, 3, 4]


def test_year_end_bottom_on_2_no_move_down():
    s = new(2)
    s = set_column(s, 0, [2, 2, 3])
    s = close_year(s, "K0-1")
    assert s.column(0) == [2, 2, 3]  # a year-end drop never adds to the stack


def test_year_end_rise_peels_floor_stack_one_token_at_a_time():
    s = new(2)
    s = set_column(s, 0, [2, 2, 2, 3])
    s = close_year(s, "K0+1")
    assert s.column(0) == [2, 2, 3, 4]
    assert s.buy_price(0) == 2


def test_year_end_moves_lowest_tokens_up_highest_tokens_down():
    s = new(2)
    s = set_column(s, 1, [10, 11, 12, 13])
    s = close_year(s, "K1+1")
    assert s.column(1) == [11, 12, 13, 14]  # the 10 token went above the 13
    assert s.n[1] == 4


@pytest.mark.parametrize(
    ("shift", "column", "net", "expected"),
    [
        ("full_net", [10, 11], 3, [13, 14]),
        ("full_net", [10], -3, [7]),
        ("token_count", [10, 11], 3, [12, 13]),
        ("token_count", [10], -3, [9]),
        ("token_count", list(range(10, 15)), 3, list(range(13, 18))),
    ],
)
def test_short_column_shift(shift, column, net, expected):
    s = new(2, short_column_shift=shift)
    s = set_column(s, 0, column)
    s = close_year(s, f"K0{net:+d}")
    assert s.column(0) == expected


# ------------------------------------------------------------------ step 3: dividends
@pytest.mark.parametrize(("cards", "per_share"), [(0, 0), (1, 1), (2, 3), (3, 6)])
def test_dividends_by_table(cards, per_share):
    assert COMPONENTS.dividend_table == (0, 1, 3, 6, 10)
    s = new(2)
    s = set_all_holdings(s, [[1, 2, 0], [3, 0, 1]])
    s = close_year(s, *["K1div"] * cards, "K2+1", "K2-1")
    assert s.money == [50 + 2 * per_share, 50]
    s = new(2)
    s = set_all_holdings(s, [[1, 2, 0], [3, 0, 1]])
    s = close_year(s, *["K0div"] * cards, "K2+1", "K2-1")
    assert s.money == [50 + per_share, 50 + 3 * per_share]


def test_dividend_table_stops_at_four_cards():
    # the deck has three Dividend cards per colour, so four or more never meet in one row
    assert [COMPONENTS.dividend(cards) for cards in (4, 5, 9)] == [10, 10, 10]


def test_dividends_count_only_uncovered_cards():
    s = new(2)
    s = set_all_holdings(s, [[0, 4, 0], [0, 1, 0]])
    s = close_year(s, "K1div", "K1div", "K1div", "K2+1", covered=(2,))
    assert s.money == [50 + 4 * 3, 50 + 3]


def test_dividends_per_colour():
    s = new(3)
    s = set_all_holdings(s, [[1, 1, 1], [2, 0, 0], [0, 0, 3]])
    s = close_year(s, "K0div", "K2div", "K2div", "K2div", "K1+1")
    assert s.money == [50 + 1 + 6, 50 + 2, 50 + 18]


def test_dividends_do_not_depend_on_price():
    s = new(2)
    s = set_all_holdings(s, [[0, 1, 0], [0, 0, 0]])
    s = set_column(s, 1, [2] * 9 + [3, 4])  # every K1 token not held, priced at the floor
    s = close_year(s, "K1div", "K1-3")
    assert s.money == [51, 50]


# ------------------------------------------------------------------ step 4: reshuffle played cards
def test_year_end_played_cards_reshuffled_into_pile():
    s = _natural_year_end()
    assert s.row == [] and s.news_on == []
    assert len(s.pile) == 45 - sum(s.hand_n)
    assert card_total(s) == 45
    everything = Counter(s.pile)
    for h in s.hands:
        everything.update({c: h[c] for c in range(NUM_CARDS) if h[c]})
    assert everything == Counter(COMPONENTS.deck)


def test_year_end_breaking_news_and_covered_cards_return_to_pile():
    s = new(2)
    pile = 45 - 2 * 5 - 8 - 1  # before the last card: 2 hands, 8 cards in the row, 1 on it
    s = close_year(s, "K1+1", "K1+2", covered=(1,))
    assert s.row == [] and s.news_on == []
    assert len(s.pile) == pile + 9 + 1


# ------------------------------------------------------------------ step 5: optional redraw
def test_year_end_redraw_starts_with_next_player_clockwise():
    s = new(3)
    s = close_year(s, "K0+1", seat=1)
    order = []
    while s.phase == REDRAW:
        order.append(s.to_move())
        do(s, "keep")
    assert order == [2, 0, 1]


def test_year_end_redraw_discard_any_number_then_refill_to_5():
    s = new(3)
    s = close_year(s, "K0+1", seat=1)
    s = give(s, 2, "K0+3", "K0div", "K1div", "K2com", "K2-1")
    s = stack_pile(s, "K1+1", "K1+2", "K1+3")
    assert legal(s) == {
        "discard K0+3",
        "discard K0div",
        "discard K1div",
        "discard K2com",
        "discard K2-1",
        "keep",
    }
    do(s, "discard K0+3", "discard K2com", "discard K0div")
    assert s.hand_n[2] == 2 and s.to_move() == 2
    do(s, "keep")
    assert sorted(s.hand_of(2)) == sorted(["K1div", "K2-1", "K1+1", "K1+2", "K1+3"])
    assert s.to_move() == 0


def test_year_end_redraw_discard_whole_hand():
    s = new(3)
    s = close_year(s, "K0+1", seat=1)
    s = give(s, 2, "K0+3", "K1div")
    do(s, "discard K0+3", "discard K1div")
    assert legal(s) == {"keep"}
    do(s, "keep")
    assert s.hand_n[2] == 5


def test_year_end_last_active_player_refills_in_redraw():
    s = new(3)
    s = close_year(s, "K0+1", seat=1)
    assert s.hand_n[1] == 4
    keep_all(s)
    assert s.hand_n == [5, 5, 5]


def test_discards_not_available_until_all_have_redrawn():
    s = new(3)
    s = close_year(s, "K0+1", seat=1)
    s = give(s, 2, "K2com", "K2com", "K2com", "K1com", "K1com")
    s = give(s, 0, "K0div")  # seat 0 will draw four
    in_pile = s.pile.count(card("K2com"))
    pile = s.pile[:]
    do(s, "discard K2com", "discard K2com", "discard K2com", "discard K1com", "discard K1com")
    do(s, "keep")
    assert s.discards[2] == [card("K2com")] * 3 + [card("K1com")] * 2
    assert s.pile == pile[:-5]  # seat 2 drew its 5 from the pile, not its discards
    do(s, "keep")
    assert s.pile == pile[:-9]
    assert s.pile.count(card("K2com")) <= in_pile  # the set-aside cards are not in the pile
    do(s, "keep")
    assert s.discards == [[], [], []]  # step 6: shuffled back into the pile
    assert len(s.pile) == len(pile) - 9 - 1 + 5  # seat 1 drew its fifth card
    assert Counter(s.pile)[card("K2com")] == 3 and Counter(s.pile)[card("K1com")] >= 2


# ------------------------------------------------------------------ step 6: next start player
def test_next_player_starts_next_year():
    s = new(3)
    s = close_year(s, "K0+1", seat=1, year=1)
    keep_all(s)
    assert (s.year, s.start, s.to_move(), s.turn, s.phase) == (2, 2, 2, 0, TRADE)


def test_next_year_first_turns_unrestricted():
    s = new(3)
    s = close_year(s, "K0+1", seat=0, year=1)
    keep_all(s)
    assert s.to_move() == 1
    assert "pass" in trades(s) and "+2K0" in trades(s) and "-K0 +K1" in trades(s)


def test_game_lasts_three_years_then_selloff():
    s = new(3)
    years = []
    for _ in range(3):
        years.append(s.year)
        finish_year(s)
        keep_all(s)
    assert years == [1, 2, 3]
    assert s.phase == SELLOFF and s.year == 3


def test_random_games_keep_tokens_and_cards():
    for seed in range(6):
        s = new(2 + seed % 3, seed=seed)
        r = random.Random(seed)
        while not s.is_over():
            assert s.year <= 3
            actions = s.legal_actions()
            assert actions == sorted(set(actions)) and actions
            s.apply(r.choice(actions))
            assert [token_total(s, k) for k in range(3)] == [12, 12, 12]
            assert card_total(s) == 45
            assert s.n[0] >= 1 and s.n[1] >= 1 and s.n[2] >= 1
        assert sum(map(sum, s.held)) == 0
        assert s.winners()


# ------------------------------------------------------------------ negative money (§4.7)
def _negative_after_year(players=3, last=0, year=1, **options):
    """A game where seat 1 is at -$5 holding one token of each kind when the year ends."""
    s = new(players, **options)
    s = set_money(s, 1, -5)
    s = close_year(s, "K0+1", "K0-1", seat=last, year=year)
    return s


def test_negative_money_no_sale_in_same_year():
    s = play_phase(new(3), 0, year=1)
    s = set_money(s, 2, 3)
    s = set_holdings(s, 2, [0, 2, 0])
    s = give(s, 0, "K1com", "K0+1")
    do(s, "play K1com", "play K0+1")
    assert s.money[2] == -1
    do(s, "pass")
    s = give(s, 1, "K0div")
    do(s, "play K0div")
    assert (s.to_move(), s.year) == (2, 1)
    assert s.phase == TRADE  # a normal turn, no forced sale yet
    assert "pass" in trades(s)
    assert "+K0" not in trades(s)  # buying needs money from a sale in the same action


def test_negative_money_forced_sale_at_next_year():
    s = _negative_after_year(last=0)
    keep_all(s)
    assert (s.year, s.phase, s.to_move()) == (2, FORCED, 1)
    assert legal(s) == {"sell K0", "sell K1", "sell K2"}  # no 'stop' below $0
    with pytest.raises(IllegalAction) as err:
        s.parse("stop")
    assert err.value.rule == "forced-sale" and "$-5" in str(err.value)
    do(s, "sell K2")
    assert s.money[1] == -5 + 15
    assert s.held[1] == [1, 1, 0]
    assert "stop" in legal(s)
    do(s, "stop")
    assert (s.phase, s.to_move(), s.turn) == (TRADE, 1, 0)


def test_forced_sale_may_exceed_zero():
    s = _negative_after_year(last=0)
    keep_all(s)
    do(s, "sell K0")
    assert s.money[1] == 10 and s.phase == FORCED
    assert legal(s) == {"sell K1", "sell K2", "stop"}
    do(s, "sell K1")
    assert s.money[1] == 25 and s.phase == FORCED
    do(s, "sell K2")
    assert s.held[1] == [0, 0, 0] and s.money[1] == 40
    assert (s.phase, s.to_move()) == (TRADE, 1)  # all sold: the forced sale ends by itself


def test_forced_sale_must_stop_at_zero_when_not_allowed_to_exceed():
    s = _negative_after_year(last=0, forced_sale_may_exceed_zero=False)
    keep_all(s)
    s = set_money(s, 1, -20)
    do(s, "sell K0")
    assert s.phase == FORCED
    do(s, "sell K1")
    assert s.money[1] == -20 + 30
    assert (s.phase, s.to_move()) == (TRADE, 1)


def test_forced_sale_clockwise_from_new_start_player():
    s = new(3)
    s = set_money(s, 0, -1)
    s = set_money(s, 1, -1)
    s = close_year(s, "K0+1", "K0-1", seat=1)
    keep_all(s)
    assert s.start == 2
    assert (s.phase, s.to_move()) == (FORCED, 0)
    do(s, "sell K0", "stop")
    assert s.money[0] == 14
    assert (s.phase, s.to_move()) == (FORCED, 1)
    do(s, "sell K0", "stop")
    assert s.money[1] == 13  # the first sale lowered the column
    assert (s.phase, s.to_move()) == (TRADE, 2)


def test_forced_sale_ignores_trade_limits():
    s = _negative_after_year(last=0)
    s = set_money(s, 1, -60)
    keep_all(s)
    do(s, "sell K0", "sell K1", "sell K2")
    assert s.held[1] == [0, 0, 0] and s.money[1] == -15
    assert (s.phase, s.to_move()) == (TRADE, 1)  # no tokens left: stays negative


def test_negative_player_without_tokens_stays_negative():
    s = new(3)
    s = set_money(s, 2, -4)
    s = set_holdings(s, 2, [0, 0, 0])
    s = close_year(s, "K0+1", seat=0)
    keep_all(s)
    assert (s.phase, s.to_move(), s.money[2]) == (TRADE, 1, -4)


def test_dividends_counted_before_forced_sale_check():
    s = new(3)
    s = set_money(s, 1, -2)
    s = set_holdings(s, 1, [0, 2, 0])
    s = close_year(s, "K1div", "K0+1", seat=0)
    assert s.money[1] == 0
    keep_all(s)
    assert (s.phase, s.to_move()) == (TRADE, 1)


def test_forced_sale_then_normal_trading_phase():
    s = _negative_after_year(last=0)
    keep_all(s)
    do(s, "sell K0", "stop")
    assert s.phase == TRADE and s.to_move() == 1
    assert "pass" in trades(s) and "-K1 -K2" in trades(s)
    do(s, "-K1")
    assert s.phase == PLAY


def test_forced_sale_replaces_trading():
    s = _negative_after_year(last=0, forced_sale_replaces_trading=True)
    keep_all(s)
    do(s, "sell K0", "stop")
    assert (s.phase, s.to_move()) == (PLAY, 1)  # straight to the market phase


def test_forced_sale_replaces_trading_of_later_player():
    s = _negative_after_year(last=2, forced_sale_replaces_trading=True)
    keep_all(s)
    assert (s.start, s.phase, s.to_move()) == (0, FORCED, 1)
    do(s, "sell K0", "stop")
    assert (s.phase, s.to_move()) == (TRADE, 0)
    do(s, "pass")
    s = give(s, 0, "K0div")
    do(s, "play K0div")
    assert (s.phase, s.to_move()) == (PLAY, 1)


def test_negative_money_timing_next_turn():
    s = play_phase(new(3, negative_money_timing="next_turn"), 0, year=1)
    s = set_money(s, 2, 1)
    s = give(s, 0, "K1com", "K0+1")
    do(s, "play K1com", "play K0+1")
    assert s.money == [48, 48, -1]
    assert (s.phase, s.to_move()) == (TRADE, 1)
    do(s, "pass")
    s = give(s, 1, "K0div")
    do(s, "play K0div")
    assert (s.phase, s.to_move()) == (FORCED, 2)
    do(s, "sell K1")
    assert s.money[2] == 14
    do(s, "stop")
    assert (s.phase, s.to_move()) == (TRADE, 2)


def test_negative_money_timing_next_turn_replaces_trading():
    s = play_phase(new(3, negative_money_timing="next_turn", forced_sale_replaces_trading=True), 1)
    s = set_money(s, 2, 1)
    s = give(s, 1, "K1com", "K0+1")
    do(s, "play K1com", "play K0+1")
    assert (s.phase, s.to_move()) == (FORCED, 2)
    do(s, "sell K0", "stop")
    assert (s.phase, s.to_move()) == (PLAY, 2)


def test_negative_money_timing_next_turn_no_handover_sale():
    s = _negative_after_year(last=1, negative_money_timing="next_turn")
    keep_all(s)
    assert (s.start, s.phase, s.to_move()) == (2, TRADE, 2)
    do(s, "pass")
    s = give(s, 2, "K0div")
    do(s, "play K0div")
    assert (s.phase, s.to_move()) == (TRADE, 0)
    do(s, "pass")
    s = give(s, 0, "K0div")
    do(s, "play K0div")
    assert (s.phase, s.to_move()) == (FORCED, 1)


@pytest.mark.parametrize("timing", ["start_of_next_year", "next_turn"])
def test_no_forced_sale_after_year_3(timing):
    s = _negative_after_year(last=0, year=3, negative_money_timing=timing)
    assert (s.phase, s.to_move()) == (SELLOFF, 0)
    assert s.money[1] == -5


# ------------------------------------------------------------------ final sell-off (§7)
def _year3_end(last=1, **options):
    s = new(3, **options)
    s = set_all_holdings(s, [[1, 0, 0], [0, 1, 1], [0, 0, 0]])
    s = close_year(s, "K0+1", "K0-1", seat=last, year=3)
    return s


def test_final_selloff_one_token_each_clockwise_from_last_active():
    s = _year3_end(last=1)
    assert s.phase == SELLOFF
    sellers = []
    while not s.is_over():
        sellers.append(s.to_move())
        assert legal(s) <= {"sell K0", "sell K1", "sell K2"}
        held = sum(s.held[s.to_move()])
        first = sorted(legal(s))[0]
        do(s, first)
        assert sum(s.held[sellers[-1]]) == held - 1
    assert sellers == [1, 0, 1]  # seat 2 holds nothing and is skipped
    assert s.money == [50 + 15, 50 + 15 + 15, 50]
    assert (s.phase, s.to_move()) == (OVER, None)


def test_selloff_starts_with_next_variant():
    s = _year3_end(last=1, selloff_starts_with="next")
    assert s.to_move() == 0  # seat 2 (next) holds nothing


def test_selloff_starts_with_next_player_holding_tokens():
    s = new(3, selloff_starts_with="next")
    s = close_year(s, "K0+1", "K0-1", seat=0, year=3)
    assert s.to_move() == 1


def test_selloff_every_token_sold_with_floor():
    s = new(2)
    s = set_all_holdings(s, [[3, 0, 0], [0, 0, 0]])
    s = set_column(s, 0, list(range(3, 12)))
    s = close_year(s, "K1+1", seat=1, year=3)
    assert s.to_move() == 0
    do(s, "sell K0", "sell K0", "sell K0")
    assert s.money == [50 + 2 + 2 + 2, 50]
    assert s.column(0) == [2, 2, 2, *range(3, 12)]
    assert s.is_over()


def test_selloff_cannot_sell_unheld_or_trade():
    s = _year3_end(last=1)
    with pytest.raises(IllegalAction) as err:
        s.parse("sell K0")
    assert err.value.rule == "sell-own"
    with pytest.raises(IllegalAction) as err:
        s.parse("pass")
    assert err.value.rule == "phase"


def test_highest_money_wins():
    s = _year3_end(last=1)
    s = set_all_money(s, [70, 60, 50])
    while not s.is_over():
        s.apply(s.legal_actions()[0])
    assert s.scores() == [85, 90, 50]
    assert s.winners() == [1]
    assert s.returns() == [0.0, 1.0, 0.0]


def test_tie_shares_win():
    s = _year3_end(last=1)
    s = set_all_money(s, [75, 60, 50])
    while not s.is_over():
        s.apply(s.legal_actions()[0])
    assert s.scores() == [90, 90, 50]
    assert s.winners() == [0, 1]
    assert s.returns() == [0.5, 0.5, 0.0]


def test_negative_final_money_can_still_rank():
    s = _year3_end(last=1)
    s = set_all_money(s, [-30, -20, -40])
    while not s.is_over():
        s.apply(s.legal_actions()[0])
    assert s.winners() == [1]


def test_no_actions_after_game_over():
    s = _year3_end(last=1)
    while not s.is_over():
        s.apply(s.legal_actions()[0])
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction) as err:
        s.apply(A.SELL_BASE)
    assert err.value.rule == "game-over"
