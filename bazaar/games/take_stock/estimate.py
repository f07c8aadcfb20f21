"""The position estimate of search bots: expected final score from public information."""

from __future__ import annotations

from bazaar.core.game import State
from bazaar.games.take_stock.components import STOCK_OF, STOCKS
from bazaar.games.take_stock.fields import EXERCISE, OVER
from bazaar.games.take_stock.state import TakeStockState


def estimate_scores(state: State) -> list[float]:
    """Estimated final score of each seat from public information only (for search bots).

    Each seat's total so far, plus its certificates at the current prices (what the round
    scores if it ends now), plus its option tokens: in the last round a token is worth an
    average card at the current prices (only as many tokens as the seat has hand cards),
    earlier a flat 10 points; plus 5 points per hand card while the round is being played
    (more cards, more Buys and exercises). The weights come from a fit of heuristic
    self-play: these public features predict the final score differences best.
    """
    assert isinstance(state, TakeStockState)
    if state.phase == OVER:
        return list(state.totals)
    shares = state.rules.shares
    prices = [state.price(s) for s in range(STOCKS)]
    last = state.round >= state.rules.rounds
    dealt = state.rules.dealt_cards
    card = sum(shares[c] for c in dealt) / len(dealt) * sum(prices) / STOCKS
    playing = state.phase != EXERCISE
    out = []
    for q in range(state.num_players):
        x = float(state.totals[q])
        for c in state.certs[q]:
            x += shares[c] * prices[STOCK_OF[c]]
        hand = len(state.hands[q])
        x += min(state.tokens[q], hand) * card if last else 10.0 * state.tokens[q]
        if playing:
            x += 5.0 * hand
        out.append(x)
    return out
