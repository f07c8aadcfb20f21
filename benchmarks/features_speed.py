"""Feature encoding speed: microseconds per ``encode(state, seat)`` for each game with features.

Usage: python benchmarks/features_speed.py [--game take-stock] [--players 4] [--repeats 7]

Samples the positions of a few random games (every move of each), then times encoding all of
them for the seat to move (or seat 0 at the end); the best of ``--repeats`` passes counts, so
other work on the machine inflates the figure less. Prints a line per game and player count,
then as its last line one JSON object: {"encode_us": {game: {players: µs}}, "size": {...}}.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from bazaar.core.registry import game_ids, game_parts, get_game
from bazaar.core.rng import Rng


def sample_states(game_id: str, players: int, games: int = 6, seed: int = 0) -> list[Any]:
    """Every position of ``games`` random games (uniform legal moves)."""
    game = get_game(game_id)
    rng = Rng(seed)
    states = []
    for g in range(games):
        state = game.new(players, seed + g)
        while True:
            states.append(state.clone())
            if state.is_over():
                break
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.below(len(legal))])
    return states


def encode_micros(game_id: str, players: int, repeats: int = 7) -> tuple[float, int]:
    """(best mean µs per encode over ``repeats`` passes, feature size)."""
    features = game_parts(game_id).features
    assert features is not None
    layout = features(players)
    encode = layout.encode
    pairs = [
        (s, s.to_move() if s.to_move() is not None else 0) for s in sample_states(game_id, players)
    ]
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for state, seat in pairs:
            encode(state, seat)
        best = min(best, (time.perf_counter() - start) / len(pairs))
    return best * 1e6, layout.size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None, help="one game id (default: every game)")
    parser.add_argument("--players", type=int, default=None, help="one player count")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    ids = [args.game] if args.game else game_ids()
    micros: dict[str, dict[int, float]] = {}
    sizes: dict[str, dict[int, int]] = {}
    for game_id in ids:
        if game_parts(game_id).features is None:
            print(f"{game_id}: no features")
            continue
        game = get_game(game_id)
        counts = [args.players] if args.players else range(game.min_players, game.max_players + 1)
        for players in counts:
            us, size = encode_micros(game_id, players, args.repeats)
            micros.setdefault(game_id, {})[players] = round(us, 1)
            sizes.setdefault(game_id, {})[players] = size
            print(f"{game_id} {players} players: size {size}, {us:.1f} µs per encode")
    print(json.dumps({"encode_us": micros, "size": sizes}))


if __name__ == "__main__":
    main()
