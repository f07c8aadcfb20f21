"""Simulation speed: games per second at 1 and 2 local jobs and on a local Ray, in one run.

Usage: python benchmarks/simulate_speed.py --game take-stock --seats heuristic,random,random
       --games 600 [--ray] [--memory] [--rounds 2]

Each setting plays the same games into a fresh temporary folder (``bazaar.sim.run.simulate``,
the command's own code, with its default batching); the rows of every setting are checked to be
byte-identical. With --ray it also times Ray's start-up (``ray.init``, dashboard off) and its
per-game overhead (Ray's seconds per game minus local processes' at the same job count, one game
per task). With --memory it gives the peak memory of one process simulating --games and 4x as
many (flat memory: the two are about the same). Prints a line per setting, then one JSON object
as its last line.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from bazaar.sim.plan import SimPlan
from bazaar.sim.run import simulate


def timed(plan: SimPlan, games: int, folder: Path, **settings: Any) -> float:
    """Seconds to simulate ``games`` into a fresh ``folder``."""
    shutil.rmtree(folder, ignore_errors=True)
    start = time.perf_counter()
    simulate(plan, games, folder, **settings)
    return time.perf_counter() - start


MEMORY_PROBE = """
import resource, sys, tempfile
from pathlib import Path
from bazaar.sim.plan import SimPlan
from bazaar.sim.run import simulate
plan = SimPlan.make(sys.argv[1], sys.argv[2].split(","), seed=1)
simulate(plan, int(sys.argv[3]), Path(tempfile.mkdtemp()) / "out")
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def peak_kib(game: str, seats: str, games: int) -> int:
    """Peak resident memory (KiB) of a fresh process that simulates ``games`` with 1 job."""
    import subprocess
    import sys

    command = [sys.executable, "-c", MEMORY_PROBE, game, seats, str(games)]
    return int(subprocess.run(command, capture_output=True, text=True, check=True).stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="take-stock")
    parser.add_argument("--seats", default="heuristic,random,random")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=2, help="best of N per setting")
    parser.add_argument("--ray", action="store_true", help="also time a local Ray")
    parser.add_argument(
        "--memory", action="store_true", help="peak memory of --games and of 4x --games"
    )
    args = parser.parse_args()
    plan = SimPlan.make(args.game, args.seats.split(","), seed=1)
    root = Path(tempfile.mkdtemp(prefix="bazaar-sim-speed-"))
    settings: dict[str, dict[str, Any]] = {"1 job": {"jobs": 1}, "2 jobs": {"jobs": 2}}
    seconds: dict[str, float] = {}
    figures: dict[str, Any] = {"game": args.game, "seats": args.seats, "games": args.games}
    for _ in range(args.rounds):
        for name, setting in settings.items():
            took = timed(plan, args.games, root / name, **setting)
            seconds[name] = min(seconds.get(name, took), took)
    if args.ray:
        import ray

        start = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        figures["ray_start_s"] = round(time.perf_counter() - start, 2)
        try:
            for _ in range(args.rounds):
                for name, setting in {
                    "ray 2 workers": {"backend": "ray", "jobs": 2},
                    "ray 2 workers, 1 game a task": {"backend": "ray", "jobs": 2, "batch": 1},
                    "2 jobs, 1 game a task": {"jobs": 2, "batch": 1},
                }.items():
                    took = timed(plan, args.games, root / name, **setting)
                    seconds[name] = min(seconds.get(name, took), took)
        finally:
            ray.shutdown()
        overhead = seconds["ray 2 workers, 1 game a task"] - seconds["2 jobs, 1 game a task"]
        figures["ray_overhead_ms_per_game"] = round(1000 * overhead / args.games, 2)
    reference = (root / "1 job" / "rows.csv").read_bytes()
    for name in seconds:
        assert (root / name / "rows.csv").read_bytes() == reference, f"{name}: other rows"
    for name, took in seconds.items():
        rate = args.games / took
        print(f"{name:30} {took:7.2f} s  {rate:8.1f} games/s")
        figures[name.replace(" ", "_").replace(",", "") + "_games_per_s"] = round(rate, 1)
    figures["speedup_2_jobs"] = round(seconds["1 job"] / seconds["2 jobs"], 2)
    if args.memory:
        for count in (args.games, 4 * args.games):
            figures[f"peak_mib_{count}_games"] = round(
                peak_kib(args.game, args.seats, count) / 1024, 1
            )
    figures["same_rows"] = True
    shutil.rmtree(root)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
