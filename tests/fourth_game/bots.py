"""Hidden Nines' heuristic player and position estimate (public information and own hand)."""

from __future__ import annotations

from bazaar.core.game import State
from tests.fourth_game.actions import DRAW, PASS
from tests.fourth_game.game import HiddenNinesState


class HighestCard:
    """Plays its highest card; with nothing in hand draws, else passes."""

    def __init__(self, seed: int = 0, noise: float = 0.0) -> None:
        self.seed, self.noise = seed, noise

    def choose(self, state: HiddenNinesState) -> int:
        legal = state.legal_actions()
        plays = [a for a in legal if a < DRAW]
        return max(plays) if plays else (DRAW if DRAW in legal else PASS)


def estimate_scores(state: State) -> list[float]:
    """Points so far plus half a card's average (5) per card in hand."""
    assert isinstance(state, HiddenNinesState)
    return [sum(p) + 2.5 * len(h) for p, h in zip(state.played, state.hands, strict=True)]
