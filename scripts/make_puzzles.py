"""Make a game's shipped puzzle set: the file its parts declare (``GameFiles.puzzles``).

    PYTHONPATH=$PWD nice python scripts/make_puzzles.py buy-low-sell-high [--per-difficulty 4]

Plays seeded games between bots (a heuristic player, an easy search and a random player
take turns at the seats) and weighs every decision with 3 to 12 legal moves through the
estimator (bazaar/bots/puzzle_find.py); keeps the first ``--per-difficulty`` puzzles of each
difficulty (easy, medium, hard), at most ``--per-game`` from one game, until the set is full
or the time is up. Prints the time taken; the last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bazaar.bots.puzzle_find import find_puzzles
from bazaar.bots.puzzles import (
    DIFFICULTIES,
    Puzzle,
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


def keep(found: dict[str, list[Puzzle]], more: list[Puzzle], wanted: int, per_game: int) -> int:
    """Add ``more`` (one game's puzzles) to the difficulties not yet full; how many were kept."""
    kept = 0
    for p in more:
        if len(found[p.difficulty]) < wanted and kept < per_game:
            found[p.difficulty].append(p)
            kept += 1
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--per-difficulty", type=int, default=4)
    parser.add_argument("--per-game", type=int, default=3)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--max-seconds", type=float, default=280.0)
    parser.add_argument("--first-seed", type=int, default=1, help="the first game's seed")
    parser.add_argument(
        "--add", action="store_true", help="start from the shipped set and add to it"
    )
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
    found: dict[str, list[Puzzle]] = {d: [] for d in DIFFICULTIES}
    if args.add:
        for p in load_file(path):
            found[p.difficulty].append(p)
    games = 0
    for seed in range(args.first_seed, args.first_seed + args.games):
        full = all(len(v) >= args.per_difficulty for v in found.values())
        if full or time.perf_counter() - start > args.max_seconds:
            break
        record = bot_game(args.game, args.players, seed)
        source = {"kind": "bot-game", "seed": seed, "seats": record.seats}
        kept = keep(found, find_puzzles(record, source=source), args.per_difficulty, args.per_game)
        games += 1
        print(f"game seed {seed}: {kept} kept ({time.perf_counter() - start:.0f} s)", flush=True)
    puzzles = [p for d in DIFFICULTIES for p in found[d]]
    save_file(path, puzzles)
    summary = {
        "game": args.game,
        "games": games,
        "puzzles": len(puzzles),
        **{d: len(found[d]) for d in DIFFICULTIES},
        "seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
