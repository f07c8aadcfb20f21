"""What a simulation plays: the game, the agents, the seats of each game and every seed.

A plan is pure data. Game ``i`` of a plan is the same on any machine, in any process and at any
``--jobs``: its seed and its bots' seeds come from the plan's seed and ``i`` alone, and its seats
are the plan's agents rotated by ``i`` (agent ``j`` sits at seat ``(j + i) % P``), so over a
multiple of P games every agent sits in every seat equally often.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bazaar.core.registry import get_game
from bazaar.core.rng import Rng
from bazaar.i18n import N_
from bazaar.sim.errors import SimError
from bazaar.sim.outside import agent_spec, check_outside, is_outside
from bazaar.sim.search_params import search_params, split_spec

__all__ = ["GameTask", "SimError", "SimPlan", "check_agent"]

#: the simulation's own version of the plan format (``plan.json``)
PLAN_FORMAT = 1


@dataclass(frozen=True)
class GameTask:
    """One game of a plan: everything a worker needs to play it."""

    index: int
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    #: the agent spec at each seat (0-based)
    seats: tuple[str, ...]
    #: each seat's bot seed
    bot_seeds: tuple[int, ...]


@dataclass(frozen=True)
class SimPlan:
    """A simulation: ``agents[j]`` is the agent that starts at seat ``j`` in game 0."""

    game: str
    players: int
    agents: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0

    @classmethod
    def make(
        cls,
        game_id: str,
        seats: list[str],
        players: int | None = None,
        options: dict[str, Any] | None = None,
        seed: int = 0,
    ) -> SimPlan:
        """A checked plan; raise a BazaarError naming the bad game, seat, count or option.

        With fewer ``seats`` than ``players`` the last agent fills the other seats
        (``heuristic,random`` with 4 players: one heuristic against three random bots).
        """
        game = get_game(game_id)
        specs = [agent_spec(spec) for spec in seats]
        if not specs or any(not spec for spec in specs):
            raise SimError.of(N_("--seats needs at least one agent and no empty entry"))
        for spec in specs:
            check_agent(spec)
        count = players if players is not None else max(len(specs), game.min_players)
        game.check_players(count)
        if len(specs) > count:
            raise SimError.of(
                N_("{n} agents in --seats for {players} players"), n=len(specs), players=count
            )
        specs += [specs[-1]] * (count - len(specs))
        resolved = game.resolve_options(options or {})
        return cls(game.id, count, tuple(specs), resolved, seed)

    def task(self, index: int) -> GameTask:
        """Game ``index`` of this plan."""
        rng = Rng(self.seed ^ (index * 0xD1B54A32D192ED03))
        rng.next64()
        game_seed = rng.next64()
        bot_seeds = tuple(rng.next64() for _ in range(self.players))
        shift = index % self.players
        seats = tuple(self.agents[(seat - shift) % self.players] for seat in range(self.players))
        return GameTask(
            index, self.game, self.players, dict(self.options), game_seed, seats, bot_seeds
        )

    def distinct_agents(self) -> list[str]:
        """The agents in first-seen order."""
        return list(dict.fromkeys(self.agents))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": PLAN_FORMAT,
            "game": self.game,
            "players": self.players,
            "agents": list(self.agents),
            "options": dict(sorted(self.options.items())),
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SimPlan:
        if data.get("format") != PLAN_FORMAT:
            raise SimError(f"unknown plan format {json.dumps(data.get('format'))}")
        return cls(
            data["game"], data["players"], tuple(data["agents"]), data["options"], data["seed"]
        )


def check_agent(spec: str) -> None:
    """Raise SimError unless ``spec`` is a bot spec, maybe with ``@N`` search iterations and
    ``+NAME=VALUE`` search settings (:mod:`bazaar.sim.search_params`), or
    an outside agent: ``module:Class``, ``openspiel:module:Name`` or ``engine:COMMAND``
    (:mod:`bazaar.sim.outside`)."""
    if is_outside(spec):
        check_outside(spec)  # importable and able to choose, or a command that can start
        return
    search_params(spec)  # +NAME=VALUE settings: known, in range, for ismcts only
    name, at, budget = split_spec(spec)[0].partition("@")
    if at and (not name.startswith("ismcts") or not budget.isdigit() or int(budget) < 1):
        raise SimError.of(
            N_("{spec!r}: only ismcts agents take @N, with N a whole number of iterations"),
            spec=spec,
        )
