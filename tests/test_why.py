"""Why a suggested move (bazaar.bots.why): what it changes and which factor decides it against
the next best move, for every game, in both languages; the hint's best move carries it."""

from __future__ import annotations

from typing import Any

import pytest

from bazaar.bots.advice import hint, move_changes
from bazaar.bots.estimator import MoveValue, weigh_moves
from bazaar.bots.registry import make_bot
from bazaar.bots.why import deciding_factor, factor_gains, why
from bazaar.core.game import State
from bazaar.core.registry import get_game
from tests.no_english import english_tokens


def position(game_id: str, seed: int, ply: int) -> State:
    """A three-player game of ``seed`` after ``ply`` moves of the heuristic bot."""
    state = get_game(game_id).new(3, seed, {})
    bot = make_bot("heuristic", seed, game=game_id)
    for _ in range(ply):
        state.apply(bot.choose(state))
    return state


def by_notation(state: State, notation: str) -> int:
    (action,) = [a for a in state.legal_actions() if state.notation(a) == notation]
    return action


def value(state: State, notation: str, win: float, score: float) -> MoveValue:
    return MoveValue(by_notation(state, notation), notation, win, win, win, score, 8)


#: game -> two positions (seed, moves played, suggested move, next best move) where different
#: factors decide, with the factor and the reason in both languages
Case = tuple[int, int, str, str, tuple[Any, ...], str, str]
CASES: dict[str, list[Case]] = {
    "buy-low-sell-high": [
        (0, 6, "play K1+3", "play K2+3", ("rise", 1),
         "green should go up this year, which earns you about $6 more",
         "綠色股票今年應該會漲，讓你約多賺 $6"),
        (0, 4, "play K1div", "play K0+1", ("dividend", 1),
         "the green dividend pays you about $1 more",
         "綠色股票的股利約多付你 $1"),
    ],
    "take-stock": [
        (0, 0, "buy C8 C12", "play G3", ("stock", 0),
         "your Cereal certificates are worth about 2 more points",
         "你的玉米股票證書約多值 2 分"),
        (0, 6, "target 0", "target 1", ("tokens",),
         "you keep option tokens worth about 10 points",
         "你留下約值 10 分的認股權"),
    ],
    "night-market": [
        (0, 16, "build 26 T0", "build 26 T1", ("customers",),
         "your stalls are the first of their kind for 1 more waiting customer ($3 each)",
         "多1位等待中的客人最先遇到的同類攤位是你的(每位 $3)"),
        (0, 32, "pass", "bid 13", ("rival",),
         "it keeps the richest other player about $3 lower",
         "最有錢的對手約少 $3"),
    ],
}  # fmt: skip


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_the_why_names_the_factor_that_decides(game_id: str) -> None:
    said = []
    for seed, ply, best, other, factor, en, zh in CASES[game_id]:
        state = position(game_id, seed, ply)
        mover = state.to_move()
        assert mover is not None
        gains = factor_gains(state, mover, by_notation(state, best), by_notation(state, other))
        found = deciding_factor(gains)
        assert found is not None and found[0] == factor
        moves = [value(state, best, 0.6, 50.0), value(state, other, 0.4, 45.0)]
        text = why(state, mover, moves, [])
        assert text["en"].startswith("Better than “") and text["en"].endswith(f", because {en}.")
        assert text["zh-TW"].startswith("比「") and text["zh-TW"].endswith(f"好，因為{zh}。")
        assert english_tokens(game_id, text["zh-TW"]) == []
        said.append(text)
    assert said[0] != said[1]


def test_without_a_deciding_factor_the_estimate_speaks() -> None:
    state = position("night-market", 0, 14)
    mover = state.to_move()
    assert mover is not None
    # two moves equal on every factor: the expected final money decides, else the win chance
    same = [value(state, "$5", 0.5, 40.0), value(state, "$5", 0.4, 38.0)]
    assert why(state, mover, same, [])["en"].endswith(
        "because you should end with more: about $40 against $38."
    )
    same = [value(state, "$5", 0.5, 40.0), value(state, "$5", 0.4, 40.0)]
    assert why(state, mover, same, [])["zh-TW"].endswith("獲勝的機會比較大：約 50%，對上 40%。")
    close = MoveValue(same[0].action, "$5", 0.5, 0.4, 0.6, 40.0, 8, True)
    assert why(state, mover, [close, same[0]], [])["en"] == (
        "About as good as “bid $5”: the estimate sees hardly any difference."
    )
    only = why(state, mover, same[:1], move_changes(state, mover, same[0].action))
    assert only["en"].startswith("It is the only move you can make here.")


def test_the_hints_best_move_says_why_with_what_it_changes() -> None:
    state = position("buy-low-sell-high", 0, 0)  # the first trade: one share bought or sold
    mover = state.to_move()
    assert mover is not None
    moves = hint(state, level="easy")
    assert "why" in moves[0] and all("why" not in m for m in moves[1:])
    weighed = weigh_moves(state, mover, "easy")
    expected = why(state, mover, weighed, moves[0]["changes"])
    assert moves[0]["why"] == expected
    first = moves[0]["changes"][0]["text"]
    assert moves[0]["why"]["en"].startswith(f"What it changes: {first['en']}")
    assert moves[0]["why"]["zh-TW"].startswith(f"這一步會改變：{first['zh-TW']}")
