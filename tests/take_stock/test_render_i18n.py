"""The zh-TW terminal board of Take Stock holds no English: every state of a few seeded games,
rendered for each seat and the spectator in turn, shows only Chinese, numbers and the notation
(two games by default, each board a few milliseconds; five with BAZAAR_LONG_TESTS=1, every
state drawn for every seat and the spectator)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from bazaar.core.rng import Rng
from bazaar.games.take_stock import render as R
from tests.no_english import english_tokens
from tests.scale import LONG

from .helpers import new

GAMES = [
    (2, 11, {}),
    (3, 12, {"held_usable": "later_turn", "freeze": "player", "audit": "enforce_limit"}),
]
if LONG:
    GAMES += [
        (4, 13, {"audit": "target_chooses", "freeze": "full_lock", "option_lost": "self"}),
        (5, 14, {"manipulate_direction": "either", "crash": "drop_one"}),
        (6, 15, {"insider_limit": "ignore", "crash_splits": "discard"}),
    ]


def board_text(view: dict[str, object]) -> str:
    buf = io.StringIO()
    Console(file=buf, width=100, color_system=None).print(R.render_view(view, "zh-TW"))
    return buf.getvalue()


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_zh_tw_board_of_a_game_holds_no_english(
    players: int, seed: int, options: dict[str, str]
) -> None:
    state = new(players, seed, **options)
    rng = Rng(seed)
    english: set[str] = set()
    boards = 0
    phases: set[str] = set()
    every: list[int | None] = [None, *range(players)]
    step = 0
    while True:
        phases.add(state.view(None)["phase"])
        # every seat and the spectator with BAZAAR_LONG_TESTS=1, else one of them in turn
        for seat in every if LONG else [every[step % len(every)]]:
            english.update(english_tokens("take-stock", board_text(state.view(seat))))
            boards += 1
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        step += 1
    assert boards > 100 * (len(every) if LONG else 1)  # whole games: the check is not vacuous
    assert {"action", "choose-event", "exercise", "over"} <= phases
    assert sorted(english) == []


def test_the_zh_tw_board_is_translated_and_the_english_one_is_not() -> None:
    view = new(3, seed=1).view(0)
    zh, en = board_text(view), R.render_view(view, "en")
    assert "股票憑證" in zh and "你的手牌：" in zh and "Your hand" not in zh
    buf = io.StringIO()
    Console(file=buf, width=100, color_system=None).print(en)
    assert "Your hand: " in buf.getvalue() and "股票" not in buf.getvalue()
