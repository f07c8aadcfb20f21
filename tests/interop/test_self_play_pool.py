"""Self-play with an opponent pool: the pool, its env, and a tiny run of the example.

The long run (examples/learn_self_play.py, 30 CPU minutes) is not run here; its figures are
in docs/learning.md.
"""

from __future__ import annotations

import csv
import importlib.util
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from bazaar.bots.heuristics import heuristic_for
from bazaar.interop.pettingzoo import env as bazaar_env
from bazaar.interop.pool import (
    HEURISTIC,
    HeuristicMember,
    OpponentPool,
    PoolEnv,
    snapshot_from_arrays,
)

EXAMPLE = Path(__file__).parents[2] / "examples" / "learn_self_play.py"
GAME = "buy-low-sell-high"
ACTIONS = 105  # Buy Low Sell High's action count
FEATURES = 264  # its features at 2 players


class Recorder:
    """A pool member that plays the first legal action and counts its moves."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.moves = 0

    def act(self, env: PoolEnv, observation: Mapping[str, Any], rng: np.random.Generator) -> int:
        self.moves += 1
        return int(np.flatnonzero(observation["action_mask"])[0])


def play_out(env: PoolEnv) -> float:
    """Finish the episode with the learner's first legal actions; its final reward."""
    reward, done = 0.0, False
    while not done:
        _, reward, done, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
    return reward


def test_the_pool_deals_the_heuristic_until_a_snapshot_joins_then_both() -> None:
    pool = OpponentPool(heuristic_share=0.25)
    rng = np.random.default_rng(3)
    assert [pool.draw(rng).name for _ in range(4)] == [HEURISTIC] * 4
    for name in ("a", "b"):
        pool.add(Recorder(name))
    assert len(pool) == 3 and pool.added == 2
    drawn = [pool.draw(rng).name for _ in range(400)]
    assert set(drawn) == {HEURISTIC, "a", "b"}
    assert 60 <= drawn.count(HEURISTIC) <= 140  # a quarter of 400
    assert pool.games[HEURISTIC] == 4 + drawn.count(HEURISTIC)
    again, replay = OpponentPool(heuristic_share=0.25), np.random.default_rng(3)
    _ = [again.draw(replay) for _ in range(4)]
    for name in ("a", "b"):
        again.add(Recorder(name))
    assert [again.draw(replay).name for _ in range(400)] == drawn  # a seed fixes the deal


def test_a_pool_limit_keeps_the_newest_snapshots() -> None:
    pool = OpponentPool(heuristic_share=0.0, limit=2)
    for name in ("s1", "s2", "s3"):
        pool.add(Recorder(name))
    assert [s.name for s in pool.snapshots] == ["s2", "s3"]
    assert (len(pool), pool.added) == (3, 3)
    with pytest.raises(ValueError, match=r"heuristic_share must be in \[0, 1\], not 1.5"):
        OpponentPool(heuristic_share=1.5)


def test_a_snapshot_plays_every_opponent_move_of_its_episode_and_its_result_is_kept() -> None:
    pool = OpponentPool(heuristic_share=0.0)
    member = Recorder("snap")
    pool.add(member)
    env = PoolEnv(bazaar_env(GAME, players=2), pool, seat=1)
    _, info = env.reset(seed=9)
    assert info["opponent"] == "snap" and member.moves >= 1  # seat 0 moved first
    reward = play_out(env)
    assert member.moves > 10
    assert (pool.games["snap"], pool.ended["snap"], pool.win_share("snap")) == (1, 1, reward)
    assert pool.win_share(HEURISTIC) is None


def test_the_hint_is_the_heuristics_choice_for_the_learner() -> None:
    env = PoolEnv(bazaar_env(GAME, players=2), OpponentPool(1.0), seat=0, hint=True)
    assert env.observation_space.shape == (FEATURES + ACTIONS,)
    observation, info = env.reset(seed=4)
    assert info["opponent"] == HEURISTIC
    heuristic = heuristic_for(GAME)
    for _ in range(5):
        hint = observation[FEATURES:]
        assert hint.sum() == 1.0
        choice = heuristic.choose(env.state())
        assert int(np.argmax(hint)) == choice and env.action_masks()[choice]
        observation, *_ = env.step(choice)


def test_a_numpy_snapshot_picks_its_best_legal_action_or_samples_legal_ones() -> None:
    weights = np.zeros((3, 4))
    bias = np.array([0.0, 5.0, 1.0, 2.0])
    greedy = snapshot_from_arrays("g", [], (weights, bias))
    greedy = type(greedy)(greedy.name, greedy.layers, greedy.head, greedy=True)
    rng = np.random.default_rng(0)
    vector = np.ones(3, dtype=np.float32)
    assert greedy.choose(vector, np.array([1, 1, 1, 1]), rng) == 1
    assert greedy.choose(vector, np.array([1, 0, 1, 1]), rng) == 3
    sampled = snapshot_from_arrays("s", [], (weights, bias))
    draws = {sampled.choose(vector, np.array([1, 0, 1, 0]), rng) for _ in range(50)}
    assert draws == {0, 2}


def test_the_example_grows_its_pool_and_plays_its_snapshots(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("learn_self_play", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    argv = ["--steps", "128", "--envs", "2", "--n-steps", "16", "--batch-size", "32"]
    argv += ["--snapshot-every", "1", "--heuristic-share", "0.25", "--width", "8"]
    argv += ["--bc-games", "2", "--bc-epochs", "1", "--eval-games", "4", "--random-games", "2"]
    argv += ["--curve-games", "2", "--out", str(tmp_path), "--no-plot"]
    args = example.parser().parse_args(argv)
    result = example.train(args)
    # 128 steps = 4 rollouts of 2 x 16: snapshot-1 after cloning, then one before each update
    # but the first
    assert (result["steps"], result["snapshots_added"], result["pool_size"]) == (128, 4, 5)
    played = result["training_games"]
    assert sum(played.values()) >= 2
    assert any(name.startswith("snapshot-") for name in played)
    assert result["eval_games"] == 4 and result["fair_share"] == 0.5
    assert result["cloning_agreement"] is not None
    with open(tmp_path / f"{GAME}.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [int(r["pool"]) for r in rows] == [1, 1, 5]
    assert json.loads((tmp_path / f"{GAME}.json").read_text())["steps"] == 128
    saved = example.load_policy(tmp_path / f"{GAME}.npz")
    assert (saved.hint, saved.greedy, saved.head[0].shape) == (True, True, (8, ACTIONS))
    assert saved.layers[0][0].shape == (FEATURES + ACTIONS, 8)


def test_shaping_adds_the_change_of_the_estimated_lead_and_keeps_the_win_share() -> None:
    shaped = PoolEnv(bazaar_env(GAME, players=2), OpponentPool(1.0), seat=1, shaping=0.01)
    plain = PoolEnv(bazaar_env(GAME, players=2), OpponentPool(1.0), seat=1)
    shaped.reset(seed=21)
    plain.reset(seed=21)
    first_lead = shaped.potential()
    total, done, steps = 0.0, False, 0
    while not done:
        action = int(np.flatnonzero(shaped.action_masks())[0])
        _, reward, done, _, info = shaped.step(action)
        _, plain_reward, _, _, _ = plain.step(action)
        assert info["win_share"] == plain_reward
        total += reward
        steps += 1
    money = shaped.state().money
    final_lead = money[1] - money[0]
    assert steps > 10 and final_lead != first_lead
    assert total == pytest.approx(plain_reward + 0.01 * (final_lead - first_lead))


def test_a_noisy_heuristic_is_a_member_of_its_own_name_that_breaks_near_ties() -> None:
    noisy = HeuristicMember(noise=0.3, seed=7)
    assert (noisy.name, HeuristicMember().name) == ("heuristic-noise-0.3", HEURISTIC)
    pool = OpponentPool(heuristic_share=1.0, heuristic=noisy)
    env = PoolEnv(bazaar_env(GAME, players=2), pool, seat=0)
    rng = np.random.default_rng(0)
    decisions, differ = 0, 0
    for seed in range(3):
        _, info = env.reset(seed=seed)
        assert info["opponent"] == "heuristic-noise-0.3"
        done = False
        while not done:
            plain, tie_broken = env.heuristic_choice(), noisy.act(env, {}, rng)
            assert env.action_masks()[tie_broken]
            decisions, differ = decisions + 1, differ + (plain != tie_broken)
            _, _, done, _, _ = env.step(plain)
    assert pool.ended == {"heuristic-noise-0.3": 3}
    assert 0 < differ < decisions
