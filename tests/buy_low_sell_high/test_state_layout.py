"""The state is data (a dataclass of fields) and the rules are functions, joined in state.py."""

from __future__ import annotations

import dataclasses
import pickle

from bazaar.games.buy_low_sell_high import GAME, transitions
from bazaar.games.buy_low_sell_high.fields import BlshFields
from bazaar.games.buy_low_sell_high.state import BlshState


def test_games_build_the_joined_class_and_its_copies_stay_that_class() -> None:
    s = GAME.new(3, 4)
    assert type(s).__name__ == "BlshState"
    assert type(s.clone()) is BlshState
    assert type(s.determinize(0, s.rng)) is BlshState
    assert type(GAME.restore(s.full_view())) is BlshState
    assert type(BlshState.restore(GAME, s.full_view())) is BlshState


def test_only_the_fields_dataclass_declares_slots() -> None:
    assert BlshState.__slots__ == ()
    assert BlshFields.__slots__ == tuple(f.name for f in dataclasses.fields(BlshFields))
    assert "money" in BlshFields.__slots__
    assert not hasattr(GAME.new(2, 0), "__dict__")


def test_the_state_methods_are_the_rule_functions() -> None:
    assert BlshState.legal_actions is transitions.legal_actions
    assert BlshState._apply is transitions.apply


def test_a_pickled_state_plays_on_identically() -> None:
    s = GAME.new(4, 11)
    for _ in range(25):
        s.apply(s.legal_actions()[-1])
    copy = pickle.loads(pickle.dumps(s))
    assert type(copy) is BlshState
    assert copy == s
    assert copy.legal_actions() == s.legal_actions()
    assert copy.apply(copy.legal_actions()[0]) == s.apply(s.legal_actions()[0])
