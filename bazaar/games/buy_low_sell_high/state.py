"""The state of Buy Low Sell High (rules spec: shared/rules/buy_low_sell_high.md): data and rules.

- ``fields.py``: the option flags (:class:`Rules`), the phases and the fields
  (:class:`BlshFields`, a dataclass written once; clone is generated from it);
- ``codecs.py``: how each field reads from a position and is written there;
- ``transitions.py``: setup, whose move, the legal actions, every transition and the scores,
  as functions of the fields;
- ``views.py``: what each seat sees, the whole position (``full_view``) and determinize;
- ``positions.py``: restore, with the checks that join fields;
- ``refusals.py``: why an illegal action is refused.

:class:`BlshState` binds those functions as the methods of the :class:`State` protocol; it is
the class games create, pickle and register.
"""

from __future__ import annotations

from typing import Any, Self, cast

from bazaar.core.game import Game, State
from bazaar.games.buy_low_sell_high import actions as A
from bazaar.games.buy_low_sell_high import positions, refusals, transitions, views
from bazaar.games.buy_low_sell_high.codecs import hand_names
from bazaar.games.buy_low_sell_high.fields import (
    FORCED,
    OVER,
    PHASE_NAMES,
    PLAY,
    REDRAW,
    SELLOFF,
    TRADE,
    BlshFields,
)
from bazaar.games.buy_low_sell_high.transitions import first_lap_allows as _first_lap_allows

#: the phases and the first-lap rule, for the tests
__all__ = [
    "FORCED",
    "OVER",
    "PHASE_NAMES",
    "PLAY",
    "REDRAW",
    "SELLOFF",
    "TRADE",
    "BlshState",
    "_first_lap_allows",
]


class BlshState(BlshFields, State):
    """A game of Buy Low Sell High in progress."""

    __slots__ = ()

    @classmethod
    def setup(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> Self:
        s = cls.blank(game, players, seed, options)
        transitions.setup(s)
        return s

    @classmethod
    def restore(cls, game: Game, data: dict[str, Any]) -> Self:
        """The state whose :meth:`full_view` is ``data`` (BadRecord naming a bad field)."""
        return positions.restore(cls, game, data)

    to_move = transitions.to_move
    is_over = transitions.is_over
    legal_actions = transitions.legal_actions
    _apply = transitions.apply
    scores = transitions.scores
    winners = transitions.winners
    explain_illegal = refusals.explain_illegal
    determinize = views.determinize
    #: the trades' steps, for tests that check a trade one token at a time
    _buy = transitions.buy
    _sell = transitions.sell

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return cast(dict[str, Any], views.view(self, seat))  # a BlshView

    def full_view(self) -> dict[str, Any]:
        return cast(dict[str, Any], views.full_view(self))  # a BlshPosition

    def public_notation(self, action: int) -> str:
        """A year-end discard (§6 step 5) is set aside face down: others see ``discard ?``."""
        if A.DISCARD_BASE <= action < A.KEEP:
            return "discard ?"
        return self.notation(action)

    def hand_of(self, p: int) -> list[str]:
        """Card names in seat ``p``'s hand (sorted)."""
        return hand_names(self.hands[p])
