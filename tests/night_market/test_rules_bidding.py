"""Seed rules on bidding (競標土地), compensation bids (補償出價) and payment (付錢).

Spec §4 Steps 4-5, §7.2 and §9.3. Unless a test says otherwise: 4 players in turn order
0, 1, 2, 3, lots 3, 8, 12, 20, 25 on auction, cash 13/12/11/10 and no loans.
"""

from __future__ import annotations

import pytest

from bazaar.core.errors import IllegalAction
from bazaar.games.night_market.state import BUILD, LOAN, VALUE, VOID

from .helpers import do, leaders, legal, new, own_lots, to_bidding

LOTS = [3, 8, 12, 20, 25]


def bidding(players: int = 4, lots=None, cash=None, loans=None, **options):
    s = new(players, seed=2, **options)
    cash = cash or [13, 12, 11, 10][:players]
    return to_bidding(s, lots or LOTS[: players + 1], cash, loans or [0] * players)


def amounts(s) -> list[int]:
    return [int(n[1:]) for n in s.legal_notations()]


def rule_of(s, move: str) -> str:
    with pytest.raises(IllegalAction) as info:
        s.apply(s.game.parse(move))
    return info.value.rule


# ------------------------------------------------------------------ turns (§4 Step 4)
def test_bidding_starts_with_the_start_player_and_goes_in_turn_order():
    s = bidding()
    seen = []
    for lot in (3, 8, 12, 20):
        seen.append(s.to_move())
        do(s, f"bid {lot}", "$1")
    assert seen == [0, 1, 2, 3]


def test_bidding_follows_the_turn_order_not_the_seat_numbers():
    s = new(4, seed=2)
    s2 = to_bidding(s, LOTS, [13, 12, 11, 10], [0, 0, 0, 0], order=[2, 0, 3, 1])
    assert s2.to_move() == 2


def test_each_player_bids_twice_one_bid_per_turn():
    s = bidding()
    seen = []
    for lot in (3, 8, 12, 20, 25, 3, 8, 12):
        seen.append(s.to_move())
        top = leaders(s).get(lot, (-1, -1))[0]
        do(s, f"bid {lot}", f"${top + 1}")
    assert seen == [0, 1, 2, 3, 0, 1, 2, 3]
    assert s.phase == BUILD  # everyone holds a lot: no compensation, payment done


def test_bid_is_a_lot_then_an_amount():
    s = bidding()
    assert legal(s) == {"bid 3", "bid 8", "bid 12", "bid 20", "bid 25", "pass"}
    do(s, "bid 8")
    assert s.phase == VALUE and s.to_move() == 0


def test_rule_a_empty_lot_takes_any_amount_from_0():
    s = bidding()
    do(s, "bid 3")
    assert amounts(s) == list(range(0, 13 + 15 + 1))  # cash 13 + 3 loans of 5


def test_rule_b_bid_must_be_higher_than_the_top_bid():
    s = bidding()
    do(s, "bid 3", "$5", "bid 3")
    assert amounts(s)[0] == 6
    assert rule_of(s, "$5") == "outbid"
    assert rule_of(s, "$4") == "outbid"
    do(s, "$6")
    assert leaders(s) == {3: (6, 1)}


def test_rule_b_counts_own_markers_raise_own_winning_bid():
    s = bidding()
    do(s, "bid 3", "$2")
    for lot in (8, 12, 20):
        do(s, f"bid {lot}", "$0")
    do(s, "bid 3")
    assert amounts(s) == list(range(3, 29))  # own $2 is replaced, so up to the full 28
    do(s, "$6")
    assert leaders(s)[3] == (6, 0)
    assert s.placed[0] == 2  # every bid places a new marker


def test_yellow_face_has_no_effect_by_default():
    s = bidding(lots=[1, 3, 5, 7, 10])
    assert [a["face"] for a in s.view(None)["auction"]] == [
        "yellow",
        "white",
        "white",
        "yellow",
        "white",
    ]
    do(s, "bid 1")
    assert amounts(s)[0] == 0


@pytest.mark.parametrize("minimum", [2, 3])
def test_yellow_face_min_bid_option(minimum):
    s = bidding(lots=[1, 3, 5, 7, 10], yellow_face="min_bid", yellow_min_bid=minimum)
    do(s, "bid 1")
    assert amounts(s)[0] == minimum
    assert rule_of(s, f"${minimum - 1}") == "yellow-min"
    do(s, f"${minimum}", "bid 3")
    assert amounts(s)[0] == 0  # white lots keep rule a
    do(s, "$0", "bid 1")
    assert amounts(s)[0] == minimum + 1  # once bid, rule b


def test_only_possible_amount_is_placed_without_asking():
    s = bidding(cash=[0, 12, 11, 10], loans=[3, 0, 0, 0])
    events = do(s, "bid 8")
    assert [e.data["amount"] for e in events if e.kind == "bid"] == [0]
    assert leaders(s) == {8: (0, 0)} and s.to_move() == 1


def test_bid_on_a_lot_not_on_auction_is_illegal():
    s = bidding()
    assert rule_of(s, "bid 4") == "auction-lot"


def test_amount_before_lot_is_illegal():
    s = bidding()
    assert rule_of(s, "$3") == "phase"


# ------------------------------------------------------------------ affordability
def test_affordability_cash_plus_5_per_remaining_loan():
    s = bidding(cash=[4, 12, 11, 10], loans=[1, 0, 0, 0])
    do(s, "bid 3")
    assert max(amounts(s)) == 4 + 5 * 2
    assert rule_of(s, "$15") == "afford"


def test_affordability_subtracts_other_winning_bids():
    s = bidding()
    do(s, "bid 3", "$10")
    for lot in (8, 12, 20):
        do(s, f"bid {lot}", "$0")
    do(s, "bid 25")
    assert max(amounts(s)) == 28 - 10


def test_affordability_frees_money_when_outbid():
    s = bidding()
    do(s, "bid 3", "$10", "bid 3", "$11")
    for lot in (12, 20):
        do(s, f"bid {lot}", "$0")
    do(s, "bid 25")
    assert max(amounts(s)) == 28  # the $10 bid on lot 3 no longer wins


def test_three_loans_at_most_no_loan_capacity_left():
    s = bidding(cash=[2, 12, 11, 10], loans=[3, 0, 0, 0])
    do(s, "bid 3")
    assert amounts(s) == [0, 1, 2]


def test_bid_needs_a_free_marker():
    """12 markers: one on the turn track, one per owned lot, one per bid this round."""
    s = bidding()
    s = own_lots(s, [10, 0, 0])
    do(s, "bid 3", "$1")
    assert s.free_markers(0) == 0
    for lot in (8, 12, 20):
        do(s, f"bid {lot}", "$0")
    assert s.to_move() == 1  # seat 0 has no legal bid and is skipped


# ------------------------------------------------------------------ pass (§4 Step 4)
def test_pass_is_final_for_the_round():
    s = bidding()
    do(s, "pass")
    for lot in (8, 12, 20):
        do(s, f"bid {lot}", "$1")
    assert s.to_move() == 1  # seat 0 gets no second turn


def test_pass_forfeits_compensation_bids():
    s = bidding(players=3, lots=[2, 3, 4, 5])
    do(s, "pass", "bid 2", "$1", "bid 3", "$1", "bid 2", "$2", "bid 3", "$2")
    assert s.phase == BUILD  # seat 0 holds nothing but passed: no compensation
    assert s.nlots == [0, 1, 1]


def test_give_up_is_not_a_regular_bid_move_and_pass_not_a_compensation_move():
    s = bidding(players=3, lots=[2, 3, 4, 5])
    assert rule_of(s, "give up") == "pass"
    do(s, "bid 2", "$1", "bid 2", "$2", "bid 2", "$3", "bid 3", "$1", "bid 3", "$2", "bid 4", "$0")
    assert s.in_compensation() and s.to_move() == 0
    assert "give up" in legal(s) and "pass" not in legal(s)
    assert rule_of(s, "pass") == "give-up"


# ------------------------------------------------------------------ compensation (§4 Step 4)
def test_compensation_bid_for_a_player_whose_bids_were_all_topped():
    s = bidding(players=3, lots=[2, 3, 4, 5])
    do(s, "bid 2", "$1", "bid 3", "$1", "bid 2", "$2", "bid 3", "$2", "bid 2", "$3")
    do(s, "bid 3", "$3")
    # seat 0 leads nothing after both regular bids: it gets a compensation bid
    assert s.in_compensation() and s.to_move() == 0
    events = do(s, "bid 4", "$0")
    assert events[0].data["compensation"] is True
    assert s.phase == BUILD
    assert [s.owner[lot - 1] for lot in (2, 3, 4)] == [1, 2, 0]


def test_compensation_repeats_for_players_left_without_a_lot():
    s = bidding(players=3, lots=[2, 3, 4, 5])
    do(s, "bid 2", "$1", "bid 3", "$1", "bid 2", "$2", "bid 3", "$2", "bid 2", "$3")
    do(s, "bid 3", "$3")
    do(s, "bid 3", "$4")  # seat 0's compensation bid tops seat 2 on lot 3
    assert s.to_move() == 2 and s.in_compensation()
    do(s, "bid 2", "$4")  # seat 2 tops seat 1 on lot 2
    assert s.to_move() == 1
    do(s, "bid 3", "$5")  # seat 1 tops seat 0: seat 0 gets a second compensation bid
    assert s.to_move() == 0
    do(s, "give up")
    assert s.phase == BUILD
    assert (s.owner[1], s.owner[2]) == (2, 1)
    assert s.nlots == [0, 1, 1]


def test_compensation_earliest_in_turn_order_first():
    s = new(3, seed=2)
    s = to_bidding(s, [2, 3, 4, 5], [12, 11, 10], [0, 0, 0], order=[2, 1, 0])
    # seat 2 and seat 1 bid on lot 2, seat 0 wins it; then all pass... except nobody passes
    do(s, "bid 2", "$1", "bid 2", "$2", "bid 2", "$3")
    do(s, "bid 2", "$4", "bid 2", "$5", "bid 2", "$6")
    assert leaders(s) == {2: (6, 0)}
    assert s.in_compensation() and s.to_move() == 2  # seat 2 is before seat 1 in turn order


def test_give_up_ends_compensation_for_the_round():
    s = bidding(players=3, lots=[2, 3, 4, 5])
    do(s, "bid 2", "$1", "bid 2", "$2", "bid 2", "$3", "bid 2", "$4", "bid 2", "$5")
    do(s, "bid 2", "$6")
    assert s.to_move() == 0
    do(s, "give up")
    assert s.to_move() == 1
    do(s, "give up")
    assert s.phase == BUILD and s.nlots == [0, 0, 1]


@pytest.mark.parametrize("mode", ["skip", "pass"])
def test_spec_7_2_no_legal_bid(mode):
    """P2 can spend 2 in all; after pass 2 it has no legal bid and its turn is skipped."""
    s = new(3, seed=2, no_legal_bid=mode)
    s = to_bidding(s, [2, 3, 4, 5], [12, 2, 10], [0, 3, 0])
    do(s, "bid 3", "$0", "bid 2", "$2", "bid 4", "$0", "bid 5", "$0")
    assert s.to_move() == 2  # seat 1 skipped
    do(s, "bid 2", "$3")
    if mode == "skip":
        assert s.in_compensation() and s.to_move() == 1
        do(s, "bid 5")
        assert amounts(s) == [1, 2]
        do(s, "$1")
        assert s.nlots == [1, 1, 2]
    else:
        assert s.phase == BUILD and s.nlots == [2, 0, 2]


# ------------------------------------------------------------------ payment (§4 Step 5)
def test_highest_bidder_pays_and_takes_the_lot_others_pay_nothing():
    s = bidding()
    do(s, "bid 3", "$4", "bid 3", "$5", "bid 8", "$2", "bid 12", "$1")
    do(s, "bid 20", "$3", "pass", "pass", "pass")
    assert s.cash == [13 - 3, 12 - 5, 11 - 2, 10 - 1]
    assert [s.owner[x - 1] for x in (3, 8, 12, 20)] == [1, 2, 3, 0]
    assert [s.won[x - 1] for x in (3, 8, 12, 20)] == [1, 1, 1, 1]


def test_payment_forces_the_fewest_loans():
    s = bidding(cash=[3, 12, 11, 10])
    do(s, "bid 3", "$9", "bid 8", "$0", "bid 12", "$0", "bid 20", "$0")
    do(s, "pass", "pass", "pass", "pass")
    assert (s.loans[0], s.cash[0]) == (2, 3 + 10 - 9)
    assert s.loans[1:] == [0, 0, 0]


def test_payment_loans_are_taken_on_the_total_due():
    s = bidding(cash=[3, 12, 11, 10])
    do(s, "bid 3", "$4", "bid 8", "$0", "bid 12", "$0", "bid 20", "$0", "bid 25", "$4")
    do(s, "pass", "pass", "pass")
    assert (s.loans[0], s.cash[0]) == (1, 3 + 5 - 8)


def test_loans_never_exceed_three():
    s = bidding(cash=[0, 12, 11, 10], loans=[2, 0, 0, 0])
    do(s, "bid 3")
    assert max(amounts(s)) == 5
    do(s, "$5", "bid 8", "$0", "bid 12", "$0", "bid 20", "$0", "pass", "pass", "pass", "pass")
    assert (s.loans[0], s.cash[0]) == (3, 0)


@pytest.mark.parametrize("unbid", ["void", "return"])
def test_lots_without_bids(unbid):
    s = bidding(unbid_lots=unbid)
    land = len(s.land)
    do(s, "bid 3", "$0", "pass", "pass", "pass", "pass")
    for lot in (8, 12, 20, 25):
        if unbid == "void":
            assert s.status[lot - 1] == VOID and lot - 1 not in s.land
        else:
            assert lot - 1 in s.land
    assert len(s.land) == land + (4 if unbid == "return" else 0)


def test_voluntary_loans_option():
    s = bidding(voluntary_loans=True)
    do(s, "bid 3", "$0", "pass", "pass", "pass", "pass")
    assert s.phase == LOAN and s.to_move() == 0
    assert legal(s) == {"loan", "done"}
    do(s, "loan", "loan")
    assert (s.cash[0], s.loans[0]) == (23, 2)
    do(s, "done")
    assert s.to_move() == 1
    do(s, "done", "done", "done")
    assert s.phase == BUILD


def test_no_voluntary_loans_by_default():
    s = bidding()
    do(s, "bid 3", "$0", "pass", "pass", "pass", "pass")
    assert s.phase == BUILD and s.loans == [0, 0, 0, 0]
