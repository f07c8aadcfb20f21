"""Why one Buy Low Sell High move beats another (``GameParts.reasons``, bazaar.bots.why).

The worth of a position for a seat is its public estimate (``estimate.py``) taken apart:
what it owns now at today's prices, each stock's expected rise or fall this year on the
seat's shares, each stock's dividend, and how far the richest other seat is held back.
"""

from __future__ import annotations

from bazaar.core.game import State
from bazaar.core.parts import Factor, MoveReasons
from bazaar.games.buy_low_sell_high.components import KINDS
from bazaar.games.buy_low_sell_high.estimate import estimate_scores, projection
from bazaar.games.buy_low_sell_high.state import BlshState
from bazaar.games.buy_low_sell_high.text import stock_word, t
from bazaar.i18n import N_

NOW = N_("what you own is worth about ${gain} more at today's prices")
RISE = N_("{stock} should go up this year, which earns you about ${gain} more")
FALL = N_("{stock} should go down this year, and you lose about ${gain} less")
DIVIDEND = N_("the {stock} dividend pays you about ${gain} more")
RIVAL = N_("it keeps the richest other player about ${gain} lower")


def factors(state: State, seat: int) -> dict[Factor, float]:
    """The seat's estimated final money in parts (they add up to its estimate), and the
    richest other seat's estimate, negated."""
    assert isinstance(state, BlshState)
    prices, dividends = projection(state)
    held = state.held[seat]
    out: dict[Factor, float] = {
        ("now",): float(
            state.money[seat] + sum(held[k] * state.sell_price(k) for k in range(KINDS))
        )
    }
    for k in range(KINDS):
        move = held[k] * (prices[k] - state.sell_price(k))
        out[("rise", k)] = float(max(0, move))
        out[("fall", k)] = float(min(0, move))
        out[("dividend", k)] = float(held[k] * dividends[k])
    others = [x for q, x in enumerate(estimate_scores(state)) if q != seat]
    out[("rival",)] = -max(others) if others else 0.0
    return out


def words(factor: Factor, gain: float, lang: str) -> str:
    """Why a move ``gain`` dollars better on ``factor`` wins, in a clause."""
    amount = max(1, round(gain))
    msgid = {"now": NOW, "rise": RISE, "fall": FALL, "dividend": DIVIDEND, "rival": RIVAL}
    if len(factor) > 1:  # a stock's factor
        return t(msgid[factor[0]], lang, stock=stock_word(factor[1], lang), gain=amount)
    return t(msgid[factor[0]], lang, gain=amount)


REASONS = MoveReasons(factors=factors, words=words)
