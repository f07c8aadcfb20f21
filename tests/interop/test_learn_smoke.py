"""Smoke test of the learning door: the single-agent wrapper and a few MaskablePPO steps.

The training itself (examples/learn_maskable_ppo.py, minutes per game) is not run here; see
docs/learning.md for its figures.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import warnings
from pathlib import Path

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from bazaar.interop.pettingzoo import env as bazaar_env
from bazaar.interop.single_agent import SingleAgentEnv

EXAMPLE = Path(__file__).parents[2] / "examples" / "learn_maskable_ppo.py"
#: the player counts the example trains at
GAMES = {"buy-low-sell-high": 2, "take-stock": 2, "night-market": 3}


def win_shares(players: int) -> set[float]:
    """The rewards a game can end with: 0 (lost) or 1/k (won, tied with k - 1 others)."""
    return {0.0} | {1.0 / k for k in range(1, players + 1)}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_wrapper_passes_gymnasiums_check_env(game: str) -> None:
    single = SingleAgentEnv(bazaar_env(game, players=GAMES[game]), illegal="lose")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(single, skip_render_check=True)
    assert single.observation_space.dtype == np.float32
    assert single.action_space.n == bazaar_env(game, players=GAMES[game]).action_space("player_0").n


def test_an_illegal_action_raises_naming_it_and_changes_nothing() -> None:
    single = SingleAgentEnv(bazaar_env("night-market", players=3), seat=1)
    _, info = single.reset(seed=3)
    assert info["seat"] == 1 and single.agent == "player_1"
    mask = single.action_masks()
    illegal = int(np.flatnonzero(~mask)[0])
    with pytest.raises(ValueError, match=f"^action {illegal} is not legal for the learner now$"):
        single.step(illegal)
    assert np.array_equal(single.action_masks(), mask)
    assert single.aec.agent_selection == "player_1"
    losing = SingleAgentEnv(bazaar_env("night-market", players=3), seat=1, illegal="lose")
    losing.reset(seed=3)
    _, reward, terminated, truncated, info = losing.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (0.0, True, False, illegal)
    assert not losing.action_masks().any()
    with pytest.raises(RuntimeError, match="the episode is over: call reset"):
        losing.step(0)


def test_a_seed_fixes_the_games_seats_and_opponents() -> None:
    def episodes(seed: int) -> list[tuple[int, float, bytes]]:
        single = SingleAgentEnv(bazaar_env("buy-low-sell-high", players=2))
        rng = np.random.default_rng(0)
        out = []
        observation, info = single.reset(seed=seed)
        for _ in range(3):
            trace, done, reward = [observation.tobytes()], False, 0.0
            while not done:
                action = int(rng.choice(np.flatnonzero(single.action_masks())))
                observation, reward, done, _, _ = single.step(action)
                trace.append(observation.tobytes())
            out.append((info["seat"], reward, b"".join(trace)))
            observation, info = single.reset()
        return out

    first = episodes(11)
    assert first == episodes(11)
    assert first != episodes(12)
    assert {seat for seat, _, _ in first + episodes(12)} == {0, 1}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_maskable_ppo_learns_a_few_hundred_steps_and_plays_only_legal_moves(game: str) -> None:
    # imported here, not at the top: torch takes ~2 s to import, and every test worker
    # collects this module while only one runs it
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)
    players = GAMES[game]
    vec = DummyVecEnv([lambda: SingleAgentEnv(bazaar_env(game, players=players))] * 4)
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=64,
        batch_size=64,
        n_epochs=2,
        policy_kwargs={"net_arch": [16, 16]},
        seed=0,
        device="cpu",
    )
    model.learn(total_timesteps=256)
    assert model.num_timesteps == 256
    single = SingleAgentEnv(bazaar_env(game, players=players))
    observation, _ = single.reset(seed=5)
    rewards, decisions, done = [], 0, False
    while not done:
        mask = single.action_masks()
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        assert mask[int(action)], f"illegal action {int(action)} predicted"
        observation, reward, done, truncated, _ = single.step(int(action))
        assert not truncated
        rewards.append(reward)
        decisions += 1
    assert decisions > 10
    assert set(rewards[:-1]) == {0.0}
    assert rewards[-1] in win_shares(players)


def test_the_example_script_trains_evaluates_and_writes_its_figures(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("learn_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    argv = ["--game", "night-market", "--steps", "64", "--envs", "2", "--n-steps", "32"]
    argv += ["--batch-size", "64", "--eval-games", "6", "--curve-games", "3", "--width", "8"]
    argv += ["--out", str(tmp_path), "--no-plot"]  # (matplotlib's import alone is ~1 s)
    result = example.train(example.parser().parse_args(argv))
    assert (result["players"], result["steps"], result["eval_games"]) == (3, 64, 6)
    assert result["fair_share"] == 0.3333
    assert result["ratio"] == round(result["win_share"] * 3, 3)
    assert result["win_share"] in {round(k / 18, 4) for k in range(19)}
    with open(tmp_path / "night-market.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [int(r["steps"]) for r in rows] == [0, 64]
    assert [int(r["games"]) for r in rows] == [3, 3]
    assert json.loads((tmp_path / "night-market.json").read_text())["steps"] == 64
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night-market.csv", "night-market.json"]
