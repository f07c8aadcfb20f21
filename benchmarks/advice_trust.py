"""Can the advice be trusted? (issue 24): hints that agree with themselves and a deeper search.

Usage: python benchmarks/advice_trust.py [--positions 100] [--games a,b] [--depth 10]

For each game, the fixed positions of ``hint_quality.positions`` (seeded games of random and
heuristic players, a seeded decision with two or more legal moves) get:

- two medium hints with different seeds: *self-agreement* is the share of positions whose best
  move is the same in both;
- one search with ``--depth`` times the medium budget: *agreement* is the share of positions
  whose first medium hint names that search's best move;
- the time of each medium hint (mean, 95th percentile, max; one core);
- *budget*: a search asked for 50 ms chooses a move from each of the first ten positions; the
  mean and the largest time taken over the time asked (1.0 is on budget).

The last line is one JSON object: {"positions", "depth", "games": {game: {...}}, "seconds"}.
Issue 24's targets: self-agreement >= 90%, agreement >= 80%, each hint < 1 s, budget within
10%.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from hint_quality import GAMES, positions

from bazaar.bots.advice import hint
from bazaar.bots.levels import LEVELS, make_ismcts
from bazaar.core.game import State

#: the time a search is asked for in the budget check (ms)
BUDGET_MS = float(__import__("os").environ.get("BUDGET_MS", "50"))


def deeper(depth: float) -> dict[str, Any]:
    """The medium level with ``depth`` times its time budget."""
    level = dict(LEVELS["medium"])
    level["millis"] = float(level["millis"]) * depth
    return level


def best(state: State, level: Any, seed: int) -> tuple[int, float]:
    """The best move a hint at ``level`` names, and the seconds it took."""
    began = time.perf_counter()
    moves = hint(state, level=level, top=1, seed=seed)
    return moves[0]["action"], time.perf_counter() - began


def budget(game_id: str, states: list[State]) -> dict[str, float]:
    """Time taken over time asked, for a search of :data:`BUDGET_MS` on each state."""
    level = dict(LEVELS["medium"], millis=BUDGET_MS)
    ratios = []
    for i, state in enumerate(states):
        search = make_ismcts(level, game_id, seed=i)
        began = time.perf_counter()
        search.choose(state.clone())
        ratios.append((time.perf_counter() - began) * 1000.0 / BUDGET_MS)
    return {"mean": round(sum(ratios) / len(ratios), 2), "max": round(max(ratios), 2)}


def measure(game_id: str, count: int, depth: float) -> dict[str, Any]:
    """One game's row: self-agreement, agreement with the deeper search, hint times, budget."""
    states = positions(game_id, count)
    same = agree = 0
    times: list[float] = []
    for i, state in enumerate(states):
        first, took = best(state, "medium", seed=2 * i + 1)
        second, took2 = best(state, "medium", seed=2 * i + 2)
        reference, _ = best(state, deeper(depth), seed=10_000 + i)
        times += [took, took2]
        same += first == second
        agree += first == reference
        print(
            f"  {game_id} {i + 1}/{count}: same {first == second}, deep {first == reference}",
            file=sys.stderr,
            flush=True,
        )
    times.sort()
    return {
        "positions": count,
        "self_agreement": round(same / count, 3),
        "agreement_with_deeper": round(agree / count, 3),
        "hint_mean_s": round(sum(times) / len(times), 3),
        "hint_p95_s": round(times[min(len(times) - 1, int(0.95 * len(times)))], 3),
        "hint_max_s": round(times[-1], 3),
        "budget_50ms": budget(game_id, states[:10]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--depth", type=float, default=10.0, help="the deeper search's budget")
    args = parser.parse_args()
    began = time.perf_counter()
    rows = {}
    for game_id in args.games.split(","):
        rows[game_id] = row = measure(game_id, args.positions, args.depth)
        print(
            f"{game_id:18} self-agreement {row['self_agreement']:.0%}, with a "
            f"{args.depth:g}x search {row['agreement_with_deeper']:.0%}, hint mean "
            f"{row['hint_mean_s']} s (p95 {row['hint_p95_s']}, max {row['hint_max_s']}), "
            f"50 ms search took {row['budget_50ms']['mean']}x (max {row['budget_50ms']['max']}x)",
            flush=True,
        )
    out = {
        "positions": args.positions,
        "depth": args.depth,
        "games": rows,
        "seconds": round(time.perf_counter() - began, 1),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
