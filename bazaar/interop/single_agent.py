"""One seat of a multi-player PettingZoo AEC game as a single-agent gymnasium env.

:class:`SingleAgentEnv` plays every other seat with an opponent policy (by default a seeded
uniform random choice among the legal actions) and hands the learner only its own turns:
``reset`` and ``step`` return the observation vector of the learner's next decision, and
``action_masks()`` the legal actions of that decision (the method sb3-contrib's MaskablePPO
reads). The reward is 0 on every step but the last, where it is the learner's final reward
from the AEC env (for Bazaar's envs: its win share, see docs/learning.md).

It needs gymnasium and numpy only, and works with any AEC env whose observations are
``{"observation": array, "action_mask": int8 array}`` (the form of PettingZoo's classic
games and of ``bazaar.interop.pettingzoo``). docs/learning.md describes it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, Protocol

import gymnasium as gym
import numpy as np
from numpy.typing import NDArray

Observation = NDArray[np.float32]
#: an opponent: ``policy(observation dict, rng) -> action`` (a legal one)
Opponent = Callable[[Mapping[str, Any], np.random.Generator], int]


class AECLike(Protocol):
    """The part of PettingZoo's ``AECEnv`` this wrapper uses."""

    possible_agents: list[str]
    agent_selection: str

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None: ...
    def step(self, action: Any) -> None: ...
    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]: ...
    def observation_space(self, agent: str) -> gym.Space[Any]: ...
    def action_space(self, agent: str) -> gym.Space[Any]: ...
    def close(self) -> None: ...


def random_opponent(observation: Mapping[str, Any], rng: np.random.Generator) -> int:
    """Uniform random play among the legal actions of ``observation["action_mask"]``."""
    legal = np.flatnonzero(observation["action_mask"])
    return int(legal[rng.integers(len(legal))])


class SingleAgentEnv(gym.Env[Observation, np.int64]):
    """The learner's seat of ``aec``; the other seats are played by ``opponent``.

    ``seat`` is the learner's seat index, or None for a seat drawn (from the reset seed) at
    each reset, so that the learner plays every position and its win share compares with the
    fair share ``1 / players``. ``reset(seed=s)`` seeds the AEC env with ``s`` and the stream
    of opponent moves, seat draws and later game seeds with ``s`` too, so a run of episodes
    is fully determined by the first seed and the learner's actions. A game that ends before
    the learner's first decision is skipped (a new one starts from the stream).

    An illegal action raises ValueError (``illegal="raise"``), or with ``illegal="lose"`` ends
    the episode at once with reward 0 and ``info["illegal_action"]`` (for checkers such as
    gymnasium's ``check_env`` that step with unmasked random actions).
    """

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 -- as gymnasium declares it

    def __init__(
        self,
        aec: AECLike,
        seat: int | None = None,
        opponent: Opponent | None = None,
        illegal: Literal["raise", "lose"] = "raise",
    ):
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal must be 'raise' or 'lose', not {illegal!r}")
        self.illegal = illegal
        self.aec = aec
        self.agents = list(aec.possible_agents)
        if seat is not None and not 0 <= seat < len(self.agents):
            raise ValueError(f"seat must be 0..{len(self.agents) - 1} or None, not {seat!r}")
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.opponent = opponent or random_opponent
        space = aec.observation_space(self.agents[self.seat])
        assert isinstance(space, gym.spaces.Dict), "the AEC observations must be a Dict space"
        inner = space["observation"]
        assert isinstance(inner, gym.spaces.Box)
        self.observation_space = gym.spaces.Box(
            low=inner.low.astype(np.float32),
            high=inner.high.astype(np.float32),
            shape=inner.shape,
            dtype=np.float32,
        )
        actions = aec.action_space(self.agents[self.seat])
        assert isinstance(actions, gym.spaces.Discrete)
        self.action_space = gym.spaces.Discrete(int(actions.n))
        self.opponent_rng = np.random.default_rng(0)
        self._mask = np.zeros(int(actions.n), dtype=bool)
        self._done = True

    @property
    def agent(self) -> str:
        """The AEC agent name of the learner's seat in the current episode."""
        return self.agents[self.seat]

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions of the learner's current decision (all False once it is over)."""
        return self._mask.copy()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self.opponent_rng = np.random.default_rng(seed)
        game_seed = seed
        while True:
            if self.fixed_seat is None:
                self.seat = int(self.opponent_rng.integers(len(self.agents)))
            # a game seed from the episode stream when none is given (sb3 reseeds only once)
            if game_seed is None:
                game_seed = int(self.opponent_rng.integers(2**31))
            self.aec.reset(seed=game_seed, options=options)
            self._done = False
            observation, _, terminated, truncated, info = self._advance()
            if not (terminated or truncated):
                break
            game_seed = None
        return observation, {"seat": self.seat, **info}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        index = int(action)
        if not (0 <= index < len(self._mask) and self._mask[index]):
            if self.illegal == "raise":
                raise ValueError(f"action {index} is not legal for the learner now")
            self._done = True
            self._mask[:] = False
            vector = np.zeros(self.observation_space.shape or (), dtype=np.float32)
            return vector, 0.0, True, False, {"seat": self.seat, "illegal_action": index}
        self.aec.step(index)
        observation, reward, terminated, truncated, info = self._advance()
        return observation, reward, terminated, truncated, {"seat": self.seat, **info}

    def _advance(self) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Let the opponents play until the learner decides or the game is over for it."""
        while True:
            agent = self.aec.agent_selection
            observation, reward, terminated, truncated, info = self.aec.last()
            if agent == self.agent:
                break
            if terminated or truncated:
                self.aec.step(None)
            else:
                self.aec.step(self.opponent(observation, self.opponent_rng))
        vector = np.asarray(observation["observation"], dtype=np.float32)
        if terminated or truncated:
            self._done = True
            self._mask[:] = False
        else:
            self._mask = np.asarray(observation["action_mask"], dtype=bool)
        return vector, float(reward), bool(terminated), bool(truncated), dict(info)

    def close(self) -> None:
        self.aec.close()
