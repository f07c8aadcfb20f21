"""The terminal boards name things by the words people use (issue 12, part 2): Buy Low Sell
High's stocks and cards by colour, Night Market's stalls by food and its customers by what they
like. The notation to type (K0, T2, T2D) stays in the move list; Buy Low Sell High's board,
its price chart included, shows no code."""

from __future__ import annotations

import json
import re
from io import StringIO
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

from bazaar.core.game import State
from bazaar.core.registry import get_game
from bazaar.core.rng import Rng
from bazaar.play import render

NAMES = ["Ann", "Bob", "Cy"]
#: A stock's colour beside its notation, as the price chart shows it
COLOUR_AND_NOTATION = re.compile(r"(?:red|green|purple|紅色|綠色|紫色) K\d")
CODE = {"buy-low-sell-high": re.compile(r"K\d"), "night-market": re.compile(r"T\d")}


def board(game_id: str, view: dict[str, Any], lang: str) -> list[str]:
    """The board drawn at 80 columns, its lines without trailing spaces."""
    con = Console(file=StringIO(), width=80, color_system=None, force_terminal=False)
    con.print(render.render_view(game_id, view, lang, NAMES))
    out = con.file.getvalue()
    assert isinstance(out, str)
    return [line.rstrip() for line in out.splitlines()]


def restored(state: State) -> State:
    """The same position rebuilt from its data (docs/positions/)."""
    return state.game.restore(json.loads(json.dumps(state.full_view())))


def blsh_position() -> State:
    """Buy Low Sell High, 3 players, seed 2, 14 moves (the last legal one each time): the
    market phase of year 1, four cards in the row, seat 0 to play."""
    state = get_game("buy-low-sell-high").new(3, 2)
    for _ in range(14):
        state.apply(state.legal_actions()[-1])
    return restored(state)


def night_market_position() -> State:
    """Night Market, 3 players, seed 3, ``yellow_face = min_bid``, 40 random moves (Rng 3):
    round 3's bidding, seat 0 to move with three customers in hand and one hidden."""
    state = get_game("night-market").new(3, 3, {"yellow_face": "min_bid"})
    rng = Rng(3)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return restored(state)


BLSH_LINES = {
    "en": [
        "Stock   Buy  Sell  On board      Player        Money  red  green  purple  Cards",
        "purple   green    purple   green  ·     ·     ·     ·     ·     ·     ·",
        "fee      div.     -2       div.",
        "green     green     green        purple    purple",
        "bull +3   bear -1   commission   bull +3   dividend",
    ],
    "zh-TW": [
        "股票  買價  賣價  版圖上      玩家        資金  紅色  綠色  紫色  手牌",
        "紫色    綠色    紫色    綠色  ·     ·     ·     ·     ·     ·     ·",
        "手續費  股利    -2      股利",
        "綠色      綠色      綠色     紫色      紫色",
        "牛市 +3   熊市 -1   手續費   牛市 +3   股利",
    ],
}


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_buy_low_sell_high_holdings_row_and_hand_by_colour(lang: str) -> None:
    """The holdings' heads, the market row (colour over kind) and the hand (colour over its
    meaning) name the stocks by colour, and so does the price chart (no "K0")."""
    state = blsh_position()
    assert state.view(None)["phase"] == "play" and state.to_move() == 0
    lines = board("buy-low-sell-high", state.view(0), lang)
    head, row, kinds, hand, meaning = BLSH_LINES[lang]
    assert head in lines
    assert lines[lines.index(row) + 1] == kinds
    assert lines[lines.index(hand) + 2] == meaning
    chart = lines[lines.index(head) - 5]
    assert chart.startswith("red " if lang == "en" else "紅色 ") and "K0" not in chart


NIGHT_MARKET_LINES = {
    "en": [
        "Your hand: food (D), food (E), desserts (B)",
        "Your hidden: snacks (C)",
        "      A: food, drinks×3, desserts, snacks×2",
        "      D: desserts  H: food",
        "      16  $8 P3   17  $?      18  ·       19 P3 sweet 20 P2 food",
        "Stall types: food (9)  drink (10)  dessert (8)  snack (7)  · (n) = stalls left.",
    ],
    "zh-TW": [
        "你的手牌：食物(D)、食物(E)、甜點(B)",
        "你的隱藏客人：小吃(C)",
        "      A: 食物、飲料×3、甜點、小吃×2",
        "      D: 甜點  H: 食物",
        "      16  $8 3號  17  $?      18  ·       19 3號 甜點 20 2號 食物",
        "攤位類型：食物 (9)  飲料 (10)  甜點 (8)  小吃 (7)  · (數字) =",
    ],
}


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_night_market_hand_customers_and_stalls_in_words(lang: str) -> None:
    """The hand and the hidden customers by what they like and where they enter; the waiting
    customers by what they like, per entrance; built stalls and the legend by their food."""
    state = night_market_position()
    assert state.view(None)["phase"] == "bid" and state.to_move() == 0
    lines = board("night-market", state.view(0), lang)
    for line in NIGHT_MARKET_LINES[lang]:
        assert line in lines, "\n".join(lines)


def positions(game_id: str, every: int) -> list[State]:
    """Every ``every``-th position of a seeded random game, and its last."""
    state = get_game(game_id).new(
        3, 5, {"yellow_face": "min_bid"} if game_id == "night-market" else None
    )
    rng = Rng(5)
    out = []
    step = 0
    while not state.is_over():
        if step % every == 0:
            out.append(restored(state))
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        step += 1
    return [*out, state]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("game_id", ["buy-low-sell-high", "night-market"])
def test_no_code_left_on_the_boards(game_id: str, lang: str) -> None:
    """Over a whole game, for every seat and a spectator: no K0-K2 (but beside its colour in
    the price chart) and no T0-T3 / T2D on the board; every line fits 80 columns."""
    drawn = 0
    for state in positions(game_id, 20 if game_id == "buy-low-sell-high" else 10):
        for seat in (None, *range(state.num_players)):
            lines = board(game_id, state.view(seat), lang)
            text = COLOUR_AND_NOTATION.sub("", "\n".join(lines))
            assert CODE[game_id].findall(text) == [], text
            assert max(cell_len(line) for line in lines) <= 80
            drawn += 1
    assert drawn > 24
