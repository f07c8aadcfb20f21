"""Train a Bazaar seat by self-play against a pool of its past versions plus the heuristic bot.

Usage (the figures of docs/learning.md; ``nice`` leaves the machine to others):
    nice -n 10 python examples/learn_self_play.py --game buy-low-sell-high --minutes 30 \\
        --out docs/learning/self-play

All within ``--minutes`` of this process's CPU time (``time.process_time()``, one torch thread):

1. **Behaviour cloning** (``--bc-games``): the heuristic bot plays every seat (a random legal
   move with probability ``--bc-explore``, so that positions off its path are seen too); the
   policy learns the heuristic's choice in each position and the value net the final win
   share.
2. **Self-play** with MaskablePPO: the learner's seat is drawn per game; the other seats are
   played, for a whole game, by a member of the pool drawn per game (seeded): the heuristic
   bot with probability ``--heuristic-share``, otherwise one of the snapshots of the learner
   (sampling its own policy), a new snapshot joining every ``--snapshot-every`` PPO updates.

With ``--hint`` (the default) every observation ends with a one-hot of the action the
heuristic bot would choose for that seat (bazaar.interop.pool). Every ``--eval-every`` seconds
of training the greedy policy plays ``--curve-games`` games against heuristic seats, and at
the end ``--eval-games``, the learner's seat rotated; evaluation time is not training time.

Writes into ``--out``: ``<game>.csv`` (the curve: win share against the heuristic and pool
size over training), ``<game>.json`` (the final figures and every flag), ``<game>.png``, and
with ``--save-model`` the model. The last line printed is the JSON of the final figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback, CallbackList
from stable_baselines3.common.vec_env import DummyVecEnv

from bazaar.interop.pettingzoo import env as bazaar_env
from bazaar.interop.pool import (
    HeuristicMember,
    OpponentPool,
    PolicySnapshot,
    PoolEnv,
    snapshot_from_arrays,
)
from bazaar.interop.single_agent import random_opponent

sys.path.insert(0, str(Path(__file__).resolve().parent))
import learn_maskable_ppo as base  # (the random-bot example: its curve and evaluation)

#: evaluation game seeds start here (training and cloning games draw theirs from --seed)
EVAL_SEED_BASE = base.EVAL_SEED_BASE


def make_env(
    game: str,
    players: int,
    pool: OpponentPool,
    seat: int | None = None,
    hint: bool = True,
    shaping: float = 0.0,
) -> PoolEnv:
    """The learner's seat of ``game`` against the members of ``pool``."""
    return PoolEnv(bazaar_env(game, players=players), pool, seat, hint, shaping)


def heuristic_only(noise: float = 0.0) -> OpponentPool:
    """A pool that always deals the heuristic bot (the evaluation's opponents); ``noise`` > 0
    randomises its near-ties."""
    return OpponentPool(heuristic_share=1.0, heuristic=HeuristicMember(noise, seed=7))


def snapshot(model: MaskablePPO, name: str, hint: bool) -> PolicySnapshot:
    """A numpy copy of the model's policy net (tanh MLP and action layer)."""
    policy = model.policy
    linear = [m for m in policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    layers = [(m.weight.detach().numpy().T, m.bias.detach().numpy()) for m in linear]
    head = policy.action_net
    return snapshot_from_arrays(
        name, layers, (head.weight.detach().numpy().T, head.bias.detach().numpy()), hint
    )


def cloning_data(
    game: str, players: int, games: int, seed: int, explore: float, hint: bool
) -> dict[str, np.ndarray]:
    """Every decision of ``games`` games in which the heuristic plays every seat (a random
    legal move with probability ``explore``): observations, masks, the heuristic's choice
    and the mover's final win share."""
    pool = heuristic_only()
    env = make_env(game, players, pool, seat=0, hint=hint)
    aec = env.aec
    rng = np.random.default_rng([seed, 2])
    observations: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    actions: list[int] = []
    movers: list[tuple[int, int]] = []  # (game, seat)
    shares: list[list[float]] = []
    for number in range(games):
        aec.reset(seed=int(rng.integers(2**31)))
        state = env.state()
        while state.to_move() is not None:
            seat = state.to_move()
            assert seat is not None
            seen = aec.observe(aec.possible_agents[seat])
            vector = np.asarray(seen["observation"], dtype=np.float32)
            choice = env.heuristic_choice()
            if hint:
                vector = np.concatenate([vector, env.hint_vector()])
            observations.append(vector)
            masks.append(np.asarray(seen["action_mask"], dtype=bool))
            actions.append(choice)
            movers.append((number, seat))
            if rng.random() < explore:
                choice = int(rng.choice(np.flatnonzero(seen["action_mask"])))
            aec.step(choice)
            state = env.state()
        shares.append(list(state.returns()))
    return {
        "observations": np.stack(observations),
        "masks": np.stack(masks),
        "actions": np.array(actions, dtype=np.int64),
        "returns": np.array([shares[g][s] for g, s in movers], dtype=np.float32),
    }


def clone(model: MaskablePPO, data: dict[str, np.ndarray], epochs: int, seed: int) -> float:
    """Fit the policy to the heuristic's choices and the value net to the win shares;
    returns the share of positions where the greedy policy agrees with the heuristic."""
    policy = model.policy
    optimizer = torch.optim.Adam(policy.parameters(), lr=1e-3)
    tensors = {k: torch.as_tensor(v) for k, v in data.items()}
    count = len(data["actions"])
    generator = torch.Generator().manual_seed(seed)
    policy.set_training_mode(True)
    for _ in range(epochs):
        for batch in torch.randperm(count, generator=generator).split(256):
            values, log_prob, _ = policy.evaluate_actions(
                tensors["observations"][batch],
                tensors["actions"][batch],
                action_masks=tensors["masks"][batch].numpy(),
            )
            value_loss = torch.nn.functional.mse_loss(values.flatten(), tensors["returns"][batch])
            loss = -log_prob.mean() + 0.5 * value_loss
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    policy.set_training_mode(False)
    with torch.no_grad():
        distribution = policy.get_distribution(tensors["observations"], action_masks=data["masks"])
        greedy = distribution.get_actions(deterministic=True)
    return float((greedy == tensors["actions"]).float().mean())


class Snapshots(BaseCallback):
    """Adds a snapshot of the learner to the pool every ``every`` PPO updates."""

    def __init__(self, pool: OpponentPool, every: int, hint: bool):
        super().__init__()
        self.pool = pool
        self.every = every
        self.hint = hint
        self.updates = 0

    def _on_step(self) -> bool:
        return True

    def _on_rollout_end(self) -> None:
        # called before the update that uses this rollout: count the updates done so far
        if self.updates and self.updates % self.every == 0:
            self.pool.add(snapshot(self.model, f"snapshot-{self.pool.added + 1}", self.hint))
        self.updates += 1


def save_policy(policy: PolicySnapshot, path: Path) -> None:
    """The learner's policy net as float32 arrays (``load_policy`` reads it back)."""
    arrays = {}
    for i, (weights, bias) in enumerate(policy.layers):
        arrays[f"layer{i}_w"], arrays[f"layer{i}_b"] = weights, bias
    np.savez_compressed(
        path, **arrays, head_w=policy.head[0], head_b=policy.head[1], hint=np.array(policy.hint)
    )


def load_policy(path: Path, greedy: bool = True) -> PolicySnapshot:
    """A saved policy as a pool member (greedy: its best legal action)."""
    with np.load(path) as data:
        count = sum(1 for name in data.files if name.endswith("_w") and name.startswith("layer"))
        layers = [(data[f"layer{i}_w"], data[f"layer{i}_b"]) for i in range(count)]
        policy = snapshot_from_arrays(
            path.stem, layers, (data["head_w"], data["head_b"]), bool(data["hint"])
        )
    return dataclasses.replace(policy, greedy=greedy)


class SavedPolicy:
    """A saved policy with the ``predict`` that the evaluation calls (greedy)."""

    def __init__(self, policy: PolicySnapshot) -> None:
        self.policy = policy

    def predict(
        self, observations: np.ndarray, action_masks: np.ndarray, deterministic: bool = True
    ) -> tuple[np.ndarray, None]:
        rng = np.random.default_rng(0)  # unused: greedy
        pairs = zip(observations, action_masks, strict=True)
        actions = [self.policy.choose(o, m, rng) for o, m in pairs]
        return np.array(actions), None


def departures(
    policy: PolicySnapshot, game: str, players: int, games: int, seed: int
) -> dict[str, Any]:
    """Where the greedy policy departs from the heuristic's choice, against heuristic seats:
    decisions and departures by the kind of move the heuristic chose (the first word of its
    notation, ``trade`` for a trade), and the most frequent departures."""
    kinds: dict[str, list[int]] = {}
    pairs: Counter[str] = Counter()
    rng = np.random.default_rng(0)
    for number in range(games):
        env = make_env(game, players, heuristic_only(), number % players, policy.hint)
        observation, _ = env.reset(seed=seed + number)
        done = False
        while not done:
            hint, state = env.heuristic_choice(), env.state()
            action = policy.choose(observation, env.action_masks(), rng)
            word = state.notation(hint).split()[0]
            kind = "trade" if word[0] in "+-" else word
            counts = kinds.setdefault(kind, [0, 0])
            counts[0] += 1
            if action != hint:
                counts[1] += 1
                pairs[f"{state.notation(hint)} -> {state.notation(action)}"] += 1
            observation, _, done, _, _ = env.step(action)
    total = [sum(c[i] for c in kinds.values()) for i in (0, 1)]
    return {
        "games": games,
        "decisions": total[0],
        "departed": total[1],
        "by_kind": {k: {"decisions": c[0], "departed": c[1]} for k, c in sorted(kinds.items())},
        "most_frequent": pairs.most_common(12),
    }


def check(path: Path, args: argparse.Namespace) -> dict[str, Any]:
    """A saved policy against heuristic seats (noise 0 and ``--noise``) and random bots."""
    policy = load_policy(path)
    model: Any = SavedPolicy(policy)  # evaluate() only calls predict()
    players = args.players or base.DEFAULT_PLAYERS[args.game]
    seed = EVAL_SEED_BASE + 20_000_000  # games apart from the curve's and the final ones

    def share(games: int, noise: float | None) -> dict[str, float]:
        def factory(seat: int) -> PoolEnv:
            if noise is None:
                return random_env(args.game, players, seat, policy.hint)
            return make_env(args.game, players, heuristic_only(noise), seat, policy.hint)

        shares = base.evaluate(model, args.game, players, games, seed, factory)
        mean, low, high = base.interval(shares)
        return {
            "games": len(shares),
            "win_share": round(mean, 4),
            "low": round(low, 4),
            "high": round(high, 4),
        }

    return {
        "policy": str(path),
        "game": args.game,
        "players": players,
        "fair_share": round(1 / players, 4),
        "heuristic": share(args.eval_games, 0.0),
        f"heuristic_noise_{args.noise:g}": share(args.eval_games, args.noise),
        "random": share(args.random_games, None),
        "departures": departures(policy, args.game, players, args.random_games, seed),
    }


def hyperparameters(args: argparse.Namespace) -> dict[str, Any]:
    """MaskablePPO settings (see docs/learning.md for why)."""
    return {
        "learning_rate": args.learning_rate,
        "n_steps": args.n_steps,
        "batch_size": args.batch_size,
        "n_epochs": args.n_epochs,
        "gamma": 1.0,
        "gae_lambda": 0.95,
        "ent_coef": args.ent_coef,
        "clip_range": args.clip_range,
        "target_kl": args.target_kl,
        "policy_kwargs": {"net_arch": [args.width, args.width]},
    }


def plot(rows: list[dict[str, Any]], path: Path, title: str) -> bool:
    """Win share against heuristic seats and pool size over CPU minutes; False without
    matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    minutes = [float(r["minutes"]) for r in rows]
    fig, (ax, pool_ax) = plt.subplots(
        2, 1, figsize=(6, 5), dpi=100, sharex=True, height_ratios=[3, 1]
    )
    ax.plot(minutes, [float(r["win_share"]) for r in rows], marker="o", label="learner")
    low, high = [float(r["low"]) for r in rows], [float(r["high"]) for r in rows]
    ax.fill_between(minutes, low, high, alpha=0.2, label="95% interval")
    fair = float(rows[0]["fair_share"])
    ax.axhline(fair, color="grey", linestyle="--", label=f"fair share {fair:.2f}")
    ax.set_ylabel("win share vs heuristic seats")
    ax.set_ylim(0, 1)
    ax.set_title(title, fontsize=10)
    ax.legend(loc="lower right", fontsize=8)
    pool_ax.step(minutes, [int(r["pool"]) for r in rows], where="post", color="tab:green")
    pool_ax.set_ylabel("pool size")
    pool_ax.set_xlabel("training minutes (CPU, cloning included)")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def title(game: str, players: int) -> str:
    return f"{game}, {players} players: self-play with a pool vs heuristic seats"


def train(args: argparse.Namespace) -> dict[str, Any]:
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    players = args.players or base.DEFAULT_PLAYERS[args.game]
    fair = 1.0 / players
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pool = OpponentPool(args.heuristic_share, args.pool_limit or None)
    venv = DummyVecEnv(
        [
            lambda: make_env(args.game, players, pool, None, args.hint, args.shaping)
            for _ in range(args.envs)
        ]
    )
    venv.seed(args.seed)
    model = MaskablePPO(
        "MlpPolicy", venv, seed=args.seed, device="cpu", verbose=0, **hyperparameters(args)
    )
    rows: list[dict[str, Any]] = []

    def against_heuristic(games: int, seed: int) -> list[float]:
        return base.evaluate(
            model,
            args.game,
            players,
            games,
            seed,
            lambda seat: make_env(args.game, players, heuristic_only(), seat, args.hint),
        )

    def measure(steps: int, trained: float, wall: float) -> None:
        mean, low, high = base.interval(against_heuristic(args.curve_games, EVAL_SEED_BASE))
        row = {
            "steps": steps,
            "minutes": round(trained / 60, 3),
            "wall_minutes": round(wall / 60, 3),
            "games": args.curve_games,
            "win_share": round(mean, 4),
            "low": round(low, 4),
            "high": round(high, 4),
            "fair_share": round(fair, 4),
            "ratio": round(mean / fair, 3),
            "pool": len(pool),
            "snapshots_added": pool.added,
        }
        rows.append(row)
        print(json.dumps(row), flush=True)

    measure(0, 0.0, 0.0)
    cpu, wall = time.process_time(), time.perf_counter()
    agreement = None
    if args.bc_games:
        data = cloning_data(
            args.game, players, args.bc_games, args.seed, args.bc_explore, args.hint
        )
        agreement = clone(model, data, args.bc_epochs, args.seed)
    cloned_cpu, cloned_wall = time.process_time() - cpu, time.perf_counter() - wall
    if args.bc_games:
        measure(0, cloned_cpu, cloned_wall)
    pool.add(snapshot(model, "snapshot-1", args.hint))
    curve = base.Curve(args.minutes * 60, args.eval_every, args.clock, measure)
    curve.trained, curve.wall = cloned_cpu, cloned_wall
    curve.next_eval = cloned_cpu + args.eval_every
    model.learn(
        total_timesteps=args.steps,
        callback=CallbackList([Snapshots(pool, args.snapshot_every, args.hint), curve]),
    )
    if rows[-1]["steps"] != model.num_timesteps:
        measure(model.num_timesteps, curve.trained, curve.wall)
    started = time.perf_counter()
    final = against_heuristic(args.eval_games, EVAL_SEED_BASE + 10_000_000)
    mean, low, high = base.interval(final)
    random_mean, _, _ = base.interval(
        base.evaluate(
            model,
            args.game,
            players,
            args.random_games,
            EVAL_SEED_BASE,
            lambda seat: random_env(args.game, players, seat, args.hint),
        )
    )
    result = {
        "game": args.game,
        "players": players,
        "steps": model.num_timesteps,
        "train_minutes": round(curve.trained / 60, 2),
        "train_wall_minutes": round(curve.wall / 60, 2),
        "cloning_minutes": round(cloned_cpu / 60, 2),
        "cloning_agreement": None if agreement is None else round(agreement, 4),
        "clock": args.clock,
        "opponent": "heuristic",
        "eval_games": len(final),
        "win_share": round(mean, 4),
        "low": round(low, 4),
        "high": round(high, 4),
        "fair_share": round(fair, 4),
        "ratio": round(mean / fair, 3),
        "ratio_low": round(low / fair, 3),
        "win_share_vs_random": round(random_mean, 4),
        "pool_size": len(pool),
        "snapshots_added": pool.added,
        "training_games": dict(pool.ended),
        "training_win_share": {k: round(pool.win_share(k) or 0.0, 4) for k in sorted(pool.ended)},
        "eval_seconds": round(time.perf_counter() - started, 1),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "hyperparameters": {k: v for k, v in vars(args).items() if k not in ("out",)},
    }
    base.write_figures(out, args.game, rows, result)
    if not args.no_plot and not plot(rows, out / f"{args.game}.png", title(args.game, players)):
        print("matplotlib is not installed: no PNG, the CSV has the curve")
    save_policy(snapshot(model, "learner", args.hint), out / f"{args.game}.npz")
    if args.save_model:
        model.save(out / f"{args.game}.zip")
    venv.close()
    return result


def random_env(game: str, players: int, seat: int, hint: bool) -> PoolEnv:
    """Against uniform random bots, with the observations the learner was trained on."""
    env = make_env(game, players, heuristic_only(), seat, hint)
    env.opponent = random_opponent
    return env


def parser() -> argparse.ArgumentParser:
    """The command line flags."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add = parser.add_argument
    add("--game", default="buy-low-sell-high", choices=sorted(base.DEFAULT_PLAYERS))
    add("--players", type=int, default=0, help="0: the game's smallest count")
    add("--minutes", type=float, default=30.0, help="training budget, cloning included")
    add("--clock", choices=("cpu", "wall"), default="cpu", help="what --minutes counts")
    add("--steps", type=int, default=100_000_000, help="PPO step budget")
    add("--seed", type=int, default=0)
    add("--out", default="runs/self-play")
    add("--eval-games", type=int, default=1000, help="final games against heuristic seats")
    add("--random-games", type=int, default=200, help="final games against random bots")
    add("--curve-games", type=int, default=200, help="games per curve point")
    add("--eval-every", type=float, default=120.0, help="training seconds between points")
    add("--hint", action=argparse.BooleanOptionalAction, default=True)
    add("--bc-games", type=int, default=300, help="behaviour cloning games (0: none)")
    add("--bc-explore", type=float, default=0.1, help="random move share in cloning games")
    add("--bc-epochs", type=int, default=6)
    add("--shaping", type=float, default=0.01, help="reward per unit of estimated lead")
    add("--heuristic-share", type=float, default=0.5, help="games against the heuristic")
    add("--snapshot-every", type=int, default=10, help="PPO updates between snapshots")
    add("--pool-limit", type=int, default=0, help="newest snapshots kept (0: all)")
    add("--envs", type=int, default=8, help="environments per rollout")
    add("--threads", type=int, default=1, help="torch threads")
    add("--learning-rate", type=float, default=3e-4)
    add("--n-steps", type=int, default=256, help="rollout steps per env")
    add("--batch-size", type=int, default=512)
    add("--n-epochs", type=int, default=4)
    add("--ent-coef", type=float, default=0.01)
    add("--clip-range", type=float, default=0.1)
    add("--target-kl", type=float, default=0.05)
    add("--width", type=int, default=128, help="hidden units per layer (2)")
    add("--save-model", action="store_true", help="also write the sb3 model (<game>.zip)")
    add("--no-plot", action="store_true", help="write no PNG")
    add("--evaluate", metavar="NPZ", help="only evaluate a saved policy (no training)")
    add("--noise", type=float, default=0.3, help="the noisy heuristic's noise (--evaluate)")
    return parser


def main() -> None:
    args = parser().parse_args()
    if args.evaluate:
        print(json.dumps(check(Path(args.evaluate), args)))
        return
    result = train(args)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
