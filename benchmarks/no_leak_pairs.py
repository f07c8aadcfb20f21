"""How many private-move pairs the no-leak property test checks per game (issue 10).

Usage: python benchmarks/no_leak_pairs.py [--rounds N]

``--rounds N`` plays each of the test's random games N times with other seeds (default 1:
exactly what the test suite checks).

Runs the same checks as ``tests/test_no_leak.py`` (it fails loudly on a leak) and prints one
line per game, then as its last line one JSON object:
{"games": {game: {"positions", "pairs", "hints", "hint_changes", "seconds"}}, "seconds"}
``positions`` are the private-choice positions met, ``pairs`` the pairs of private moves
checked there, ``hints`` the positions where the next mover's hints were compared and
``hint_changes`` how many "what it changes" lines those hints held.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checks live in tests/

from tests.test_no_leak import GAMES, pairs_checked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1, help="games per player count")
    rounds = parser.parse_args().rounds
    start = time.perf_counter()
    games: dict[str, dict[str, float]] = {}
    for game_id in GAMES:
        began = time.perf_counter()
        counts: dict[str, float] = dict(pairs_checked(game_id, rounds))
        counts["seconds"] = round(time.perf_counter() - began, 2)
        games[game_id] = counts
        print(f"{game_id}: {counts}", flush=True)
    print(
        json.dumps(
            {"rounds": rounds, "games": games, "seconds": round(time.perf_counter() - start, 2)}
        )
    )


if __name__ == "__main__":
    main()
