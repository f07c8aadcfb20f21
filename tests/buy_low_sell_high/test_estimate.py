"""The position estimate used by search bots (``estimate_scores``)."""

from __future__ import annotations

from bazaar.core.rng import Rng
from bazaar.games.buy_low_sell_high import GAME
from bazaar.games.buy_low_sell_high.components import DIVIDEND, card_id
from bazaar.games.buy_low_sell_high.estimate import estimate_scores


def test_estimate_values_holdings_at_projected_sell_price_plus_dividend() -> None:
    state = GAME.new(3, 0)  # every column 16..24: sell price 15
    state.row = [card_id(0, 0), card_id(0, DIVIDEND), card_id(1, 5)]  # K0+3, K0div, K1-3
    state.row_covered = [False, False, True]  # the K1-3 is covered: no effect
    state.held[2] = [3, 0, 0]
    # K0: sell 15 moved up 3 -> 18, plus $1 for one dividend card; K1 and K2: 15
    assert estimate_scores(state) == [50 + 19 + 15 + 15, 50 + 19 + 15 + 15, 50 + 3 * 19]
    assert estimate_scores(state.determinize(0, Rng(3))) == estimate_scores(state)
