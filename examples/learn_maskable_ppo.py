"""Train one seat of a Bazaar game with MaskablePPO (sb3-contrib) against random bots, on CPU.

Usage:
    python examples/learn_maskable_ppo.py --game buy-low-sell-high --minutes 10 --out runs/blsh

The learner plays a seat drawn at each game (so every position counts); the other seats are
uniform random bots. Every ``--eval-every`` seconds of training time (``--clock cpu``: the
process's CPU time, so that a shared machine does not shorten the training; ``--clock wall``:
wall time) the policy plays ``--curve-games`` games against fresh random bots (seeds apart
from the training ones), and at the end ``--eval-games`` games; evaluation time is not
training time. The win share of a game is ``state.returns()`` of the learner's seat (1 for a
win, 1/k for a k-way tie, 0 for a loss); the fair share of a random player is ``1 / players``.

Writes into ``--out``: ``<game>.csv`` (the learning curve), ``<game>.json`` (the final figures),
``<game>.png`` (the curve, if matplotlib is installed), and with ``--save-model`` the model.
The last line printed is the JSON of the final figures. See docs/learning.md.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

from bazaar.interop.pettingzoo import env as bazaar_env
from bazaar.interop.single_agent import SingleAgentEnv

#: the player count each game is trained at: the smallest the game allows
DEFAULT_PLAYERS = {"buy-low-sell-high": 2, "take-stock": 2, "night-market": 3}
#: evaluation game seeds start here (training games draw theirs from the --seed stream)
EVAL_SEED_BASE = 1_000_000_000


def make_env(game: str, players: int, seat: int | None = None) -> SingleAgentEnv:
    """The learner's seat of ``game`` (``seat`` None: drawn per game) against random bots."""
    return SingleAgentEnv(bazaar_env(game, players=players), seat=seat)


def win_share(env: SingleAgentEnv, final_reward: float) -> float:
    """The learner's win share of the game just ended (its final reward, see docs/learning.md)."""
    return final_reward


def evaluate(
    model: MaskablePPO,
    game: str,
    players: int,
    games: int,
    seed: int,
    factory: Callable[[int], SingleAgentEnv] | None = None,
) -> list[float]:
    """Win shares of ``games`` games, seat ``i % players`` in game ``i``, played in batches.

    ``factory(seat)`` makes the env of a seat (default: against random bots)."""
    make = factory or (lambda seat: make_env(game, players, seat))
    shares: list[float] = []
    for seat in range(players):
        seeds = [seed + i for i in range(games) if i % players == seat]
        envs = [make(seat) for _ in range(min(32, len(seeds)))]
        queue = list(reversed(seeds))
        active: list[tuple[SingleAgentEnv, np.ndarray]] = []
        for env in envs:
            if queue:
                observation, _ = env.reset(seed=queue.pop())
                active.append((env, observation))
        while active:
            observations = np.stack([o for _, o in active])
            masks = np.stack([e.action_masks() for e, _ in active])
            actions, _ = model.predict(observations, action_masks=masks, deterministic=True)
            still: list[tuple[SingleAgentEnv, np.ndarray]] = []
            for (env, _), action in zip(active, actions, strict=True):
                observation, reward, terminated, truncated, _ = env.step(int(action))
                if terminated or truncated:
                    shares.append(win_share(env, reward))
                    if not queue:
                        env.close()
                        continue
                    observation, _ = env.reset(seed=queue.pop())
                still.append((env, observation))
            active = still
    return shares


def interval(shares: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% normal-approximation interval (clipped to [0, 1])."""
    n = len(shares)
    mean = sum(shares) / n
    var = sum((s - mean) ** 2 for s in shares) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


class Curve(BaseCallback):
    """Stops after ``seconds`` of training time; evaluates every ``every`` seconds of it.

    Training time is this process's CPU time (``clock="cpu"``: a busy shared machine does not
    shorten the training; with one torch thread it is the wall time of an idle machine) or
    the wall time (``clock="wall"``). Evaluation time is not training time on either clock.
    """

    def __init__(
        self, seconds: float, every: float, clock: str, measure: Callable[[int, float, float], None]
    ):
        super().__init__()
        self.seconds = seconds
        self.every = every
        self.clock = time.process_time if clock == "cpu" else time.perf_counter
        self.measure = measure
        self.trained = 0.0
        self.wall = 0.0
        self.next_eval = every

    def _on_training_start(self) -> None:
        self.started = self.clock()
        self.wall_started = time.perf_counter()

    def _on_step(self) -> bool:
        now, wall = self.clock(), time.perf_counter()
        self.trained += now - self.started
        self.wall += wall - self.wall_started
        self.started, self.wall_started = now, wall
        if self.trained >= self.next_eval or self.trained >= self.seconds:
            self.measure(self.num_timesteps, self.trained, self.wall)
            self.next_eval += self.every
            self.started, self.wall_started = self.clock(), time.perf_counter()
        return self.trained < self.seconds


def hyperparameters(game: str, args: argparse.Namespace) -> dict[str, Any]:
    """MaskablePPO settings that learn quickly on a CPU (the same for every game)."""
    return {
        "learning_rate": args.learning_rate,
        "n_steps": args.n_steps,
        "batch_size": args.batch_size,
        "n_epochs": args.n_epochs,
        "gamma": args.gamma,
        "gae_lambda": 0.95,
        "ent_coef": args.ent_coef,
        "clip_range": 0.2,
        "policy_kwargs": {"net_arch": [args.width, args.width]},
    }


def plot(rows: list[dict[str, Any]], path: Path, title: str, clock: str = "cpu") -> bool:
    """Draw the learning curve into ``path`` (minutes of ``clock`` on the top axis); False if
    matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    steps = [float(r["steps"]) for r in rows]
    minutes = [float(r["minutes"]) for r in rows]
    fig, ax = plt.subplots(figsize=(6, 3.8), dpi=100)
    ax.plot(steps, [float(r["win_share"]) for r in rows], marker="o", label="MaskablePPO seat")
    low, high = [float(r["low"]) for r in rows], [float(r["high"]) for r in rows]
    ax.fill_between(steps, low, high, alpha=0.2, label="95% interval")
    fair = float(rows[0]["fair_share"])
    ax.axhline(fair, color="grey", linestyle="--", label=f"fair share {fair:.2f}")
    ax.axhline(1.5 * fair, color="red", linestyle=":", label=f"1.5 × fair {1.5 * fair:.2f}")
    ax.set_xlabel("training steps (learner decisions)")
    ax.set_ylabel("win share vs random bots")
    ax.set_ylim(0, 1)
    ax.set_xlim(0, max(steps[-1], 1.0))  # the minutes axis is only defined over the data
    top = ax.secondary_xaxis(
        "top",
        functions=(
            lambda x: np.interp(x, steps, minutes),
            lambda m: np.interp(m, minutes, steps),
        ),
    )
    top.set_xticks(range(math.floor(minutes[-1]) + 1))
    top.set_xlabel("training minutes (CPU)" if clock == "cpu" else "training minutes (wall clock)")
    ax.set_title(title, fontsize=10)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def replot(out: Path) -> None:
    """Redraw ``<game>.png`` from every ``<game>.csv`` in ``out``."""
    for game, players in DEFAULT_PLAYERS.items():
        path = out / f"{game}.csv"
        if path.exists():
            with open(path, newline="") as f:
                rows = list(csv.DictReader(f))
            players = round(1 / float(rows[0]["fair_share"]))
            summary = out / f"{game}.json"
            clock = json.loads(summary.read_text())["clock"] if summary.exists() else "cpu"
            plot(rows, out / f"{game}.png", title(game, players), clock)


def write_figures(out: Path, game: str, rows: list[dict[str, Any]], result: dict[str, Any]) -> None:
    """``<game>.csv`` (the curve, a row per point) and ``<game>.json`` (the final figures)."""
    with open(out / f"{game}.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    (out / f"{game}.json").write_text(json.dumps(result, indent=2) + "\n")


def title(game: str, players: int) -> str:
    return f"{game}, {players} players: MaskablePPO vs random bots"


def train(args: argparse.Namespace) -> dict[str, Any]:
    torch.set_num_threads(args.threads)
    players = args.players or DEFAULT_PLAYERS[args.game]
    fair = 1.0 / players
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    venv = DummyVecEnv([lambda: make_env(args.game, players) for _ in range(args.envs)])
    venv.seed(args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        venv,
        seed=args.seed,
        device="cpu",
        verbose=0,
        **hyperparameters(args.game, args),
    )
    rows: list[dict[str, Any]] = []

    def measure(steps: int, trained: float, wall: float) -> None:
        shares = evaluate(model, args.game, players, args.curve_games, EVAL_SEED_BASE)
        mean, low, high = interval(shares)
        row = {
            "steps": steps,
            "minutes": round(trained / 60, 3),
            "wall_minutes": round(wall / 60, 3),
            "games": len(shares),
            "win_share": round(mean, 4),
            "low": round(low, 4),
            "high": round(high, 4),
            "fair_share": round(fair, 4),
            "ratio": round(mean / fair, 3),
        }
        rows.append(row)
        print(json.dumps(row), flush=True)

    measure(0, 0.0, 0.0)
    curve = Curve(args.minutes * 60, args.eval_every, args.clock, measure)
    model.learn(total_timesteps=args.steps, callback=curve)
    if rows[-1]["steps"] != model.num_timesteps:
        measure(model.num_timesteps, curve.trained, curve.wall)
    started = time.perf_counter()
    final = evaluate(model, args.game, players, args.eval_games, EVAL_SEED_BASE + 10_000_000)
    mean, low, high = interval(final)
    result = {
        "game": args.game,
        "players": players,
        "steps": model.num_timesteps,
        "train_minutes": round(curve.trained / 60, 2),
        "train_wall_minutes": round(curve.wall / 60, 2),
        "clock": args.clock,
        "eval_games": len(final),
        "win_share": round(mean, 4),
        "low": round(low, 4),
        "high": round(high, 4),
        "fair_share": round(fair, 4),
        "ratio": round(mean / fair, 3),
        "ratio_low": round(low / fair, 3),
        "eval_seconds": round(time.perf_counter() - started, 1),
        "threads": args.threads,
        "envs": args.envs,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "hyperparameters": {k: v for k, v in vars(args).items() if k not in ("out",)},
    }
    write_figures(out, args.game, rows, result)
    if args.no_plot:
        pass
    elif not plot(rows, out / f"{args.game}.png", title(args.game, players), args.clock):
        print("matplotlib is not installed: no PNG, the CSV has the curve")
    if args.save_model:
        model.save(out / f"{args.game}.zip")
    venv.close()
    return result


def parser() -> argparse.ArgumentParser:
    """The command line flags."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="buy-low-sell-high", choices=sorted(DEFAULT_PLAYERS))
    parser.add_argument("--players", type=int, default=0, help="0: the game's smallest count")
    parser.add_argument("--minutes", type=float, default=10.0, help="training time budget")
    parser.add_argument(
        "--clock", choices=("cpu", "wall"), default="cpu", help="what --minutes counts"
    )
    parser.add_argument("--steps", type=int, default=10_000_000, help="training step budget")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="runs/learn")
    parser.add_argument("--eval-games", type=int, default=1000, help="final evaluation games")
    parser.add_argument("--curve-games", type=int, default=200, help="games per curve point")
    parser.add_argument("--eval-every", type=float, default=60.0, help="training seconds")
    parser.add_argument("--envs", type=int, default=8, help="environments per rollout")
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--n-steps", type=int, default=256, help="rollout steps per env")
    parser.add_argument("--batch-size", type=int, default=512)
    parser.add_argument("--n-epochs", type=int, default=2)
    parser.add_argument("--gamma", type=float, default=1.0)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--width", type=int, default=64, help="hidden units per layer (2)")
    parser.add_argument("--save-model", action="store_true")
    parser.add_argument("--no-plot", action="store_true", help="write no PNG")
    parser.add_argument("--replot", action="store_true", help="only redraw the PNGs in --out")
    return parser


def main() -> None:
    args = parser().parse_args()
    if args.replot:
        replot(Path(args.out))
        return
    result = train(args)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
