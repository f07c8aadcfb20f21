"""Make a game's shipped puzzle set: the file its parts declare (``GameFiles.puzzles``).

    PYTHONPATH=$PWD nice python scripts/make_puzzles.py buy-low-sell-high [--count 10]

Plays seeded games between bots (a heuristic player, an easy search and a random player
take turns at the seats), and at every decision with 3 to 12 legal moves runs the finding
search (budget A) and, where one move is clearly best, the confirming search (budget B = 4 × A,
another seed); see bazaar/bots/puzzles.py. Prints the budgets and the time taken; the last
line is JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bazaar.bots.puzzles import (
    CONFIRM,
    CONFIRM_MARGIN,
    FIND,
    FIND_MARGIN,
    Puzzle,
    find_puzzles,
    load_file,
    make_prompt,
    puzzle_path,
    save_file,
)
from bazaar.bots.registry import make_bot
from bazaar.core.record import GameRecord
from bazaar.core.registry import get_game

SEATS = ("heuristic", "ismcts:easy", "random", "heuristic")


def bot_game(game_id: str, players: int, seed: int) -> GameRecord:
    """A finished game between bots, as a record."""
    game = get_game(game_id)
    state = game.new(players, seed, {})
    bots = [
        make_bot(SEATS[(i + seed) % len(SEATS)], seed * 10 + i, game=game_id)
        for i in range(players)
    ]
    actions = []
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        action = bots[seat].choose(state)
        actions.append(state.notation(action))
        state.apply(action)
    seats = [SEATS[(i + seed) % len(SEATS)] for i in range(players)]
    return GameRecord(game_id, players, seed, {}, actions, seats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--per-game", type=int, default=3)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--max-seconds", type=float, default=300.0)
    parser.add_argument(
        "--prompts-only", action="store_true", help="rewrite the prompts of the shipped set"
    )
    args = parser.parse_args()
    path = puzzle_path(args.game)
    assert path is not None
    if args.prompts_only:
        puzzles = load_file(path)
        for p in puzzles:
            p.prompt = make_prompt(p.seat)
        save_file(path, puzzles)
        print(json.dumps({"game": args.game, "puzzles": len(puzzles)}))
        return
    start = time.perf_counter()
    found: list[Puzzle] = []
    for seed in range(1, args.games + 1):
        if len(found) >= args.count or time.perf_counter() - start > args.max_seconds:
            break
        record = bot_game(args.game, args.players, seed)
        source = {"kind": "bot-game", "seed": seed, "seats": record.seats}
        more = find_puzzles(
            record,
            limit=min(args.per_game, args.count - len(found)),
            seed=seed * 1000,
            source=source,
        )
        found.extend(more)
        print(
            f"game seed {seed}: {len(more)} puzzles ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    save_file(path, found)
    seconds = round(time.perf_counter() - start, 1)
    print(f"finding search A: {FIND['iterations']} iterations, margin >= {FIND_MARGIN}")
    print(f"confirming search B: {CONFIRM['iterations']} iterations, margin >= {CONFIRM_MARGIN}")
    print(
        json.dumps(
            {
                "game": args.game,
                "puzzles": len(found),
                "seconds": seconds,
                "find_iterations": FIND["iterations"],
                "confirm_iterations": CONFIRM["iterations"],
            }
        )
    )


if __name__ == "__main__":
    main()
