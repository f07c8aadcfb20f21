"""Payloads: what one seat is sent, and how the log names people."""

from __future__ import annotations

from bazaar.core.registry import get_game
from bazaar.web.payload import LoggedMove, build_payload, log_entries, with_names


def test_named_seats_are_called_by_name_in_both_languages() -> None:
    names = ["Mei", "", "小明"]
    # people count seats from 1: "Seat 1" is seat 0 (Mei), "玩家3" is seat 2 (小明)
    assert with_names("Seat 1 sells 1 red; Seat 2 passes", names, "en") == (
        "Mei sells 1 red; Seat 2 passes"
    )
    assert with_names("玩家3賣出1張紅色股票，玩家2跳過", names, "zh-TW") == (
        "小明賣出1張紅色股票，玩家2跳過"
    )
    assert with_names("Seat 10 is not a seat here", names, "en") == "Seat 10 is not a seat here"
    assert with_names("Seat 0 is no seat either", names, "en") == "Seat 0 is no seat either"
    assert with_names("Seat 2 wins", ["", "", ""], "en") == "Seat 2 wins"


def test_the_log_uses_names_and_hides_other_seats_events() -> None:
    state = get_game("buy-low-sell-high").new(3, 2)
    events = state.apply(state.parse("+K1"))
    history = [LoggedMove(0, 0, "+K1", events, public="+K1")]
    line = log_entries(state, history, 1, "en", names=["Mei", "", ""])[0]["lines"][0]
    assert line.startswith("Mei buys")
    private = [e for e in events if e.to is not None]
    assert all(e.to == 0 for e in private)


def test_a_payload_is_the_seats_view_and_moves() -> None:
    state = get_game("take-stock").new(4, 9)
    mover = state.to_move()
    assert mover is not None
    mine = build_payload(state, mover, "zh-TW")
    other = build_payload(state, (mover + 1) % 4, "zh-TW")
    assert mine["view"] == state.view(mover) and other["view"] == state.view((mover + 1) % 4)
    assert [m["action"] for m in mine["legal"]] == state.legal_actions()
    assert other["legal"] == [] and mine["seq"] == 0 and not mine["over"]
    assert all(m["text"] for m in mine["legal"])
