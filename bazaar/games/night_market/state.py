"""Taiwan Night Market's state class (rules spec: shared/rules/night_market.md): data and rules.

* ``fields.py``: the rule options (:class:`Rules`), phase and lot status constants, every field
  with its type (a dataclass; clone generated from it) and small shared read-only helpers;
* ``transitions.py``: set-up, who moves, the legal actions, every transition and the scores,
  as functions of the fields;
* ``views.py``: ``view``, ``full_view`` (the position as data) and ``determinize``;
* ``positions.py``: restore;
* ``refusals.py``: why an action is refused (``explain_illegal``).

:class:`NightMarketState` binds those functions as the methods of the :class:`State`
protocol: it is the class everything imports, pickles and registers. The names below are
re-exported for the modules and tests that import them from here.
"""

from __future__ import annotations

from typing import Any, Self, cast

from bazaar.core.game import Game, State
from bazaar.games.night_market import actions as A
from bazaar.games.night_market import positions, refusals, transitions, views
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
    NightMarketFields,
    Rules,
)
from bazaar.games.night_market.views import POSITION_FORMAT

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


class NightMarketState(NightMarketFields, State):
    """A game of Taiwan Night Market in progress."""

    __slots__ = ()

    @classmethod
    def setup(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> Self:
        s = cls.blank(game, players, seed, options)
        transitions.setup(s)
        return s

    @classmethod
    def restore(cls, game: Game, data: dict[str, Any]) -> Self:
        """The state whose :meth:`full_view` is ``data`` (docs/positions/night-market.md);
        BadRecord naming the field when ``data`` is not such a position."""
        return positions.restore(cls, game, data)

    to_move = transitions.to_move
    is_over = transitions.is_over
    legal_actions = transitions.legal_actions
    _apply = transitions.apply
    scores = transitions.scores
    winners = transitions.winners
    bid_range = transitions.bid_range
    explain_illegal = refusals.explain_illegal
    determinize = views.determinize
    #: the automatic end of a round, for tests that start from its position
    _end_of_round = transitions.end_of_round

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return cast(dict[str, Any], views.view(self, seat))  # a NightMarketView

    def full_view(self) -> dict[str, Any]:
        return cast(dict[str, Any], views.full_view(self))  # a NightMarketPosition

    def public_notation(self, action: int) -> str:
        """A hidden customer (§4 Step 3) is placed face down: others see only ``hide ?``."""
        if A.HIDE_BASE <= action < A.BID_LOT_BASE:
            return "hide ?"
        return self.notation(action)
