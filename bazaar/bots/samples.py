"""How many determinizations of the mover's information set the estimator weighs per move, by
level: the hint's, the guide's and a puzzle's budget (:func:`bazaar.bots.estimator.weigh_moves`).

A module of its own so that the levels (:mod:`bazaar.bots.levels`, which name these beside the
searches' settings) and the estimator both read it without importing each other.
"""

from __future__ import annotations

SAMPLES = {"easy": 8, "medium": 32, "hard": 96}

__all__ = ["SAMPLES"]
