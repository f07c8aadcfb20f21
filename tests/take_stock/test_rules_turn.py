"""Seed rules on a player's turn (遊戲進行): the draw and the four actions A-D, spec §5."""

from __future__ import annotations

import pytest

from bazaar.core.errors import IllegalAction, NotationError
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock.state import CHOOSE, EXERCISE, MAIN, TAG_SHIFT

from .helpers import (
    card,
    do,
    draw_pile_to_discard,
    event_total,
    find,
    give,
    hold,
    kind,
    kinds_of,
    leave_only_market_closed,
    legal,
    names,
    new,
    park_share_piles,
    set_certs,
    set_row,
    share_total,
    stack_draw,
    stack_events,
    turn,
)


def plays(s) -> set[str]:
    return {n for n in legal(s) if n.startswith("play")}


def buys(s) -> set[str]:
    return {n for n in legal(s) if n.startswith("buy")}


# ------------------------------------------------------------------ turn order (§3 step 6, §5.1)
def test_turn_order_clockwise_from_dealers_left():
    s = new(4, first_dealer="seat0")
    seen = []
    for _ in range(6):
        seen.append(s.to_move())
        do(s, f"event1 {names(s.hands[s.cur])[0]}")  # Market Closed is 30th from the top
    assert seen == [1, 2, 3, 0, 1, 2]


# ------------------------------------------------------------------ draw phase (§5.1 step 1)
def test_draw_phase_top_card_of_share_pile_into_hand():
    s = new(4, first_dealer="seat0")
    give(s, 2, "O3", "C4")
    stack_draw(s, "G9")
    turn(s, 1)
    give(s, 1, "T2", "T3")
    events = do(s, "play T2")
    assert s.to_move() == 2
    assert names(s.hands[2]) == ["C4", "G9", "O3"]
    assert find(events, "draw").data == {"seat": 2}
    drew = find(events, "drew")
    assert drew.to == 2 and drew.data["card"] == "G9"


def test_draw_from_empty_pile_reshuffles_the_discard_pile():
    s = new(4, first_dealer="seat0")
    turn(s, 1)
    give(s, 1, "T2", "T3")
    give(s, 2, "O3")
    n = len(s.sdraw)
    draw_pile_to_discard(s)
    events = do(s, "play T2")
    assert find(events, "reshuffle").data == {"cards": n}
    assert s.sdiscard == []
    assert len(s.sdraw) == n - 1
    assert len(s.hands[2]) == 2
    assert share_total(s) == list(range(60))


def test_draw_with_empty_pile_and_empty_discard_ends_the_round():
    s = new(4, first_dealer="seat0")
    turn(s, 1)
    give(s, 1, "T2", "T3")
    give(s, 2, "O3", "O4")
    park_share_piles(s, 0)  # the rest of the cards become seat 0's certificates
    events = do(s, "play T2")
    assert find(events, "round_end").data == {"round": 1, "reason": "deck-empty"}
    assert "draw" not in kinds_of(events)
    assert names(s.hands[2]) == ["O3", "O4"]  # no card drawn, no action taken


# ------------------------------------------------------------------ A. Manipulate (§5.3A)
def test_manipulate_from_one_only_two_to_five():
    s = turn(new(4), 0)
    give(s, 0, "O2", "O3", "O4", "O5", "O6", "O12")
    assert plays(s) == {"play O2", "play O3", "play O4", "play O5"}


def test_manipulate_card_goes_to_bottom_of_its_row():
    s = turn(new(4), 0)
    give(s, 0, "O3", "O7", "C2")
    do(s, "play O3")
    assert names(s.rows[3]) == ["O1", "O3"]
    assert s.top[3] == 3
    assert names(s.hands[0]) == ["C2", "O7"]


def test_manipulate_difference_at_most_four():
    s = turn(new(4), 0)
    set_row(s, "O", 3)
    give(s, 0, "O7", "O8", "O2")
    assert plays(s) == {"play O7"}
    with pytest.raises(IllegalAction, match="higher than 3 and at most 7") as exc:
        do(s, "play O8")
    assert exc.value.rule == "manipulate"


def test_manipulate_strictly_higher_lower_value_illegal():
    s = turn(new(4), 0)
    set_row(s, "C", 2, 5)
    give(s, 0, "C3", "C4", "C6")
    assert plays(s) == {"play C6"}
    with pytest.raises(IllegalAction, match="higher than 5 and at most 9"):
        do(s, "play C3")


def test_manipulate_direction_either_option_allows_lower_within_four():
    s = turn(new(4, manipulate_direction="either"), 0)
    set_row(s, "C", 6)
    give(s, 0, "C2", "C3", "C9", "C11")
    assert plays(s) == {"play C2", "play C3", "play C9"}
    do(s, "play C2")
    assert s.top[0] == 2 and s.price(0) == 2


def test_manipulate_not_in_hand_is_illegal():
    s = turn(new(4), 0)
    give(s, 0, "O2", "O3")
    with pytest.raises(IllegalAction, match="no O4 in hand") as exc:
        do(s, "play O4")
    assert exc.value.rule == "hand"


@pytest.mark.parametrize(("row", "value"), [((3, 7), 11), ((4, 8), 12)])
def test_manipulate_eleven_or_twelve_ends_round_at_once(row, value):
    s = turn(new(4), 0)
    set_row(s, "G", *row)
    give(s, 0, f"G{value}", "C2", "C3")
    events = do(s, f"play G{value}")
    assert find(events, "round_end").data["reason"] == "value-11-12"
    assert "draw" not in kinds_of(events)  # the next player does not draw
    assert s.phase == EXERCISE


def test_manipulate_ten_does_not_end_round():
    s = turn(new(4), 0)
    set_row(s, "G", 6)
    give(s, 0, "G10", "C2")
    do(s, "play G10")
    assert s.phase == MAIN and s.to_move() == 1


# ------------------------------------------------------------------ B. Buy (§5.3B)
def test_buy_certificate_then_discard():
    s = turn(new(4), 0)
    set_row(s, "O", 3)
    give(s, 0, "O7", "C3", "M2")
    events = do(s, "buy O7 C3")
    assert names(s.certs[0]) == ["O7"]
    assert names(s.hands[0]) == ["M2"]
    assert s.sdiscard[-1] == card("C3")
    assert find(events, "buy").data == {"seat": 0, "card": "O7", "shares": 2}
    assert find(events, "discard").data == {"seat": 0, "card": "C3"}


def test_buy_needs_two_different_cards():
    s = turn(new(4), 0)
    set_row(s, "O", 3)
    give(s, 0, "O7", "C3")
    with pytest.raises(IllegalAction) as exc:
        do(s, "buy O7 O7")
    assert exc.value.rule == "buy-two-cards"


def test_buy_limit_at_round_start_one_certificate():
    s = turn(new(4), 0)
    give(s, 0, "O7", "C3", "M2")
    assert s.hold_limit() == 1
    assert len(buys(s)) == 6
    do(s, "buy O7 C3")
    turn(s, 0)
    give(s, 0, "O8", "C4", "M2")
    assert buys(s) == set()
    with pytest.raises(IllegalAction, match="holds 1 certificate") as exc:
        do(s, "buy O8 C4")
    assert exc.value.rule == "buy-limit"


def test_buy_limit_seed_example_oil_row_1_3_7_two_splits_is_five():
    s = turn(new(4), 0)
    set_row(s, "O", 3, 7, splits=2)
    assert s.row_length(3) == 5
    assert s.hold_limit() == 5
    set_certs(s, 0, "C2", "C3", "G2", "G3")  # 4 certificates: fewer than 5, may buy
    give(s, 0, "M5", "M6")
    assert buys(s) == {"buy M5 M6", "buy M6 M5"}
    do(s, "buy M6 M5")
    assert len(s.certs[0]) == 5


def test_buy_limit_seed_example_five_certificates_may_not_buy():
    s = turn(new(4), 0)
    set_row(s, "O", 3, 7, splits=2)
    set_certs(s, 0, "C2", "C3", "G2", "G3", "T2")
    give(s, 0, "M5", "M6", "M7")
    assert buys(s) == set()


def test_buy_limit_counts_certificates_as_cards_not_shares():
    s = turn(new(4), 0)
    set_row(s, "T", 3)
    assert s.hold_limit() == 2
    set_certs(s, 0, "C12")  # one card with 3 share symbols
    give(s, 0, "M5", "M6")
    assert buys(s)


def test_buy_limit_is_the_longest_row_of_any_stock():
    s = turn(new(4), 0)
    set_row(s, "C", 2, 3, 4)
    set_row(s, "G", 5, splits=1)
    assert s.hold_limit() == 4
    set_certs(s, 0, "O2", "O3", "O4")
    give(s, 0, "M5", "M6")
    assert buys(s)


def test_buy_limit_inclusive_option_allows_holding_equal_to_limit():
    s = turn(new(4, buy_limit="inclusive"), 0)
    set_row(s, "O", 3)
    set_certs(s, 0, "C2", "C3")
    give(s, 0, "M5", "M6")
    assert buys(s)
    set_certs(s, 0, "C2", "C3", "C4")
    assert not buys(s)


def test_freeze_cards_in_row_length_option():
    s = turn(new(4, freeze_in_row_length=True), 0)
    set_row(s, "O", 3)
    from .helpers import set_frozen

    set_frozen(s, "O")
    assert s.hold_limit() == 3
    s2 = turn(new(4), 0)
    set_row(s2, "O", 3)
    set_frozen(s2, "O")
    assert s2.hold_limit() == 2


def test_buy_with_exactly_two_cards_empties_hand_and_ends_round():
    s = turn(new(4), 0)
    set_row(s, "O", 3)
    give(s, 0, "O7", "C3")
    events = do(s, "buy O7 C3")
    assert find(events, "round_end").data["reason"] == "hand-empty"
    assert s.hands[0] == []


# ------------------------------------------------------------------ C. Make an event (§5.3C)
def test_event2_discard_then_draw_two_and_choose_one():
    s = turn(new(4), 0)
    give(s, 0, "C3", "M2")
    stack_events(s, "split-O", "audit")
    events = do(s, "event2 C3")
    assert s.sdiscard[-1] == card("C3")
    assert s.phase == CHOOSE and s.to_move() == 0
    assert legal(s) == {"choose split-O", "choose audit"}
    seen = find(events, "events_seen")
    assert seen.to == 0 and seen.data["events"] == ["split-O", "audit"]
    assert all(e.to == 0 for e in events if e.kind == "events_seen")
    assert s.view(1)["drawn_events"] == [] and s.view(0)["drawn_events"] == ["split-O", "audit"]
    events = do(s, "choose split-O")
    assert s.splits[3] == 1
    # the other card lies face down on the event discard pile, known only to seat 0
    assert s.ediscard == [kind("audit") | 1 << TAG_SHIFT]
    assert s.view(0)["event_discard"] == ["audit"]
    assert s.view(1)["event_discard"] == ["?"]
    assert s.view(None)["event_discard"] == ["?"]
    assert find(events, "event_discarded").to == 0
    assert s.to_move() == 1
    assert event_total(s) == 40


def test_event2_same_kind_twice_one_choice():
    s = turn(new(4), 0)
    give(s, 0, "C3", "M2")
    stack_events(s, "no-change", "no-change")
    do(s, "event2 C3")
    assert legal(s) == {"choose no-change"}
    do(s, "choose no-change")
    assert [e & 31 for e in s.ediscard] == [kind("no-change")] * 2


def test_event1_draw_one_and_hold_face_down():
    s = turn(new(4), 0)
    give(s, 0, "C3", "M2")
    stack_events(s, "market-crash")
    events = do(s, "event1 C3")
    assert s.held[0] == (kind("market-crash") | 1 << TAG_SHIFT,)
    assert find(events, "hold").to is None
    assert find(events, "held").to == 0
    assert s.view(0)["held_events"] == [{"event": "market-crash", "round": 1, "usable": False}]
    assert s.view(1)["seats"][0]["held"] == 1
    assert "held_events" not in s.view(None)
    assert "market-crash" not in str(s.view(1))
    assert s.to_move() == 1


@pytest.mark.parametrize("mode", ["event1", "event2"])
def test_market_closed_drawn_is_shown_and_ends_round(mode):
    s = turn(new(4), 0)
    give(s, 0, "C3", "M2")
    stack_events(s, "market-closed", "audit")
    events = do(s, f"{mode} C3")
    assert find(events, "market_closed").data == {"seat": 0}
    assert find(events, "round_end").data["reason"] == "market-closed"
    assert s.mc_aside and s.held[0] == ()  # never held
    if mode == "event2":  # the other card goes unexecuted, face down, to the discard
        assert s.ediscard == [kind("audit") | 1 << TAG_SHIFT]
    assert event_total(s) == 40


def test_market_closed_second_of_two_also_ends_round():
    s = turn(new(4), 0)
    give(s, 0, "C3", "M2")
    stack_events(s, "split-C", "market-closed")
    do(s, "event2 C3")
    assert s.reason == 1 and s.splits[0] == 0
    assert s.ediscard == [kind("split-C") | 1 << TAG_SHIFT]


def test_market_closed_as_last_card_when_drawing_two():
    s = turn(new(4), 0)
    give(s, 0, "C3", "M2")
    leave_only_market_closed(s)
    do(s, "event2 C3")
    assert s.mc_aside and s.reason == 1
    assert event_total(s) == 40


# ------------------------------------------------------------------ D. Trigger (§5.3D)
def test_trigger_discard_then_reveal_and_execute_held_event():
    s = turn(new(4), 0, round_no=2)
    give(s, 0, "C3", "M2")
    hold(s, 0, "split-G", 1)
    events = do(s, "trigger split-G C3")
    assert s.sdiscard[-1] == card("C3")
    assert s.splits[1] == 1
    assert s.held[0] == ()
    assert find(events, "trigger").data == {"seat": 0, "event": "split-G"}


def test_trigger_held_event_not_in_the_round_it_was_drawn():
    s = turn(new(4), 0, round_no=2)
    give(s, 0, "C3", "M2")
    hold(s, 0, "split-G", 2)
    assert not {n for n in legal(s) if n.startswith("trigger")}
    with pytest.raises(IllegalAction, match="later round") as exc:
        do(s, "trigger split-G C3")
    assert exc.value.rule == "held-timing"


def test_trigger_never_legal_in_round_one_by_default():
    s = turn(new(4), 0)
    give(s, 0, "C3", "M2")
    hold(s, 0, "no-change", 1)
    assert not {n for n in legal(s) if n.startswith("trigger")}


def test_trigger_later_turn_option_allows_same_round():
    s = turn(new(4, held_usable="later_turn"), 0)
    give(s, 0, "C3", "M2")
    hold(s, 0, "no-change", 1)
    assert {n for n in legal(s) if n.startswith("trigger")} == {
        "trigger no-change C3",
        "trigger no-change M2",
    }


def test_trigger_without_held_event_is_illegal():
    s = turn(new(4), 0, round_no=2)
    give(s, 0, "C3", "M2")
    with pytest.raises(IllegalAction, match="holds no audit") as exc:
        do(s, "trigger audit C3")
    assert exc.value.rule == "held-event"


def test_trigger_uses_oldest_usable_copy():
    s = turn(new(4), 0, round_no=3)
    give(s, 0, "C3", "M2")
    hold(s, 0, "audit", 1)
    hold(s, 0, "audit", 2)
    hold(s, 0, "audit", 3)
    do(s, "trigger audit C3")
    assert [e >> TAG_SHIFT for e in s.held[0]] == [2, 3]


def test_no_passing_every_action_uses_a_card():
    s = turn(new(4), 0)
    give(s, 0, "C3", "M2")
    assert all(a < A.CHOOSE_BASE for a in s.legal_actions())  # only actions A-D
    with pytest.raises(NotationError):
        s.parse("pass")


def test_make_event_always_available():
    s = turn(new(4), 0)
    give(s, 0, "C12", "M12")
    set_certs(s, 0, "G2")  # at the buy limit, and no card can be played
    assert legal(s) == {"event2 C12", "event2 M12", "event1 C12", "event1 M12"}


def test_wrong_phase_action_is_rejected_with_rule():
    s = turn(new(4), 0)
    give(s, 0, "C3", "M2")
    with pytest.raises(IllegalAction) as exc:
        do(s, "stop")
    assert exc.value.rule == "phase"
    with pytest.raises(IllegalAction) as exc:
        do(s, "exercise none")
    assert exc.value.rule == "phase"
