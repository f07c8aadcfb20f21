"""Why one Taiwan Night Market move beats another (``GameParts.reasons``, bazaar.bots.why).

The worth of a position for a seat: its money (loans counted at what they cost at the end),
the customers its stalls meet first of their kind this round (those waiting at the entrances
and the seat's own hidden ones, $3 each), and how far the richest other seat is held back
(each seat's public estimate, ``estimate.py``).
"""

from __future__ import annotations

from typing import Any

from bazaar.core.game import State
from bazaar.core.parts import Factor, MoveReasons
from bazaar.games.night_market.estimate import estimate_scores
from bazaar.games.night_market.state import NightMarketState
from bazaar.games.night_market.teach import first_catches
from bazaar.games.night_market.text import t
from bazaar.i18n import N_

#: what one customer pays at a stall
PAY = 3

MONEY = N_("you keep about ${gain} more money (a loan counts as the $7 it costs)")
RIVAL = N_("it keeps the richest other player about ${gain} lower")


def caught(view: dict[str, Any], seat: int) -> int:
    """Customers waiting at the entrances, with the seat's own hidden ones, who meet one of
    the seat's stalls first of its kind on their way."""
    waiting = {letter: list(cards) for letter, cards in view["entrances"].items()}
    for card in view.get("hidden") or []:
        waiting.setdefault(card[2:], []).append(card)
    seen = {**view, "entrances": waiting}
    return sum(
        first_catches(seen, lot["lot"], lot["stall"])[0]
        for lot in view["lots"]
        if lot["owner"] == seat and lot["stall"] is not None
    )


def factors(state: State, seat: int) -> dict[Factor, float]:
    """The seat's money less its loans, the customers its stalls catch first ($3 each), and
    the richest other seat's estimate, negated."""
    assert isinstance(state, NightMarketState)
    others = [x for q, x in enumerate(estimate_scores(state)) if q != seat]
    return {
        ("money",): float(state.scores()[seat]),
        ("customers",): float(PAY * caught(state.view(seat), seat)),
        ("rival",): -max(others) if others else 0.0,
    }


def words(factor: Factor, gain: float, lang: str) -> str:
    """Why a move ``gain`` dollars better on ``factor`` wins, in a clause."""
    if factor[0] == "customers":
        count = max(1, round(gain / PAY))
        return t.ngettext(
            "your stalls are the first of their kind for {count} more waiting customer ($3 each)",
            "your stalls are the first of their kind for {count} more waiting customers ($3 each)",
            count,
            lang,
            count=count,
        )
    msgid = {"money": MONEY, "rival": RIVAL}[factor[0]]
    return t(msgid, lang, gain=max(1, round(gain)))


REASONS = MoveReasons(factors=factors, words=words)
