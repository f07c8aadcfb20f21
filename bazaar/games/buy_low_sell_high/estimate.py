"""The position estimate of search bots: expected final money from public information."""

from __future__ import annotations

from bazaar.core.game import State
from bazaar.games.buy_low_sell_high.components import DIVIDEND, KINDS, TYPE_VALUE
from bazaar.games.buy_low_sell_high.fields import COLOUR_OF, SPACES, TYPE_OF
from bazaar.games.buy_low_sell_high.state import BlshState

TOP = len(SPACES) - 1


def projection(state: BlshState) -> tuple[list[int], list[int]]:
    """Per stock, the projected sell price at the end of this year and the projected dividend
    per share: this year's uncovered bull/bear net and Dividend cards in the market row (the
    row is public, so this uses nothing hidden)."""
    net = [0] * KINDS
    dividends = [0] * KINDS
    for card, covered in zip(state.row, state.row_covered, strict=True):
        if not covered:
            t = TYPE_OF[card]
            if t < DIVIDEND:
                net[COLOUR_OF[card]] += TYPE_VALUE[t]
            elif t == DIVIDEND:
                dividends[COLOUR_OF[card]] += 1
    dividend = state.rules.dividend
    prices = [SPACES[min(TOP, max(0, state.lo[k] - 1 + net[k]))] for k in range(KINDS)]
    return prices, [dividend(dividends[k]) for k in range(KINDS)]


def estimate_scores(state: State) -> list[float]:
    """Estimated final money: cash plus each holding at its projected sell price and
    dividend (:func:`projection`). For search bots."""
    assert isinstance(state, BlshState)
    prices, dividends = projection(state)
    worth = [p + d for p, d in zip(prices, dividends, strict=True)]
    return [
        state.money[p] + sum(h * w for h, w in zip(state.held[p], worth, strict=True))
        for p in range(state.num_players)
    ]
