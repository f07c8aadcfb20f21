"""The advice shapes (bazaar/bots/shapes.py) match what the bots give: a hint's moves and a
whole analysis (curve, turning points, decisions with their words), validated strictly."""

from __future__ import annotations

import random

import pytest

from bazaar.bots.advice import hint
from bazaar.bots.analysis import analyse_game
from bazaar.bots.random_bot import RandomBot
from bazaar.bots.shapes import AnalysisReport, HintMove
from bazaar.core.record import Match
from bazaar.core.registry import get_game
from bazaar.core.shapes import validate

TINY = {"iterations": 8, "millis": None, "rollout": "random"}


@pytest.mark.parametrize("game_id", ["buy-low-sell-high", "take-stock", "night-market"])
def test_a_hint_and_an_analysis_have_their_shapes(game_id: str) -> None:
    game = get_game(game_id)
    match = Match.new(game, game.min_players, 3, None, None)
    bots = [RandomBot(20 + q) for q in range(match.state.num_players)]
    r = random.Random(game_id)
    hinted = 0
    while (seat := match.state.to_move()) is not None:
        if hinted < 2 and r.random() < 0.05:
            for move in hint(match.state, seat, "easy", top=3, seed=1):
                validate(HintMove, move)
            hinted += 1
        match.play(bots[seat].choose(match.state))
    report = analyse_game(match.record, 0, TINY, seed=1, playouts=2, points=10)
    validate(AnalysisReport, report)
    assert report["decisions"] and "played_text" in report["decisions"][0]


def test_a_guide_step_has_its_shape() -> None:
    from bazaar.bots.guide import guide_step, in_lang
    from bazaar.bots.shapes import GuideStep
    from bazaar.web.shapes import GuideReply

    state = get_game("take-stock").new(3, 4)
    seat = state.to_move()
    assert seat is not None
    step = guide_step(state, seat)
    validate(GuideStep, step)
    validate(GuideReply, in_lang(step, "zh-TW"))


@pytest.mark.parametrize("game_id", ["buy-low-sell-high", "take-stock", "night-market"])
def test_a_puzzle_reply_has_its_shape(game_id: str) -> None:
    from bazaar.bots import puzzles as pz
    from bazaar.bots.shapes import PuzzleReply

    puzzle = pz.shipped(game_id)[0]
    state = puzzle.position()
    for notation in [puzzle.answer, *state.legal_notations()[:2]]:
        validate(PuzzleReply, pz.reply(puzzle, state, notation, "en"))
