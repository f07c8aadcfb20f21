"""Seat-rotated matches between bots, with win rates and 95% confidence intervals.

Usage:
  python benchmarks/strength.py --game buy-low-sell-high --players 3 \
      --bot heuristic --field random --games 300

One seat is played by ``--bot``, the others by ``--field``; the bot's seat rotates through
every position. A k-way tie counts 1/k of a win. Prints one line per game block and, last,
one JSON object: {"game", "players", "bot", "field", "games", "win_share", "ci95",
"fair_share", "ratio", "seconds_per_game"}. ``--procs 2`` plays two games at once (each bot
still searches on one core).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import time

from bazaar.bots.registry import make_bot
from bazaar.core.registry import get_game


def play_one(game_id: str, players: int, bot: str, field: str, i: int) -> float:
    """Game ``i`` (seed ``i``, the bot in seat ``i % players``); the bot's win share."""
    game = get_game(game_id)
    seat = i % players
    state = game.new(players, i)
    bots = [make_bot(bot if q == seat else field, i * 31 + q) for q in range(players)]
    while not state.is_over():
        state.apply(bots[state.to_move()].choose(state))
    winners = state.winners()
    return 1 / len(winners) if seat in winners else 0.0


def play_match(
    game_id: str, players: int, bot: str, field: str, games: range, procs: int = 1
) -> list[float]:
    """Play the games numbered ``games``; return the bot's win share in each."""
    jobs = [(game_id, players, bot, field, i) for i in games]
    if procs <= 1:
        return [play_one(*job) for job in jobs]
    with multiprocessing.get_context("fork").Pool(procs) as pool:
        return pool.starmap(play_one, jobs)


def summary(shares: list[float], players: int) -> dict[str, float | list[float]]:
    n = len(shares)
    mean = sum(shares) / n
    var = sum((x - mean) ** 2 for x in shares) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    fair = 1 / players
    return {
        "win_share": round(mean, 4),
        "ci95": [round(max(0.0, mean - half), 4), round(min(1.0, mean + half), 4)],
        "fair_share": round(fair, 4),
        "ratio": round(mean / fair, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="buy-low-sell-high")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--field", default="random")
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--procs", type=int, default=1, help="games played at once (processes)")
    args = parser.parse_args()
    start = time.perf_counter()
    shares: list[float] = []
    block = max(args.procs, args.players * 2)
    while len(shares) < args.games:
        first = args.seed + len(shares)
        n = min(block, args.games - len(shares))
        shares += play_match(
            args.game, args.players, args.bot, args.field, range(first, first + n), args.procs
        )
        print(f"{len(shares)} games: {summary(shares, args.players)}", flush=True)
    result = {
        "game": args.game,
        "players": args.players,
        "bot": args.bot,
        "field": args.field,
        "games": len(shares),
        **summary(shares, args.players),
        "seconds_per_game": round((time.perf_counter() - start) / len(shares), 3),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
