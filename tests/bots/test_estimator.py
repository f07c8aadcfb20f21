"""One estimator behind every piece of advice (issue 24): the value model, its outlook, the
weighed moves, and the same number for the same position on every surface."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import numpy as np
import pytest

from bazaar.bots.advice import analyse_record, decisions, hint
from bazaar.bots.analysis import win_chances
from bazaar.bots.estimator import ModelLeaf, outlook, view_seed, weigh_moves
from bazaar.bots.guide import guide_step
from bazaar.bots.heuristics import heuristic_for
from bazaar.bots.ismcts import Ismcts, MoveStats, play_out_round
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
        open_round = game_parts(game_id).open_round
        in_round = open_round is not None and open_round(after) is not None
        if all(w.view(0) == after.view(0) for w in worlds) and not after.is_over() and not in_round:
            assert win_chances(after)[0] == pytest.approx(mine["win"], abs=1e-4)
            checked += 1
    assert checked > 0


def test_a_search_judges_its_leaves_by_the_model() -> None:
    state = positions("night-market", 3, 1)[0]
    open_round = game_parts("night-market").open_round
    assert open_round is not None
    calls: list[int] = []
    leaf = ModelLeaf()

    def counted(s: State, seat: int) -> tuple[list[float], list[float]]:
        # a position is judged only once the open round it was in (hidden customers, the
        # bidding) has been played out: outside one, or at the first move of the next
        assert open_round(s) is None or s.step == 0  # type: ignore[attr-defined]
        calls.append(seat)
        return leaf(s, seat)

    played: list[int] = []

    def round_only(s: State, rng: Rng) -> int:
        assert open_round(s) is not None, "depth-0 leaves play no rollout outside open rounds"
        played.append(1)
        return s.legal_actions()[rng.below(len(s.legal_actions()))]

    def in_order(s: State) -> list[int]:  # expansion order, so no playout policy is asked
        return s.legal_actions()

    search = Ismcts(
        iterations=40, seed=1, leaf=counted, rollout_depth=0, rollout=round_only, ranker=in_order
    )
    search.choose(state)
    mover = state.to_move()
    # every iteration that did not end the game was judged once, from the searcher's view
    assert 0 < len(calls) <= 40 and set(calls) == {mover}
    assert open_round(state) is None or played


def test_an_open_round_is_played_out_before_the_model_judges() -> None:
    """Night Market's bidding: a bid of $0 on a lot is worth what the others' answers leave of
    it, so the estimator plays the round out (before: every amount looked alike and the
    hint said bid $0)."""
    game = get_game("night-market")
    state = game.new(3, 7000)
    players = [heuristic_for("night-market", q, 0.0) for q in range(3)]
    open_round = game_parts("night-market").open_round
    assert open_round is not None
    while not (state.to_move() == 0 and state.legal_notations()[0].startswith("$")):
        state.apply(players[state.to_move() or 0].choose(state))
    assert open_round(state) == ("bid", state.round)
    moves = weigh_moves(state, 0, "medium")
    assert moves[0].samples == max(4, 64 // len(moves)) < 32  # play-outs spread over moves
    wins = {m.notation: m.win for m in moves}
    assert moves[0].notation == "$7" and (wins["$7"], wins["$0"]) == (0.4191, 0.331)
    world = state.determinize(0, Rng(1))
    world.apply_unchecked(moves[0].action)
    played = play_out_round(world, open_round, players[1].choose)
    assert played.is_over() or open_round(played) is None


def test_the_model_predicts_win_chances_that_add_up() -> None:
    model = model_for("take-stock", 4)
    assert model is not None
    rows = np.zeros((3, model.inputs), dtype=np.float32)
    win, score = model.predict(rows)
    assert win.shape == (3, 4) and score.shape == (3, 4)
    assert np.allclose(win.sum(axis=1), 1.0)


def test_blend_mixes_the_leaf_with_the_playout() -> None:
    """``Ismcts(blend=w)``: a new node is worth ``(1 - w)`` of the leaf's judgement plus ``w``
    of a playout's. With w = 1 the search is the playout-only search, move for move; with a leaf
    that says the searcher always wins, its root win chances sit between the two."""
    game = get_game("buy-low-sell-high")
    state = game.new(2, 31)
    seat = state.to_move()
    assert seat is not None

    def sure_win(s: State, observer: int) -> tuple[list[float], list[float]]:
        wins = [1.0 if q == observer else 0.0 for q in range(s.num_players)]
        return wins, [100.0 if q == observer else 0.0 for q in range(s.num_players)]

    def search(**kw: Any) -> list[MoveStats]:
        return Ismcts(iterations=60, seed=3, rollout_depth=6, **kw).analyse(state)

    playout_only = search()
    assert search(leaf=sure_win, blend=1.0) == playout_only
    leaf_only = search(leaf=sure_win)
    half = search(leaf=sure_win, blend=0.5)
    assert all(m.win == 1.0 for m in leaf_only if m.visits)
    assert all(0.5 <= m.win <= 1.0 for m in half if m.visits)
    assert any(0.5 < m.win < 1.0 for m in half if m.visits)
