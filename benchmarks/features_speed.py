"""Feature encoding speed: microseconds per ``encode(state, seat)`` for each game with features.

Usage: python benchmarks/features_speed.py [--game take-stock] [--players 4] [--repeats 7]

Samples the positions of a few random games (every move of each), then times encoding all of
them for the seat to move (or seat 0 at the end); the best of ``--repeats`` passes counts, so
other work on the machine inflates the figure less. Times are CPU time of this process
(``time.process_time``): on a shared machine the wall clock also counts the time the process
waits for a core. Prints a line per game and player count,
then as its last line one JSON object: {"encode_us": {game: {players: µs}}, "size": {...},
"step_us": {...}} (an engine step, legal_actions + apply, timed the same way for scale).
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


def step_micros(states: list[Any], repeats: int) -> float:
    """Best mean µs of one engine step (``legal_actions`` + ``apply_unchecked`` of the first
    legal action on a clone, minus the clone) over the positions, for scale."""
    live = [s for s in states if not s.is_over()]
    best_step = best_clone = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for s in live:
            s.clone()
        best_clone = min(best_clone, (time.process_time() - start) / len(live))
        start = time.process_time()
        for s in live:
            c = s.clone()
            c.apply_unchecked(c.legal_actions()[0])
        best_step = min(best_step, (time.process_time() - start) / len(live))
    return (best_step - best_clone) * 1e6


def encode_micros(game_id: str, players: int, repeats: int = 7) -> tuple[float, int, float]:
    """(best mean µs per encode over ``repeats`` passes, feature size, µs per engine step)."""
    features = game_parts(game_id).features
    assert features is not None
    layout = features(players)
    encode = layout.encode
    states = sample_states(game_id, players)
    pairs = [(s, s.to_move() or 0) for s in states]
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for state, seat in pairs:
            encode(state, seat)
        best = min(best, (time.process_time() - start) / len(pairs))
    return best * 1e6, layout.size, step_micros(states, repeats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None, help="one game id (default: every game)")
    parser.add_argument("--players", type=int, default=None, help="one player count")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    ids = [args.game] if args.game else game_ids()
    micros: dict[str, dict[int, float]] = {}
    sizes: dict[str, dict[int, int]] = {}
    steps: dict[str, dict[int, float]] = {}
    for game_id in ids:
        if game_parts(game_id).features is None:
            print(f"{game_id}: no features")
            continue
        game = get_game(game_id)
        counts = [args.players] if args.players else range(game.min_players, game.max_players + 1)
        for players in counts:
            us, size, step = encode_micros(game_id, players, args.repeats)
            micros.setdefault(game_id, {})[players] = round(us, 1)
            sizes.setdefault(game_id, {})[players] = size
            steps.setdefault(game_id, {})[players] = round(step, 1)
            print(
                f"{game_id} {players} players: size {size}, {us:.1f} µs per encode "
                f"(an engine step: {step:.1f} µs)"
            )
    print(json.dumps({"encode_us": micros, "size": sizes, "step_us": steps}))


if __name__ == "__main__":
    main()
