"""Why one Take Stock move beats another (``GameParts.reasons``, bazaar.bots.why).

The worth of a position for a seat is its public estimate (``estimate.py``) taken apart:
the points banked, the certificates of each stock at its price, the option tokens, the
cards in hand while the round is played, and how far the strongest other seat is held back.
"""

from __future__ import annotations

from bazaar.core.game import State
from bazaar.core.parts import Factor, MoveReasons
from bazaar.games.take_stock.components import STOCK_OF, STOCKS
from bazaar.games.take_stock.estimate import estimate_scores
from bazaar.games.take_stock.fields import EXERCISE, OVER
from bazaar.games.take_stock.state import TakeStockState
from bazaar.games.take_stock.text import stock_name, t
from bazaar.i18n import N_

#: what the estimate counts a hand card and (before the last round) an option token
HAND_CARD = 5.0
TOKEN = 10.0

BANKED = N_("it banks about {gain} more points")
STOCK = N_("your {stock} certificates are worth about {gain} more points")
TOKENS = N_("you keep option tokens worth about {gain} points")
HAND = N_("you keep more cards in your hand for later (about {gain} points)")
RIVAL = N_("it keeps the strongest other player about {gain} points lower")


def factors(state: State, seat: int) -> dict[Factor, float]:
    """The seat's estimated final score in parts (they add up to its estimate), and the
    strongest other seat's estimate, negated."""
    assert isinstance(state, TakeStockState)
    others = [x for q, x in enumerate(estimate_scores(state)) if q != seat]
    rival = -max(others) if others else 0.0
    if state.phase == OVER:
        return {("banked",): float(state.totals[seat]), ("rival",): rival}
    shares = state.rules.shares
    out: dict[Factor, float] = {("banked",): float(state.totals[seat])}
    for k in range(STOCKS):
        out[("stock", k)] = 0.0
    for c in state.certs[seat]:
        out[("stock", STOCK_OF[c])] += shares[c] * state.price(STOCK_OF[c])
    hand = len(state.hands[seat])
    if state.round >= state.rules.rounds:
        prices = sum(state.price(k) for k in range(STOCKS)) / STOCKS
        dealt = state.rules.dealt_cards
        card = sum(shares[c] for c in dealt) / len(dealt) * prices
        out[("tokens",)] = min(state.tokens[seat], hand) * card
    else:
        out[("tokens",)] = TOKEN * state.tokens[seat]
    out[("hand",)] = HAND_CARD * hand if state.phase != EXERCISE else 0.0
    out[("rival",)] = rival
    return out


def words(factor: Factor, gain: float, lang: str) -> str:
    """Why a move ``gain`` points better on ``factor`` wins, in a clause."""
    amount = max(1, round(gain))
    kind = factor[0]
    if kind == "stock":
        return t(STOCK, lang, stock=stock_name(factor[1], lang), gain=amount)
    msgid = {"banked": BANKED, "tokens": TOKENS, "hand": HAND, "rival": RIVAL}[kind]
    return t(msgid, lang, gain=amount)


REASONS = MoveReasons(factors=factors, words=words)
