"""Record the golden games: ``python -m tests.golden.record`` (writes tests/golden/*.json).

A golden game is a seeded random game of one game, player count and rule options, stored as
its record plus, after the start and after every action, a digest (the first 16 hex digits of
a SHA-256) of everything the game shows: each seat's and the spectator's view, the seat to
move, the legal actions with their notation and public notation, the events (with their
visibility) and the scores.
``tests/test_golden.py`` replays them after every refactor and compares the digests, so a
redesign that changes any observable byte fails. Record again only for a deliberate rule
change, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import orjson

from bazaar.core.game import Event, State
from bazaar.core.registry import all_games, get_game
from bazaar.core.rng import Rng

HERE = Path(__file__).resolve().parent
#: Seeds of the golden games per (game, players): default options, then varied options.
SEEDS = (11, 29)
VARIED = (101, 202)


def step_digest(state: State, events: list[Event]) -> str:
    """The digest of what ``state`` shows now, and the events that led to it."""
    seats: list[int | None] = [*range(state.num_players), None]
    legal = state.legal_actions() if not state.is_over() else []
    shown: dict[str, Any] = {
        "views": [state.view(s) for s in seats],
        "to_move": state.to_move(),
        "legal": [[a, state.notation(a), state.public_notation(a)] for a in legal],
        "events": [e.to_json() for e in events],
        "scores": state.scores(),
        "winners": state.winners(),
    }
    return hashlib.sha256(orjson.dumps(shown, option=orjson.OPT_SORT_KEYS)).hexdigest()[:16]


def varied_options(game_id: str, rng: Rng) -> dict[str, Any]:
    """A deterministic choice of one value for every rule option of the game."""
    return {o.name: o.choices[rng.below(len(o.choices))] for o in get_game(game_id).option_specs}


def play(game_id: str, players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """One golden game: its record and the digest of every step."""
    state = get_game(game_id).new(players, seed, options)
    rng = Rng(seed * 7919 + players)
    actions: list[str] = []
    digests = [step_digest(state, [])]
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        actions.append(state.notation(action))
        events = state.apply(action)
        digests.append(step_digest(state, events))
    return {
        "game": game_id,
        "players": players,
        "seed": seed,
        "options": options,
        "actions": actions,
        "digests": digests,
    }


def golden_games(game_id: str) -> list[dict[str, Any]]:
    game = get_game(game_id)
    out = []
    for players in range(game.min_players, game.max_players + 1):
        for seed in SEEDS:
            out.append(play(game_id, players, seed, {}))
        for seed in VARIED:
            out.append(play(game_id, players, seed, varied_options(game_id, Rng(seed + players))))
    return out


def main() -> None:
    for game in all_games():
        path = HERE / f"{game.id}.json"
        games = golden_games(game.id)
        path.write_text(json.dumps(games, ensure_ascii=False, separators=(",", ":")) + "\n")
        steps = sum(len(g["digests"]) for g in games)
        print(f"{path.name}: {len(games)} games, {steps} steps")


if __name__ == "__main__":
    main()
