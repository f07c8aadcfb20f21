"""Hints that teach (issue 13 part 3): what a move changes, the stated uncertainty, the rounds
of search, and the hint-quality property on a few positions (benchmarks/hint_quality.py
measures it on 100 positions per game at the web's level)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from bazaar.bots.advice import hint, move_changes, ranking_violations
from bazaar.core.registry import get_game
from bazaar.core.rng import Rng
from bazaar.games.night_market.teach import first_catches
from benchmarks.hint_quality import GAMES, positions
from tests.no_english import english_tokens

#: a tiny search: playouts cut after 8 moves and judged by the game's estimate
TINY = {"iterations": 16, "millis": None, "rollout": "random", "rollout_depth": 8}


def by_notation(state: Any, notation: str) -> int:
    (action,) = [a for a in state.legal_actions() if state.notation(a) == notation]
    return action


def test_take_stock_changes_shares_prices_and_majorities() -> None:
    state = get_game("take-stock").new(3, 2)
    assert state.to_move() == 2
    buy = move_changes(state, 2, by_notation(state, "buy G6 T3"), seed=5)
    assert [c["data"] for c in buy] == [["shares", 1, 0, 2], ["lead", 1, "you"]]
    assert [c["text"]["en"] for c in buy] == [
        "your Gems shares: 0 → 2",
        "Gems: you get the most shares",
    ]
    assert [c["text"]["zh-TW"] for c in buy] == ["你的寶石股票：0 → 2", "寶石：你成為持股最多的人"]
    play = move_changes(state, 2, by_notation(state, "play T3"), seed=5)
    assert [(c["data"], c["text"]["en"]) for c in play] == [
        (["price", 2, 1, 3], "Tech price: 1 → 3")
    ]


def night_view(stalls: dict[int, str], entrances: dict[str, list[str]]) -> dict[str, Any]:
    lots = [{"lot": n, "stall": stalls.get(n)} for n in range(1, 31)]
    return {"lots": lots, "entrances": entrances}


def test_night_market_a_stall_catches_the_customers_it_meets_first() -> None:
    waiting = {"A": ["T3A"], "B": ["T3B"], "D": ["T3D", "T0H"], "F": ["T3F", "T3G"]}
    # lot 7 is on the D-H path (1, 6, 2, 7, ...), not on B/C's or A's
    assert first_catches(night_view({}, waiting), 7, "T3") == (3, "D, F")
    assert first_catches(night_view({1: "T0"}, waiting), 7, "T3") == (3, "D, F")
    assert first_catches(night_view({1: "T3"}, waiting), 7, "T3") == (0, "")  # lot 1 first
    assert first_catches(night_view({}, waiting), 7, "T0") == (1, "D")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_top_hint_is_never_below_another_by_more_than_its_uncertainty(game_id: str) -> None:
    for i, state in enumerate(positions(game_id, 5)):
        moves = hint(state, level=TINY, seed=i)
        assert ranking_violations(moves) == 0
        for m in moves:
            assert m["win_low"] <= m["win"] <= m["win_high"]
            assert f"(±{max(1, round(100 * m['margin']))})" in m["text"]["en"]
            assert f"（±{max(1, round(100 * m['margin']))}）" in m["text"]["zh-TW"]
        # the best move is too close to call exactly when another move is
        everything = hint(state, level=TINY, seed=i, top=100)
        assert moves[0]["close"] == any(m["close"] for m in everything[1:])
    assert ranking_violations([{"win": 0.5, "win_high": 0.6}, {"win": 0.61, "win_high": 0.7}]) == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_hints_are_the_same_in_every_world_the_mover_cannot_tell_apart(game_id: str) -> None:
    """A determinization keeps the mover's view and resamples the rest: the hint (its
    changes too) is the same byte for byte, and asked again it is the same again (its samples
    come from the mover's view: one position, one hint)."""
    changes = 0
    for i, state in enumerate(positions(game_id, 3)):
        mover = state.to_move()
        assert mover is not None
        world = state.determinize(mover, Rng(99 + i))
        assert world.view(mover) == state.view(mover)
        mine, other = hint(state, level=TINY), hint(world, level=TINY)
        assert orjson.dumps(mine) == orjson.dumps(other) == orjson.dumps(hint(state, level=TINY))
        changes += sum(len(m["changes"]) for m in mine)
    assert changes > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_the_changes_of_every_move_read_in_zh_tw_without_english(game_id: str) -> None:
    kinds: set[str] = set()
    for i, state in enumerate(positions(game_id, 12)):
        mover = state.to_move()
        assert mover is not None
        for action in state.legal_actions()[:40]:
            for change in move_changes(state, mover, action, seed=i):
                kinds.add(change["data"][0])
                assert english_tokens(game_id, change["text"]["zh-TW"]) == [], change
                assert change["text"]["en"] != change["text"]["zh-TW"]
    assert kinds == EXPECTED_KINDS[game_id]


#: the kinds of change facts the positions above meet
EXPECTED_KINDS = {
    "buy-low-sell-high": {"money", "shares", "price"},
    "take-stock": {"shares", "price", "lead"},
    "night-market": {"cash", "loans", "lots_owned", "stall", "catch"},
}
