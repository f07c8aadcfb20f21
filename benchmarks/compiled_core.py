"""A compiled rules core: random-playout actions/s of the rules as Python and compiled by mypyc,
side by side in one run, with OpenSpiel's C++ ``leduc_poker`` through pyspiel as the peer.

Usage: python benchmarks/compiled_core.py [--games 300] [--rounds 3] [--source DIR]
       [--modules bazaar.core.rng,...]

It copies the ``bazaar`` package of --source (this checkout by default) twice into a temporary
folder and compiles --modules of one copy with mypyc (the ``test`` extra's mypy; it needs a C
compiler and Python's headers). Then, for --rounds rounds, fresh processes play the same --games
random playouts of every game (3 players, seeds 0.., uniformly random legal actions) in the pure
copy, in the compiled copy and, as the peer, in ``leduc_poker`` (player actions counted; chance
outcomes sampled in the timed loop). The figure of each is its best round, in actions per CPU
second (``time.process_time``: the machine is shared). The playouts must end in the same actions
and scores in both copies, and the golden games (tests/golden) must replay to the same digests in
the compiled copy. A function mypyc compiles does not bind ``self`` in a class body, so the
probe wraps the compiled functions the state classes hold in Python methods first (what a
shipped build would need in the source: docs/research.md, "A compiled core").

Prints a line per game, then as its last line one JSON object:
{"games", "rounds", "modules", "compile_s", "per_game": {GAME: {"pure", "compiled", "ratio",
"same_playouts", "golden_identical", "golden_steps"}}, "leduc", "compiled_to_leduc"}
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: what a random playout's step runs through (cProfile of a playout): the generator and the rules
MODULES = (
    "bazaar.core.rng",
    "bazaar.games.buy_low_sell_high.transitions",
    "bazaar.games.night_market.board",
    "bazaar.games.night_market.transitions",
    "bazaar.games.take_stock.transitions",
)

PROBE = """
import functools, hashlib, json, sys, time, types
from bazaar.core.registry import game_ids, get_game
from bazaar.core.rng import Rng

games, modules = int(sys.argv[1]), sys.argv[2].split(",")


def as_method(function):
    @functools.wraps(function)
    def method(self, *args):
        return function(self, *args)
    return method


def bind_compiled(cls):
    for klass in cls.__mro__:
        if not klass.__module__.startswith("bazaar."):
            continue
        for name, value in list(vars(klass).items()):
            if isinstance(value, types.BuiltinFunctionType) and (
                getattr(value, "__module__", "") or ""
            ).startswith("bazaar."):
                setattr(klass, name, as_method(value))


def playouts(game):
    rng, actions, ends = Rng(0), 0, []
    start = time.process_time()
    for seed in range(games):
        state = game.new(3, seed)
        while not state.is_over():
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.below(len(legal))])
            actions += 1
        ends.append(state.scores())
    seconds = time.process_time() - start
    digest = hashlib.sha256(json.dumps([actions, ends]).encode()).hexdigest()[:16]
    return actions, seconds, digest


def golden(game_id):
    from tests.golden.record import HERE, step_digest

    game, steps = get_game(game_id), 0
    for record in json.loads((HERE / f"{game_id}.json").read_text(encoding="utf-8")):
        state = game.new(record["players"], record["seed"], record["options"])
        if step_digest(state, []) != record["digests"][0]:
            return False, steps
        for i, text in enumerate(record["actions"], start=1):
            events = state.apply(state.parse(text))
            steps += 1
            if step_digest(state, events) != record["digests"][i]:
                return False, steps
    return True, steps


compiled = [m for m in modules if not __import__(m, fromlist=["_"]).__file__.endswith(".py")]
out = {"compiled": compiled, "games": {}}
for game_id in game_ids():
    game = get_game(game_id)
    bind_compiled(type(game.new(3, 0)))
    actions, seconds, digest = playouts(game)
    figures = {"actions": actions, "seconds": seconds, "digest": digest}
    if "--golden" in sys.argv:
        figures["golden_identical"], figures["golden_steps"] = golden(game_id)
    out["games"][game_id] = figures
print(json.dumps(out))
"""

LEDUC = """
import json, random, sys, time
import pyspiel

game, rng, actions = pyspiel.load_game("leduc_poker"), random.Random(0), 0
start = time.process_time()
for _ in range(int(sys.argv[1])):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
print(json.dumps({"actions": actions, "seconds": time.process_time() - start}))
"""


def run(code: str, path: Path | None, *args: str) -> dict[str, Any]:
    """The JSON a fresh Python process running ``code`` prints, with ``path`` first on its path."""
    env_path = f"{path}:{ROOT}" if path else str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": env_path},
        cwd=path or ROOT,
    )
    if done.returncode:
        sys.exit(f"probe failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def copy_package(source: Path, into: Path) -> None:
    """The ``bazaar`` package of ``source`` (no caches, no built extensions) under ``into``."""
    shutil.copytree(
        source / "bazaar",
        into / "bazaar",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"),
    )


def compile_modules(folder: Path, modules: list[str]) -> float:
    """Compile ``modules`` in place in ``folder`` with mypyc; the seconds it took."""
    paths = [m.replace(".", "/") + ".py" for m in modules]
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *paths], cwd=folder, capture_output=True, text=True
    )
    if done.returncode:
        sys.exit(f"mypyc failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="playouts per game and round")
    parser.add_argument("--rounds", type=int, default=3, help="best of N rounds")
    parser.add_argument("--source", type=Path, default=ROOT, help="the tree holding bazaar/")
    parser.add_argument("--modules", default=",".join(MODULES), help="modules to compile")
    args = parser.parse_args()
    modules = args.modules.split(",")
    root = Path(tempfile.mkdtemp(prefix="bazaar-compiled-core-"))
    pure, compiled = root / "pure", root / "compiled"
    try:
        copy_package(args.source, pure)
        copy_package(args.source, compiled)
        print(f"compiling {len(modules)} modules with mypyc ...")
        compile_seconds = compile_modules(compiled, modules)
        best: dict[str, dict[str, float]] = {"pure": {}, "compiled": {}}
        digests: dict[str, dict[str, str]] = {"pure": {}, "compiled": {}}
        golden: dict[str, Any] = {}
        leduc = 0.0
        for round_ in range(args.rounds):
            for build, folder in (("pure", pure), ("compiled", compiled)):
                extra = ["--golden"] if build == "compiled" and round_ == 0 else []
                result = run(PROBE, folder, str(args.games), ",".join(modules), *extra)
                if build == "compiled" and result["compiled"] != modules:
                    sys.exit(f"not compiled: {sorted(set(modules) - set(result['compiled']))}")
                for game_id, figures in result["games"].items():
                    rate = figures["actions"] / figures["seconds"]
                    best[build][game_id] = max(best[build].get(game_id, 0.0), rate)
                    digests[build][game_id] = figures["digest"]
                    if "golden_identical" in figures:
                        golden[game_id] = figures
            peer = run(LEDUC, None, str(args.games * 10))
            leduc = max(leduc, peer["actions"] / peer["seconds"])
        per_game: dict[str, dict[str, Any]] = {}
        for game_id, rate in best["pure"].items():
            fast = best["compiled"][game_id]
            per_game[game_id] = {
                "pure": round(rate),
                "compiled": round(fast),
                "ratio": round(fast / rate, 2),
                "same_playouts": digests["pure"][game_id] == digests["compiled"][game_id],
                "golden_identical": golden[game_id]["golden_identical"],
                "golden_steps": golden[game_id]["golden_steps"],
            }
            print(
                f"{game_id:18} pure {rate:9.0f}  compiled {fast:9.0f} actions/s  "
                f"x{fast / rate:.2f}  leduc/compiled {leduc / fast:.2f}"
            )
        print(f"{'leduc_poker':18} {leduc:9.0f} actions/s (C++ through pyspiel)")
        figures = {
            "games": args.games,
            "rounds": args.rounds,
            "modules": modules,
            "compile_s": round(compile_seconds, 1),
            "per_game": per_game,
            "leduc": round(leduc),
            "compiled_to_leduc": {
                game_id: round(row["compiled"] / leduc, 3) for game_id, row in per_game.items()
            },
        }
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
