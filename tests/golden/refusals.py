"""Record the refusal golden: ``python -m tests.golden.refusals`` (writes refusals.json);
``python -m tests.golden.refusals --texts`` keeps the recorded games and positions and
rewrites only the texts (for reworded refusals: games gained options since the recording).

Seeded random games of every game, player count and option set; at every few steps a
deterministic sample of the illegal actions is tried and the English refusal (message and
rule tag) recorded. ``tests/test_refusals.py`` walks the same positions and compares, so moving
or translating the refusal explanations cannot change a single English word.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bazaar.core.errors import IllegalAction
from bazaar.core.game import State
from bazaar.core.registry import all_games, get_game
from bazaar.core.rng import Rng

PATH = Path(__file__).resolve().parent / "refusals.json"
SEEDS = (3, 17)
#: per sampled position and rule tag, this many of its refused actions are kept
PER_RULE = 2
#: a position is sampled every STRIDE steps
STRIDE = 4


def configs() -> Iterator[tuple[str, int, int, dict[str, Any]]]:
    """(game id, players, seed, options) of every walked game."""
    for game in all_games():
        for players in range(game.min_players, game.max_players + 1):
            for i, seed in enumerate(SEEDS):
                rng = Rng(seed * 31 + players)
                options = (
                    {o.name: o.choices[rng.below(len(o.choices))] for o in game.option_specs}
                    if i
                    else {}
                )
                yield game.id, players, seed, options


def illegal_sample(state: State, rng: Rng) -> list[int]:
    """A deterministic sample of the actions not legal in ``state``: for every rule tag they
    break, the first such action and one more drawn with ``rng``."""
    legal = set(state.legal_actions())
    by_rule: dict[str, list[int]] = {}
    for action in range(state.game.num_actions):
        if action not in legal:
            by_rule.setdefault(refusals(state, action)[1], []).append(action)
    chosen: set[int] = set()
    for actions in by_rule.values():
        chosen.add(actions[0])
        chosen.add(actions[rng.below(len(actions))])
    return sorted(chosen)


def refusals(state: State, action: int) -> tuple[str, str, IllegalAction]:
    try:
        state.check(action)
    except IllegalAction as exc:
        return exc.message, exc.rule, exc
    raise AssertionError(f"{action} is legal")


def positions(
    game_id: str, players: int, seed: int, options: dict[str, Any]
) -> Iterator[tuple[int, State]]:
    """(step, state) at every STRIDE-th step of one seeded random game, and at its end."""
    state = get_game(game_id).new(players, seed, options)
    moves = Rng(seed * 7919 + players + 1)
    step = 0
    while not state.is_over():
        if step % STRIDE == 0:
            yield step, state
        state.apply(moves.choice(state.legal_actions()))
        step += 1
    yield step, state


def record() -> dict[str, Any]:
    """{"texts": [[message, rule], ...], "games": {config: [[step, action, text index]]}}."""
    texts: dict[tuple[str, str], int] = {}
    games: dict[str, list[list[int]]] = {}
    for game_id, players, seed, options in configs():
        key = json.dumps([game_id, players, seed, options], sort_keys=True)
        rows = games[key] = []
        sample = Rng(seed * 104729 + players)
        for step, state in positions(game_id, players, seed, options):
            actions = illegal_sample(state, sample) if not state.is_over() else [0]
            for action in actions:
                text = refusals(state, action)[:2]
                rows.append([step, action, texts.setdefault(text, len(texts))])
    return {"texts": [list(t) for t in texts], "games": games}


def reword() -> dict[str, Any]:
    """The recorded golden with each text said as the code says it now (same rows)."""
    data: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))
    texts: dict[int, list[str]] = {}
    for key, rows in data["games"].items():
        by_step: dict[int, list[tuple[int, int]]] = {}
        for step, action, index in rows:
            by_step.setdefault(step, []).append((action, index))
        for step, state in positions(*json.loads(key)):
            for action, index in by_step.pop(step, []):
                text = list(refusals(state, action)[:2])
                assert texts.setdefault(index, text) == text, (key, step, action)
    return {"texts": [texts.get(i, t) for i, t in enumerate(data["texts"])], "games": data["games"]}


if __name__ == "__main__":
    data = reword() if sys.argv[1:] == ["--texts"] else record()
    PATH.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(PATH, sum(map(len, data["games"].values())), "refusals", len(data["texts"]), "texts")
