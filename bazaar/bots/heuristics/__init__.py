"""One heuristic bot per game: fast, sensible play by the game's own logic.

Each heuristic reads only what its seat may see (public fields and its own hand).
:class:`HeuristicBot` picks the right one for whatever game it is asked to play.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from bazaar.core.errors import BazaarError
from bazaar.core.game import State
from bazaar.core.rng import Rng

Policy = Callable[[State, Rng], int]

#: game id -> "module:Class" of its heuristic player.
HEURISTICS: dict[str, str] = {
    "buy-low-sell-high": "bazaar.bots.heuristics.buy_low_sell_high:BlshHeuristic",
    "night-market": "bazaar.bots.heuristics.night_market:NightMarketHeuristic",
    "take-stock": "bazaar.bots.heuristics.take_stock:TakeStockHeuristic",
}


def heuristic_for(game_id: str, seed: int = 0, noise: float = 0.0) -> Any:
    """A new heuristic player for ``game_id`` (``noise`` > 0 randomises near-ties)."""
    target = HEURISTICS.get(game_id)
    if target is None:
        raise BazaarError(f"no heuristic bot for game {game_id!r} yet", rule="unknown-bot")
    module, cls = target.split(":")
    return getattr(importlib.import_module(module), cls)(seed=seed, noise=noise)


class HeuristicBot:
    """The heuristic player of whichever game ``choose`` is given."""

    name = "heuristic"

    def __init__(self, seed: int = 0, noise: float = 0.0) -> None:
        self.seed = seed
        self.noise = noise
        self._players: dict[str, Any] = {}

    def choose(self, state: State) -> int:
        game_id = state.game.id
        player = self._players.get(game_id)
        if player is None:
            player = self._players[game_id] = heuristic_for(game_id, self.seed, self.noise)
        return player.choose(state)


def heuristic_policy(game_id: str, seed: int = 0, noise: float = 0.3) -> Policy:
    """A rollout policy for ISMCTS: the game's heuristic with some noise."""
    player = heuristic_for(game_id, seed, noise)

    def policy(state: State, rng: Rng) -> int:
        return player.choose(state)

    return policy
