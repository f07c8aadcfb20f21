"""Shared by the bot tests: play a game to its end with one bot per seat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bazaar.core.game import State


def play_out(state: State, bots: Sequence[Any], twins: Sequence[Any] | None = None) -> State:
    """Let ``bots[seat]`` move until the game ends; every action must be legal. With ``twins``
    (bots built the same way), each move must also be the twin's (seeded, so repeatable)."""
    while not state.is_over():
        mover = state.to_move()
        assert mover is not None
        action = bots[mover].choose(state)
        assert action in state.legal_actions()
        if twins is not None:
            assert twins[mover].choose(state) == action
        state.apply(action)
    return state
