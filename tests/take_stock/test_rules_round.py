"""Seed rules on the round end (回合結束), scoring, next-round set-up and game end (§7-§10)."""

from __future__ import annotations

import json

import pytest

from bazaar.core.errors import IllegalAction
from bazaar.core.rng import Rng
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock.components import CLOSED, STARTERS
from bazaar.games.take_stock.state import EXERCISE, KIND_MASK, MAIN, OVER, TAG_SHIFT

from .helpers import (
    card,
    discard_from_deck,
    do,
    event_total,
    find,
    give,
    hold,
    kind,
    kinds_of,
    legal,
    new,
    set_certs,
    set_dealer,
    set_frozen,
    set_round,
    set_row,
    set_tokens,
    set_totals,
    share_total,
    stack_events,
    turn,
)


def end_by_hand(s, seat: int = 0, cert: str = "M12", discard: str = "M11"):
    """Seat ``seat`` buys with its last two cards: the round ends (hand empty)."""
    turn(s, seat)
    give(s, seat, cert, discard)
    return do(s, f"buy {cert} {discard}")


def end_by_market_closed(s, seat: int = 0):
    turn(s, seat)
    give(s, seat, "M11", "M12")
    stack_events(s, "market-closed")
    return do(s, "event1 M11")


def finish_exercise(s, move: str = "exercise none"):
    events = []
    while s.phase == EXERCISE:
        events += do(s, move)
    return events


# ------------------------------------------------------------------ round-end conditions (§7)
def test_round_end_market_closed_condition():
    s = new(4)
    events = end_by_market_closed(s)
    assert find(events, "round_end").data == {"round": 1, "reason": "market-closed"}


def test_round_end_value_condition_counts_card_value_not_price():
    s = new(4)
    turn(s, 0)
    set_row(s, "O", 3, 7, splits=3)  # price 28, but no 11/12 card
    give(s, 0, "O10", "C2")
    do(s, "play O10")
    assert s.phase == MAIN and s.price(3) == 40


def test_round_end_hand_empty_condition_any_player():
    s = new(4)
    set_row(s, "O", 3)
    events = end_by_hand(s, seat=2, cert="O7", discard="C3")
    assert find(events, "round_end").data["reason"] == "hand-empty"
    assert s.phase == EXERCISE


def test_round_end_only_once_first_condition_recorded():
    s = new(4)
    set_row(s, "G", 4, 8)
    hold(s, 0, "upturn", 1)
    turn(s, 0, round_no=2)
    give(s, 0, "M2", "G12")
    do(s, "trigger upturn M2")
    events = do(s, "play G12")  # an 11/12 and an empty hand at once
    assert [e.data["reason"] for e in events if e.kind == "round_end"] == ["value-11-12"]


# ------------------------------------------------------------------ option exercise (§7.1)
def test_exercise_players_with_cards_and_tokens_in_order_from_start_player():
    s = new(4, first_dealer="seat0")  # seat 1 starts
    set_tokens(s, [4, 4, 0, 4])
    set_row(s, "O", 3)
    give(s, 1, "C2", "C3")
    give(s, 2, "G2")
    give(s, 0, "T2")
    events = end_by_hand(s, seat=3, cert="O7", discard="O4")
    assert "exercise_decided" not in kinds_of(events)
    order = []
    while s.phase == EXERCISE:
        order.append(s.to_move())
        do(s, "exercise none")
    assert order == [1, 0]  # seat 2 has no token, seat 3 no card


def test_exercise_turns_hand_cards_into_certificates_limit_lifted():
    s = new(4, first_dealer="seat0")
    set_certs(s, 1, "G5")  # already at the round-start limit of 1
    give(s, 1, "C2", "C6", "C10", "T2")
    give(s, 2, "G2")
    give(s, 0, "T3")
    set_row(s, "O", 3)
    supply = s.supply
    end_by_hand(s, seat=3, cert="O7", discard="O4")
    assert s.to_move() == 1
    assert "exercise 1 2 3" in legal(s)
    assert "exercise 1 2 3 4 5" not in legal(s)
    events = do(s, "exercise C6 C10 T2")
    events += finish_exercise(s)
    assert find(events, "exercise").data == {"seat": 1, "cards": ["C6", "C10", "T2"]}
    # certificates at scoring: G5 (1 share) + C6 (2) + C10 (3) + T2 (1), all at price 1
    assert find(events, "score").data["scores"][1] == 7
    assert s.tokens[1] == 1 and s.supply == supply + 3


def test_exercise_all_four_tokens_allowed():
    s = new(4, first_dealer="seat0")
    give(s, 1, "C2", "C6", "C10", "T2", "T5")
    set_row(s, "O", 3)
    end_by_hand(s, seat=3, cert="O7", discard="O4")
    events = do(s, "exercise 1 2 3 5")
    events += finish_exercise(s)
    assert find(events, "exercise").data["cards"] == ["C2", "C6", "C10", "T5"]
    assert s.tokens[1] == 0


def test_exercise_more_than_tokens_is_illegal():
    s = new(4, first_dealer="seat0")
    set_tokens(s, [4, 1, 4, 4])
    give(s, 1, "C2", "C6", "T2")
    set_row(s, "O", 3)
    end_by_hand(s, seat=3, cert="O7", discard="O4")
    assert legal(s) == {"exercise none", "exercise 1", "exercise 2", "exercise 3"}
    with pytest.raises(IllegalAction) as exc:
        do(s, "exercise 1 2")
    assert exc.value.rule == "exercise-tokens"
    with pytest.raises(IllegalAction) as exc:
        do(s, "exercise 4")
    assert exc.value.rule == "exercise-hand"
    with pytest.raises(IllegalAction, match="not in your hand"):
        do(s, "exercise O9")


def test_exercise_choices_hidden_until_everyone_decided():
    s = new(4, first_dealer="seat0")
    give(s, 1, "C2", "C6")
    give(s, 2, "G2", "G3")
    give(s, 0, "T3")
    set_row(s, "O", 3)
    end_by_hand(s, seat=3, cert="O7", discard="O4")
    before = {q: json.dumps(s.view(q), sort_keys=True) for q in (0, 2, 3)}
    events = do(s, "exercise C6")
    public = [e for e in events if e.to is None]
    assert [e.kind for e in public] == ["exercise_decided"]
    assert find(events, "exercise_chosen").to == 1
    assert "C6" not in json.dumps([e.to_json() for e in public])
    for q in (0, 2, 3):
        view = s.view(q)
        assert view["seats"][1]["hand_size"] == 2 and view["seats"][1]["certificates"] == []
        assert view["seats"][1]["exercise_decided"] is True
        assert view["exercising"] is None
        assert json.dumps(view, sort_keys=True) != before[q]  # only the decided flag changed
    assert s.view(1)["exercising"] == ["C6"]
    events = finish_exercise(s)
    assert find(events, "exercise").data == {"seat": 1, "cards": ["C6"]}


def test_exercise_then_every_hand_discarded_face_up():
    s = new(4, first_dealer="seat0")
    give(s, 1, "C2", "C6")
    give(s, 2, "G2")
    set_row(s, "O", 3)
    end_by_hand(s, seat=3, cert="O7", discard="O4")
    events = finish_exercise(s)
    discards = {e.data["seat"]: e.data["cards"] for e in events if e.kind == "hand_discard"}
    assert discards[1] == ["C2", "C6"] and discards[2] == ["G2"]
    assert s.round == 2  # the next round has begun


# ------------------------------------------------------------------ scoring (§8)
def test_scoring_price_seed_example_corn_1_2_5_7_two_splits_is_21():
    s = new(4)
    set_row(s, "C", 2, 5, 7, splits=2)
    assert s.price(0) == 21


def test_scoring_shares_times_price_summed_over_certificates():
    s = new(4, first_dealer="seat0")
    set_row(s, "C", 2, 5, 7, splits=2)  # corn 21
    set_row(s, "O", 3)  # oil 3
    set_certs(s, 1, "C6", "O12", "C2")  # 2*21 + 3*3 + 1*21 = 72
    set_certs(s, 2, "C11")  # 3*21 = 63
    give(s, 1, "G2")
    give(s, 2, "G3")
    give(s, 0, "G4")
    events = end_by_hand(s, seat=3, cert="O9", discard="O4")  # 2*3 = 6
    events += finish_exercise(s)
    score = find(events, "score").data
    assert score["prices"] == [21, 1, 1, 3, 1]
    assert score["scores"] == [0, 72, 63, 6]
    assert s.totals == [0, 72, 63, 6]
    assert s.history == [0, 72, 63, 6]


def test_scoring_certificate_with_two_shares_of_corn_at_21_scores_42():
    s = new(2, first_dealer="seat0")
    set_row(s, "C", 2, 5, 7, splits=2)
    set_certs(s, 0, "C6")
    events = end_by_hand(s, seat=1, cert="M2", discard="M11")
    events += finish_exercise(s)
    assert find(events, "score").data["scores"] == [42, 1]


def test_scoring_uses_exercised_certificates():
    s = new(2, first_dealer="seat0")
    set_row(s, "O", 3, 7)
    give(s, 0, "O10", "O2")
    events = end_by_hand(s, seat=1, cert="M2", discard="M11")
    events += do(s, "exercise O10")
    assert find(events, "score").data["scores"][0] == 3 * 7


# ------------------------------------------------------------------ next round (§9)
def test_next_round_after_market_closed_rebuilds_all_forty():
    s = new(4, first_dealer="seat0")
    hold(s, 2, "audit", 1)
    hold(s, 3, "split-C", 1)
    set_row(s, "O", 3, splits=1)
    set_frozen(s, "C")
    discard_from_deck(s, top=False)
    end_by_market_closed(s)
    finish_exercise(s)
    assert s.round == 2
    deck = [e & KIND_MASK for e in s.edeck]
    assert len(deck) == 40 and deck[10] == CLOSED
    assert all(h == () for h in s.held)  # held events are gathered too
    assert s.ediscard == [] and s.splits == [0] * 5 and s.frozen == [0] * 5
    assert not s.mc_aside
    assert s.market_closed_position() == 30


def test_next_round_other_end_puts_discards_and_table_under_deck_held_carry_over():
    s = new(4, first_dealer="seat0")
    hold(s, 2, "audit", 1)
    set_row(s, "O", 3, splits=2)
    set_frozen(s, "C")
    stack_events(s, "no-change")
    discard_from_deck(s)  # the No Market Change just stacked
    top = s.edeck[-25:]
    position = s.market_closed_position()
    end_by_hand(s, seat=0, cert="O7", discard="C3")
    finish_exercise(s)
    assert s.round == 2
    deck = [e & KIND_MASK for e in s.edeck]
    bottom = sorted(deck[:4])
    assert bottom == sorted([kind("no-change"), kind("split-O"), kind("split-O"), kind("freeze")])
    assert s.edeck[-25:] == top  # the remaining deck keeps its order on top
    assert s.market_closed_position() == position
    assert s.eblocks == [4]
    assert [e & KIND_MASK for e in s.held[2]] == [kind("audit")]
    assert s.splits == [0] * 5 and s.frozen == [0] * 5 and s.ediscard == []
    assert event_total(s) == 40


def test_next_round_held_event_drawn_this_round_usable_next_round():
    s = new(4, first_dealer="seat0")
    turn(s, 0)
    give(s, 0, "C3", "C4", "C5")
    stack_events(s, "audit")
    do(s, "event1 C3")
    assert s.view(0)["held_events"][0]["usable"] is False
    set_row(s, "O", 3)
    end_by_hand(s, seat=2, cert="O7", discard="C6")
    finish_exercise(s)
    assert s.view(0)["held_events"] == [{"event": "audit", "round": 1, "usable": True}]


def test_next_round_share_cards_rebuilt_five_ones_stay():
    s = new(4, first_dealer="seat0")
    set_row(s, "O", 3, 7)
    set_certs(s, 1, "G5", "G7")
    end_by_hand(s, seat=0, cert="O9", discard="C3")
    finish_exercise(s)
    assert s.rows == [(c,) for c in STARTERS]
    assert all(c == () for c in s.certs)
    assert share_total(s) == list(range(60))
    sizes = sorted(len(h) for h in s.hands)
    assert sizes == [5, 5, 5, 6]  # dealt 5 each; the start player has drawn


def test_next_round_dealer_is_lowest_total_and_starts_left():
    s = new(4, first_dealer="seat0")
    set_totals(s, [50, 40, 30, 60])
    end_by_hand(s, seat=0, cert="M12", discard="C3")
    finish_exercise(s)
    assert s.dealer == 2 and s.start == 3 and s.to_move() == 3


def test_next_round_dealer_tie_first_clockwise_from_previous_dealers_left():
    s = new(4, first_dealer="seat0")
    set_dealer(s, 2)
    set_totals(s, [10, 40, 40, 10])
    end_by_hand(s, seat=1, cert="M12", discard="C3")  # seat 1 scores 3
    finish_exercise(s)
    assert s.totals == [10, 43, 40, 10]
    # previous dealer 2: order 3, 0, 1, 2 -> seat 3 is the first tied lowest
    assert s.dealer == 3


def test_next_round_dealer_tie_lowest_seat_option():
    s = new(4, first_dealer="seat0", dealer_tie="lowest_seat")
    set_dealer(s, 2)
    set_totals(s, [10, 40, 40, 10])
    end_by_hand(s, seat=1, cert="M12", discard="C3")
    finish_exercise(s)
    assert s.dealer == 0


def test_next_round_tokens_not_replenished():
    s = new(4, first_dealer="seat0")
    give(s, 1, "C2", "C6")
    end_by_hand(s, seat=0, cert="M12", discard="C3")
    do(s, "exercise 1 2")
    finish_exercise(s)
    assert s.tokens[1] == 2 and s.supply == 30 - 16 + 2


def test_next_round_tokens_refill_option():
    s = new(4, first_dealer="seat0", tokens_between_rounds="refill")
    give(s, 1, "C2", "C6")
    end_by_hand(s, seat=0, cert="M12", discard="C3")
    do(s, "exercise 1 2")
    finish_exercise(s)
    assert s.tokens[1] == 4 and s.supply == 30 - 16


# ------------------------------------------------------------------ game end (§10)
def play_out(s, rng: Rng) -> None:
    while not s.is_over():
        legal_actions = s.legal_actions()
        s.apply(legal_actions[rng.below(len(legal_actions))])


def test_game_lasts_four_rounds_then_highest_total_wins():
    s = new(3, seed=11)
    rounds = set()
    rng = Rng(4)
    while not s.is_over():
        rounds.add(s.round)
        legal_actions = s.legal_actions()
        s.apply(legal_actions[rng.below(len(legal_actions))])
    assert rounds == {1, 2, 3, 4}
    assert s.phase == OVER and s.to_move() is None and s.legal_actions() == []
    assert len(s.history) == 12
    assert s.totals == [sum(s.history[q::3]) for q in range(3)]
    best = max(s.totals)
    assert s.winners() == [q for q in range(3) if s.totals[q] == best]


def test_final_scoring_after_round_four_ends_game_with_winner():
    s = new(2, first_dealer="seat0")
    set_round(s, 4)
    set_totals(s, [100, 90])
    set_row(s, "O", 3)
    set_certs(s, 1, "O10")  # 3 shares x 3 = 9
    events = end_by_hand(s, seat=0, cert="M12", discard="C3")  # 3 shares x 1 = 3
    events += finish_exercise(s)
    assert s.is_over()
    assert s.scores() == [103, 99]
    assert s.winners() == [0]
    assert find(events, "game_over").data == {"scores": [103, 99], "winners": [0]}
    assert s.returns() == [1.0, 0.0]


def test_final_tie_is_a_shared_win():
    s = new(3, first_dealer="seat0")
    set_round(s, 4)
    set_totals(s, [100, 99, 98])
    set_row(s, "O", 3)
    set_certs(s, 1, "O2")  # 1 share x 3 = 3 -> 102
    set_certs(s, 2, "O6")  # 2 shares x 3 = 6 -> 104
    give(s, 0, "C2")
    end_by_hand(s, seat=0, cert="M2", discard="C3")  # 1 x 1 = 1 -> 101
    finish_exercise(s)
    assert s.scores() == [101, 102, 104]
    s2 = new(3, first_dealer="seat0")
    set_round(s2, 4)
    set_totals(s2, [100, 101, 97])
    set_row(s2, "O", 3)
    set_certs(s2, 2, "O10")  # 9 -> 106
    end_by_hand(s2, seat=0, cert="M6", discard="C3")  # 2 x 1 = 2 -> 102
    finish_exercise(s2)
    assert s2.scores() == [102, 101, 106]
    s3 = new(2, first_dealer="seat0")
    set_round(s3, 4)
    set_totals(s3, [50, 51])
    end_by_hand(s3, seat=0, cert="M2", discard="C3")
    finish_exercise(s3)
    assert s3.scores() == [51, 51]
    assert s3.winners() == [0, 1]
    assert s3.returns() == [0.5, 0.5]


def test_exercise_parse_accepts_card_names_and_positions_same_action():
    s = new(4, first_dealer="seat0")
    give(s, 1, "C2", "C6", "T2")
    end_by_hand(s, seat=0, cert="M12", discard="C3")
    assert s.parse("exercise C6 T2") == s.parse("exercise 2 3") == A.EXERCISE_BASE + 0b110
    assert s.notation(s.parse("exercise t2, c6")) == "exercise 2 3"


def test_held_events_tag_round_drawn():
    s = turn(new(4), 0)
    give(s, 0, "C3", "C4")
    stack_events(s, "audit")
    do(s, "event1 C3")
    assert s.held[0] == (kind("audit") | 1 << TAG_SHIFT,)
    assert card("C4") in s.hands[0]
