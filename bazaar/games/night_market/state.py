"""Taiwan Night Market's state class (rules spec: shared/rules/night_market.md), split by job
over four modules:

* ``fields.py``: the rule options (:class:`Rules`), phase and lot status constants, every slot
  with its type, ``setup``, ``restore``, ``clone`` and small shared read-only helpers;
* ``transitions.py``: who moves, the legal actions, every transition and the scores;
* ``views.py``: ``view``, ``full_view`` (the position as data) and ``determinize``;
* ``refusals.py``: why an action is refused (``explain_illegal``).

:class:`NightMarketState` joins them: it is the class everything imports, pickles and
registers. The names below are re-exported for the modules and tests that import them from
here.
"""

from __future__ import annotations

from bazaar.games.night_market.fields import (
    AUCTION,
    BID,
    BUILD,
    FREE_MARKERS,
    HIDE,
    IN_DECK,
    LOAN,
    LOAN_AMOUNT,
    OVER,
    OWNED,
    PHASE_NAMES,
    REMOVED,
    STATUS_NAMES,
    VALUE,
    VOID,
    Rules,
)
from bazaar.games.night_market.transitions import NightMarketTransitions
from bazaar.games.night_market.views import POSITION_FORMAT, NightMarketViews

__all__ = [
    "AUCTION",
    "BID",
    "BUILD",
    "FREE_MARKERS",
    "HIDE",
    "IN_DECK",
    "LOAN",
    "LOAN_AMOUNT",
    "OVER",
    "OWNED",
    "PHASE_NAMES",
    "POSITION_FORMAT",
    "REMOVED",
    "STATUS_NAMES",
    "VALUE",
    "VOID",
    "NightMarketState",
    "Rules",
]


class NightMarketState(NightMarketTransitions, NightMarketViews):
    """A game of Taiwan Night Market in progress."""

    __slots__ = ()
