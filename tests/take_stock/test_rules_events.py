"""Every event card's effect (事件卡介紹), spec §6, under every option that changes it."""

from __future__ import annotations

import pytest

from bazaar.core.errors import IllegalAction
from bazaar.games.take_stock.state import (
    AUDIT_P,
    EXERCISE,
    FREEZE_P,
    INSIDER_P,
    MAIN,
    TARGET_P,
    UPTURN_P,
)

from .helpers import (
    card,
    do,
    event_total,
    find,
    freeze_player,
    give,
    hold,
    kind,
    legal,
    names,
    new,
    set_certs,
    set_frozen,
    set_row,
    set_tokens,
    share_total,
    stack_events,
    turn,
)


def fire(s, event: str, hand: tuple[str, ...] = ("M2", "M3", "M4"), seat: int = 0):
    """Seat ``seat`` triggers a held ``event`` (drawn in round 1) in round 2, discarding hand[0]."""
    hold(s, seat, event, 1)
    turn(s, seat, round_no=2)
    give(s, seat, *hand)
    return do(s, f"trigger {event} {hand[0]}")


def discard_kinds(s) -> list[int]:
    return [e & 31 for e in s.ediscard]


def check_accounting(s) -> None:
    assert event_total(s) == 40
    assert share_total(s) == list(range(60))


# ------------------------------------------------------------------ Stock Split
def test_split_goes_beside_row_and_multiplies_price():
    s = new(4)
    set_row(s, "C", 2, 5, 7)
    assert s.price(0) == 7
    events = fire(s, "split-C")
    assert s.splits[0] == 1
    assert s.price(0) == 14
    assert find(events, "split").data == {"stock": 0, "splits": 1}
    assert kind("split-C") not in discard_kinds(s)  # stays on the table
    assert s.to_move() == 1
    check_accounting(s)


def test_split_counts_toward_row_length_and_hold_limit():
    s = new(4)
    set_row(s, "O", 3)
    assert s.hold_limit() == 2
    fire(s, "split-O")
    assert s.row_length(3) == 3 and s.hold_limit() == 3


def test_split_allowed_on_frozen_stock_by_default():
    s = new(4)
    set_frozen(s, "T")
    fire(s, "split-T")
    assert s.splits[2] == 1


def test_split_ignored_on_frozen_row_under_full_lock():
    s = new(4, freeze="full_lock")
    set_frozen(s, "T")
    events = fire(s, "split-T")
    assert s.splits[2] == 0
    assert find(events, "no_effect").data == {"event": "split-T"}
    assert discard_kinds(s) == [kind("split-T")]
    check_accounting(s)


# ------------------------------------------------------------------ Stock Crash
def test_crash_reset_row_back_to_starter_cards_to_share_discard():
    s = new(4)
    set_row(s, "G", 3, 6, 9)
    set_certs(s, 1, "G5")
    events = fire(s, "crash-G")
    assert names(s.rows[1]) == ["G1"]
    assert s.top[1] == 1
    assert names(s.sdiscard[-3:]) == ["G3", "G6", "G9"]
    assert names(s.certs[1]) == ["G5"]  # certificates are not affected
    assert find(events, "crash").data == {"stock": 1, "removed": ["G3", "G6", "G9"], "splits": 0}
    assert discard_kinds(s) == [kind("crash-G")]  # executed card: face up on the discard
    assert s.view(2)["event_discard"] == ["crash-G"]
    check_accounting(s)


def test_crash_keeps_splits_by_default():
    s = new(4)
    set_row(s, "G", 3, 6, splits=2)
    fire(s, "crash-G")
    assert s.splits[1] == 2
    assert s.price(1) == 1 * 3
    assert s.row_length(1) == 3


def test_crash_splits_discard_option():
    s = new(4, crash_splits="discard")
    set_row(s, "G", 3, 6, splits=2)
    events = fire(s, "crash-G")
    assert s.splits[1] == 0 and s.price(1) == 1 and s.row_length(1) == 1
    assert sorted(discard_kinds(s)) == sorted([kind("split-G")] * 2 + [kind("crash-G")])
    assert find(events, "crash").data["splits"] == 2
    check_accounting(s)


def test_crash_drop_one_option_removes_only_bottom_card():
    s = new(4, crash="drop_one")
    set_row(s, "G", 3, 6, 9)
    fire(s, "crash-G")
    assert names(s.rows[1]) == ["G1", "G3", "G6"]
    assert s.top[1] == 6


def test_crash_on_starter_only_row_removes_nothing():
    s = new(4)
    fire(s, "crash-M")
    assert names(s.rows[4]) == ["M1"]
    check_accounting(s)


def test_crash_lowers_hold_limit_without_removing_certificates():
    s = new(4)
    set_row(s, "C", 2, 3, 4)
    set_certs(s, 1, "O2", "O3", "O4")
    fire(s, "crash-C")
    assert s.hold_limit() == 1
    assert len(s.certs[1]) == 3


def test_crash_skips_frozen_row_under_full_lock():
    s = new(4, freeze="full_lock")
    set_row(s, "C", 2, 3)
    set_frozen(s, "C")
    fire(s, "crash-C")
    assert names(s.rows[0]) == ["C1", "C2", "C3"]


def test_crash_unfreezes_play_window():
    s = new(4)
    set_row(s, "C", 5, 9)
    fire(s, "crash-C")
    turn(s, 1)
    give(s, 1, "C3", "C8")
    assert "play C3" in legal(s) and "play C8" not in legal(s)


# ------------------------------------------------------------------ Market Crash
def test_market_crash_crashes_all_five():
    s = new(4)
    set_row(s, "C", 2)
    set_row(s, "O", 3, 7, splits=1)
    set_row(s, "M", 4, 8)
    events = fire(s, "market-crash")
    assert all(len(r) == 1 for r in s.rows)
    assert s.top == [1] * 5
    assert s.splits[3] == 1
    assert len([e for e in events if e.kind == "crash"]) == 5
    check_accounting(s)


def test_market_crash_skips_frozen_row_under_full_lock():
    s = new(4, freeze="full_lock")
    set_row(s, "C", 2)
    set_row(s, "O", 3)
    set_frozen(s, "O")
    fire(s, "market-crash")
    assert names(s.rows[0]) == ["C1"] and names(s.rows[3]) == ["O1", "O3"]


# ------------------------------------------------------------------ Insider Trading
def test_insider_certifies_one_card_of_that_stock_without_discard():
    s = new(4)
    set_row(s, "O", 3)
    fire(s, "insider-O", hand=("M2", "O7", "O5", "C2"))
    assert s.phase == INSIDER_P and s.to_move() == 0
    assert legal(s) == {"insider O5", "insider O7", "decline"}
    events = do(s, "insider O7")
    assert names(s.certs[0]) == ["O7"]
    assert names(s.hands[0]) == ["C2", "O5"]
    assert find(events, "insider").data == {"seat": 0, "card": "O7", "shares": 2}
    assert s.to_move() == 1
    assert discard_kinds(s) == [kind("insider-O")]


def test_insider_may_be_declined():
    s = new(4)
    fire(s, "insider-O", hand=("M2", "O7", "C2"))
    do(s, "decline")
    assert s.certs[0] == () and s.to_move() == 1


def test_insider_without_card_of_that_stock_has_no_effect():
    s = new(4)
    events = fire(s, "insider-O", hand=("M2", "C7", "C2"))
    assert find(events, "no_effect").data == {"event": "insider-O"}
    assert s.phase == MAIN and s.to_move() == 1


def test_insider_respects_hold_limit_by_default():
    s = new(4)
    set_certs(s, 0, "C5")  # limit 1 at round start
    events = fire(s, "insider-O", hand=("M2", "O7", "C2"))
    assert "no_effect" in [e.kind for e in events]
    assert names(s.certs[0]) == ["C5"]


def test_insider_ignore_limit_option():
    s = new(4, insider_limit="ignore")
    set_certs(s, 0, "C5")
    fire(s, "insider-O", hand=("M2", "O7", "C2"))
    do(s, "insider O7")
    assert names(s.certs[0]) == ["C5", "O7"]


def test_insider_taking_last_card_ends_round():
    s = new(4)
    events = fire(s, "insider-O", hand=("M2", "O7"))
    events = do(s, "insider O7")
    assert find(events, "round_end").data["reason"] == "hand-empty"
    assert kind("insider-O") in discard_kinds(s)
    check_accounting(s)


def test_insider_wrong_stock_card_rejected():
    s = new(4)
    fire(s, "insider-O", hand=("M2", "O7", "C2"))
    with pytest.raises(IllegalAction) as exc:
        do(s, "insider C2")
    assert exc.value.rule == "insider-stock"


def test_insider_not_blocked_by_player_freeze():
    s = new(4, freeze="player")
    freeze_player(s, 0)
    fire(s, "insider-O", hand=("M2", "O7", "C2"))
    assert s.phase == INSIDER_P


# ------------------------------------------------------------------ Stock Audit
def test_audit_actor_chooses_another_players_certificate():
    s = new(4)
    set_certs(s, 1, "G5")
    set_certs(s, 2, "T9", "T3")
    set_certs(s, 0, "C4")
    fire(s, "audit")
    assert s.phase == AUDIT_P and s.to_move() == 0
    assert legal(s) == {"audit G5", "audit T3", "audit T9"}  # not the actor's own
    with pytest.raises(IllegalAction) as exc:
        do(s, "audit C4")
    assert exc.value.rule == "audit"
    events = do(s, "audit T9")
    assert names(s.certs[2]) == ["T3"]
    assert s.sdiscard[-1] == card("T9")
    assert find(events, "audit").data == {"seat": 0, "target": 2, "card": "T9"}
    assert s.to_move() == 1
    check_accounting(s)


def test_audit_without_other_certificates_has_no_effect():
    s = new(4)
    set_certs(s, 0, "C4")
    events = fire(s, "audit")
    assert "no_effect" in [e.kind for e in events]
    assert names(s.certs[0]) == ["C4"]
    assert discard_kinds(s) == [kind("audit")]


def test_audit_target_chooses_option():
    s = new(4, audit="target_chooses")
    set_certs(s, 1, "G5", "G7")
    set_certs(s, 3, "T3")
    fire(s, "audit")
    assert s.phase == TARGET_P and legal(s) == {"target 1", "target 3"}
    do(s, "target 1")
    assert s.phase == AUDIT_P and s.to_move() == 1
    assert legal(s) == {"audit G5", "audit G7"}
    do(s, "audit G5")
    assert names(s.certs[1]) == ["G7"]
    assert s.to_move() == 1 and s.phase == MAIN  # seat 1's own turn follows seat 0's
    assert s.actor == 1


def test_audit_enforce_limit_option_discards_down_clockwise_from_actor():
    s = new(4, audit="enforce_limit")
    set_row(s, "O", 3)  # limit 2
    set_certs(s, 0, "C2", "C3", "C4")
    set_certs(s, 2, "G2", "G3", "G4", "G5")
    set_certs(s, 3, "T2", "T3")
    fire(s, "audit")
    assert s.phase == AUDIT_P and s.to_move() == 0 and s.audit_limit == 2
    assert legal(s) == {"audit C2", "audit C3", "audit C4"}
    do(s, "audit C3")
    assert s.to_move() == 2
    do(s, "audit G2")
    assert s.to_move() == 2
    do(s, "audit G5")
    assert [len(c) for c in s.certs] == [2, 0, 2, 2]
    assert s.phase == MAIN and s.to_move() == 1


def test_audit_enforce_limit_with_nobody_above_has_no_effect():
    s = new(4, audit="enforce_limit")
    set_certs(s, 1, "G5")
    events = fire(s, "audit")
    assert "no_effect" in [e.kind for e in events] and s.to_move() == 1


# ------------------------------------------------------------------ Stock Freeze
def test_freeze_row_lock_blocks_plays_on_that_row():
    s = new(4)
    fire(s, "freeze")
    assert s.phase == FREEZE_P
    assert legal(s) == {f"freeze {x}" for x in "CGTOM"}
    events = do(s, "freeze O")
    assert s.frozen[3] == 1
    assert find(events, "freeze").data == {"seat": 0, "stock": 3}
    assert kind("freeze") not in discard_kinds(s)  # stays on the table
    turn(s, 1)
    give(s, 1, "O2", "C2", "M9")
    assert "play O2" not in legal(s) and "play C2" in legal(s)
    with pytest.raises(IllegalAction, match="frozen") as exc:
        do(s, "play O2")
    assert exc.value.rule == "frozen"
    check_accounting(s)


def test_freeze_does_not_block_buying_or_crash():
    s = new(4)
    set_row(s, "O", 3)
    set_frozen(s, "O")
    turn(s, 1)
    give(s, 1, "O5", "C2")
    assert "buy O5 C2" in legal(s)
    fire(s, "crash-O", seat=2)
    assert names(s.rows[3]) == ["O1"]


def test_freeze_already_frozen_stock_allowed_no_extra_effect():
    s = new(4)
    set_frozen(s, "O")
    fire(s, "freeze")
    do(s, "freeze O")
    assert s.frozen[3] == 2
    check_accounting(s)


def test_freeze_player_option_blocks_that_opponents_buy_only():
    s = new(4, freeze="player")
    fire(s, "freeze")
    assert s.phase == TARGET_P and legal(s) == {"target 1", "target 2", "target 3"}
    events = do(s, "target 2")
    assert s.pfrozen[2] == 1 and s.frozen == [0] * 5
    assert find(events, "freeze_player").data == {"seat": 0, "target": 2}
    set_row(s, "O", 3)
    turn(s, 2)
    give(s, 2, "O2", "O5", "C2")
    assert not [n for n in legal(s) if n.startswith("buy")]
    assert "play O5" in legal(s)
    with pytest.raises(IllegalAction) as exc:
        do(s, "buy O5 C2")
    assert exc.value.rule == "buy-frozen"
    check_accounting(s)


def test_full_lock_frozen_row_ignores_downturn():
    s = new(4, freeze="full_lock")
    set_row(s, "O", 3)
    set_row(s, "C", 2)
    set_frozen(s, "O")
    fire(s, "downturn")
    assert names(s.rows[3]) == ["O1", "O3"] and names(s.rows[0]) == ["C1"]


# ------------------------------------------------------------------ No Market Change
def test_no_market_change_has_no_effect():
    s = new(4)
    set_row(s, "O", 3)
    before = s.full_view()
    events = fire(s, "no-change")
    assert "no_change" in [e.kind for e in events]
    assert names(s.rows[3]) == ["O1", "O3"] and s.top[3] == 3
    assert discard_kinds(s) == [kind("no-change")]
    assert before["stocks"] == s.full_view()["stocks"]


# ------------------------------------------------------------------ Market Upturn
def test_upturn_one_card_per_row_in_chosen_order_then_stop():
    s = new(4)
    set_row(s, "C", 2)
    fire(s, "upturn", hand=("M2", "C4", "C5", "O3", "T2", "G8"))
    assert s.phase == UPTURN_P
    assert legal(s) == {"play C4", "play C5", "play O3", "play T2", "stop"}
    do(s, "play C5")
    assert legal(s) == {"play O3", "play T2", "stop"}  # one play per row
    with pytest.raises(IllegalAction) as exc:
        do(s, "play C4")
    assert exc.value.rule in ("upturn-row", "manipulate")
    do(s, "play O3")
    do(s, "stop")
    assert names(s.rows[0]) == ["C1", "C2", "C5"] and names(s.rows[3]) == ["O1", "O3"]
    assert s.phase == MAIN and s.to_move() == 1
    assert discard_kinds(s) == [kind("upturn")]


def test_upturn_ends_by_itself_when_no_play_is_left():
    s = new(4)
    fire(s, "upturn", hand=("M2", "C4", "G9"))
    do(s, "play C4")
    assert s.phase == MAIN and s.to_move() == 1


def test_upturn_with_no_legal_play_has_no_effect():
    s = new(4)
    events = fire(s, "upturn", hand=("M2", "C9", "G9"))
    assert "no_effect" in [e.kind for e in events] and s.to_move() == 1


def test_upturn_skips_frozen_rows():
    s = new(4)
    set_frozen(s, "C")
    fire(s, "upturn", hand=("M2", "C4", "O3"))
    assert legal(s) == {"play O3", "stop"}


def test_upturn_eleven_ends_round_rest_lost():
    s = new(4)
    set_row(s, "G", 4, 8)
    fire(s, "upturn", hand=("M2", "G11", "O3", "C2"))
    events = do(s, "play G11")
    assert find(events, "round_end").data["reason"] == "value-11-12"
    assert s.phase == EXERCISE
    assert kind("upturn") in discard_kinds(s)
    check_accounting(s)


def test_upturn_last_card_ends_round():
    s = new(4)
    fire(s, "upturn", hand=("M2", "O3", "C2"))
    do(s, "play O3")
    events = do(s, "play C2")
    assert find(events, "round_end").data["reason"] == "hand-empty"


# ------------------------------------------------------------------ Market Downturn
def test_downturn_every_longer_row_loses_bottom_card():
    s = new(4)
    set_row(s, "C", 2, 5)
    set_row(s, "O", 3)
    set_row(s, "T", 4, splits=1)
    events = fire(s, "downturn")
    assert names(s.rows[0]) == ["C1", "C2"]
    assert names(s.rows[3]) == ["O1"]
    assert names(s.rows[2]) == ["T1"] and s.splits[2] == 1
    assert s.top[:4] == [2, 1, 1, 1]
    assert sorted(find(events, "downturn").data["removed"]) == ["C5", "O3", "T4"]
    check_accounting(s)


# ------------------------------------------------------------------ Stock Option Gained / Lost
def test_option_gained_takes_token_from_supply():
    s = new(4)
    supply = s.supply
    events = fire(s, "option-gained")
    assert s.tokens[0] == 5 and s.supply == supply - 1
    assert find(events, "option_gained").data == {"seat": 0, "tokens": 1}


def test_option_gained_with_empty_supply_gets_nothing():
    s = new(6)
    set_tokens(s, [4, 4, 4, 4, 4, 10])  # the supply is empty
    fire(s, "option-gained")
    assert s.tokens[0] == 4


def test_option_lost_any_player_chosen_by_actor():
    s = new(4)
    set_tokens(s, [4, 0, 2, 1])
    fire(s, "option-lost")
    assert s.phase == TARGET_P
    assert legal(s) == {"target 0", "target 2", "target 3"}  # the actor may choose themself
    do(s, "target 2")
    assert s.tokens == [4, 0, 1, 1] and s.supply == 24


def test_option_lost_nobody_with_tokens_has_no_effect():
    s = new(4)
    set_tokens(s, [0, 0, 0, 0])
    events = fire(s, "option-lost")
    assert "no_effect" in [e.kind for e in events]


def test_option_lost_self_option():
    s = new(4, option_lost="self")
    fire(s, "option-lost")
    assert s.tokens == [3, 4, 4, 4] and s.phase == MAIN


# ------------------------------------------------------------------ Market Closed / draw-2 use
def test_event_chosen_from_two_is_executed_immediately():
    s = turn(new(4), 0)
    give(s, 0, "C3", "M2")
    set_row(s, "O", 3)
    stack_events(s, "crash-O", "no-change")
    do(s, "event2 C3", "choose crash-O")
    assert names(s.rows[3]) == ["O1"]
    # executed first, then the other card face down on top of it (立即執行…接著…)
    assert discard_kinds(s) == [kind("crash-O"), kind("no-change")]
    assert s.view(1)["event_discard"] == ["crash-O", "?"]
    assert s.view(0)["event_discard"] == ["crash-O", "no-change"]


def test_unchosen_card_waits_while_the_chosen_event_asks_and_is_not_leaked():
    s = turn(new(4), 0)
    give(s, 0, "C3", "M2")
    set_certs(s, 2, "G5")
    stack_events(s, "audit", "option-gained")
    do(s, "event2 C3", "choose audit")
    assert s.phase == AUDIT_P and s.pending == [kind("option-gained")]
    assert s.view(1)["drawn_events"] == [] and "option-gained" not in str(s.view(1))
    check_accounting(s)
    do(s, "audit G5")
    assert discard_kinds(s) == [kind("audit"), kind("option-gained")]
    assert s.pending == []
