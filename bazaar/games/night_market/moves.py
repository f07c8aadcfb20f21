"""Taiwan Night Market's moves as data for the browser (docs/web.md, "Move fields").

``move_fields(action)`` describes an action with the same facts as its notation, decoded from
the action number (never from the notation text), so a board script needs no parsing.
Lots count from 1 as in the notation; customers and stall types are named as there ("T2D", "T2").
"""

from __future__ import annotations

from typing import Any

from bazaar.games.night_market import actions as A
from bazaar.games.night_market.components import KIND_NAMES, NUM_TYPES, TYPE_NAMES


def move_fields(action: int) -> dict[str, Any]:
    """The fields of ``action``: ``kind`` and, per kind, its customer, lot, type or amount."""
    if action < A.BID_LOT_BASE:
        return {"kind": "hide", "customer": KIND_NAMES[action - A.HIDE_BASE]}
    if action < A.VALUE_BASE:
        return {"kind": "bid", "lot": action - A.BID_LOT_BASE + 1}
    if action < A.PASS:
        return {"kind": "amount", "amount": action - A.VALUE_BASE}
    if action == A.PASS:
        return {"kind": "pass"}
    if action == A.GIVE_UP:
        return {"kind": "give-up"}
    if action < A.EMPTY_BASE:
        lot, stall_type = divmod(action - A.BUILD_BASE, NUM_TYPES)
        return {"kind": "build", "lot": lot + 1, "type": TYPE_NAMES[stall_type]}
    if action < A.LOAN:
        return {"kind": "empty", "lot": action - A.EMPTY_BASE + 1}
    return {"kind": "loan" if action == A.LOAN else "done"}
