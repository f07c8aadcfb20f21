"""The state class is the fields dataclass with the rule functions as methods; it pickles."""

from __future__ import annotations

import pickle

from bazaar.core.game import State
from bazaar.games.take_stock import transitions
from bazaar.games.take_stock.fields import TakeStockFields
from bazaar.games.take_stock.state import TakeStockState

from .helpers import do, new, slot_names


def test_the_state_class_is_the_fields_with_the_rules_as_methods() -> None:
    assert TakeStockState.__mro__[1] is TakeStockFields and State in TakeStockState.__mro__
    assert TakeStockState.legal_actions is transitions.legal_actions
    assert (TakeStockState.__module__, TakeStockState.__qualname__) == (
        "bazaar.games.take_stock.state",
        "TakeStockState",
    )
    assert not hasattr(new(3), "__dict__")  # every class is slotted
    assert TakeStockState.__slots__ == ()  # the fields class declares them all
    assert slot_names(new(3)) == list(TakeStockFields.__slots__) and len(slot_names(new(3))) == 37


def test_a_pickled_state_comes_back_equal_and_of_the_same_class() -> None:
    s = new(3, seed=4)
    do(s, *s.legal_notations()[:1])
    back = pickle.loads(pickle.dumps(s))
    assert type(back) is TakeStockState
    assert back == s and back.full_view() == s.full_view()
    assert type(s.clone()) is TakeStockState
