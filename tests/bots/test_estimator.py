"""One estimator behind every piece of advice (issue 24): the value model, its outlook, the
weighed moves, and the same number for the same position on every surface."""

from __future__ import annotations

import json
from importlib import resources

import numpy as np
import pytest

from bazaar.bots.advice import analyse_record, decisions, hint
from bazaar.bots.analysis import win_chances
from bazaar.bots.estimator import ModelLeaf, outlook, view_seed, weigh_moves
from bazaar.bots.guide import guide_step
from bazaar.bots.heuristics import heuristic_for
from bazaar.bots.ismcts import Ismcts
from bazaar.bots.value import encode, model_for
from bazaar.core.game import State
from bazaar.core.record import Match
from bazaar.core.registry import game_parts, get_game
from bazaar.core.rng import Rng

GAMES = ("buy-low-sell-high", "take-stock", "night-market")


def positions(game_id: str, players: int, count: int, seed: int = 0) -> list[State]:
    """``count`` positions with two or more legal moves from one heuristic game."""
    state = get_game(game_id).new(players, seed)
    bots = [heuristic_for(game_id, seed + q, 0.5) for q in range(players)]
    found: list[State] = []
    while not state.is_over():
        if len(state.legal_actions()) > 1 and len(found) < count and Rng(len(found)).below(3):
            found.append(state.clone())
        state.apply(bots[state.to_move() or 0].choose(state))
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_every_player_count_ships_a_model_with_its_training_record(game_id: str) -> None:
    game = get_game(game_id)
    parts = game_parts(game_id)
    assert parts.package is not None
    for players in range(game.min_players, game.max_players + 1):
        model = model_for(game_id, players)
        assert model is not None, (game_id, players)
        state = game.new(players, 1)
        assert model.inputs == len(encode(state, 0))
        meta = json.loads(
            resources.files(parts.package).joinpath(f"value/{players}p.json").read_text("utf-8")
        )
        assert meta["game"] == game_id and meta["players"] == players
        assert isinstance(meta["seed"], int) and meta["data"]["heuristic_games"] > 0
        calibration = meta["calibration"]
        # calibrated on held-out games, and better than saying 1/players every time
        assert calibration["brier"] < calibration["brier_uniform"]
        assert sum(row["rows"] for row in calibration["reliability"]) == meta["held_out_rows"]


def test_a_game_without_a_model_falls_back_to_its_score_estimate() -> None:
    from bazaar.core.registry import register, unregister
    from tests.fourth_game import PARTS
    from tests.fourth_game.bots import estimate_scores

    register(PARTS)
    try:
        assert model_for(PARTS.id, 2) is None
        state = get_game(PARTS.id).new(2, 3)
        found = outlook(state, 0)
        assert list(found.score) == estimate_scores(state)
        best = max(found.score)
        leaders = [q for q, x in enumerate(found.score) if x == best]
        assert list(found.win) == [1 / len(leaders) if q in leaders else 0.0 for q in range(2)]
    finally:
        unregister(PARTS.id)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_outlook_sees_only_what_the_seat_sees(game_id: str) -> None:
    game = get_game(game_id)
    for players in (game.min_players, game.max_players):
        for i, state in enumerate(positions(game_id, players, 4, seed=players)):
            for seat in range(players):
                mine = outlook(state, seat)
                world = state.determinize(seat, Rng(50 + i))
                assert outlook(world, seat) == mine  # another deal the seat cannot tell apart
                assert sum(mine.win) == pytest.approx(1.0, abs=1e-5)
                assert all(0.0 <= w <= 1.0 for w in mine.win)


@pytest.mark.parametrize("game_id", GAMES)
def test_weighed_moves_are_one_answer_for_one_position(game_id: str) -> None:
    """Seeded from the mover's view: asked twice, or in a world the mover cannot tell apart,
    the same numbers; with other samples (an explicit seed) they may differ."""
    for i, state in enumerate(positions(game_id, get_game(game_id).min_players + 1, 3)):
        mover = state.to_move()
        assert mover is not None
        first = weigh_moves(state, mover, 8)
        world = state.determinize(mover, Rng(7 + i))
        assert view_seed(world, mover) == view_seed(state, mover)
        assert weigh_moves(world, mover, 8) == first == weigh_moves(state, mover, 8)
        assert sorted(m.action for m in first) == sorted(state.legal_actions())
        for m in first:
            assert m.win_low <= m.win <= m.win_high and m.samples == 8


@pytest.mark.parametrize("game_id", GAMES)
def test_hint_guide_analysis_and_curve_give_one_number_for_one_position(game_id: str) -> None:
    """The guide's suggestion, the medium hint's best move, the analysis's judgement of the
    same decision and the curve after a move that revealed nothing: the same numbers."""
    game = get_game(game_id)
    players = game.min_players
    match = Match.new(game, players, 21, None, None)
    bots = [heuristic_for(game_id, 3 + q, 0.5) for q in range(players)]
    while not match.state.is_over():
        match.play(bots[match.state.to_move() or 0].choose(match.state))
    record = match.record
    checked = 0
    for index, state, played in decisions(record, 0)[:6]:
        moves = hint(state, 0, "medium", top=100)
        step = guide_step(state, 0)
        assert step["suggestion"]["action"] == moves[0]["action"]
        assert step["win"] == moves[0]["win"]
        (judged,) = analyse_record(record, 0, "medium", only={index})
        assert judged["win_best"] == moves[0]["win"]
        mine = next(m for m in moves if m["action"] == played)
        assert judged["win_played"] == mine["win"]
        after = state.clone()
        after.apply(played)
        # a move that reveals nothing to its mover: every sample after it looks the same to
        # the mover, so the curve's point there is the number the hint gave the move
        worlds = [state.determinize(0, Rng(k)) for k in range(4)]
        for w in worlds:
            w.apply_unchecked(played)
        if all(w.view(0) == after.view(0) for w in worlds) and not after.is_over():
            assert win_chances(after)[0] == pytest.approx(mine["win"], abs=1e-4)
            checked += 1
    assert checked > 0


def test_a_search_judges_its_leaves_by_the_model() -> None:
    state = positions("night-market", 3, 1)[0]
    calls: list[int] = []
    leaf = ModelLeaf()

    def counted(s: State, seat: int) -> tuple[list[float], list[float]]:
        calls.append(seat)
        return leaf(s, seat)

    def no_rollout(s: State, rng: Rng) -> int:
        raise AssertionError("a search with depth-0 leaves never plays a rollout move")

    def in_order(s: State) -> list[int]:  # expansion order, so no playout policy is asked
        return s.legal_actions()

    search = Ismcts(
        iterations=40, seed=1, leaf=counted, rollout_depth=0, rollout=no_rollout, ranker=in_order
    )
    search.choose(state)
    mover = state.to_move()
    # every iteration that did not end the game was judged once, from the searcher's view
    assert 0 < len(calls) <= 40 and set(calls) == {mover}


def test_the_model_predicts_win_chances_that_add_up() -> None:
    model = model_for("take-stock", 4)
    assert model is not None
    rows = np.zeros((3, model.inputs), dtype=np.float32)
    win, score = model.predict(rows)
    assert win.shape == (3, 4) and score.shape == (3, 4)
    assert np.allclose(win.sum(axis=1), 1.0)
