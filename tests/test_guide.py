"""The guided first game (docs/guide.md): the guide's step for fixed positions, its words for
every decision in both languages, no hidden information, and ``bazaar learn`` in the terminal."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from bazaar.bots import advice
from bazaar.bots.estimator import SAMPLES, weigh_moves
from bazaar.bots.guide import GUIDE_LEVEL, game_guide, guide_step, in_lang
from bazaar.bots.registry import make_bot
from bazaar.bots.why import why
from bazaar.cli import app
from bazaar.core.game import State
from bazaar.core.registry import game_parts, get_game
from bazaar.core.rulebook import rulebook
from bazaar.i18n import LANGS
from tests.no_english import english_tokens

GAMES = ("buy-low-sell-high", "take-stock", "night-market")
#: game -> (topic, section) of the learner's first decision of the fixed deal
FIRST_STEP = {
    "buy-low-sell-high": ("first-trade", "first-turns"),
    "take-stock": ("action", "turn"),
    "night-market": ("hide", "customers"),
}


#: game -> where the learner stands at the first decision of the fixed deal (after the
#: topic's paragraph), in both languages
FIRST_SITUATION = {
    "buy-low-sell-high": (
        "Year 1 of 3, turn 1: you have $50; your shares: red 1, green 1, purple 1.",
        "第1年(共3年)第1回合：你有 $50；你的股票：紅色 1、綠色 1、紫色 1。",
    ),
    "take-stock": (
        "Round 1 of 4: 0 points so far; cards in your hand: 7, option tokens: 4; your shares: "
        "none; prices: Cereal 1, Gems 1, Tech 1, Oil 1, Movies 1; event cards left: 40.",
        "第1回合(共4回合)：目前 0 分；手牌：7張，認股權：4個；你的股票：無；股價：玉米 1、寶石 1、"
        "科技 1、石油 1、電影 1；剩下的事件卡：40張。",
    ),
    "night-market": (
        "Round 1 of 5: cash $12, loans: 0, lots: 0, free markers: 11. Waiting at the entrances: "
        "food 2, snack 2. Hidden customers: 0.",
        "第1輪(共5輪)：現金 $12，貸款：0，攤位：0，可用標記：11。入口等待的客人：食物 2、小吃 2。"
        "隱藏客人：0位。",
    ),
}


def start(game_id: str) -> State:
    guide = game_guide(game_id)
    assert guide is not None
    return get_game(game_id).new(guide.players, guide.seed, {})


@pytest.mark.parametrize("game_id", GAMES)
def test_first_step_of_the_fixed_deal(game_id: str) -> None:
    state = start(game_id)
    step = guide_step(state, 0)
    assert (step["topic"], step["section"]) == FIRST_STEP[game_id]
    moves = weigh_moves(state, 0, SAMPLES[GUIDE_LEVEL])
    best = moves[0].action
    assert step["suggestion"]["action"] == best  # the estimator's best move, as a hint has it
    assert step["section"] in rulebook(game_id).sections
    if game_id == "take-stock":  # deterministic (one game is enough: the search is shared)
        assert guide_step(start(game_id), 0) == step
    # why: the hint's sentence (what it changes, what decides it against the next best move)
    assert step["why"] == why(state, 0, moves, advice.move_changes(state, 0, best))
    assert step["reason"] == why(state, 0, moves, [])
    # the first time: the topic's paragraph, then where the learner stands
    guide = game_guide(game_id)
    assert guide is not None
    en, zh = FIRST_SITUATION[game_id]
    assert step["explain"]["en"] == guide.topics[step["topic"]] + " " + en
    assert step["explain"]["zh-TW"] == guide.explain(step["topic"], "zh-TW") + zh
    one = in_lang(step, "zh-TW")
    assert one["explain"] == step["explain"]["zh-TW"]
    assert one["suggestion"]["move"] == step["suggestion"]["move"]["zh-TW"]


def test_a_single_legal_move_needs_no_search() -> None:
    state = get_game("buy-low-sell-high").new(3, 3, {})
    bot = make_bot("heuristic", 0, game="buy-low-sell-high")
    while len(state.legal_actions()) != 1:
        assert not state.is_over()
        state.apply(bot.choose(state))
    seat = state.to_move()
    assert seat is not None
    step = guide_step(state, seat)
    assert step["win"] is None
    only = {"en": "It is the only move you can make here.", "zh-TW": "這是你這時唯一能走的一步。"}
    assert step["reason"] == only
    # what the move changes follows
    assert step["why"]["en"].startswith(only["en"] + " What it changes: your money: $")
    assert step["why"]["zh-TW"].startswith(only["zh-TW"] + "這一步會改變：你的資金：$")


def walked_views(game_id: str, games: int = 2) -> list[tuple[dict[str, Any], set[str]]]:
    """(view of the mover, kinds of its legal moves) of every position of seeded bot games."""
    fields = game_parts(game_id).move_fields
    assert fields is not None
    seen = []
    guide = game_guide(game_id)
    assert guide is not None
    for seed in range(games):
        state = get_game(game_id).new(guide.players, seed + guide.seed, {})
        bot = make_bot("heuristic", seed, game=game_id)
        while not state.is_over():
            seat = state.to_move()
            assert seat is not None
            kinds = {fields(a)["kind"] for a in state.legal_actions()}
            seen.append((state.view(seat), kinds))
            state.apply(bot.choose(state))
    return seen


#: game -> the phases (decisions) of its two seeded bot games, and every move kind met there
MET = {
    "buy-low-sell-high": (
        {"trade", "play", "redraw", "selloff"},
        {"discard", "keep", "news", "pass", "play", "sell", "trade"},
    ),
    "take-stock": (
        {"action", "audit", "choose-event", "exercise", "freeze", "insider", "target"},
        {"audit", "buy", "choose", "decline", "event1", "event2", "exercise", "freeze",
         "insider", "play", "target", "trigger"},
    ),
    "night-market": (
        {"bid", "bid-amount", "build", "hide"},
        {"amount", "bid", "build", "empty", "give-up", "hide", "pass"},
    ),
}  # fmt: skip


@pytest.mark.parametrize("game_id", GAMES)
def test_every_decision_has_guide_words_in_both_languages(game_id: str) -> None:
    guide = game_guide(game_id)
    assert guide is not None
    walked = walked_views(game_id)
    phases = {view["phase"] for view, _ in walked}
    kinds = set().union(*(k for _, k in walked))
    assert (phases, kinds) == MET[game_id]
    # every decision of the game has its own words (none falls back to another's)
    all_phases = set(importlib.import_module(f"{game_parts(game_id).package}.fields").PHASE_NAMES)
    assert all_phases - {"over"} <= set(guide.topics)
    assert {guide.topic_for(view) for view, _ in walked} <= set(guide.topics)
    for topic in guide.topics:
        en, zh = (guide.explain(topic, lang) for lang in LANGS)
        assert en == guide.topics[topic]
        assert zh != en
        assert english_tokens(game_id, zh) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_the_guide_says_new_things_as_the_game_moves_on(game_id: str) -> None:
    """In whole guided games (the fixed deal and two more, the learner played by a bot), two
    steps of the same topic one after the other never explain it with the same words, and
    the topic's whole paragraph comes at its first meeting (judged from the position: at most
    once more), follow-up tips after."""
    guide = game_guide(game_id)
    assert guide is not None
    follow_ups = 0
    for seed in range(3):
        state = get_game(game_id).new(guide.players, guide.seed + seed, {})
        bot = make_bot("heuristic", seed, game=game_id)
        last: dict[tuple[str, str], str] = {}
        paragraphs: dict[str, int] = {}
        while not state.is_over():
            if state.to_move() == 0:
                view = state.view(0)
                topic = guide.topic_for(view)
                for lang in LANGS:
                    text = guide.explain(topic, lang, view)
                    assert text != last.get((topic, lang)), (seed, topic, text)
                    if lang == "en" and text.startswith(guide.topics[topic]):
                        paragraphs[topic] = paragraphs.get(topic, 0) + 1
                        assert paragraphs[topic] <= 2, (seed, topic)
                    elif lang == "en":
                        follow_ups += 1
                    last[(topic, lang)] = text
                    if lang != "en":
                        assert english_tokens(game_id, text) == [], text
                # a pure function of the position: asked again, the same words
                assert guide.explain(topic, "en", state.view(0)) == last[(topic, "en")]
            state.apply(bot.choose(state))
    assert follow_ups > 20


def test_the_guides_own_sentences_have_no_english_in_zh_tw() -> None:
    state = start("buy-low-sell-high")
    for _ in range(2):
        seat = state.to_move()
        assert seat is not None
        step = guide_step(state, seat)
        for text in (step["explain"]["zh-TW"], step["why"]["zh-TW"]):
            assert english_tokens("buy-low-sell-high", text) == []
        state.apply(step["suggestion"]["action"])


def private_pair(game_id: str) -> tuple[State, State, int] | None:
    """Two states that differ only in another seat's private move, the same seat to move."""
    guide = game_guide(game_id)
    assert guide is not None
    state = start(game_id)
    bot = make_bot("heuristic", 1, game=game_id)
    while not state.is_over():
        mover = state.to_move()
        legal = state.legal_actions()
        by_public: dict[str, list[int]] = {}
        for action in legal:
            public = state.public_notation(action)
            if public is not None and public != state.notation(action):
                by_public.setdefault(public, []).append(action)
        for group in by_public.values():
            if len(group) < 2:
                continue
            a, b = state.clone(), state.clone()
            a.apply(group[0])
            b.apply(group[1])
            for _ in range(12):  # the mover's further parts (e.g. "keep"): the same in both
                common = set(a.legal_actions()) & set(b.legal_actions())
                if a.to_move() != mover or not common:
                    break
                a.apply(max(common))
                b.apply(max(common))
            nxt = a.to_move()
            if nxt is not None and nxt != mover and nxt == b.to_move():
                return a, b, nxt
        state.apply(bot.choose(state))
    return None


@pytest.mark.parametrize("game_id", GAMES)
def test_the_guide_step_does_not_depend_on_another_seats_secret(game_id: str) -> None:
    pair = private_pair(game_id)
    assert pair is not None
    a, b, seat = pair
    assert a.view(seat) == b.view(seat)
    assert guide_step(a, seat) == guide_step(b, seat)


def test_learn_plays_the_suggestion_and_quits(tmp_path: Any) -> None:
    path = tmp_path / "learn.json"
    result = CliRunner().invoke(
        app, ["learn", "buy-low-sell-high", "--record", str(path)], input="?\ns\nq\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your first trade." in out
    state = start("buy-low-sell-high")
    best = guide_step(state, 0)["suggestion"]
    number = state.legal_actions().index(best["action"]) + 1
    assert f"Suggested: {number}. {best['move']['en']}" in out  # its number in the move list
    assert "More in the rulebook: The first two turns" in out  # in the help ('?')
    assert "Game stopped after" in out
    # 80 columns, but for the record's path (printed whole so it can be copied)
    assert max(cell_len(line) for line in out.splitlines() if str(path) not in line) <= 80
    import json

    record = json.loads(path.read_text())
    assert record["seed"] == 3
    assert record["actions"][0] == best["notation"]
    assert record["seats"] == ["you", "ismcts:easy", "ismcts:easy"]


def test_learn_in_chinese_can_leave_the_guide(tmp_path: Any) -> None:
    path = tmp_path / "learn.json"
    result = CliRunner().invoke(
        app,
        ["learn", "night-market", "--lang", "zh-TW", "--record", str(path)],
        input="g\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "導覽已關閉：遊戲照常繼續。" in result.output
    assert "建議：" in result.output
    assert result.output.count("建議：") == 1
    lines = [line for line in result.output.splitlines() if str(path) not in line]
    assert max(cell_len(line) for line in lines) <= 80
