"""A tiny engine agent for the tests (docs/engine.md, "Engine agents"): run as
``python tests/sim/engine_agent_prog.py [--pick random|first|last] [--log FILE]
[--fail garbage|die|sleep|illegal|hello]``. It imports nothing of Bazaar.

``random`` picks a legal move with a generator seeded by the ``hello``'s seed, so a seat plays
the same moves whenever it gets the same requests. ``--log`` appends every line received to
FILE. ``--fail`` misbehaves at the first ``move``, for the refusal tests.
"""

from __future__ import annotations

import argparse
import random
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pick", default="random", choices=("random", "first", "last"))
    parser.add_argument("--log", default=None)
    parser.add_argument("--fail", default=None)
    args = parser.parse_args()
    rng = random.Random(0)
    import json

    for line in sys.stdin:
        if args.log:
            with open(args.log, "a", encoding="utf-8") as log:
                log.write(line)
        message = json.loads(line)
        if message["cmd"] == "hello":
            if args.fail == "hello":
                answer: dict[str, object] = {"ok": False, "error": "I only play chess"}
            else:
                rng = random.Random(message["seed"])
                answer = {"ok": True, "name": "test program"}
        elif message["cmd"] == "move":
            legal = message["legal"]
            if args.fail == "garbage":
                sys.stdout.write("e2e4\n")
                sys.stdout.flush()
                continue
            if args.fail == "die":
                sys.stderr.write("out of ideas\n")
                sys.exit(3)
            if args.fail == "sleep":
                time.sleep(60)
            if args.fail == "illegal":
                answer = {"index": len(legal)}
            elif args.pick == "first":
                answer = {"notation": legal[0]["notation"]}
            elif args.pick == "last":
                answer = {"action": legal[-1]["action"]}
            else:
                answer = {"index": rng.randrange(len(legal))}
        else:  # over
            break
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
