"""The position estimate of search bots: expected final cash from public information."""

from __future__ import annotations

from bazaar.core.game import State
from bazaar.games.night_market.fields import OVER
from bazaar.games.night_market.state import NightMarketState


def estimate_scores(state: State) -> list[float]:
    """Estimated final cash: ``scores()`` plus last round's income again for every
    income still to come (stalls stay, so income tends to repeat). Public information
    only; used by search bots to judge positions they do not play out to the end."""
    assert isinstance(state, NightMarketState)
    if state.phase == OVER:
        return state.scores()
    left = state.rules.last_round - state.round + 1
    return [s + income * left for s, income in zip(state.scores(), state.last_income, strict=True)]
