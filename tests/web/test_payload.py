"""Payloads: what one seat is sent, and how the log names people."""

from __future__ import annotations

from bazaar.core.registry import get_game
from bazaar.web.payload import LoggedMove, build_payload, log_entries, with_names


def test_named_seats_are_called_by_name_in_both_languages() -> None:
    names = ["Mei", "", "小明"]
    assert with_names("Seat 0 sells 1 K0; Seat 1 passes", names, "en") == (
        "Mei sells 1 K0; Seat 1 passes"
    )
    assert (
        with_names("玩家2賣出 K0 1 張，玩家1跳過", names, "zh-TW") == "小明賣出 K0 1 張，玩家1跳過"
    )
    assert with_names("Seat 10 is not a seat here", names, "en") == "Seat 10 is not a seat here"
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


def test_log_groups_put_each_event_under_the_seat_it_concerns() -> None:
    from bazaar.core.game import Event
    from bazaar.web.payload import event_groups

    events = [
        Event("buy", {"seat": 0}),
        Event("split", {"stock": "O"}),  # the mover's own consequence
        Event("draw", {"seat": 1}),  # the next player's draw is not the mover's
        Event("move", {"customer": "T1"}),
        Event("move", {"customer": "T2"}),
        Event("move", {"customer": "T3"}),
        Event("income", {}),
    ]
    assert event_groups(events, 0) == [  # indices of the entry's lines
        {"seat": 0, "lines": [0, 1]},
        {"seat": 1, "lines": [2]},
        {"seat": None, "lines": [[3, 4, 5], 6]},
    ]


def test_last_is_the_newest_move_with_fields_only_for_who_may_see_it() -> None:
    state = get_game("night-market").new(3, 1)
    history: list[LoggedMove] = []
    for _ in range(3):  # the three hidden customers of round 1
        seat = state.to_move()
        assert seat is not None
        action = state.legal_actions()[0]
        public, notation = state.public_notation(action), state.notation(action)
        history.append(LoggedMove(len(history), seat, notation, state.apply(action), public=public))
    mover = history[-1].seat
    mine = build_payload(state, mover, "en", history=history)["last"]
    assert mine["seq"] == 2 and mine["seat"] == mover
    assert mine["notation"].startswith("hide T") and mine["fields"]["kind"] == "hide"
    other = build_payload(state, (mover + 1) % 3, "en", history=history)["last"]
    assert other == {
        "seq": 2,
        "seat": mover,
        "notation": "hide ?",
        "text": "a secret choice",
        "fields": None,
    }
    assert build_payload(state, None, "en", history=history)["last"] == other
    assert build_payload(state, None, "en")["last"] is None
