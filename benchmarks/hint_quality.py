"""Hints that teach, measured (issue 13 part 3): time per hint and ranking against uncertainty.

Usage: python benchmarks/hint_quality.py [--positions 100] [--level medium] [--games a,b]

For each game a fixed list of ``--positions`` positions (:func:`positions`: position ``i``
comes from a seeded game of random players for even ``i``, heuristic players for odd ``i``,
at a seeded decision with two or more legal moves) gets one hint at ``--level`` (one process,
``jobs`` 1). Per game it prints the time per hint (mean, 95th percentile, max), how many
hints were "too close to call", the mean stated uncertainty (± of the top move) and the
*violations*: hints whose estimated win chance is above the top hint's by more than the top
hint's stated uncertainty (above its ``win_high``: ``advice.ranking_violations``; must be 0).
The last line is one JSON object: {"level", "positions", "games": {game: {...}}, "seconds", "load"}.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bazaar.bots.advice import hint, ranking_violations
from bazaar.bots.levels import Level
from bazaar.core.game import State
from bazaar.core.registry import game_parts, get_game
from bazaar.core.rng import Rng

GAMES = ("buy-low-sell-high", "take-stock", "night-market")


def positions(game_id: str, count: int) -> list[State]:
    """``count`` positions of ``game_id`` with two or more legal moves, the same every run."""
    game = get_game(game_id)
    sizes = list(range(game.min_players, game.max_players + 1))
    make_heuristic = game_parts(game_id).heuristic
    found = []
    for i in range(count):
        rng = Rng(1000 + i)
        state = game.new(sizes[i % len(sizes)], 7000 + i)
        heuristic = make_heuristic(i, 0.3) if make_heuristic and i % 2 else None
        choices = []
        while not state.is_over():
            legal = state.legal_actions()
            if len(legal) > 1:
                choices.append(state.clone())
            move = heuristic.choose(state) if heuristic else legal[rng.below(len(legal))]
            state.apply(move)
        found.append(choices[rng.below(len(choices))])
    return found


def measure(game_id: str, count: int, level: Level) -> dict[str, Any]:
    """Hint each of the game's positions; the figures of one table row."""
    times, margins = [], []
    violations = close = 0
    for i, state in enumerate(positions(game_id, count)):
        began = time.perf_counter()
        moves = hint(state, level=level, top=3, seed=i)
        times.append(time.perf_counter() - began)
        violations += ranking_violations(moves)
        close += bool(moves[0]["close"])
        if moves[0]["margin"] is not None:
            margins.append(moves[0]["margin"])
    times.sort()
    return {
        "positions": count,
        "mean_s": round(sum(times) / len(times), 3),
        "p95_s": round(times[min(len(times) - 1, int(0.95 * len(times)))], 3),
        "max_s": round(times[-1], 3),
        "too_close": close,
        "mean_margin": round(sum(margins) / len(margins), 4) if margins else None,
        "violations": violations,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100, help="positions per game")
    parser.add_argument(
        "--level", default="medium", help="the hints' level (the web's default) or settings JSON"
    )
    parser.add_argument("--games", default=",".join(GAMES), help="games, comma-separated")
    args = parser.parse_args()
    level: Level = json.loads(args.level) if args.level.startswith("{") else args.level
    start = time.perf_counter()
    games: dict[str, dict[str, Any]] = {}
    print(f"{'game':<20}{'mean s':>8}{'p95 s':>8}{'max s':>8}{'close':>7}{'± top':>7}{'viol.':>7}")
    for game_id in args.games.split(","):
        row = games[game_id] = measure(game_id, args.positions, level)
        margin = "-" if row["mean_margin"] is None else f"{100 * row['mean_margin']:.1f}"
        print(
            f"{game_id:<20}{row['mean_s']:>8}{row['p95_s']:>8}{row['max_s']:>8}"
            f"{row['too_close']:>7}{margin:>7}{row['violations']:>7}",
            flush=True,
        )
    report = {
        "level": level,
        "positions": args.positions,
        "games": games,
        "seconds": round(time.perf_counter() - start, 1),
        "load": [round(x, 2) for x in os.getloadavg()],
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
