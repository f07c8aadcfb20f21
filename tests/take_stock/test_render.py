"""The terminal renderer of Take Stock and a whole game played through the terminal loop."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from bazaar.bots.random_bot import RandomBot
from bazaar.core.record import Match
from bazaar.core.rng import Rng
from bazaar.games.take_stock import GAME
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock import render as R
from bazaar.games.take_stock import words as W
from bazaar.games.take_stock.parts import RENDERER, WORDS
from bazaar.play import render
from bazaar.play.terminal import TerminalGame


def console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=100, color_system=None, force_terminal=False), buf


def test_renderer_is_found_by_game_id():
    assert render.renderer("take-stock") is RENDERER
    assert RENDERER.render_view is R.render_view and WORDS.money is None
    assert render.score_label("take-stock", "zh-TW") == "分數"


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_render_views_of_a_game_in_every_phase(lang):
    state = GAME.new(4, 21, {"held_usable": "later_turn"})
    rng = Rng(2)
    con, buf = console()
    phases = set()
    step = 0
    while not state.is_over():
        phase = state.view(None)["phase"]
        if phase not in phases or step % 40 == 0:
            phases.add(phase)
            seat = state.to_move()
            view = state.view(seat)
            con.print(render.render_view("take-stock", view, lang, ["you", "random"] * 2))
            hint = W.prompt_hint(view, lang)
            assert hint
            for a in state.legal_actions():
                words = W.describe_action(a, lang, view)
                assert words and "{" not in words
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        step += 1
    con.print(render.render_view("take-stock", state.view(0), lang))
    text = buf.getvalue()
    assert {"action", "choose-event", "exercise"} <= phases
    assert ("Market (holding limit" if lang == "en" else "股市(持股上限") in text
    assert ("Your hand" if lang == "en" else "你的手牌") in text
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 100


def test_describe_action_with_view_names_exercised_cards_and_prices():
    state = GAME.new(3, 5)
    view = dict(state.view(0))
    view["hand"] = ["C3", "O7", "M12"]
    assert (
        W.describe_action(A.parse("exercise 1 3"), "en", view)
        == "certificates: Cereal 3, Movies 12"
    )
    assert W.describe_action(A.parse("buy O7 C3"), "en", view).endswith("(2 shares, price now 1)")
    assert W.describe_action(A.parse("exercise none"), "zh-TW", view) == "不使用認股標記"


def test_rule_hints_and_help_in_both_languages():
    for rule in W.RULE_HINTS:
        assert W.explain_rule(rule, "en") and W.explain_rule(rule, "zh-TW")
    assert "exercise" in W.notation_help("en") and "回合結束" in W.notation_help("zh-TW")
    assert W.explain_rule("no-such-rule", "en") is None


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_whole_game_through_the_terminal_loop(lang):
    seats = ["you", "random", "random", "random"]
    match = Match.new(GAME, 4, 8, None, seats)
    bots = {i: RandomBot(50 + i) for i in range(1, 4)}
    con, buf = console()
    answers = iter(["bogus", "9999", "?"] + ["1"] * 2000)
    game = TerminalGame(match, seats, bots, lang, con, lambda prompt: next(answers))
    assert game.run() is True
    assert match.state.is_over()
    out = buf.getvalue()
    assert ("Winner" if lang == "en" else "贏家") in out or "Shared" in out or "共同" in out
    assert match.record.actions and Match.from_record(match.record).state == match.state
