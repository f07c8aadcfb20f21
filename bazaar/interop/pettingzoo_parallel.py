"""The Bazaar games through PettingZoo's parallel API (docs/pettingzoo.md).

    from bazaar.interop.pettingzoo import parallel_env
    e = parallel_env("take-stock", players=4)
    observations, infos = e.reset(seed=7)
    while e.agents:
        mover = infos[e.agents[0]]["active_agent"]
        mask = observations[mover]["action_mask"]
        actions = {mover: int(mask.nonzero()[0][0])}
        observations, rewards, terminations, truncations, infos = e.step(actions)

Our games are turn-based, so this is an honest parallel environment: at each step every live
agent observes, but only the agent to move acts (``infos[agent]["active_agent"]`` names it,
and only its observation has a non-zero action mask); the actions given for the others are
ignored. PettingZoo's own ``aec_to_parallel`` does not apply (it needs agents that step in a
fixed cycle). Spaces, rewards, ``state()``, compact actions and ``max_turns`` are the AEC
environment's (:class:`bazaar.interop.pettingzoo.raw_env`, which this one drives).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from bazaar.core.errors import BadOptions

Observation = dict[str, np.ndarray]


class raw_parallel_env(ParallelEnv):  # PettingZoo's naming of environment classes
    """One Bazaar game as a PettingZoo ParallelEnv, driving an AEC environment ``aec`` (a
    :class:`bazaar.interop.pettingzoo.raw_env`; :func:`bazaar.interop.pettingzoo.parallel_env`
    makes both)."""

    def __init__(self, aec: Any) -> None:
        #: the AEC environment this one drives
        self.aec = aec
        render_mode = aec.render_mode
        self.metadata = dict(self.aec.metadata)
        self.render_mode = render_mode
        self.possible_agents = list(self.aec.possible_agents)
        self.agents: list[str] = []
        self.observation_spaces = self.aec.observation_spaces
        self.action_spaces = self.aec.action_spaces
        self.state_space = self.aec.state_space

    def __str__(self) -> str:
        return str(self.metadata["name"])

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.aec.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """A new game (seeds as the AEC ``reset``): every agent's observation and info."""
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.aec.agents)
        return self._observations(), self._infos()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play the action of the agent to move (``actions`` may hold the others' too: they
        are ignored). A missing action for the mover raises BadOptions; an illegal one
        IllegalAction, changing nothing."""
        if not self.agents:
            raise BadOptions("step(): the game is over (call reset())")
        aec = self.aec
        mover = aec.agent_selection
        if mover not in actions:
            raise BadOptions(f"step(): no action for {mover}, the agent to move")
        aec.step(actions[mover])
        agents = self.agents
        rewards = {a: aec.rewards[a] for a in agents}
        terminations = {a: aec.terminations[a] for a in agents}
        truncations = {a: aec.truncations[a] for a in agents}
        observations = self._observations()
        infos = self._infos()
        if aec.game_state is None or aec.game_state.is_over() or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, Observation]:
        return {a: self.aec.observe(a) for a in self.agents}

    def _infos(self) -> dict[str, dict[str, Any]]:
        seat = self.aec.game_state.to_move() if self.aec.game_state is not None else None
        active = None if seat is None or any(self.aec.truncations.values()) else f"player_{seat}"
        return {a: {"active_agent": active} for a in self.agents}

    def state(self) -> np.ndarray:
        """As :meth:`raw_env.state`: every seat's features, for centralised training only."""
        return self.aec.state()

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()
