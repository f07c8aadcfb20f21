"""The position estimate used by search bots (``estimate_scores``)."""

from __future__ import annotations

from bazaar.core.rng import Rng
from bazaar.games.buy_low_sell_high.estimate import estimate_scores
from tests.buy_low_sell_high.helpers import new, set_holdings, set_row


def test_estimate_values_holdings_at_projected_sell_price_plus_dividend() -> None:
    state = new(3, 0)  # every column 16..24: sell price 15
    state = set_row(state, "K0+3", "K0div", "K1-3", covered=(3,))  # K1-3 covered: no effect
    state = set_holdings(state, 2, [3, 0, 0])  # K0 column now 16..22: sell price still 15
    assert state.column(0) == list(range(16, 23))
    # K0: sell 15 moved up 3 -> 18, plus $1 for one dividend card; K1 and K2: 15
    assert estimate_scores(state) == [50 + 19 + 15 + 15, 50 + 19 + 15 + 15, 50 + 3 * 19]
    assert estimate_scores(state.determinize(0, Rng(3))) == estimate_scores(state)
