"""Random playouts: complete games of uniformly random legal moves, on one core.

Usage: python benchmarks/playouts.py --game buy-low-sell-high --players 3 --seconds 10

Prints progress lines, then as its last line one JSON object:
{"game", "players", "games_per_s", "actions_per_s", "clone_us"}
"""

from __future__ import annotations

import argparse
import json
import time

from bazaar.core.registry import get_game
from bazaar.core.rng import Rng


def playouts(game_id: str, players: int, seconds: float, seed: int = 0) -> dict[str, object]:
    """Play random games for ``seconds``; return the figures."""
    game = get_game(game_id)
    rng = Rng(seed)
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new(players, seed + games)
        while not state.is_over():
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.below(len(legal))])
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "game": game_id,
        "players": players,
        "games_per_s": round(games / elapsed, 1),
        "actions_per_s": round(actions / elapsed),
        "clone_us": round(clone_micros(game_id, players, seed), 2),
    }


def clone_micros(game_id: str, players: int, seed: int = 0, samples: int = 200) -> float:
    """Mean time of ``clone()`` over states sampled along random games, in microseconds."""
    game = get_game(game_id)
    rng = Rng(seed + 1)
    states = []
    state = game.new(players, seed)
    while len(states) < samples:
        if state.is_over():
            state = game.new(players, seed + len(states))
        legal = state.legal_actions()
        state.apply_unchecked(legal[rng.below(len(legal))])
        states.append(state.clone())
    repeats = 50
    start = time.perf_counter()
    for _ in range(repeats):
        for s in states:
            s.clone()
    return (time.perf_counter() - start) / (repeats * len(states)) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="buy-low-sell-high")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"playing random {args.game} games ({args.players} players) for {args.seconds} s ...")
    print(json.dumps(playouts(args.game, args.players, args.seconds, args.seed)))


if __name__ == "__main__":
    main()
