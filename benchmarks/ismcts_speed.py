"""ISMCTS search speed: iterations per second on one core, and the gain from ``--jobs``.

Usage: python benchmarks/ismcts_speed.py [--game ID] [--level hard] [--positions 6] [--jobs 2]

For each game (at its most common player count) the script samples positions along a random
game, searches each for ``--millis`` at the given level, and prints the mean iterations per
second; with ``--jobs N`` it repeats the searches with N processes (root parallelisation).
The last line is JSON: {"level", "millis", "results": [{"game", "players",
"iterations_per_s", "iterations_per_s_jobs", "jobs", "gain"}]}.
"""

from __future__ import annotations

import argparse
import json

from bazaar.bots.levels import make_ismcts
from bazaar.core.registry import game_ids, get_game
from bazaar.core.rng import Rng

PLAYERS = {"buy-low-sell-high": 3, "take-stock": 4, "night-market": 4}


def positions(game_id: str, players: int, count: int, seed: int = 0) -> list:
    """``count`` positions spread along one random game (each with a real choice)."""
    game = get_game(game_id)
    rng = Rng(seed)
    states = []
    state = game.new(players, seed)
    step = 0
    while len(states) < count:
        if state.is_over():
            state = game.new(players, seed + step)
        legal = state.legal_actions()
        if len(legal) > 1 and step % 9 == 4:
            states.append(state.clone())
        state.apply_unchecked(legal[rng.below(len(legal))])
        step += 1
    return states


def rate(game_id: str, level: str, millis: float, states: list, jobs: int) -> float:
    total = 0
    bot = make_ismcts(level, game_id, seed=1, jobs=jobs)
    bot.iterations = None
    bot.millis = millis
    for state in states:
        bot.analyse(state)
        total += bot.last_iterations
    return total / (len(states) * millis / 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="game id (repeatable; default all)")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--millis", type=float, default=1000.0)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    results = []
    for game_id in args.game or game_ids():
        players = PLAYERS.get(game_id, get_game(game_id).min_players)
        states = positions(game_id, players, args.positions)
        one = rate(game_id, args.level, args.millis, states, 1)
        many = rate(game_id, args.level, args.millis, states, args.jobs) if args.jobs > 1 else one
        row = {
            "game": game_id,
            "players": players,
            "iterations_per_s": round(one),
            "iterations_per_s_jobs": round(many),
            "jobs": args.jobs,
            "gain": round(many / one, 2) if one else None,
        }
        print(row, flush=True)
        results.append(row)
    print(json.dumps({"level": args.level, "millis": args.millis, "results": results}))


if __name__ == "__main__":
    main()
