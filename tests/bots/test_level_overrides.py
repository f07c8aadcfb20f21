"""Per-game level overrides and the heuristic move ranking (Take Stock's hard level)."""

from __future__ import annotations

import pickle

import pytest

from bazaar.bots.heuristics import HeuristicBot, heuristic_for
from bazaar.bots.levels import (
    LEVELS,
    HeuristicRanker,
    LevelBot,
    level_settings,
    make_ismcts,
    move_ranker,
)
from bazaar.bots.random_bot import RandomBot
from bazaar.core.game import State
from bazaar.core.registry import game_parts, get_game
from bazaar.core.rng import Rng


def take_stock_states(seed: int, count: int = 3) -> list[State]:
    """Take Stock 4p positions along one random game where the mover has a real choice."""
    state = get_game("take-stock").new(4, seed)
    bot = RandomBot(seed)
    out: list[State] = []
    step = 0
    while not state.is_over() and len(out) < count:
        if step % 13 == 4 and len(state.legal_actions()) > 1:
            out.append(state.clone())
        state.apply(bot.choose(state))
        step += 1
    return out


def test_overrides_apply_to_their_game_only() -> None:
    hard = LEVELS["hard"]
    override = game_parts("take-stock").level_overrides["hard"]
    assert level_settings("hard") == hard
    assert level_settings("hard", "buy-low-sell-high") == hard
    assert level_settings("hard", "night-market") == {**hard, "blend": 0.5, "rollout_depth": 20}
    assert make_ismcts("medium", "night-market").blend == 0.5
    assert make_ismcts("hard", "buy-low-sell-high").blend == 0.0
    assert level_settings(" Hard ", "take-stock") == {**hard, **override}
    assert level_settings("medium", "take-stock") == LEVELS["medium"]
    custom = {"iterations": 5, "rollout": "heuristic"}
    assert level_settings(custom, "take-stock") == custom  # a dict level is used as is
    assert make_ismcts("hard", "take-stock").widening == override.get("widening", hard["widening"])
    assert isinstance(make_ismcts("hard", "take-stock").ranker, HeuristicRanker)
    assert make_ismcts("hard", "buy-low-sell-high").ranker is None
    assert make_ismcts("hard", "night-market").ranker is None
    bot = LevelBot("hard", seed=1)
    state = get_game("take-stock").new(4, 3)
    assert isinstance(bot.search(state).ranker, HeuristicRanker)


def test_move_ranker_needs_a_heuristic_that_ranks() -> None:
    assert move_ranker(None, "take-stock") is None
    assert move_ranker("heuristic", "no-such-game") is None
    assert move_ranker("heuristic", "buy-low-sell-high") is None  # its heuristic has no rank
    assert isinstance(move_ranker("heuristic", "take-stock"), HeuristicRanker)


def test_rank_orders_every_legal_move_with_the_heuristic_choice_first() -> None:
    ranker = HeuristicRanker("take-stock")
    clone = pickle.loads(pickle.dumps(ranker))
    player = heuristic_for("take-stock")
    for state in take_stock_states(5, count=6):
        ranked = ranker(state)
        assert sorted(ranked) == sorted(state.legal_actions())
        assert ranked[0] == player.choose(state) == HeuristicBot(0).choose(state)
        assert clone(state) == ranked


@pytest.mark.parametrize("seed", [11, 12])
def test_ranked_search_does_not_peek(seed: int) -> None:
    """The hard level's Take Stock search (ranked expansion) only uses what the seat sees."""
    level = {**level_settings("hard", "take-stock"), "iterations": 12, "millis": None}
    for n, state in enumerate(take_stock_states(seed)):
        seat = state.to_move()
        assert seat is not None
        ranked = HeuristicRanker("take-stock")(state)
        ref = [m.to_json() for m in LevelBot(level, seed=n).analyse(state)]
        for x in (1, 2, 3):
            other = state.determinize(seat, Rng(x))
            assert other.view(seat) == state.view(seat)
            assert HeuristicRanker("take-stock")(other) == ranked
            assert [m.to_json() for m in LevelBot(level, seed=n).analyse(other)] == ref


def test_prior_bonus_keeps_the_ranker_move_on_near_ties() -> None:
    """A big bonus plays the ranker's best move; no bonus lets the visits decide."""
    state = take_stock_states(7, count=1)[0]
    ranked = HeuristicRanker("take-stock")(state)
    last = ranked[-1]

    def backwards(s: State) -> list[int]:  # the heuristic's worst move first
        order = HeuristicRanker("take-stock")(s)
        return order[::-1]

    level = {"iterations": 40, "rollout": "heuristic", "widening": 0.3}
    plain = make_ismcts(level, "take-stock", seed=2)
    plain.ranker = backwards
    biased = make_ismcts(level, "take-stock", seed=2)
    biased.ranker = backwards
    biased.prior_bonus = 1000.0
    stats = plain.analyse(state)
    assert biased.choose(state) == last
    assert sorted(m.to_json()["action"] for m in biased.analyse(state)) == sorted(
        m.action for m in stats
    )
    assert stats == sorted(stats, key=lambda m: (-m.visits, -m.win, m.action))
