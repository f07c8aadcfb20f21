"""Positions as data: ``full_view()`` holds everything a Take Stock state holds
(docs/positions/take-stock.md)."""

from __future__ import annotations

from bazaar.core.rng import Rng
from bazaar.games.take_stock import GAME, TakeStockState
from bazaar.games.take_stock.state import EXERCISE
from tests.take_stock.helpers import do, give, hold, new, set_certs, set_row, turn


def play_until(state: TakeStockState, phase: int, rng: Rng) -> TakeStockState:
    """Play random legal moves until ``phase`` (or the end)."""
    while state.phase != phase and not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


def test_full_view_names_the_game_the_format_and_the_options() -> None:
    data = new(3, seed=2, audit="enforce_limit").full_view()
    assert (data["game"], data["format"], data["players"]) == ("take-stock", 1, 3)
    assert data["options"] == {**GAME.default_options(), "audit": "enforce_limit"}


def test_full_view_keeps_the_acting_seat_during_the_exercise() -> None:
    state = play_until(new(4, seed=3), EXERCISE, Rng(3))
    data = state.full_view()
    assert data["phase"] == "exercise" and data["turn_of"] is None
    assert data["actor"] == state.actor
    assert data["to_move"] == state.cur


def test_full_view_keeps_the_upturn_rows_and_the_enforced_limit_after_their_phase() -> None:
    s = new(4)
    hold(s, 0, "upturn", 1)
    turn(s, 0, round_no=2)
    give(s, 0, "M2", "C4", "O3", "G9")
    do(s, "trigger upturn M2", "play C4")
    assert s.full_view()["upturn_played"] == ["C"]
    do(s, "stop")
    data = s.full_view()
    assert (data["phase"], data["upturn_played"], data["upturn_stocks"]) == ("action", [], ["C"])
    assert (data["audit_limit"], data["enforced_limit"]) == (None, 0)


def test_full_view_keeps_the_enforced_audit_limit_after_the_audit() -> None:
    s = new(4, audit="enforce_limit")
    set_row(s, "O", 3)  # HoldLimit 2
    set_certs(s, 2, "G2", "G3", "G4")
    hold(s, 0, "audit", 1)
    turn(s, 0, round_no=2)
    give(s, 0, "M2", "M3", "M4")
    do(s, "trigger audit M2")
    assert (s.full_view()["audit_limit"], s.full_view()["enforced_limit"]) == (2, 2)
    do(s, "audit G3")
    data = s.full_view()
    assert (data["phase"], data["audit_limit"], data["enforced_limit"]) == ("action", None, 2)
