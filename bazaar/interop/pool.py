"""Self-play opponents: the game's heuristic bot, frozen snapshots of a learner, and a pool
that deals one of them to every episode of a single-agent env (docs/learning.md).

:class:`PoolEnv` is :class:`~bazaar.interop.single_agent.SingleAgentEnv` whose other seats
are played, for a whole game, by one member of an :class:`OpponentPool` drawn at each reset
from a seeded stream: the heuristic bot with probability ``heuristic_share``, otherwise one
of the snapshots (uniformly). With ``hint=True`` every observation (the learner's and a
snapshot's) ends with a one-hot of the action the heuristic bot would choose for that seat
(the heuristic reads only what its seat sees, so the hint hides nothing). With
``shaping=c`` the learner's reward also gets ``c × (Φ(after) − Φ(before))`` at each of its
steps, ``Φ`` its lead by the game's public score estimate (``GameParts.estimate``: its
estimate minus the mean of the others'); summed over a game that is ``c ×`` (its final lead
minus its lead at its first decision), so the win share stays the goal (potential-based
shaping).

Snapshots are plain numpy (:class:`PolicySnapshot`: a tanh MLP and its action layer), so the
pool needs numpy only; examples/learn_self_play.py copies them out of a torch policy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import gymnasium as gym
import numpy as np
from numpy.typing import NDArray

from bazaar.bots.heuristics import heuristic_for
from bazaar.core.game import State
from bazaar.core.parts import Player
from bazaar.core.registry import game_parts
from bazaar.interop.single_agent import AECLike, Observation, SingleAgentEnv

HEURISTIC = "heuristic"


class Member(Protocol):
    """A pool member: plays the seat to move of ``env``'s game."""

    name: str

    def act(self, env: PoolEnv, observation: Mapping[str, Any], rng: np.random.Generator) -> int:
        """A legal action for the seat to move (``observation`` is that seat's)."""
        ...


class HeuristicMember:
    """The game's heuristic bot: noise 0 is the bot people play against; ``noise`` > 0
    randomises its near-ties (seeded by ``seed``)."""

    def __init__(self, noise: float = 0.0, seed: int = 0) -> None:
        self.noise = noise
        self.seed = seed
        self.name = HEURISTIC if not noise else f"{HEURISTIC}-noise-{noise:g}"
        self._players: dict[str, Player] = {}

    def act(self, env: PoolEnv, observation: Mapping[str, Any], rng: np.random.Generator) -> int:
        if not self.noise:
            return env.heuristic_choice()
        player = self._players.get(env.game_id)
        if player is None:
            player = self._players[env.game_id] = heuristic_for(env.game_id, self.seed, self.noise)
        return player.choose(env.state())


@dataclass(frozen=True)
class PolicySnapshot:
    """A frozen policy: ``layers`` of (weights in × out, bias) with tanh, then ``head``.

    It plays by sampling its masked softmax (``greedy=False``, so that the learner meets a
    varied opponent) or its best legal action; ``hint`` says whether it was trained on
    observations that end with the heuristic's choice.
    """

    name: str
    layers: tuple[tuple[NDArray[np.float32], NDArray[np.float32]], ...]
    head: tuple[NDArray[np.float32], NDArray[np.float32]]
    hint: bool = False
    greedy: bool = False

    def logits(self, vector: NDArray[np.float32]) -> NDArray[np.float32]:
        """The action logits for one observation vector."""
        x = vector
        for weights, bias in self.layers:
            x = np.tanh(x @ weights + bias)
        weights, bias = self.head
        out: NDArray[np.float32] = x @ weights + bias
        return out

    def choose(
        self, vector: NDArray[np.float32], mask: NDArray[Any], rng: np.random.Generator
    ) -> int:
        """A legal action: the best one, or one drawn from the masked softmax."""
        legal = np.flatnonzero(mask)
        scores = self.logits(vector)[legal].astype(np.float64)
        if self.greedy:
            return int(legal[int(np.argmax(scores))])
        weights = np.exp(scores - scores.max())
        return int(legal[rng.choice(len(legal), p=weights / weights.sum())])

    def act(self, env: PoolEnv, observation: Mapping[str, Any], rng: np.random.Generator) -> int:
        vector = np.asarray(observation["observation"], dtype=np.float32)
        if self.hint:
            vector = np.concatenate([vector, env.hint_vector()])
        return self.choose(vector, observation["action_mask"], rng)


class OpponentPool:
    """The heuristic bot plus a growing list of snapshots, dealt one per episode.

    ``draw(rng)`` gives the heuristic (``heuristic``, by default noise 0) with probability
    ``heuristic_share`` (always while there is no snapshot), else a snapshot; ``limit`` keeps
    only the newest snapshots (None: all). ``games`` counts the episodes dealt to each
    member, ``ended`` those that ended and ``shares`` sums the learner's win share in them
    (``record``).
    """

    def __init__(
        self,
        heuristic_share: float = 0.5,
        limit: int | None = None,
        heuristic: HeuristicMember | None = None,
    ) -> None:
        if not 0.0 <= heuristic_share <= 1.0:
            raise ValueError(f"heuristic_share must be in [0, 1], not {heuristic_share!r}")
        self.heuristic_share = heuristic_share
        self.limit = limit
        self.heuristic = heuristic or HeuristicMember()
        self.snapshots: list[Member] = []
        self.added = 0
        self.games: Counter[str] = Counter()
        self.shares: dict[str, float] = {}
        self.ended: Counter[str] = Counter()

    def __len__(self) -> int:
        """Members: the heuristic and the snapshots kept."""
        return 1 + len(self.snapshots)

    def add(self, snapshot: Member) -> None:
        """Add a snapshot (dropping the oldest beyond ``limit``)."""
        self.snapshots.append(snapshot)
        self.added += 1
        if self.limit is not None and len(self.snapshots) > self.limit:
            del self.snapshots[0]

    def draw(self, rng: np.random.Generator) -> Member:
        """The opponent of the next episode."""
        take_heuristic = rng.random() < self.heuristic_share
        if take_heuristic or not self.snapshots:
            member: Member = self.heuristic
        else:
            member = self.snapshots[int(rng.integers(len(self.snapshots)))]
        self.games[member.name] += 1
        return member

    def record(self, name: str, share: float) -> None:
        """The learner's win share in a game against ``name``."""
        self.shares[name] = self.shares.get(name, 0.0) + share
        self.ended[name] += 1

    def win_share(self, name: str) -> float | None:
        """The learner's mean win share against ``name`` so far (None: no game ended)."""
        ended = self.ended[name]
        return self.shares[name] / ended if ended else None


class PoolEnv(SingleAgentEnv):
    """The learner's seat of ``aec`` against one pool member per episode (module docstring).

    ``info["opponent"]`` names the member of the current episode. ``reset(seed=s)`` also
    seeds the stream the members are drawn from, so runs are reproducible.
    """

    def __init__(
        self,
        aec: AECLike,
        pool: OpponentPool,
        seat: int | None = None,
        hint: bool = False,
        shaping: float = 0.0,
    ) -> None:
        super().__init__(aec, seat=seat)
        self.pool = pool
        self.hint = hint
        self.shaping = shaping
        self._potential = 0.0
        self.member: Member = pool.heuristic
        self.pool_rng = np.random.default_rng(0)
        actions = self.action_space
        assert isinstance(actions, gym.spaces.Discrete)
        self.num_actions = int(actions.n)
        self.raw: Any = getattr(aec, "unwrapped", aec)  # bazaar.interop.pettingzoo.raw_env
        self.game_id: str = self.raw.game.id
        self.heuristic = heuristic_for(self.game_id)
        self.estimate = game_parts(self.game_id).estimate
        if shaping and self.estimate is None:
            raise ValueError(f"{self.game_id} has no estimate to shape the reward with")
        if hint:
            space = self.observation_space
            assert isinstance(space, gym.spaces.Box)
            low = np.concatenate([space.low, np.zeros(self.num_actions)])
            high = np.concatenate([space.high, np.ones(self.num_actions)])
            self.observation_space = gym.spaces.Box(
                low=low.astype(np.float32), high=high.astype(np.float32), dtype=np.float32
            )
        self.opponent = self._play_member

    def state(self) -> State:
        """The Bazaar game state being played (for the heuristic: it reads only its seat's
        view)."""
        state: State | None = self.raw.game_state
        assert state is not None, "call reset() first"
        return state

    def heuristic_choice(self) -> int:
        """The heuristic bot's action for the seat to move."""
        return self.heuristic.choose(self.state())

    def hint_vector(self) -> NDArray[np.float32]:
        """One-hot of the heuristic's action for the seat to move."""
        vector = np.zeros(self.num_actions, dtype=np.float32)
        vector[self.heuristic_choice()] = 1.0
        return vector

    def potential(self) -> float:
        """The learner's estimated lead: its estimate minus the mean of the others'."""
        assert self.estimate is not None
        scores = self.estimate(self.state())
        others = [x for i, x in enumerate(scores) if i != self.seat]
        return float(scores[self.seat] - sum(others) / len(others))

    def _play_member(self, observation: Mapping[str, Any], rng: np.random.Generator) -> int:
        return self.member.act(self, observation, rng)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        if seed is not None:
            self.pool_rng = np.random.default_rng([seed, 1])
        self.member = self.pool.draw(self.pool_rng)
        observation, info = super().reset(seed=seed, options=options)
        if self.shaping:
            self._potential = self.potential()
        return observation, {**info, "opponent": self.member.name}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = super().step(action)
        info["opponent"] = self.member.name
        if terminated or truncated:
            self.pool.record(self.member.name, reward)
        if self.shaping and "illegal_action" not in info:
            before, self._potential = self._potential, self.potential()
            info["win_share"] = reward
            reward += self.shaping * (self._potential - before)
        return observation, reward, terminated, truncated, info

    def _advance(self) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        vector, reward, terminated, truncated, info = super()._advance()
        if not self.hint:
            return vector, reward, terminated, truncated, info
        extra = (
            np.zeros(self.num_actions, dtype=np.float32)
            if terminated or truncated
            else self.hint_vector()
        )
        return np.concatenate([vector, extra]), reward, terminated, truncated, info


def snapshot_from_arrays(
    name: str,
    layers: Sequence[tuple[NDArray[Any], NDArray[Any]]],
    head: tuple[NDArray[Any], NDArray[Any]],
    hint: bool = False,
) -> PolicySnapshot:
    """A :class:`PolicySnapshot` of float32 copies of ``layers`` and ``head``."""

    def f32(pair: tuple[NDArray[Any], NDArray[Any]]) -> tuple[NDArray[np.float32], ...]:
        return tuple(np.array(a, dtype=np.float32) for a in pair)

    return PolicySnapshot(
        name,
        tuple(f32(pair) for pair in layers),  # type: ignore[misc]
        f32(head),  # type: ignore[arg-type]
        hint,
    )
