"""Engine speed: random games through the ``bazaar engine`` pipe, unbatched and batched,
beside the same games in-process and OpenSpiel's C++ ``leduc_poker`` through pyspiel.

Usage: python benchmarks/engine_speed.py [--seconds 3] [--batch 256]

For each game (at its smallest table) a client plays uniformly random games for ``--seconds``:

- ``unbatched``: one protocol-2 ``play`` line per move (``index`` drawn from the previous
  reply's ``legal`` list), one reply line read back before the next move;
- ``batched``: one line of ``{"batch": [play, ...], "until_error": true}`` carrying
  ``--batch`` moves, each ``{"cmd": "play", "pick": n}`` with n from the client's generator
  (legal move n modulo their count), each answered in full (events, the next legal moves);
  a game that ends mid-batch stops it, and ``new`` starts the next game;
- ``plays``: one ``{"cmd": "plays", "picks": [n, ...]}`` line of ``--batch`` moves, answered
  once (the moves, then the next legal moves); ``new`` when the game is over;
- ``in_process``: the rules alone in this process (``legal_actions`` and ``apply_unchecked``
  with a random choice), the ceiling of any client.

``leduc_poker`` is a random playout loop through pyspiel (chance outcomes sampled; every
applied action counts as a move, as for our games whose chance is inside the rules).

Prints a line per game, then as its last line one JSON object:
{"seconds", "batch", "games": [{"game", "players", "unbatched", "batched", "plays",
"in_process", "plays_vs_in_process", "batched_vs_in_process", "unbatched_vs_in_process"}],
"leduc_poker": moves/s, "slowest_plays": moves/s, "slowest_batched": moves/s}
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bazaar.core.registry import get_game

GAMES = (("buy-low-sell-high", 2), ("take-stock", 2), ("night-market", 3))


def engine_command() -> list[str]:
    """``bazaar engine`` of this Python's environment (or the module when not installed)."""
    script = shutil.which("bazaar", path=str(Path(sys.executable).parent))
    return [script, "engine"] if script else [sys.executable, "-m", "bazaar.interop.engine"]


class Pipe:
    """A ``bazaar engine`` subprocess speaking protocol 2."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            engine_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin, self.stdout = self.proc.stdin, self.proc.stdout
        self.ask({"cmd": "hello", "protocol": 2})

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        self.stdin.write(json.dumps(request).encode() + b"\n")
        self.stdin.flush()
        reply: dict[str, Any] = json.loads(self.stdout.readline())
        return reply

    def close(self) -> None:
        self.ask({"cmd": "quit"})
        self.proc.wait(timeout=10)


def unbatched(game: str, players: int, seconds: float) -> float:
    rng = random.Random(1)
    pipe = Pipe()
    moves, seed = 0, 0
    reply = pipe.ask({"cmd": "new", "game": game, "players": players, "seed": seed})
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if not reply["legal"]:
            seed += 1
            reply = pipe.ask({"cmd": "new", "game": game, "players": players, "seed": seed})
            continue
        reply = pipe.ask({"cmd": "play", "index": rng.randrange(len(reply["legal"]))})
        assert reply["ok"], reply
        moves += 1
    elapsed = time.perf_counter() - start
    pipe.close()
    return moves / elapsed


def batched(game: str, players: int, seconds: float, size: int) -> float:
    rng = random.Random(1)
    pipe = Pipe()
    moves, seed = 0, 0
    pipe.ask({"cmd": "new", "game": game, "players": players, "seed": seed})
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        plays = [{"cmd": "play", "pick": rng.getrandbits(32)} for _ in range(size)]
        replies = pipe.ask({"batch": plays, "until_error": True})["replies"]
        done = [r for r in replies if r["ok"]]
        moves += len(done)
        if not replies[-1]["ok"] or done[-1]["over"]:
            seed += 1
            pipe.ask({"cmd": "new", "game": game, "players": players, "seed": seed})
    elapsed = time.perf_counter() - start
    pipe.close()
    return moves / elapsed


def plays(game: str, players: int, seconds: float, size: int) -> float:
    rng = random.Random(1)
    pipe = Pipe()
    moves, seed = 0, 0
    pipe.ask({"cmd": "new", "game": game, "players": players, "seed": seed})
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        picks = [rng.getrandbits(32) for _ in range(size)]
        reply = pipe.ask({"cmd": "plays", "picks": picks})
        assert reply["ok"], reply
        moves += reply["played"]
        if reply["over"]:
            seed += 1
            pipe.ask({"cmd": "new", "game": game, "players": players, "seed": seed})
    elapsed = time.perf_counter() - start
    pipe.close()
    return moves / elapsed


def in_process(game: str, players: int, seconds: float) -> float:
    rng = random.Random(1)
    rules = get_game(game)
    moves, seed = 0, 0
    state = rules.new(players, seed)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        legal = state.legal_actions()
        if not legal:
            seed += 1
            state = rules.new(players, seed)
            continue
        state.apply_unchecked(rng.choice(legal))
        moves += 1
    return moves / (time.perf_counter() - start)


def leduc(seconds: float) -> float | None:
    """Moves/s of random leduc_poker playouts through pyspiel (None without pyspiel)."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    rng = random.Random(1)
    game = pyspiel.load_game("leduc_poker")
    moves = 0
    state = game.new_initial_state()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if state.is_terminal():
            state = game.new_initial_state()
            continue
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        moves += 1
    return moves / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per game and mode")
    parser.add_argument("--batch", type=int, default=256, help="moves per batch line")
    args = parser.parse_args()
    rows = []
    for game, players in GAMES:
        row: dict[str, Any] = {
            "game": game,
            "players": players,
            "unbatched": round(unbatched(game, players, args.seconds)),
            "batched": round(batched(game, players, args.seconds, args.batch)),
            "plays": round(plays(game, players, args.seconds, args.batch)),
            "in_process": round(in_process(game, players, args.seconds)),
        }
        row["plays_vs_in_process"] = round(row["plays"] / row["in_process"], 3)
        row["batched_vs_in_process"] = round(row["batched"] / row["in_process"], 3)
        row["unbatched_vs_in_process"] = round(row["unbatched"] / row["in_process"], 3)
        rows.append(row)
        print(
            f"{game:>18} {players}p  unbatched {row['unbatched']:>6} moves/s  "
            f"batched {row['batched']:>6}  plays {row['plays']:>6}  "
            f"in-process {row['in_process']:>7}",
            flush=True,
        )
    leduc_speed = leduc(args.seconds)
    if leduc_speed is not None:
        print(f"{'leduc_poker':>18}     pyspiel {round(leduc_speed):>7} moves/s")
    result = {
        "seconds": args.seconds,
        "batch": args.batch,
        "games": rows,
        "leduc_poker": None if leduc_speed is None else round(leduc_speed),
        "slowest_plays": min(row["plays"] for row in rows),
        "slowest_batched": min(row["batched"] for row in rows),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
