"""Take Stock's moves as data for the browser (docs/web.md, "Move fields").

``move_fields(action)`` describes an action with the same facts as its notation, decoded from
the action number (never from the notation text), so a board script needs no parsing.
Cards are named as in the notation ("O7"), events by kind id ("split-O"), stocks by letter.
"""

from __future__ import annotations

from typing import Any

from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock.components import (
    CARD_NAMES,
    COMPONENTS,
    LETTERS,
    NUM_CARDS,
    STOCK_OF,
)


def _card(card: int) -> dict[str, str]:
    return {"card": CARD_NAMES[card], "stock": LETTERS[STOCK_OF[card]]}


def _event(kind: int) -> dict[str, Any]:
    """An event kind's id, its base id ("split") and its stock letter (null unless per-stock)."""
    info = COMPONENTS.kinds[kind]
    return {
        "event": info.id,
        "base": info.base,
        "stock": LETTERS[info.stock] if info.stock >= 0 else None,
    }


def move_fields(action: int) -> dict[str, Any]:
    """The fields of ``action``: ``kind`` and, per kind, its cards, event, seat or stock."""
    if action < A.BUY_BASE:
        return {"kind": "play", **_card(action)}
    if action < A.EVENT2_BASE:
        cert, discard = divmod(action - A.BUY_BASE, NUM_CARDS)
        return {"kind": "buy", "card": CARD_NAMES[cert], "discard": CARD_NAMES[discard]}
    if action < A.EVENT1_BASE:
        return {"kind": "event2", "discard": CARD_NAMES[action - A.EVENT2_BASE]}
    if action < A.TRIGGER_BASE:
        return {"kind": "event1", "discard": CARD_NAMES[action - A.EVENT1_BASE]}
    if action < A.CHOOSE_BASE:
        kind, discard = divmod(action - A.TRIGGER_BASE, NUM_CARDS)
        return {"kind": "trigger", **_event(kind), "discard": CARD_NAMES[discard]}
    if action < A.INSIDER_BASE:
        return {"kind": "choose", **_event(action - A.CHOOSE_BASE)}
    if action < A.DECLINE:
        return {"kind": "insider", **_card(action - A.INSIDER_BASE)}
    if action == A.DECLINE:
        return {"kind": "decline"}
    if action == A.STOP:
        return {"kind": "stop"}
    if action < A.TARGET_BASE:
        return {"kind": "audit", **_card(action - A.AUDIT_BASE)}
    if action < A.FREEZE_BASE:
        return {"kind": "target", "seat": action - A.TARGET_BASE}
    if action < A.EXERCISE_BASE:
        return {"kind": "freeze", "stock": LETTERS[action - A.FREEZE_BASE]}
    positions = A.mask_positions(action - A.EXERCISE_BASE)
    return {"kind": "exercise", "positions": [j + 1 for j in positions]}
