"""The state of a game of Take Stock (rules spec: shared/rules/take_stock.md), in four modules
by job:

* ``fields.py``: constants, the option flags and :class:`TakeStockFields`, the typed slots
  with set-up, restore, clone and the small read-only helpers that rules and views share;
* ``transitions.py``: :class:`TakeStockTransitions`, whose move it is, the legal actions,
  notation, every transition of the rules and the scores;
* ``views.py``: :class:`TakeStockViews`, the seat, spectator and full views and
  ``determinize``;
* ``refusals.py``: why an action is refused, one translated explanation per broken rule.

This module joins them into :class:`TakeStockState`, the class everything imports, pickles
and registers, and re-exports the names other modules import from here.
"""

from __future__ import annotations

from bazaar.games.take_stock.fields import (
    AUDIT_P,
    CHOOSE,
    EXERCISE,
    FREEZE_P,
    FULL_LOCK,
    INSIDER_P,
    KIND_MASK,
    MAIN,
    MAX_STEP,
    NO_END,
    OVER,
    PHASE_NAMES,
    PLAYER_LOCK,
    POSITION_FORMAT,
    REASON_NAMES,
    ROUNDS,
    TAG_NOBODY,
    TAG_SHIFT,
    TARGET_P,
    UPTURN_P,
    Rules,
    rules_for,
)
from bazaar.games.take_stock.transitions import TakeStockTransitions, exercise_actions, shuffle
from bazaar.games.take_stock.views import TakeStockViews

__all__ = [
    "AUDIT_P",
    "CHOOSE",
    "EXERCISE",
    "FREEZE_P",
    "FULL_LOCK",
    "INSIDER_P",
    "KIND_MASK",
    "MAIN",
    "MAX_STEP",
    "NO_END",
    "OVER",
    "PHASE_NAMES",
    "PLAYER_LOCK",
    "POSITION_FORMAT",
    "REASON_NAMES",
    "ROUNDS",
    "TAG_NOBODY",
    "TAG_SHIFT",
    "TARGET_P",
    "UPTURN_P",
    "Rules",
    "TakeStockState",
    "exercise_actions",
    "rules_for",
    "shuffle",
]


class TakeStockState(TakeStockTransitions, TakeStockViews):
    """A game of Take Stock in progress."""

    __slots__ = ()
