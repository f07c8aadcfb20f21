"""The Night Market terminal board in zh-TW holds no English: every state of a few seeded games
(3 and 4 players, varied options), drawn for each seat and the spectator in turn (for all
of them at every state with BAZAAR_LONG_TESTS=1), shows Latin letters
only in the game's notation (entrances A-H, B/C, D-H: stall types and customers are words,
tests/test_terminal_words.py; tests/no_english.py). The renderer's words come from the
game's catalog (night_market.po)."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from rich.console import Console

from bazaar.core.rng import Rng
from bazaar.games.night_market import GAME
from bazaar.games.night_market import render as R
from bazaar.games.night_market import words as W
from tests.no_english import english_tokens
from tests.scale import LONG

GAMES = [
    (3, 1, {}),
    (4, 2, {"voluntary_loans": True}),
    (3, 3, {"three_player_long": True, "yellow_face": "min_bid", "unbid_lots": "return"}),
    (4, 4, {"no_legal_bid": "pass", "leavers": "discard", "movement_order": "table"}),
]


def viewers(players: int, step: int) -> list[int | None]:
    """Who the board is drawn for after ``step`` moves: every seat and the spectator with
    BAZAAR_LONG_TESTS=1, else one of them in turn (each still sees most of the game)."""
    every: list[int | None] = [*range(players), None]
    return every if LONG else [every[step % len(every)]]


def board(view: dict[str, Any], lang: str) -> str:
    console = Console(file=StringIO(), width=120, color_system=None)
    console.print(R.render_view(view, lang))
    out = console.file.getvalue()
    assert isinstance(out, str)
    return out


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_zh_tw_board_of_a_seeded_game_holds_no_english(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    s = GAME.new(players, seed, options)
    rng = Rng(seed)
    boards = 0
    step = 0
    while True:
        for seat in viewers(players, step):
            text = board(s.view(seat), "zh-TW")
            assert english_tokens("night-market", text) == [], text
            boards += 1
        if s.is_over():
            break
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
        step += 1
    assert boards > 50 * len(viewers(players, 0))  # a whole game, not only its start


def test_the_board_words_come_from_the_game_catalog() -> None:
    view = GAME.new(4, 2).view(0)
    zh, en = board(view, "zh-TW"), board(view, "en")
    assert "第1/5回合" in zh and "Round 1 of 5" in en
    assert "路徑D-H" in zh and "P_DH" in en
    assert "你的手牌：" in zh and "Your hand: " in en
    # seat 2 is the third seat: marks count from 1, like "Seat 3"
    assert R.seat_mark(2, "zh-TW").plain == "3號" and R.seat_mark(2).plain == "P3"
    assert W.score_label("zh-TW") == "現金" and W.score_label("en") == "Cash"
    assert W.explain_rule("supply", "zh-TW") == "該類型的攤位卡已用完。"
    assert W.explain_rule("no-such-rule", "zh-TW") is None
