"""The state class is split by job (fields, transitions, views) and joined in state.py."""

from __future__ import annotations

import pickle

from bazaar.games.buy_low_sell_high import GAME
from bazaar.games.buy_low_sell_high.fields import BlshFields
from bazaar.games.buy_low_sell_high.state import BlshState
from bazaar.games.buy_low_sell_high.transitions import BlshTransitions
from bazaar.games.buy_low_sell_high.views import BlshViews


def test_games_build_the_joined_class_and_its_copies_stay_that_class() -> None:
    s = GAME.new(3, 4)
    assert type(s).__name__ == "BlshState"
    assert type(s.clone()) is BlshState
    assert type(s.determinize(0, s.rng)) is BlshState
    assert type(GAME.restore(s.full_view())) is BlshState
    assert type(BlshState.restore(GAME, s.full_view())) is BlshState


def test_only_the_fields_module_declares_slots() -> None:
    assert BlshTransitions.__slots__ == BlshViews.__slots__ == BlshState.__slots__ == ()
    assert "money" in BlshFields.__slots__
    assert not hasattr(GAME.new(2, 0), "__dict__")


def test_a_pickled_state_plays_on_identically() -> None:
    s = GAME.new(4, 11)
    for _ in range(25):
        s.apply(s.legal_actions()[-1])
    copy = pickle.loads(pickle.dumps(s))
    assert type(copy) is BlshState
    assert copy == s
    assert copy.legal_actions() == s.legal_actions()
    assert copy.apply(copy.legal_actions()[0]) == s.apply(s.legal_actions()[0])
