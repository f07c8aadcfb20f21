"""The state of a game of Take Stock (rules spec: shared/rules/take_stock.md): data and rules.

* ``fields.py``: constants, the option flags and :class:`TakeStockFields`, the fields as a
  dataclass written once (clone generated) with the read-only helpers rules and views share;
* ``transitions.py``: set-up, whose move it is, the legal actions, every transition of the
  rules and the scores, as functions of the fields;
* ``views.py``: the seat, spectator and full views and ``determinize``;
* ``positions.py``: restore;
* ``refusals.py``: why an action is refused, one translated explanation per broken rule.

:class:`TakeStockState` binds those functions as the methods of the :class:`State` protocol;
it is the class everything imports, pickles and registers. This module re-exports the names
other modules import from here.
"""

from __future__ import annotations

from typing import Any, Self, cast

from bazaar.core.game import Game, State
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock import positions, refusals, transitions, views
from bazaar.games.take_stock.components import CARD_BY_NAME
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
    TakeStockFields,
    rules_for,
)
from bazaar.games.take_stock.transitions import exercise_actions, shuffle

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


class TakeStockState(TakeStockFields, State):
    """A game of Take Stock in progress."""

    __slots__ = ()

    @classmethod
    def setup(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> Self:
        s = cls.blank(game, players, seed, options)
        transitions.setup(s)
        return s

    @classmethod
    def restore(cls, game: Game, data: dict[str, Any]) -> Self:
        """The state whose :meth:`full_view` is ``data`` (docs/positions/take-stock.md), also
        after a JSON round trip; BadRecord naming the field if ``data`` is not such a view."""
        return positions.restore(cls, game, data)

    to_move = transitions.to_move
    is_over = transitions.is_over
    legal_actions = transitions.legal_actions
    _apply = transitions.apply
    apply_unchecked = transitions.apply_unchecked
    scores = transitions.scores
    winners = transitions.winners
    explain_illegal = refusals.explain_illegal
    determinize = views.determinize
    _others_to_exercise = transitions.others_to_exercise

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return cast(dict[str, Any], views.view(self, seat))  # a TakeStockView

    def full_view(self) -> dict[str, Any]:
        return cast(dict[str, Any], views.full_view(self))  # a TakeStockPosition

    def parse(self, text: str) -> int:
        """Notation → action; ``exercise`` may also name the cards (``exercise O7 C3``)."""
        words = text.strip().lower().replace(",", " ").split() if isinstance(text, str) else []
        if (
            len(words) > 1
            and words[0] == "exercise"
            and words[1:] != ["none"]
            and all(w in CARD_BY_NAME for w in words[1:])
        ):
            if self.phase != EXERCISE:
                raise refusals.exercise_out_of_phase(text)
            mask = A.parse_exercise_cards(words[1:], self.hands[self.cur], text)
            action = A.EXERCISE_BASE + mask
        else:
            action = self.game.parse(text)
        self.check(action)
        return action

    def public_notation(self, action: int) -> str:
        """An option exercise (§7.1) stays secret until everybody has decided: others see
        ``exercise ?`` (also later: its hand positions would tell about the rest of the hand).
        The last player to decide reveals every choice and hand at once, so theirs is public."""
        if action >= A.EXERCISE_BASE and transitions.others_to_exercise(self):
            return "exercise ?"
        return self.notation(action)
