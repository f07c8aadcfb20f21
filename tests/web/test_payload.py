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
        "events": [{"kind": "hide", "data": {"seat": mover, "count": 1}}],
    }
    # the mover's own event names the customer hidden; nobody else's payload carries it
    assert [e["kind"] for e in mine["events"]] == ["hide", "hid"]
    assert mine["events"][1]["data"]["customer"] == mine["notation"].removeprefix("hide ")
    assert build_payload(state, None, "en", history=history)["last"] == other
    assert build_payload(state, None, "en")["last"] is None


def test_people_read_seats_from_1_and_stocks_by_colour_in_the_log_and_legal_texts() -> None:
    start = get_game("buy-low-sell-high").new(3, 2)
    state = get_game("buy-low-sell-high").new(3, 2)
    events = state.apply(state.parse("+K1"))
    history = [LoggedMove(0, 0, "+K1", events, public="+K1")]
    for lang, first, move in (
        ("en", "Seat 1 buys 1 green (paid $16)", "buy 1 green: pay $16 → $34"),
        ("zh-TW", "玩家1買進1張綠色股票(支出 $16)", "買進1張綠色股票：付 $16 → $34"),
    ):
        payload = build_payload(state, 1, lang, history=history)
        assert payload["log"][0]["lines"][0] == first
        assert payload["log"][0]["seat"] == 0  # the data stays 0-based
        payload = build_payload(start, 0, lang)  # seat 0 to move: its legal moves
        texts = {m["notation"]: m["text"] for m in payload["legal"]}
        assert texts["+K1"] == move


def test_night_market_and_take_stock_texts_name_seats_from_1() -> None:
    from bazaar.core.game import Event
    from bazaar.games.night_market.text import describe as night_market
    from bazaar.games.take_stock.text import describe as take_stock
    from bazaar.games.take_stock.text import describe_action

    walk = Event("move", {"customer": "T1D", "from": "D", "lot": 5, "owner": 0, "to": None})
    assert night_market(walk, "en") == (
        "A customer who likes drinks walks from D and buys at lot 5 (Seat 1)"
    )
    assert night_market(walk, "zh-TW") == "一位喜歡飲料的客人從入口 D 出發，在第5攤(玩家1)消費"
    build = Event("build", {"seat": 2, "lot": 23, "type": "T0"})
    assert night_market(build, "en") == "Seat 3 builds a food stall on lot 23"
    assert night_market(build, "zh-TW") == "玩家3在第23攤建造食物攤位"
    over = Event("game_over", {"scores": [3, 9], "winners": [1]})
    assert take_stock(over, "en") == "Game over: totals 3, 9; winner: Seat 2"
    assert take_stock(over, "zh-TW") == "遊戲結束：總分 3, 9；贏家：玩家2"
    from bazaar.games.take_stock import actions as A

    assert describe_action(A.TARGET_BASE + 0, "en") == "choose Seat 1"
    assert describe_action(A.TARGET_BASE + 0, "zh-TW") == "選擇玩家1"
