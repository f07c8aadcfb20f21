"""Move notation and the integer action encoding of Taiwan Night Market (docs/notation.md)."""

from __future__ import annotations

import pytest

from bazaar.core.errors import IllegalAction, NotationError
from bazaar.core.registry import get_game
from bazaar.games.night_market import GAME
from bazaar.games.night_market import actions as A
from bazaar.games.night_market.components import KIND_NAMES
from bazaar.games.night_market.text import describe_action

from .helpers import new


def test_registered_as_night_market():
    assert get_game("night-market") is GAME
    assert (GAME.min_players, GAME.max_players) == (3, 4)


@pytest.mark.parametrize("players", [2, 5])
def test_only_3_or_4_players(players):
    with pytest.raises(Exception, match="3-4 players"):
        GAME.new(players)


def test_every_action_round_trips_through_its_notation():
    for action in range(A.NUM_ACTIONS):
        assert GAME.parse(GAME.notation(action)) == action


def test_notation_is_unique():
    names = [GAME.notation(a) for a in range(A.NUM_ACTIONS)]
    assert len(set(names)) == A.NUM_ACTIONS == 472


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("hide T2D", A.HIDE_BASE + 2 * 8 + 3),
        ("HIDE t0a", 0),
        ("hide t3 h", 31),
        ("bid 7", A.BID_LOT_BASE + 6),
        ("bid 30", A.BID_LOT_BASE + 29),
        ("$5", A.VALUE_BASE + 5),
        ("$ 0", A.VALUE_BASE),
        ("at 12", A.VALUE_BASE + 12),
        ("$255", A.VALUE_BASE + 255),
        ("pass", A.PASS),
        ("give up", A.GIVE_UP),
        ("Give-Up", A.GIVE_UP),
        ("build 7 T2", A.BUILD_BASE + 6 * 4 + 2),
        ("build 7, t2", A.BUILD_BASE + 6 * 4 + 2),
        ("empty 7", A.EMPTY_BASE + 6),
        ("loan", A.LOAN),
        ("  done ", A.DONE),
    ],
)
def test_parse_lenient_forms(text, action):
    assert GAME.parse(text) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("bid 7 5", "two moves"),
        ("bid 31", "not a lot number"),
        ("bid", "bid LOT"),
        ("build 7 T9", "not a stall type"),
        ("build 7", "build LOT TYPE"),
        ("hide T5A", "not a customer"),
        ("hide T1J", "not a customer"),
        ("$256", "$0 to $255"),
        ("$x", "'$5'"),
        ("empty", "empty LOT"),
        ("sell K1", "not a move"),
    ],
)
def test_parse_errors_name_the_problem(text, message):
    with pytest.raises(NotationError, match=message.replace("$", r"\$")):
        GAME.parse(text)


def test_notation_of_an_unknown_number_is_an_error():
    with pytest.raises(NotationError):
        GAME.notation(A.NUM_ACTIONS)


def test_state_parse_rejects_a_well_formed_move_that_is_illegal_now():
    s = new()
    with pytest.raises(IllegalAction) as info:
        s.parse("bid 7")
    assert info.value.rule == "phase"


def test_describe_action_in_both_languages():
    for action in range(A.NUM_ACTIONS):
        assert describe_action(action, "en")
        assert describe_action(action, "zh-TW")
    # stall types by their food, as the board names them (the notation keeps T0-T3)
    assert describe_action(A.BUILD_BASE + 6 * 4 + 2, "en") == "build a dessert stall on lot 7"
    assert describe_action(A.BUILD_BASE + 6 * 4 + 2, "zh-TW") == "在第7攤建造甜點攤位"
    assert describe_action(A.BUILD_BASE + 22 * 4 + 0, "en") == "build a food stall on lot 23"
    hide = A.HIDE_BASE + KIND_NAMES.index("T1D")
    assert describe_action(hide, "en") == "hide a customer who likes drinks and enters at D"
    assert describe_action(hide, "zh-TW") == "把一位喜歡飲料、從入口 D 進場的客人蓋放為隱藏客人"


def test_options_have_english_and_chinese_help():
    names = {o.name for o in GAME.option_specs}
    assert names == {
        "movement_order",
        "next_entrance",
        "connected_entry",
        "yellow_face",
        "yellow_min_bid",
        "no_legal_bid",
        "leavers",
        "unbid_lots",
        "voluntary_loans",
        "three_player_long",
        "star_lots",
        "adjacency",
        "customer_deck",
        "size",
    }
    for o in GAME.option_specs:
        assert o.default == o.choices[0] and o.help_en and o.help_zh
