"""What one seat can forecast of the round's scores: each stock's value projected to the round
end from the public rows and the seat's own hand, and each seat's total at those prices.

The heuristic player projects the rows this way (:func:`projected_top`); :func:`forecast_scores`
uses the same projection for every seat's certificates. As extra value-model inputs it made a
better one-ply player but a weaker search, so no shipped model reads it yet
(``docs/plans/take-stock-model.md``). Both read only the public fields and the observing seat's
own hand, so they are the same in every determinization of that seat's view.
"""

from __future__ import annotations

from bazaar.games.take_stock.components import COMPONENTS, STOCK_OF, STOCKS, VALUE_OF
from bazaar.games.take_stock.fields import OVER
from bazaar.games.take_stock.state import TakeStockState

MAX_STEP = COMPONENTS.max_step
END_VALUES = COMPONENTS.end_values
TOP_SAFE = min(END_VALUES) - 1  # the highest value that does not end the round

#: The forecast's row drift: half the heuristic's 1.5 (the heuristic scales its drift by the
#: chance that the round goes on, which the forecast does not estimate).
FORECAST_DRIFT = 0.75
#: Part of the rise the seat's own hand can make that the projection counts (the heuristic's).
FORECAST_PUSH = 0.3
#: Hand cards the seat's tokens may exercise count this much of a certificate (the heuristic's).
FORECAST_EXERCISE = 0.7


def projected_top(
    top: int, frozen: int, hand: list[int], stock: int, drift: float, push: float
) -> float:
    """Row ``stock``'s value expected at the round end: a frozen row or one at
    :data:`TOP_SAFE` keeps its top; an open row rises by ``drift`` plus ``push`` of what
    ``hand`` can push it to (one card at a time, each at most ``MAX_STEP`` higher, in the
    hand's order, never past :data:`TOP_SAFE`), at most to :data:`TOP_SAFE`."""
    if frozen or top >= TOP_SAFE:
        return float(top)
    reach = top
    for c in hand:
        if STOCK_OF[c] == stock:
            val = VALUE_OF[c]
            if reach < val <= reach + MAX_STEP and val <= TOP_SAFE:
                reach = val
    x = top + drift + push * (reach - top)
    return TOP_SAFE if x > TOP_SAFE else x


def forecast_scores(state: TakeStockState, seat: int) -> list[float]:
    """Each seat's total after this round as ``seat`` can forecast it (seat order): the total
    so far plus its certificates at the projected prices (:func:`projected_top` with the
    seat's own hand, times the splits); ``seat`` adds :data:`FORECAST_EXERCISE` of its best
    hand cards that its tokens may exercise. The totals once the game is over."""
    if state.phase == OVER:
        return [float(x) for x in state.totals]
    shares = state.rules.shares
    hand = state.hands[seat]
    price = [
        projected_top(state.top[s], state.frozen[s], hand, s, FORECAST_DRIFT, FORECAST_PUSH)
        * (state.splits[s] + 1)
        for s in range(STOCKS)
    ]
    out = [
        float(state.totals[q]) + sum(shares[c] * price[STOCK_OF[c]] for c in state.certs[q])
        for q in range(state.num_players)
    ]
    best = sorted((shares[c] * price[STOCK_OF[c]] for c in hand), reverse=True)
    out[seat] += FORECAST_EXERCISE * sum(best[: state.tokens[seat]])
    return out
