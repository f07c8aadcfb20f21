"""Names everywhere, codes nowhere that a player reads, in either language: Buy Low Sell High's
stocks are red, green and purple and its cards are named by what they are ("green bull +3",
"purple Breaking News"). The notation's codes (K0, K1+3, K2com) are for typing only, so only
the notation itself and the help that teaches it (``notation_help``, the "notation" refusal
hint) may hold them.

Seeded random games, every position: the words of each legal move (with and without the
mover's view), each event, the terminal board of the mover and of a spectator, the phase and
its hint, every refused rule's hint, the score's name, the rulebook in both languages and a
hint's sentences. None may match ``CODE`` (a card or stock code, or an English "(s)" plural).
"""

from __future__ import annotations

import re
from io import StringIO

import pytest
from rich.console import Console

from bazaar.bots.advice import move_sentence
from bazaar.core import describe
from bazaar.core.registry import game_parts, get_game
from bazaar.core.rng import Rng
from bazaar.core.rulebook import rulebook
from bazaar.games.buy_low_sell_high import words as W
from bazaar.games.buy_low_sell_high.teach import CHANGES

GAME = "buy-low-sell-high"
LANGS = ("en", "zh-TW")
#: a stock or card code of the notation (K0, K1+3, K2com), or an English "(s)" plural
CODE = re.compile(r"\bK\d+|\(s\)")


def codes(where: str, text: str) -> list[str]:
    return [f"{where}: {text!r}"] if CODE.search(text) else []


def board(view: dict, lang: str) -> str:
    out = StringIO()
    Console(file=out, width=100, color_system=None).print(
        game_parts(GAME).renderer.render_view(view, lang, None)  # type: ignore[union-attr]
    )
    return out.getvalue()


def test_the_code_pattern_finds_what_it_must() -> None:
    assert CODE.search("play K0com") and CODE.search("-K1 sell 1 green")
    assert CODE.search("K2") and CODE.search("draw 2 card(s)")
    assert not CODE.search("play red commission: every red share pays $2 now")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_a_whole_game_reads_without_codes(players: int, seed: int) -> None:
    game = get_game(GAME)
    state = game.new(players, seed)
    rng = Rng(seed)
    found: list[str] = []
    positions = 0
    while not state.is_over():
        seat = state.to_move()
        view = state.view(seat)
        for lang in LANGS:
            for action in state.legal_actions():
                found += codes("move", describe.describe_action(GAME, action, lang, view))
                found += codes("move", describe.describe_action(GAME, action, lang))
            found += codes("phase", W.phase_name(view, lang))
            found += codes("hint", describe.prompt_hint(GAME, view, lang) or "")
            if positions % 7 == 0:  # the boards are the slow part: a sample of the positions
                found += codes("board", board(view, lang))
                found += codes("spectator board", board(state.view(None), lang))
        positions += 1
        actions = state.legal_actions()
        before = state.view(seat)
        events = state.apply(actions[rng.below(len(actions))])
        after = state.view(seat)
        for lang in LANGS:
            for event in events:
                found += codes(f"event {event.kind}", game.describe_event(event, lang))
            for fact in CHANGES.facts(before, after, seat):
                found += codes("change", CHANGES.words(fact, lang))
        assert not found, found[:5]
    for lang in LANGS:
        for event_view in (state.view(None), state.view(0)):
            found += codes("board over", board(event_view, lang))
        found += codes("score", describe.score_label(GAME, lang))
        for rule in W.RULE_HINTS:
            if rule != "notation":  # how to type moves: the notation's codes are its subject
                found += codes(f"rule {rule}", describe.explain_rule(GAME, rule, lang) or "")
    assert positions > 50
    assert not found, found[:5]


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebook_names_the_stocks_by_colour(lang: str) -> None:
    book = rulebook(GAME)
    assert book is not None
    text = book.text(lang)  # the house rules filled in
    assert not CODE.search(text), [line for line in text.splitlines() if CODE.search(line)]
    assert ("red" if lang == "en" else "紅色") in book.section(lang, "goal").body


@pytest.mark.parametrize("lang", LANGS)
def test_a_hint_and_an_analysis_name_the_move_in_words(lang: str) -> None:
    """A hint's sentence and an analysis's move name the move by its words alone, in English
    too (the game's words are ``words_only``: its notation is for typing only)."""
    assert describe.words_only(GAME)
    state = get_game(GAME).new(3, 4)
    seat = state.to_move()
    assert seat is not None
    for action in state.legal_actions():
        sentence = move_sentence(state, action, 0.4, 80.0, lang, seat, margin=0.05)
        assert not CODE.search(sentence), sentence
        words = describe.describe_action(GAME, action, lang, state.view(None))
        assert describe.move_in_words(GAME, state.notation(action), words, lang) == words
