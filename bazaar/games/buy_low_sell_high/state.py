"""The state of Buy Low Sell High (rules spec: shared/rules/buy_low_sell_high.md), split by job:

- ``fields.py``: the option flags (:class:`Rules`), the phases, the typed slots, setup,
  restore, clone and the read-only helpers (prices, columns) shared by rules and views;
- ``transitions.py``: whose move, the legal actions, every transition and the scores;
- ``views.py``: what each seat sees, the whole position (``full_view``) and determinize;
- ``refusals.py``: why an illegal action is refused.

:class:`BlshState` joins them; it is the class games create, pickle and register.
"""

from __future__ import annotations

from bazaar.games.buy_low_sell_high.fields import (
    COLOUR_OF,
    FORCED,
    NEWS_CARDS,
    OVER,
    PHASE_NAMES,
    PLAY,
    POSITION_FORMAT,
    REDRAW,
    SELLOFF,
    SPACES,
    TOP,
    TRADE,
    TYPE_OF,
    BlshFields,
    Rules,
)
from bazaar.games.buy_low_sell_high.transitions import (
    FIRST_LAP_ALLOWED,
    BlshTransitions,
    _first_lap_allows,
)
from bazaar.games.buy_low_sell_high.views import BlshViews

__all__ = [
    "COLOUR_OF",
    "FIRST_LAP_ALLOWED",
    "FORCED",
    "NEWS_CARDS",
    "OVER",
    "PHASE_NAMES",
    "PLAY",
    "POSITION_FORMAT",
    "REDRAW",
    "SELLOFF",
    "SPACES",
    "TOP",
    "TRADE",
    "TYPE_OF",
    "BlshFields",
    "BlshState",
    "BlshTransitions",
    "BlshViews",
    "Rules",
    "_first_lap_allows",
]


class BlshState(BlshTransitions, BlshViews):
    """A game of Buy Low Sell High in progress."""

    __slots__ = ()
