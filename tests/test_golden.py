"""Golden games replay byte-identically (what every refactor must keep; see tests/golden/).

Each golden game is replayed from its seed and actions; after the start and after every
action, the digest of every seat's and the spectator's view, the legal moves (with notation
and public notation), the events and the scores must equal the recorded one.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from bazaar.core.registry import game_ids, get_game
from tests.golden.record import HERE, step_digest


def golden(game_id: str) -> list[dict[str, Any]]:
    return json.loads((HERE / f"{game_id}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game_id", game_ids())
def test_golden_games_replay_to_the_same_bytes(game_id: str) -> None:
    games = golden(game_id)
    game = get_game(game_id)
    counts = {g["players"] for g in games}
    assert counts == set(range(game.min_players, game.max_players + 1))
    assert any(g["options"] for g in games)  # varied rule options are covered too
    for record in games:
        state = game.new(record["players"], record["seed"], record["options"])
        where = f"{game_id} {record['players']}p seed {record['seed']}"
        assert step_digest(state, []) == record["digests"][0], f"{where}: the start differs"
        for i, text in enumerate(record["actions"], start=1):
            events = state.apply(state.parse(text))
            assert step_digest(state, events) == record["digests"][i], f"{where}: move {i} {text}"
        assert state.is_over(), where


def test_the_golden_files_are_what_the_recorder_writes() -> None:
    """The recorder is deterministic: the first game of each file is recorded again equal."""
    from tests.golden.record import golden_games

    for game_id in game_ids():
        assert golden_games(game_id)[0] == golden(game_id)[0]
