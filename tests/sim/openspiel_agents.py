"""OpenSpiel bots for tests/sim/test_outside_agents.py: a factory for OpenSpiel's ISMCTS bot,
named in a simulation as ``openspiel:tests.sim.openspiel_agents:small_ismcts``."""

from __future__ import annotations

from typing import Any


def small_ismcts(game: Any, player_id: int, seed: int) -> Any:
    """OpenSpiel's Python ISMCTS bot with 2 simulations and one random roll-out each."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(seed % (1 << 32))
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return ismcts.ISMCTSBot(game, evaluator, 1.4, max_simulations=2, random_state=rng)


#: neither a pyspiel.Bot class nor a factory function
NOT_A_BOT = 7
