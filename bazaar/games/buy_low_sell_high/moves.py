"""Buy Low Sell High's moves as data for the browser (docs/web.md, "Move fields").

``move_fields(action)`` describes an action with the same facts as its notation, decoded from
the action number (never from the notation text), so a board script needs no parsing.
"""

from __future__ import annotations

from typing import Any

from bazaar.games.buy_low_sell_high import actions as A
from bazaar.games.buy_low_sell_high.components import CARD_NAMES, NEWS, card_colour, card_type


def move_fields(action: int) -> dict[str, Any]:
    """The fields of ``action``: ``kind`` and, per kind, its stocks, card or space."""
    if action == A.PASS:
        return {"kind": "pass"}
    if action < A.PLAY_BASE:
        changes = list(A.TRADES[action])
        return {
            "kind": "trade",
            "changes": changes,
            "stocks": [k for k, d in enumerate(changes) if d],
        }
    if action < A.COVER_BASE:
        card = action - A.PLAY_BASE
        kind = "dud" if card_type(card) == NEWS else "play"
        return {"kind": kind, "card": CARD_NAMES[card], "stock": card_colour(card)}
    if action < A.DISCARD_BASE:
        return {"kind": "news", "space": action - A.COVER_BASE + 1}
    if action < A.KEEP:
        return {"kind": "discard", "card": CARD_NAMES[action - A.DISCARD_BASE]}
    if action == A.KEEP:
        return {"kind": "keep"}
    if action < A.STOP:
        return {"kind": "sell", "stock": action - A.SELL_BASE}
    return {"kind": "stop"}
