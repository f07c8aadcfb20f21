"""PettingZoo speed: turns per second with observations, our games beside texas_holdem_v4.

Usage: python benchmarks/pettingzoo_speed.py [--seconds 2] [--rounds 3] [--pettingzoo]

Each measurement is PettingZoo's ``performance_benchmark`` loop: ``last()`` (so an observation
of the agent to move) every turn, a random legal action from the action mask, ``reset()`` when
the game is over. The tables take turns round by round, so a change of the machine's load
touches all of them alike; each figure is the median over the rounds, in wall-clock time
(what performance_benchmark prints) and in this process's CPU time (less sensitive to other
programs). ``--pettingzoo`` also runs PettingZoo's own ``performance_benchmark`` (5 s each).

Prints a line per table, then as its last line one JSON object:
{"seconds", "rounds", "texas_holdem_v4": {...}, "tables": [{"game", "players", "env",
"turns_per_s", "cpu_turns_per_s", "vs_texas"}], "slowest_vs_texas"}
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


def measure(seconds: float, rounds: int) -> dict[str, Any]:
    """All tables and texas_holdem_v4, ``rounds`` times each, interleaved."""
    makers: list[tuple[str, int, Callable[[], Any]]] = [("texas_holdem_v4", 2, texas)]
    makers += [(g, p, lambda g=g, p=p: env(g, players=p)) for g, p in TABLES]
    walls: dict[int, list[float]] = {i: [] for i in range(len(makers))}
    cpus: dict[int, list[float]] = {i: [] for i in range(len(makers))}
    ratios: dict[int, list[float]] = {i: [] for i in range(len(makers))}
    for r in range(rounds):
        texas_wall = 0.0
        for i, (_name, _players, make) in enumerate(makers):
            wall, cpu = turns_per_second(make(), seconds, seed=r)
            if i == 0:
                texas_wall = wall
            walls[i].append(wall)
            cpus[i].append(cpu)
            ratios[i].append(wall / texas_wall)
    rows = []
    for i, (name, players, _make) in enumerate(makers):
        rows.append(
            {
                "game": name,
                "players": players,
                "env": TEXAS if i == 0 else env_name(name),
                "turns_per_s": round(statistics.median(walls[i])),
                "cpu_turns_per_s": round(statistics.median(cpus[i])),
                "vs_texas": round(statistics.median(ratios[i]), 2),
            }
        )
    return {
        "seconds": seconds,
        "rounds": rounds,
        "texas_holdem_v4": rows[0],
        "tables": rows[1:],
        "slowest_vs_texas": min(row["vs_texas"] for row in rows[1:]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per table and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--pettingzoo", action="store_true", help="also run PettingZoo's performance_benchmark"
    )
    args = parser.parse_args()
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
        f"{len(TABLES) + 1} tables x {args.rounds} rounds x {args.seconds} s, "
        "turns/s with observations ...",
        flush=True,
    )
    result = measure(args.seconds, args.rounds)
    for row in [result["texas_holdem_v4"], *result["tables"]]:
        print(
            f"{row['game']:>18} {row['players']}p  {row['turns_per_s']:>7} turns/s  "
            f"(CPU {row['cpu_turns_per_s']:>6}/s)  {row['vs_texas']:.2f}x texas_holdem_v4"
        )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
