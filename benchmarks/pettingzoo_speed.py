"""PettingZoo speed: turns per second with observations, our games beside texas_holdem_v4.

Usage: python benchmarks/pettingzoo_speed.py [--seconds 2] [--rounds 3] [--pettingzoo]
       [--modes full,compact]

Each measurement is PettingZoo's ``performance_benchmark`` loop: ``last()`` (so an observation
of the agent to move) every turn, a random legal action from the action mask, ``reset()`` when
the game is over. The tables take turns round by round, so a change of the machine's load
touches all of them alike; each figure is the median over the rounds, in wall-clock time
(what performance_benchmark prints) and in this process's CPU time (less sensitive to other
programs). ``--pettingzoo`` also runs PettingZoo's own ``performance_benchmark`` (5 s each).

Each table runs in each action mode (``env(game, action_mode=...)``: ``full``, the game's own
numbers, and ``compact``, docs/pettingzoo.md), texas_holdem_v4 first in every round.

Prints a line per table, then as its last line one JSON object:
{"seconds", "rounds", "texas_holdem_v4": {...}, "tables": [{"game", "players", "mode", "env",
"turns_per_s", "cpu_turns_per_s", "vs_texas", "cpu_vs_texas"}], "slowest_vs_texas":
{mode: ratio}, "slowest_cpu_vs_texas": {mode: ratio}}
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pettingzoo  # type: ignore[import-untyped]

from bazaar.interop.pettingzoo import env, env_name

TEXAS = "classic/texas_holdem-v4"
#: (game, players): every player count of every game
TABLES = [
    ("buy-low-sell-high", 2),
    ("buy-low-sell-high", 3),
    ("buy-low-sell-high", 4),
    ("take-stock", 2),
    ("take-stock", 4),
    ("take-stock", 6),
    ("night-market", 3),
    ("night-market", 4),
]


def turns_per_second(environment: Any, seconds: float, seed: int = 0) -> tuple[float, float]:
    """Play ``environment`` the performance_benchmark way for ``seconds``.

    Returns (turns per wall-clock second, turns per CPU second of this process).
    """
    rng = random.Random(seed)
    environment.reset(seed=seed)
    turns = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _agent in environment.agent_iter(environment.num_agents):
            obs, _reward, termination, truncation, _info = environment.last()
            if termination or truncation:
                action = None
            else:
                action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            environment.step(action)
            turns += 1
            if all(environment.terminations.values()) or all(environment.truncations.values()):
                environment.reset()
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return turns / wall, turns / max(cpu, 1e-9)


def texas() -> Any:
    return pettingzoo.make("aec", TEXAS)


def measure(seconds: float, rounds: int, modes: list[str]) -> dict[str, Any]:
    """All tables (in each mode) and texas_holdem_v4, ``rounds`` times each, interleaved;
    each ratio is to texas_holdem_v4 of the same round."""
    makers: list[tuple[str, int, str, Callable[[], Any]]] = [("texas_holdem_v4", 2, "", texas)]
    makers += [
        (g, p, m, lambda g=g, p=p, m=m: env(g, players=p, action_mode=m))
        for g, p in TABLES
        for m in modes
    ]
    walls: dict[int, list[float]] = {i: [] for i in range(len(makers))}
    cpus: dict[int, list[float]] = {i: [] for i in range(len(makers))}
    ratios: dict[int, list[float]] = {i: [] for i in range(len(makers))}
    cpu_ratios: dict[int, list[float]] = {i: [] for i in range(len(makers))}
    for r in range(rounds):
        texas_wall = texas_cpu = 0.0
        for i, (_name, _players, _mode, make) in enumerate(makers):
            wall, cpu = turns_per_second(make(), seconds, seed=r)
            if i == 0:
                texas_wall, texas_cpu = wall, cpu
            walls[i].append(wall)
            cpus[i].append(cpu)
            ratios[i].append(wall / texas_wall)
            cpu_ratios[i].append(cpu / texas_cpu)
    rows = []
    for i, (name, players, mode, _make) in enumerate(makers):
        rows.append(
            {
                "game": name,
                "players": players,
                "mode": mode,
                "env": TEXAS if i == 0 else env_name(name),
                "turns_per_s": round(statistics.median(walls[i])),
                "cpu_turns_per_s": round(statistics.median(cpus[i])),
                "vs_texas": round(statistics.median(ratios[i]), 2),
                "cpu_vs_texas": round(statistics.median(cpu_ratios[i]), 2),
            }
        )
    tables = rows[1:]
    return {
        "seconds": seconds,
        "rounds": rounds,
        "texas_holdem_v4": rows[0],
        "tables": tables,
        "slowest_vs_texas": {
            m: min(row["vs_texas"] for row in tables if row["mode"] == m) for m in modes
        },
        "slowest_cpu_vs_texas": {
            m: min(row["cpu_vs_texas"] for row in tables if row["mode"] == m) for m in modes
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per table and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--pettingzoo", action="store_true", help="also run PettingZoo's performance_benchmark"
    )
    parser.add_argument(
        "--modes", default="full,compact", help="action modes to measure, comma-separated"
    )
    args = parser.parse_args()
    modes = args.modes.split(",")
    if args.pettingzoo:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            from pettingzoo.test import performance_benchmark  # type: ignore[import-untyped]
        for name, make in [("texas_holdem_v4", texas)] + [
            (f"{g} {p}p", lambda g=g, p=p: env(g, players=p)) for g, p in TABLES
        ]:
            print(f"performance_benchmark {name}:", flush=True)
            performance_benchmark(make())
    print(
        f"{len(TABLES) * len(modes) + 1} tables x {args.rounds} rounds x {args.seconds} s, "
        "turns/s with observations ...",
        flush=True,
    )
    result = measure(args.seconds, args.rounds, modes)
    for row in [result["texas_holdem_v4"], *result["tables"]]:
        print(
            f"{row['game']:>18} {row['players']}p {row['mode']:>7}  {row['turns_per_s']:>7} "
            f"turns/s  (CPU {row['cpu_turns_per_s']:>6}/s)  {row['vs_texas']:.2f}x "
            f"texas_holdem_v4 (CPU {row['cpu_vs_texas']:.2f}x)"
        )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
