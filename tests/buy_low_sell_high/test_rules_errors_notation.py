"""Illegal actions name the broken rule and leave the state unchanged; notation round trips."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bazaar.core.errors import IllegalAction, NotationError
from bazaar.games.buy_low_sell_high import GAME, BlshState
from bazaar.games.buy_low_sell_high import actions as A

from .helpers import (
    close_year,
    do,
    give,
    keep_all,
    new,
    play_phase,
    set_all_holdings,
    set_column,
    set_holdings,
    set_money,
    set_row,
    turn_of,
)


def _trade() -> BlshState:
    return turn_of(new(3), 0)


def _first_lap_seat2() -> BlshState:
    s = new(3)
    do(s, "+K0")
    s = give(s, 0, "K0+1")
    do(s, "play K0+1")
    return s


def _poor() -> BlshState:
    s = _trade()
    s = set_money(s, 0, 15)
    return s


def _last_token() -> BlshState:
    s = _trade()
    s = set_column(s, 1, [20])
    return s


def _no_k0() -> BlshState:
    s = _trade()
    s = set_holdings(s, 0, [0, 1, 1])
    return s


def _play() -> BlshState:
    s = play_phase(new(3), 0)
    s = set_row(s, "K0+3", "K1+2", "K0div", covered=(1,))
    s = give(s, 0, "K0news", "K1-1")
    return s


def _only_news() -> BlshState:
    s = play_phase(new(3), 0)
    s = give(s, 0, "K0news", "K1+1")
    return s


def _redraw() -> BlshState:
    s = new(3)
    s = close_year(s, "K0+1", seat=1)
    s = give(s, 2, "K1div")
    return s


def _forced() -> BlshState:
    s = new(3)
    s = set_money(s, 1, -5)
    s = set_holdings(s, 1, [0, 1, 1])
    s = close_year(s, "K0+1", seat=0)
    keep_all(s)
    return s


def _selloff() -> BlshState:
    s = new(3)
    s = set_all_holdings(s, [[1, 0, 0], [0, 1, 1], [0, 0, 0]])
    s = close_year(s, "K0+1", seat=1, year=3)
    return s


def _over() -> BlshState:
    s = _selloff()
    while not s.is_over():
        s.apply(s.legal_actions()[0])
    return s


#: the words count seats from 1: seat 1 (the second seat) reads "seat 2"
CASES: list[tuple[str, Callable[[], BlshState], str, str, tuple[str, ...]]] = [
    ("card-in-trading-phase", _trade, "play K0+1", "phase", ("'play K0+1'", "trading phase")),
    ("first-lap-seat1-pass", lambda: new(3), "pass", "first-lap", ("'pass'", "start player")),
    ("first-lap-seat1-two", lambda: new(3), "+2K1", "first-lap", ("'+2K1'",)),
    ("first-lap-seat2-mixed", _first_lap_seat2, "-K0 +K1", "first-lap", ("'-K0 +K1'", "second")),
    ("money", _poor, "+K0", "money", ("$15", "'+K0'")),
    ("money-buy-two", _poor, "+2K2", "money", ("$15", "'+2K2'")),
    ("last-token", _last_token, "+K1", "last-token", ("K1 has 1 token",)),
    ("sell-not-held", _no_k0, "-K0", "sell-own", ("holds 0 K0",)),
    ("sell-two-one-held", _trade, "-2K2", "sell-own", ("holds 1 K2", "cannot sell 2")),
    ("trade-in-play-phase", _play, "pass", "phase", ("'pass'", "traded already")),
    ("card-not-in-hand", _play, "play K2-3", "hand", ("K2-3",)),
    ("news-not-in-hand", _only_news, "dud K2", "hand", ("K2news",)),
    ("news-empty-space", _play, "news 5", "news-target", ("space 5",)),
    ("news-other-colour", _play, "news 2", "news-colour", ("space 2", "K1")),
    ("news-covered", _play, "news 1", "news-target", ("space 1", "covered")),
    ("dud-when-playable", _only_news, "dud K0", "news-dud", ("'dud K0'",)),
    ("discard-not-held", _redraw, "discard K2com", "redraw", ("K2com",)),
    ("trade-in-redraw", _redraw, "pass", "phase", ("'pass'", "redrawing")),
    ("stop-below-zero", _forced, "stop", "forced-sale", ("$-5", "seat 2")),
    ("forced-sell-not-held", _forced, "sell K0", "sell-own", ("K0",)),
    ("trade-in-forced-sale", _forced, "pass", "phase", ("'pass'", "forced sale")),
    ("selloff-not-held", _selloff, "sell K0", "sell-own", ("seat 2", "K0")),
    ("trade-in-selloff", _selloff, "+K0", "phase", ("'+K0'", "sell-off")),
    ("stop-in-selloff", _selloff, "stop", "phase", ("'stop'",)),
    ("game-over", _over, "sell K0", "game-over", ("game is over",)),
]


@pytest.mark.parametrize(
    ("make", "move", "rule", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_illegal_action_names_rule_and_leaves_state_unchanged(make, move, rule, words):
    s = make()
    before = s.full_view()
    action = GAME.parse(move)
    assert action not in s.legal_actions()
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert err.value.rule == rule
    for word in words:
        assert word in str(err.value)
    assert s.full_view() == before
    with pytest.raises(IllegalAction) as err2:
        s.parse(move)
    assert err2.value.rule == rule
    assert s.full_view() == before


@pytest.mark.parametrize("action", [-1, A.NUM_ACTIONS, 999])
def test_illegal_action_number_outside_encoding(action):
    s = new(3)
    before = s.full_view()
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert err.value.rule == "encoding"
    assert str(action) in str(err.value)
    assert s.full_view() == before


def test_every_legal_action_accepted_and_every_other_rejected():
    s = _play()
    legal = set(s.legal_actions())
    for a in range(A.NUM_ACTIONS):
        t = s.clone()
        if a in legal:
            t.apply(a)
        else:
            with pytest.raises(IllegalAction):
                t.apply(a)
            assert t == s


# ------------------------------------------------------------------ notation
def test_notation_round_trip_all_105_actions():
    assert A.NUM_ACTIONS == GAME.num_actions == 105
    texts = [GAME.notation(a) for a in range(A.NUM_ACTIONS)]
    assert len(set(texts)) == 105
    for a, text in enumerate(texts):
        assert GAME.parse(text) == a


def test_notation_examples():
    assert GAME.notation(GAME.parse("+K0 -K1")) == "+K0 -K1"
    assert GAME.parse("-K1 +K0") == GAME.parse("+K0 -K1")
    assert GAME.parse("  +k0    -K2 ") == GAME.parse("+K0 -K2")
    assert GAME.parse("PASS") == A.PASS
    assert GAME.parse("Play k1+3") == GAME.parse("play K1+3") == GAME.parse("K1+3")
    assert GAME.notation(GAME.parse("+2k1")) == "+2K1"
    assert GAME.notation(GAME.parse("news 13")) == "news 13"
    assert GAME.notation(GAME.parse("dud k2")) == "dud K2"
    assert GAME.notation(GAME.parse("discard K0div")) == "discard K0div"
    assert GAME.notation(GAME.parse("sell k1")) == "sell K1"
    assert [GAME.notation(GAME.parse(w)) for w in ("keep", "stop")] == ["keep", "stop"]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "buy",
        "+K3",
        "+K0 +K0",
        "+K0 -K0",
        "+2K0 +K1",
        "-2K0 -2K1",
        "+3K0",
        "play K0news",
        "play K9+1",
        "play K0+4",
        "play",
        "news 0",
        "news 14",
        "news x",
        "sell K5",
        "sell",
        "discard K0zz",
        "dud K3",
        "keep now",
        "pass please",
    ],
)
def test_bad_notation_raises_notation_error(text):
    with pytest.raises(NotationError) as err:
        GAME.parse(text)
    assert err.value.rule == "notation"
    assert isinstance(err.value, IllegalAction)
    s = new(3)
    before = s.full_view()
    with pytest.raises(NotationError):
        s.parse(text)
    assert s.full_view() == before


def test_bad_notation_message_names_the_text():
    with pytest.raises(NotationError, match="K3"):
        GAME.parse("+K3")
    with pytest.raises(NotationError, match="buy"):
        GAME.parse("buy")


@pytest.mark.parametrize("action", [-1, 105])
def test_notation_of_bad_number_raises(action):
    with pytest.raises(NotationError):
        GAME.notation(action)
