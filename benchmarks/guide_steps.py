"""How long the guide's step takes: the learner's first decisions of each game's fixed deal
(the learner plays the suggestion, the bots their gentle moves), in CPU seconds of one core
(so other work on the machine does not count). Prints one line per game and,
last, the figures as JSON.

    PYTHONPATH=. python benchmarks/guide_steps.py [DECISIONS]
"""

from __future__ import annotations

import json
import sys
import time

from bazaar.bots.guide import game_guide, guide_step
from bazaar.bots.registry import make_bot
from bazaar.core.registry import get_game

GAMES = ("buy-low-sell-high", "take-stock", "night-market")


def measure(game_id: str, decisions: int) -> dict[str, float]:
    guide = game_guide(game_id)
    assert guide is not None
    state = get_game(game_id).new(guide.players, guide.seed, {})
    bots = {s: make_bot(guide.bot, s, game=game_id) for s in range(1, guide.players)}
    took: list[float] = []
    while not state.is_over() and len(took) < decisions:
        seat = state.to_move()
        assert seat is not None
        if seat == 0:
            start = time.process_time()
            step = guide_step(state, 0, seed=len(took))
            took.append(time.process_time() - start)
            state.apply(step["suggestion"]["action"])
        else:
            state.apply(bots[seat].choose(state))
    return {
        "decisions": len(took),
        "mean_s": round(sum(took) / len(took), 3),
        "max_s": round(max(took), 3),
    }


def main() -> None:
    decisions = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    out = {}
    for game_id in GAMES:
        out[game_id] = measure(game_id, decisions)
        print(game_id, out[game_id])
    print(json.dumps(out))


if __name__ == "__main__":
    main()
