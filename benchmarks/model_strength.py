"""Does the value model make the search stronger? The hard level with the model at its leaves
against the hard level as it was before issue 24, at equal time per move.

Usage: python benchmarks/model_strength.py --game night-market [--players 3] [--games 60]
       [--millis 1000] [--procs 2] [--depth 0] [--blend 0.5] [--ceiling 4]

One seat plays the hard level as it is now (``LEVELS["hard"]`` with the game's own changes: the
model judges each leaf after ``--depth`` heuristic moves, or mixed with a playout), the others
the hard level before issue 24 (heuristic playouts of 20 moves judged by the game's score
estimate); both get ``--millis`` per move, so
the model's cost is paid from the same time. ``--blend W`` mixes a heuristic playout of
``--depth`` moves into each leaf's value with weight W (``Ismcts(blend=...)``). ``--ceiling K``
measures how much more *time* is worth instead: the tested seat plays the old hard level with
K times the time (a search that gains little from 4x the time leaves little for a better leaf
judge to gain at equal time). The tested seat rotates through every position; a k-way tie
counts 1/k; ``--first`` numbers the games (game i is dealt from seed 5000 + i), so two runs can
add up. The last line is one JSON object: {"game", "players", "games", "first", "millis",
"depth", "blend", "ceiling", "win_share", "ci95", "fair_share", "ratio", "seconds"}; issue 24's
target is a ratio >= 1.5 with the interval above fair share.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bazaar.bots.levels import LevelBot, level_settings
from bazaar.core.registry import game_parts, get_game

#: the hard level before issue 24
HARD_BEFORE: dict[str, Any] = {
    "iterations": None,
    "millis": 1000.0,
    "rollout": "heuristic",
    "rollout_noise": 1.0,
    "rollout_depth": 20,
    "score_weight": 0.5,
    "widening": 1.0,
}


#: settings of a game's overrides that belong to the model's search (the old level had neither)
MODEL_KEYS = ("blend", "leaf", "rollout_depth")


def old_overrides(game_id: str) -> dict[str, Any]:
    """The game's own changes to the hard level that the old hard level had too (Take
    Stock's ranking), without those of the model's search (Night Market's blend)."""
    overrides = game_parts(game_id).level_overrides.get("hard", {})
    return {k: v for k, v in overrides.items() if k not in MODEL_KEYS}


def tested_level(game_id: str, opts: dict[str, Any]) -> dict[str, Any]:
    """The tested seat's settings: the hard level now (``depth``/``blend`` changed if given),
    or with ``ceiling`` the hard level as it was with ``ceiling`` times the time."""
    if opts.get("ceiling"):
        return dict(HARD_BEFORE, **old_overrides(game_id), millis=opts["millis"] * opts["ceiling"])
    now = dict(level_settings("hard", game_id), millis=opts["millis"])
    if opts.get("depth") is not None:
        now["rollout_depth"] = opts["depth"]
    if opts.get("blend") is not None:
        now["blend"] = opts["blend"]
    return now


def play_one(game_id: str, players: int, opts: dict[str, Any], i: int) -> float:
    """Game ``i`` (seed ``i``; the tested seat ``i % players``); that seat's win share."""
    game = get_game(game_id)
    seat = i % players
    state = game.new(players, 5000 + i)
    before = dict(HARD_BEFORE, **old_overrides(game_id), millis=opts["millis"])
    tested = tested_level(game_id, opts)
    bots = [LevelBot(tested if q == seat else before, seed=i * 31 + q) for q in range(players)]
    while not state.is_over():
        mover = state.to_move()
        assert mover is not None
        state.apply(bots[mover].choose(state))
    winners = state.winners()
    return 1 / len(winners) if seat in winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="night-market")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--millis", type=float, default=1000.0)
    parser.add_argument("--depth", type=int, help="heuristic moves before the model judges")
    parser.add_argument("--blend", type=float, help="weight of the playout mixed with the model")
    parser.add_argument(
        "--ceiling",
        type=float,
        help="instead of the model: the old hard level with this many times the time",
    )
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--procs", type=int, default=1)
    args = parser.parse_args()
    game = get_game(args.game)
    players = args.players or game.min_players
    began = time.perf_counter()
    opts = {
        "millis": args.millis,
        "depth": args.depth,
        "blend": args.blend,
        "ceiling": args.ceiling,
    }
    jobs = [(args.game, players, opts, i) for i in range(args.first, args.first + args.games)]
    if args.procs > 1:
        with multiprocessing.get_context("fork").Pool(args.procs) as pool:
            shares = pool.starmap(play_one, jobs)
    else:
        shares = [play_one(*job) for job in jobs]
    n = len(shares)
    mean = sum(shares) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in shares) / max(1, n - 1))
    half = 1.96 * sd / math.sqrt(n)
    fair = 1 / players
    hard = level_settings("hard", args.game)  # with the game's own changes
    out = {
        "game": args.game,
        "players": players,
        "games": n,
        "first": args.first,
        "millis": args.millis,
        "depth": hard.get("rollout_depth") if args.depth is None else args.depth,
        "blend": hard.get("blend", 0.0) if args.blend is None else args.blend,
        "ceiling": args.ceiling,
        "win_share": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "fair_share": round(fair, 3),
        "ratio": round(mean / fair, 2),
        "seconds": round(time.perf_counter() - began, 1),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
