#!/usr/bin/env python3
"""An engine agent: a program that plays one seat of a Bazaar game in simulations, ladders,
sweeps and (where the operator allows it) at web tables. It speaks the agent dialect of the
engine protocol (docs/engine.md, "Engine agents: your program plays in simulations") on its
standard input and output, one JSON object per line, and needs nothing but Python itself:

    bazaar simulate night-market --seats "engine:python examples/engine_agent.py,heuristic"

Its rule: take the legal move whose notation is longest (a move that does more), breaking ties
with a generator seeded from the seed of ``hello``, so the same game gives the same moves.
Write yours in any language: read a line, answer a line, flush.
"""

from __future__ import annotations

import json
import random
import sys


def answer(line: str, state: dict[str, random.Random]) -> dict[str, object] | None:
    """The answer to one message (None: nothing to answer)."""
    message = json.loads(line)
    if message["cmd"] == "hello":  # game, players, options, seat, seed
        state["rng"] = random.Random(message["seed"])
        return {"ok": True, "name": "longest move"}
    if message["cmd"] == "move":  # game, options, seat, view (your seat's), legal
        legal = message["legal"]
        longest = max(len(move["notation"]) for move in legal)
        best = [move for move in legal if len(move["notation"]) == longest]
        return {"index": state["rng"].choice(best)["index"]}  # or "action", or "notation"
    return None  # "over": scores, winners, returns, view; the input closes next


def main() -> None:
    state = {"rng": random.Random(0)}
    for line in sys.stdin:
        reply = answer(line, state)
        if reply is not None:
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
