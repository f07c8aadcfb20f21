"""The position estimate used by search bots (``estimate_scores``)."""

from __future__ import annotations

from bazaar.core.rng import Rng
from bazaar.games.night_market import GAME
from bazaar.games.night_market.estimate import estimate_scores


def test_estimate_adds_last_income_for_each_income_still_to_come() -> None:
    state = GAME.new(4, 5)
    rng = Rng(1)
    checked = 0
    while not state.is_over():
        if state.round >= 2 and checked < 5:
            left = state.rules.last_round - state.round + 1
            want = [
                cash - 7 * loans + income * left
                for cash, loans, income in zip(
                    state.cash, state.loans, state.last_income, strict=True
                )
            ]
            assert estimate_scores(state) == want
            seat = state.to_move()
            assert estimate_scores(state.determinize(seat, Rng(9))) == want  # public only
            checked += 1
        legal = state.legal_actions()
        state.apply_unchecked(legal[rng.below(len(legal))])
    assert checked == 5
    assert estimate_scores(state) == state.scores()
