"""Outside agents for tests/sim/test_outside_agents.py: classes of an importable module that a
simulation names as ``tests.sim.outside_agents:Class``."""

from __future__ import annotations

import random
from typing import Any


class LastLegal:
    """Always the last legal move (made with no seed)."""

    def choose(self, state: Any) -> int:
        return int(state.legal_actions()[-1])


class SeededRandom:
    """A legal move drawn with its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> int:
        return int(self.rng.choice(state.legal_actions()))


class NoChoose:
    """Not an agent: it cannot choose."""


NOT_A_CLASS = 3
