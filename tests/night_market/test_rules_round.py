"""Seed rules on setup (起始配置), the round steps 1-3, building (建設攤位), income (獲得收入),
refill (補充客人), turn order (更換玩家順位), the final round (最後一回合) and the end (遊戲結束).

Spec §3, §4 Steps 1-3 and 6-11, §5, §6 and §10.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bazaar.core.errors import IllegalAction
from bazaar.games.night_market.components import COMPONENTS, LETTERS, NUM_LETTERS
from bazaar.games.night_market.state import AUCTION, BID, BUILD, HIDE, OVER, REMOVED, VALUE

from .helpers import (
    bonus,
    card_total,
    clear_board,
    do,
    empty_supply,
    game_over,
    hand,
    income,
    legal,
    money,
    movement,
    new,
    own_lots,
    stall,
    stand,
    to_bidding,
    turn_order,
)


# ------------------------------------------------------------------ setup (§3)
@pytest.mark.parametrize(("players", "money"), [(3, [12, 11, 10]), (4, [13, 12, 11, 10])])
def test_setup_start_money_by_turn_order(players, money):
    s = new(players)
    assert s.cash == money and list(s.order) == list(range(players))


@pytest.mark.parametrize("players", [3, 4])
def test_setup_each_player_draws_4_customers(players):
    s = new(players, seed=4)
    assert [len(h) for h in s.hands] == [4] * players
    assert len(s.deck) == 40 - 4 * players - 4  # round 1's 4 public customers are out too
    assert card_total(s) == 40


def test_setup_customer_deck_10_per_type_5_per_letter():
    kinds = new().rules.kind
    assert Counter(k // NUM_LETTERS for k in kinds) == {0: 10, 1: 10, 2: 10, 3: 10}
    assert Counter(k % NUM_LETTERS for k in kinds) == {i: 5 for i in range(8)}


@pytest.mark.parametrize(
    ("players", "long", "removed"), [(3, False, 5), (4, False, 5), (3, True, 6), (4, True, 5)]
)
def test_setup_land_cards_removed(players, long, removed):
    s = new(players, seed=9, three_player_long=long)
    assert s.status.count(REMOVED) == removed


def test_setup_stall_supply_10_per_type():
    assert new().supply == [10, 10, 10, 10]


def test_setup_is_determined_by_the_seed():
    assert new(seed=5).full_view() == new(seed=5).full_view()
    assert new(seed=5).full_view() != new(seed=6).full_view()


# ------------------------------------------------------------------ round steps 1-3 (§4)
@pytest.mark.parametrize(("players", "lots"), [(3, 4), (4, 5)])
def test_step_1_reveal_4_or_5_lots(players, lots):
    s = new(players, seed=3)
    assert len(s.auction) == lots and s.status.count(AUCTION) == lots


def test_step_1_star_lots_1_and_7_show_the_yellow_face():
    s = to_bidding(new(seed=3), lots=[1, 3, 5, 7, 10])
    faces = {a["lot"]: a["face"] for a in s.view(None)["auction"]}
    assert faces == {1: "yellow", 3: "white", 5: "white", 7: "yellow", 10: "white"}


def test_step_2_four_public_customers_stand_at_their_own_entrance():
    s = new(seed=3)
    kinds = s.rules.kind
    assert len(s.waiting) == 4
    for x in s.waiting:
        assert kinds[x // NUM_LETTERS] % NUM_LETTERS == x % NUM_LETTERS


def _needs_per_round(s) -> list[int]:
    """Play first-legal moves through the game; record each round's hidden-customer count."""
    needs = {}
    while not s.is_over():
        if s.phase == HIDE and s.round not in needs:
            needs[s.round] = s.need
        if s.phase == BID and s.round not in needs:
            needs[s.round] = sum(len(h) for h in s.hidden) // s.num_players
        s.apply(s.legal_actions()[0])
    return [needs[r] for r in sorted(needs)]


def test_step_3_hidden_customers_1_1_1_2_4():
    assert _needs_per_round(new(4, seed=11)) == [1, 1, 1, 2, 4]


def test_three_player_long_game_6_rounds_hidden_1_1_1_1_2_4():
    s = new(3, seed=11, three_player_long=True)
    assert s.rules.last_round == 6
    assert _needs_per_round(s) == [1, 1, 1, 1, 2, 4]


def test_three_player_long_has_no_effect_with_4_players():
    assert new(4, three_player_long=True).rules.last_round == 5


def test_step_3_final_round_commits_the_whole_hand_without_asking():
    s = new(4, seed=12)
    while s.round < 5:
        s.apply(s.legal_actions()[0])
    assert s.phase == BID
    assert [len(h) for h in s.hands] == [0, 0, 0, 0]
    assert [len(h) for h in s.hidden] == [4, 4, 4, 4]


def test_step_3_hidden_customer_is_secret():
    s = new(4, seed=3)
    s = hand(s, 0, "T0A", "T1B", "T2C", "T3D")
    do(s, "hide T2C")
    mine, other = s.view(0), s.view(1)
    assert mine["hidden"] == ["T2C"] and mine["hand"] == ["T0A", "T1B", "T3D"]
    assert other["hidden_counts"][0] == 1 and "T2C" not in str(other["hidden"])
    assert other["hand_sizes"][0] == 3


def test_step_3_hide_a_customer_not_in_hand_is_illegal():
    s = new(4, seed=3)
    s = hand(s, 0, "T0A", "T1B", "T2C", "T3D")
    with pytest.raises(IllegalAction) as info:
        do(s, "hide T3A")
    assert info.value.rule == "hand"


def test_step_3_identical_customers_are_one_choice():
    s = new(4, seed=3)
    s = hand(s, 0, "T0A", "T0A", "T0E", "T0E")
    assert legal(s) == {"hide T0A", "hide T0E"}


# ------------------------------------------------------------------ building (§4 Step 6)
def _won(s, lots_by_seat: dict[int, list[int]]) -> None:
    """Bid $0 on the given lots in order, then everyone passes."""
    moves = []
    for i in range(2):
        for p in s.order:
            lots = lots_by_seat.get(p, [])
            moves += [f"bid {lots[i]}", "$0"] if i < len(lots) else ["pass"]
    for m in moves:
        if s.phase not in (BID, VALUE):
            break
        if m == "$0" and s.phase != VALUE:  # placed without asking
            continue
        do(s, m)


def test_building_in_turn_order_each_player_decides_all_unbuilt_lots():
    s = to_bidding(new(4, seed=3), lots=[3, 8, 12, 20, 25])
    _won(s, {0: [3, 12], 1: [8]})
    assert s.phase == BUILD and s.to_move() == 0
    assert legal(s) == {"build 3 T0", "build 3 T1", "build 3 T2", "build 3 T3", "empty 3"}
    do(s, "build 3 T1")
    assert s.to_move() == 0 and legal(s) >= {"build 12 T0", "empty 12"}
    do(s, "empty 12")
    assert s.to_move() == 1
    do(s, "build 8 T1")
    assert s.stall[2] == 1 and s.stall[11] == -1 and s.stall[7] == 1
    assert s.supply == [10, 8, 10, 10]


def test_building_lots_in_increasing_order():
    s = to_bidding(new(4, seed=3), lots=[3, 8, 12, 20, 25])
    _won(s, {0: [3, 12]})
    with pytest.raises(IllegalAction) as info:
        do(s, "build 12 T1")
    assert info.value.rule == "build-order"
    with pytest.raises(IllegalAction) as info:
        do(s, "build 8 T1")
    assert info.value.rule == "build-own"


def test_building_an_empty_lot_is_decided_again_next_round():
    s = to_bidding(new(4, seed=3), lots=[3, 8, 12, 20, 25])
    _won(s, {0: [3]})
    do(s, "empty 3")
    assert s.round == 2 and s.stall[2] == -1
    s = to_bidding(s, lots=[4, 9, 13, 21, 26])
    _won(s, {1: [4]})
    assert s.to_move() == 0 and s.slot == 2  # seat 0 decides lot 3 again
    do(s, "build 3 T2")
    assert s.stall[2] == 2


def test_building_a_built_stall_is_permanent():
    s = to_bidding(new(4, seed=3), lots=[3, 8, 12, 20, 25])
    _won(s, {0: [3]})
    do(s, "build 3 T0")
    s = to_bidding(s, lots=[4, 9, 13, 21, 26])
    _won(s, {0: [4]})
    assert legal(s) == {"build 4 T0", "build 4 T1", "build 4 T2", "build 4 T3", "empty 4"}
    assert s.stall[2] == 0


def test_building_supply_is_10_per_type():
    s = to_bidding(new(4, seed=3), lots=[3, 8, 12, 20, 25])
    deck = [lot["lot"] for lot in s.full_view()["lots"] if lot["status"] == "deck"]
    for i, lot in enumerate(deck[:10]):  # every T0 stall is built, by seats 1-3
        s = stall(s, lot, 1 + i % 3, "T0")
    assert s.full_view()["supply"] == [0, 10, 10, 10]
    _won(s, {0: [3]})
    assert "build 3 T0" not in legal(s)
    with pytest.raises(IllegalAction) as info:
        do(s, "build 3 T0")
    assert info.value.rule == "supply"


def test_building_is_skipped_when_the_supply_is_empty():
    s = to_bidding(new(4, seed=3), lots=[3, 8, 12, 20, 25])
    empty_supply(s)
    _won(s, {0: [3]})
    assert s.round == 2 and s.stall[2] == -1


# ------------------------------------------------------------------ income (§4 Step 9)
@pytest.mark.parametrize(("size", "rate"), [(1, 3), (2, 4), (3, 5), (4, 6), (5, 7)])
def test_income_3_per_customer_or_size_plus_2_for_a_connected_stall(size, rate):
    s = new(4, seed=1)
    s = clear_board(s)
    for lot in range(1, size + 1):
        s = stall(s, lot, 2, "T3")
    s = stand(s, "T3D")
    s, round_events = movement(s, 1)
    assert income(round_events) == [0, 0, rate, 0]


def test_income_is_paid_per_customer():
    s = new(4, seed=1)
    s = clear_board(s)
    s = stall(s, 1, 0, "T3")
    s = stall(s, 2, 0, "T3")
    s = stall(s, 5, 1, "T3")
    s = stand(s, "T3D", "T3E", "T3F")
    before = list(s.cash)
    s, ev = movement(s, 1)
    assert income(ev) == [8, 3, 0, 0]
    assert [a - b for a, b in zip(s.cash, before, strict=True)] == [8, 3, 0, 0]


# ------------------------------------------------------------------ refill (§4 Step 10)
def test_refill_hands_back_to_4():
    s = new(4, seed=1)
    s = clear_board(s)

    def small_hands(data):  # seat p keeps p + 1 cards, the others go to the deck
        cards = data["cards"]
        for p, held in enumerate(cards["hands"]):
            cards["deck"] += held[p + 1 :]
            del held[p + 1 :]

    s, _ = movement(s, 1, small_hands)
    assert [len(h) for h in s.hands] == [4, 4, 4, 4]
    assert card_total(s) == 40


def test_refill_reshuffles_the_discards_but_not_customers_who_left():
    s = new(4, seed=1)
    s = clear_board(s)
    discarded = []

    def piles(data):
        cards = data["cards"]
        cards["discard"] += cards["hands"][0][1:]
        del cards["hands"][0][1:]  # seat 0 needs 3
        spare = cards["deck"]
        cards["deck"], cards["left_game"] = spare[:1], spare[1:2]
        cards["discard"] += spare[2:]
        discarded.append(len(cards["discard"]))

    s, ev = movement(s, 1, piles)
    assert [e.data["cards"] for e in ev if e.kind == "reshuffle"] == discarded
    assert len(s.hands[0]) == 4 and len(s.out) == 1 and s.discard == []
    assert card_total(s) == 40


def test_refill_stops_when_deck_and_discards_are_empty():
    s = new(4, seed=1)
    s = clear_board(s)

    def no_cards(data):  # the deck and seat 0's hand leave the game
        cards = data["cards"]
        cards["left_game"] += cards["deck"] + cards["hands"][0]
        cards["deck"], cards["hands"][0] = [], []

    s, _ = movement(s, 1, no_cards)
    assert s.hands[0] == [] and s.waiting == []
    assert s.phase == HIDE and s.to_move() != 0  # seat 0 has nothing to hide


# ------------------------------------------------------------------ turn order (§4 Step 11)
def test_turn_order_more_lots_first():
    s = new(4, seed=1)
    s = clear_board(s)
    s = own_lots(s, [1, 3, 0, 2])
    s = money(s, cash=[50, 0, 60, 5])
    s, _ = movement(s, 1)
    assert list(s.order) == [1, 3, 0, 2]


def test_turn_order_counts_unbuilt_lots():
    s = new(4, seed=1)
    s = clear_board(s)
    s = stall(s, 1, 2, None)
    s = stall(s, 2, 2, None)
    s = stall(s, 3, 0, "T0")
    s = money(s, cash=[9, 9, 9, 9])
    s, _ = movement(s, 1)
    assert list(s.order) == [2, 0, 1, 3]


def test_turn_order_equal_lots_more_cash_first():
    s = new(4, seed=1)
    s = clear_board(s)
    s = own_lots(s, [2, 2, 2, 1])
    s = money(s, cash=[5, 9, 7, 30])
    s, _ = movement(s, 1)
    assert list(s.order) == [1, 2, 0, 3]


def test_turn_order_equal_lots_and_cash_previous_order_first():
    s = new(4, seed=1)
    s = clear_board(s)
    s = turn_order(s, [3, 1, 2, 0])
    s = own_lots(s, [2, 2, 2, 2])
    s = money(s, cash=[8, 8, 8, 8])
    s, _ = movement(s, 1)
    assert list(s.order) == [3, 1, 2, 0]
    assert s.view(None)["lots_owned"] == [2, 2, 2, 2]
    s = money(s, cash=[8, 9, 8, 8])
    s, _ = movement(s, 2)
    assert list(s.order) == [1, 3, 2, 0]


# ------------------------------------------------------------------ final round bonus (§5.3)
def _final(served: dict[str, list[int]]) -> list[int]:
    """Final round: seat q gets a T-type stall per customer listed; return the bonus."""
    s = new(4, seed=1)
    s = clear_board(s)
    lot = 1
    names = []
    for type_name, seats in served.items():
        for q in seats:
            s = stall(s, lot, q, type_name, won=2)
            names.append(f"{type_name}{'DEFGH'[len([n for n in names if n[:2] == type_name])]}")
            lot += 2  # keep stalls apart so they never connect
    s = stand(s, *names)
    s, ev = movement(s, 5)
    return bonus(ev)


def test_majority_bonus_4_gold_to_the_most_customers_of_a_type():
    assert _final({"T0": [1, 1, 2]}) == [0, 4, 0, 0]


def test_majority_bonus_each_type_separately():
    assert _final({"T0": [1, 1, 2], "T1": [2]}) == [0, 4, 4, 0]


@pytest.mark.parametrize(
    ("seats", "expected"),
    [([0, 1], [2, 2, 0, 0]), ([0, 1, 2], [1, 1, 1, 0]), ([0, 1, 2, 3], [1, 1, 1, 1])],
)
def test_majority_bonus_ties_split_and_round_down(seats, expected):
    assert _final({"T2": seats}) == expected


def test_majority_bonus_needs_at_least_one_customer():
    assert _final({}) == [0, 0, 0, 0]


def test_majority_bonus_only_in_the_final_round():
    s = new(4, seed=1)
    s = clear_board(s)
    s = stall(s, 1, 0, "T0")
    s = stand(s, "T0D")
    s, ev = movement(s, 4)
    assert not [e for e in ev if e.kind == "bonus"]
    assert income(ev) == [3, 0, 0, 0]


# ------------------------------------------------------------------ end of game (§6)
def test_end_loans_repaid_at_7_each():
    s = new(4, seed=1)
    s = clear_board(s)
    s = money(s, cash=[10, 10, 10, 10], loans=[0, 1, 2, 3])
    s, ev = movement(s, 5)
    assert s.phase == OVER and s.is_over() and s.legal_actions() == []
    assert s.cash == [10, 3, -4, -11]
    assert next(e.data["repaid"] for e in ev if e.kind == "repay") == [0, 7, 14, 21]


def test_end_most_cash_wins():
    s = game_over(clear_board(new(4, seed=1)), cash=[10, 12, 11, 12], lots=[5, 1, 2, 3])
    assert s.phase == OVER and s.nlots == [5, 1, 2, 3]
    assert s.winners() == [3]
    assert s.returns() == [0.0, 0.0, 0.0, 1.0]


def test_end_tie_on_cash_most_lots_wins():
    s = game_over(clear_board(new(4, seed=1)), cash=[12, 12, 11, 12], lots=[5, 5, 9, 3])
    assert s.phase == OVER and s.nlots == [5, 5, 9, 3]
    assert s.winners() == [0, 1]
    assert s.returns() == [0.5, 0.5, 0.0, 0.0]


def test_end_tie_on_cash_and_lots_is_shared():
    s = game_over(clear_board(new(3, seed=1)), cash=[7, 7, 7], lots=[4, 4, 4])
    assert s.phase == OVER and s.nlots == [4, 4, 4]
    assert s.winners() == [0, 1, 2]


def test_scores_during_play_are_cash_minus_7_per_loan():
    s = new(4, seed=1)
    s = money(s, cash=[10, 10, 10, 10], loans=[0, 1, 2, 3])
    assert s.scores() == [10, 3, -4, -11]
    assert s.winners() == []


def test_game_ends_after_round_5():
    s = new(4, seed=2)
    rounds = set()
    while not s.is_over():
        rounds.add(s.round)
        s.apply(s.legal_actions()[-1])
    assert rounds == {1, 2, 3, 4, 5}
    assert COMPONENTS.rounds == 5


def test_lot_budget_4_players_uses_all_30_lots():
    s = new(4, seed=2)
    while not s.is_over():
        s.apply(s.legal_actions()[0])
    assert s.land == []


def test_letters_and_paths_data():
    assert LETTERS == "ABCDEFGH"
