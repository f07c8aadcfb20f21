"""One heuristic bot per game: fast, sensible play by the game's own logic.

Each game declares its heuristic player in its parts (``GameParts.heuristic``, in
``bazaar/games/<game>/heuristic.py``); each reads only what its seat may see (public fields
and its own hand). :class:`HeuristicBot` picks the right one for whatever game it is asked
to play.
"""

from __future__ import annotations

from collections.abc import Callable

from bazaar.core.errors import BazaarError
from bazaar.core.game import State
from bazaar.core.parts import Player
from bazaar.core.registry import game_parts
from bazaar.core.rng import Rng

Policy = Callable[[State, Rng], int]


def has_heuristic(game_id: str) -> bool:
    """Whether ``game_id`` declares a heuristic player."""
    return game_parts(game_id).heuristic is not None


def heuristic_for(game_id: str, seed: int = 0, noise: float = 0.0) -> Player:
    """A new heuristic player for ``game_id`` (``noise`` > 0 randomises near-ties)."""
    factory = game_parts(game_id).heuristic
    if factory is None:
        raise BazaarError(f"no heuristic bot for game {game_id!r} yet", rule="unknown-bot")
    return factory(seed, noise)


class HeuristicBot:
    """The heuristic player of whichever game ``choose`` is given."""

    name = "heuristic"

    def __init__(self, seed: int = 0, noise: float = 0.0) -> None:
        self.seed = seed
        self.noise = noise
        self._players: dict[str, Player] = {}

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
