"""A bot that picks uniformly among the legal actions, deterministically from its seed."""

from __future__ import annotations

from bazaar.core.game import State
from bazaar.core.rng import Rng


class RandomBot:
    """Uniform random play: ``RandomBot(seed).choose(state)``; the same seed, the same choices."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        return self.rng.choice(legal)
