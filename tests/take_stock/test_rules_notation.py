"""The action encoding, the text notation and the event sentences of Take Stock."""

from __future__ import annotations

import pytest

from bazaar.core.errors import NotationError
from bazaar.core.game import Event
from bazaar.core.rng import Rng
from bazaar.games.take_stock import GAME
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock.text import describe, describe_action, event_name

from .helpers import new


def test_every_action_number_round_trips_through_notation():
    for action in range(A.NUM_ACTIONS):
        text = A.notation(action)
        assert A.parse(text) == action, text
        assert A.parse(text.upper()) == action


def test_action_numbers_of_examples():
    assert A.NUM_ACTIONS == GAME.num_actions == 6401
    assert A.parse("play O7") == 42
    assert A.parse("O7") == 42
    assert A.parse("buy O7 C3") == 60 + 42 * 60 + 2
    assert A.parse("buy o7 discard c3") == A.parse("buy O7, C3")
    assert A.parse("event2 C3") == 3662
    assert A.parse("event1 C3") == 3722
    assert A.parse("trigger audit C3") == 3780 + 15 * 60 + 2
    assert A.parse("choose split-O") == 5220 + 3
    assert A.parse("insider O7") == 5244 + 42
    assert A.parse("decline") == 5304
    assert A.parse("stop") == 5305
    assert A.parse("audit O7") == 5306 + 42
    assert A.parse("target 2") == A.parse("target seat2") == 5368
    assert A.parse("freeze O") == 5375
    assert A.parse("exercise none") == A.parse("exercise") == 5377
    assert A.parse("exercise 1 3") == 5377 + 0b101


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("hello", "is not a move"),
        ("play X7", "not a share card"),
        ("play O13", "not a share card"),
        ("buy O7", "buy CERTIFICATE DISCARD"),
        ("trigger boom C3", "not an event"),
        ("freeze Z", "not a stock"),
        ("target 9", "not a seat number"),
        ("exercise 0", "not a hand position"),
        ("exercise 1 1", "appears twice"),
        ("choose", "choose EVENT"),
    ],
)
def test_bad_notation_raises_clear_error(text, message):
    with pytest.raises(NotationError, match=message) as exc:
        A.parse(text)
    assert exc.value.rule == "notation"


def test_notation_of_out_of_range_number():
    with pytest.raises(NotationError, match="0-6400"):
        A.notation(6401)


def test_legal_actions_sorted_and_each_has_notation():
    s = new(5, seed=4)
    legal = s.legal_actions()
    assert legal == sorted(set(legal))
    for a in legal:
        assert s.parse(s.notation(a)) == a


def test_describe_every_event_kind_in_both_languages():
    s = new(4, seed=2)
    rng = Rng(3)
    kinds = set()
    while not s.is_over():
        legal = s.legal_actions()
        for event in s.apply(legal[rng.below(len(legal))]):
            kinds.add(event.kind)
            en = describe(event, "en")
            zh = describe(event, "zh-TW")
            assert en and zh and not en.startswith(event.kind + " {")
            assert any("\u4e00" <= ch <= "\u9fff" for ch in zh), zh
    assert {"round_start", "draw", "score", "game_over", "round_end"} <= kinds


@pytest.mark.parametrize(
    "event",
    [
        Event("split", {"stock": 3, "splits": 2}),
        Event("crash", {"stock": 1, "removed": ["G3"], "splits": 1}),
        Event("downturn", {"removed": []}),
        Event("insider", {"seat": 1, "card": "O7", "shares": 2}),
        Event("insider_decline", {"seat": 1}),
        Event("audit", {"seat": 0, "target": 2, "card": "T9"}),
        Event("audit_target", {"seat": 0, "target": 2}),
        Event("freeze", {"seat": 0, "stock": 3}),
        Event("freeze_player", {"seat": 0, "target": 3}),
        Event("option_gained", {"seat": 0, "tokens": 1}),
        Event("option_lost", {"seat": 0, "tokens": 1}),
        Event("upturn_play", {"seat": 0, "card": "C4", "stock": 0}),
        Event("upturn_stop", {"seat": 0}),
        Event("no_effect", {"event": "audit"}),
        Event("no_change", {}),
        Event("market_closed", {"seat": 2}),
        Event("event_deck", {"rebuilt": True, "cards": 40}),
        Event("event_deck", {"rebuilt": False, "cards": 30}),
        Event("reshuffle", {"cards": 12}),
        Event("exercise", {"seat": 1, "cards": ["C6"]}),
        Event("exercise_chosen", {"seat": 1, "cards": []}, to=1),
        Event("round_end", {"round": 2, "reason": "deck-empty"}),
    ],
)
def test_describe_effect_events(event):
    en, zh = describe(event, "en"), describe(event, "zh-TW")
    assert en != zh and "{" not in en and "{" not in zh


def test_event_names_in_both_languages():
    assert event_name("split-O") == "Stock Split (Oil)"
    assert event_name("split-O", "zh-TW") == "股票分割(石油)"
    assert event_name("market-closed", "zh-TW") == "股市休市"


def test_describe_action_every_kind_in_both_languages():
    samples = [
        "play O7",
        "buy O7 C3",
        "event2 C3",
        "event1 C3",
        "trigger audit C3",
        "choose split-O",
        "insider O7",
        "decline",
        "stop",
        "audit O7",
        "target 2",
        "freeze O",
        "exercise none",
        "exercise 1 3",
    ]
    for text in samples:
        a = A.parse(text)
        en, zh = describe_action(a, "en"), describe_action(a, "zh-TW")
        assert en and zh and en != zh
    assert describe_action(A.parse("buy O7 C3")) == "buy Oil 7 as a certificate, discard Cereal 3"


def test_game_info_lists_options_and_players():
    info = GAME.info()
    assert info["id"] == "take-stock"
    assert info["name"] == {"en": "Take Stock", "zh-TW": "股市大亨"}
    assert (info["min_players"], info["max_players"]) == (2, 6)
    assert len(info["options"]) == len(GAME.option_specs)
