"""Seed rules on the market phase (炒作股票階段), spec §5."""

from __future__ import annotations

import pytest

from bazaar.core.errors import IllegalAction
from bazaar.games.buy_low_sell_high.state import PLAY, REDRAW, TRADE

from .helpers import (
    card,
    close_year,
    do,
    finish_year,
    give,
    legal,
    new,
    play_phase,
    set_all_holdings,
    set_column,
    set_holdings,
    set_money,
    set_row,
    set_year,
    simple_hands,
    stack_pile,
)


# ------------------------------------------------------------------ placement (§5.1)
def test_card_goes_to_next_empty_space_adjacent_to_filled():
    s = play_phase(new(3), 0)
    s = give(s, 0, "K0+3", "K1div")
    s = set_row(s, "K2-1", "K1+2")
    do(s, "play K0+3")
    assert s.row == [card("K2-1"), card("K1+2"), card("K0+3")]
    assert s.row_covered == [False, False, False]


def test_start_player_places_first_card_of_year():
    s = new(3)
    do(s, "+K0")
    assert s.row == []
    s = give(s, 0, "K1-2")
    do(s, "play K1-2")
    assert s.row == [card("K1-2")]


def test_play_exactly_one_card_then_turn_passes():
    s = play_phase(new(3), 1)
    s = give(s, 1, "K0+1", "K0+2", "K0+3")
    do(s, "play K0+2")
    assert len(s.row) == 1
    assert (s.to_move(), s.phase) == (2, TRADE)


@pytest.mark.parametrize(("players", "spaces"), [(2, 9), (3, 11), (4, 13)])
def test_row_has_9_11_13_spaces_by_player_count(players, spaces):
    s = new(players)
    s = set_year(s, 2)
    s = simple_hands(s)
    seats = finish_year(s)
    assert len(seats) == spaces
    assert seats == [i % players for i in range(spaces)]
    assert s.phase == REDRAW


def test_card_play_cannot_be_skipped():
    s = play_phase(new(3), 0)
    s = give(s, 0, "K0+1")
    with pytest.raises(IllegalAction) as err:
        s.parse("pass")
    assert err.value.rule == "phase"


def test_card_must_be_in_hand():
    s = play_phase(new(3), 0)
    s = give(s, 0, "K0+1")
    with pytest.raises(IllegalAction) as err:
        s.parse("play K2-3")
    assert err.value.rule == "hand"
    assert "K2-3" in str(err.value)


# ------------------------------------------------------------------ refill (§5.5)
def test_refill_to_five_after_turn_from_pile_top():
    s = play_phase(new(3), 0)
    s = give(s, 0, "K0+3", "K1div")
    s = stack_pile(s, "K2com", "K2div", "K0-1", "K1-1", "K1+1")
    pile = len(s.pile)
    do(s, "play K0+3")
    assert s.hand_n[0] == 5
    assert sorted(s.hand_of(0)) == sorted(["K1div", "K2com", "K2div", "K0-1", "K1-1"])
    assert len(s.pile) == pile - 4
    assert s.pile[-1] == card("K1+1")


def test_no_refill_when_the_card_ends_the_year():
    s = new(2)
    s = close_year(s, "K0+1", seat=1)
    assert s.hand_n[1] == 4
    assert s.phase == REDRAW


# ------------------------------------------------------------------ bull / bear / dividend (§5.2)
@pytest.mark.parametrize("name", ["K1+3", "K1+2", "K1+1", "K1-1", "K1-2", "K1-3", "K1div"])
def test_bull_bear_dividend_no_immediate_effect(name):
    s = play_phase(new(3), 0)
    s = give(s, 0, name)
    do(s, f"play {name}")
    assert s.money == [50, 50, 50]
    assert [s.column(k) for k in range(3)] == [list(range(16, 25))] * 3
    assert s.to_move() == 1


def test_bull_and_bear_summed_at_year_end():
    s = new(2)
    s = set_column(s, 1, list(range(10, 20)))
    s = close_year(s, "K1+3", "K1-1", "K1+2", "K1-3")
    assert s.column(1) == list(range(11, 21))


# ------------------------------------------------------------------ Breaking News (§5.2 D, §5.3)
def test_breaking_news_covers_same_colour_card_only():
    s = play_phase(new(3), 0)
    s = set_row(s, "K0+3", "K1+2", "K0div", "K2com")
    s = give(s, 0, "K0news", "K1-1")
    assert legal(s) == {"play K1-1", "news 1", "news 3"}
    with pytest.raises(IllegalAction) as err:
        s.parse("news 2")
    assert err.value.rule == "news-colour"
    assert "space 2" in str(err.value) and "K1" in str(err.value)


def test_breaking_news_does_not_fill_a_space():
    s = play_phase(new(3), 0)
    s = set_row(s, "K0+3", "K1+2")
    s = give(s, 0, "K0news", "K1-1")
    do(s, "news 1")
    assert len(s.row) == 2
    assert s.row_covered == [True, False]
    assert s.news_on == [card("K0news")]
    assert s.hand_n[0] == 5
    assert (s.to_move(), s.phase) == (1, TRADE)


def test_breaking_news_cannot_cover_an_empty_space():
    s = play_phase(new(3), 0)
    s = set_row(s, "K0+3")
    s = give(s, 0, "K0news", "K1-1")
    with pytest.raises(IllegalAction) as err:
        s.parse("news 2")
    assert err.value.rule == "news-target"
    assert "space 2" in str(err.value)


def test_breaking_news_cannot_cover_already_covered_card():
    s = play_phase(new(3), 0)
    s = set_row(s, "K0+3", "K0div", covered=(1,))
    s = give(s, 0, "K0news", "K1-1")
    assert legal(s) == {"play K1-1", "news 2"}
    with pytest.raises(IllegalAction) as err:
        s.parse("news 1")
    assert err.value.rule == "news-target"


def test_breaking_news_cannot_be_first_card_of_year():
    s = play_phase(new(3), 0)
    s = give(s, 0, "K0news", "K1+1")
    assert legal(s) == {"play K1+1"}
    with pytest.raises(IllegalAction) as err:
        s.parse("dud K0")
    assert err.value.rule == "news-dud"


def test_breaking_news_dud_only_when_nothing_else_playable():
    s = play_phase(new(3), 0)
    s = set_row(s, "K1+1")
    s = give(s, 0, "K0news", "K2news")
    assert legal(s) == {"dud K0", "dud K2"}
    do(s, "dud K2")
    assert s.row == [card("K1+1"), card("K2news")]
    assert s.row_covered == [False, False]
    assert s.to_move() == 1


def test_breaking_news_with_a_target_is_not_a_dud():
    s = play_phase(new(3), 0)
    s = set_row(s, "K0+1")
    s = give(s, 0, "K0news", "K0news")
    assert legal(s) == {"news 1"}


def test_dud_has_no_effect_and_cannot_be_covered():
    s = play_phase(new(3), 0)
    s = set_row(s, "K2news")
    s = give(s, 0, "K2news", "K1+1")
    assert legal(s) == {"play K1+1"}
    s2 = new(2)
    s2 = set_column(s2, 2, list(range(10, 20)))
    s2 = close_year(s2, "K2news", "K2news", "K2+1")
    assert s2.column(2) == list(range(11, 21))


def test_breaking_news_cancels_covered_card_at_year_end():
    s = new(2)
    s = set_holdings(s, 0, [1, 2, 0])
    s = set_column(s, 1, list(range(10, 20)), keep=(0,))
    s = set_column(s, 2, list(range(10, 20)), keep=(0,))
    s = close_year(s, "K1+3", "K1div", "K2-2", "K1div", "K2+1", covered=(1, 2))
    assert s.column(1) == list(range(10, 20))  # +3 cancelled
    assert s.column(2) == list(range(9, 19))  # -2 + 1
    assert s.money[0] == 50 + 2 * 1  # one uncovered K1 dividend card: $1 per share


def test_breaking_news_covers_same_colour_card_no_refund():
    s = play_phase(new(3), 0)
    s = set_all_holdings(s, [[1, 2, 1], [1, 0, 1], [1, 3, 1]])
    s = give(s, 0, "K1com", "K0+1")
    do(s, "play K1com", "play K0+1")
    assert s.money == [46, 50, 44]
    s = give(s, 1, "K1news")
    s = play_phase(s, 1)
    do(s, "news 1")
    assert s.row_covered == [True, False]
    assert s.money == [46, 50, 44]


def test_bn_may_target_covered_space_variant():
    s = play_phase(new(3, bn_may_target_covered_space=True), 0)
    s = set_row(s, "K0+3", "K0news", "K1+1", covered=(1,))
    s = give(s, 0, "K0news", "K2+1")
    assert legal(s) == {"play K2+1", "news 1", "news 2"}
    do(s, "news 1")  # a no-op: the space stays covered and nothing fills
    assert s.row_covered == [True, False, False]
    assert len(s.row) == 3
    s2 = play_phase(new(3, bn_may_target_covered_space=True), 0)
    s2 = set_row(s2, "K0news")  # a dud is a legal (no-op) target under the variant
    s2 = give(s2, 0, "K0news")
    assert legal(s2) == {"news 1"}


def test_bn_default_covered_space_or_dud_not_a_target():
    s = play_phase(new(3), 0)
    s = set_row(s, "K0+3", "K0news", "K1+1", covered=(1,))
    s = give(s, 0, "K0news", "K2+1")
    assert legal(s) == {"play K2+1"}


# ------------------------------------------------------------------ Commission (§5.2 E, §5.4)
def test_commission_pays_2_per_share_then_extra_card():
    s = play_phase(new(3), 0)
    s = set_all_holdings(s, [[1, 2, 1], [1, 0, 1], [1, 3, 1]])
    s = give(s, 0, "K1com", "K0+1", "K2-1")
    s = stack_pile(s, "K0div", "K0div", "K0div", "K2div")
    do(s, "play K1com")
    assert s.money == [46, 50, 44]  # the active player pays too
    assert (s.to_move(), s.phase) == (0, PLAY)
    assert s.hand_n[0] == 2  # no refill before the extra card
    assert legal(s) == {"play K0+1", "play K2-1"}
    do(s, "play K2-1")
    assert s.row == [card("K1com"), card("K2-1")]
    assert s.hand_n[0] == 5
    assert (s.to_move(), s.phase) == (1, TRADE)


def test_commission_extra_card_is_mandatory():
    s = play_phase(new(3), 0)
    s = give(s, 0, "K1com", "K0+1")
    do(s, "play K1com")
    with pytest.raises(IllegalAction):
        s.parse("pass")
    assert s.to_move() == 0


def test_commission_filling_last_space_ends_year_without_extra_card():
    s = new(2)
    s = set_all_holdings(s, [[1, 2, 1], [1, 1, 1]])
    s = close_year(s, "K1com", seat=0, hand=("K0+1", "K0+2"))
    assert s.money == [46, 48]  # fees still paid
    assert s.phase == REDRAW
    assert s.hand_n[0] == 2  # no extra card, no draw
    assert s.to_move() == 1


def test_commission_chain_pays_again():
    s = play_phase(new(3), 2)
    s = give(s, 2, "K1com", "K2com", "K1com", "K0+1")
    do(s, "play K1com", "play K2com", "play K1com")
    assert s.money == [44, 44, 44]
    assert (s.to_move(), s.phase) == (2, PLAY)
    do(s, "play K0+1")
    assert len(s.row) == 4
    assert s.to_move() == 0


def test_commission_extra_card_may_be_breaking_news():
    s = play_phase(new(3), 0)
    s = give(s, 0, "K1com", "K1news")
    do(s, "play K1com")
    assert legal(s) == {"news 1"}
    do(s, "news 1")
    assert s.money == [48, 48, 48]  # no refund
    assert s.row_covered == [True]
    assert s.to_move() == 1


def test_commission_with_empty_hand_ends_turn():
    s = play_phase(new(3), 0)
    s = give(s, 0, "K1com")
    do(s, "play K1com")
    assert s.hand_n[0] == 5
    assert (s.to_move(), s.phase) == (1, TRADE)


def test_commission_can_make_money_negative():
    s = play_phase(new(3), 0)
    s = set_money(s, 2, 3)
    s = set_holdings(s, 2, [0, 2, 0])
    s = give(s, 0, "K1com", "K0+1")
    do(s, "play K1com")
    assert s.money[2] == -1


def test_commission_covered_card_has_no_year_end_effect():
    s = new(2)
    s = set_all_holdings(s, [[0, 0, 0], [0, 0, 0]])
    s = close_year(s, "K1com", "K1+2", covered=(1,))
    assert s.money == [50, 50]


def test_commission_extra_card_is_not_a_turn():
    s = new(3)
    do(s, "+K1")
    s = give(s, 0, "K1com", "K0+1")
    do(s, "play K1com", "play K0+1")
    assert s.money == [50 - 16 - 4, 48, 48]
    assert (s.to_move(), s.turn, s.first_lap_seat()) == (1, 1, 2)
    assert "pass" not in legal(s) and "+K0 +K2" in legal(s)


def test_commission_chain_ends_when_row_full():
    s = new(2)
    s = set_all_holdings(s, [[0, 1, 0], [0, 2, 0]])
    s = set_row(s, *["K0news"] * 3, *["K2news"] * 3, "K1news")  # seven duds
    s = give(s, 1, "K1com", "K1com", "K0+1")
    s = play_phase(s, 1)
    do(s, "play K1com", "play K1com")
    assert s.money == [46, 42]
    assert (s.phase, s.to_move()) == (REDRAW, 0)
    assert s.hand_n[1] == 1


def test_commission_extra_card_dud_when_only_untargetable_news():
    s = play_phase(new(3), 0)
    s = set_row(s, "K1+1")
    s = give(s, 0, "K2com", "K0news")
    do(s, "play K2com")
    assert legal(s) == {"dud K0"}
    do(s, "dud K0")
    assert s.row == [card("K1+1"), card("K2com"), card("K0news")]
    assert s.to_move() == 1
