"""``bazaar learn`` fits one decision into 80 columns and 24 lines (docs/terminal.md, "The guided
game's screen"): the board (compact when the whole one does not fit), the guide's explanation
and suggestion, a short move list and the prompt, in both languages; hints and the suggestion
name moves by their numbers in the list shown, and a hint ('h') is a screen of its own that
fits too."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

from bazaar.bots.guide import game_guide
from bazaar.bots.levels import LEVELS
from bazaar.bots.random_bot import RandomBot
from bazaar.core.record import Match
from bazaar.core.registry import get_game
from bazaar.play import terminal
from bazaar.play.guided import GuidedGame, screen_lines
from bazaar.play.terminal import HUMAN
from tests.no_english import english_tokens
from tests.test_terminal_zh_tw import OPTION_LETTERS

GAMES = ("buy-low-sell-high", "take-stock", "night-market")
LANGS = ("en", "zh-TW")
PROMPT = {
    "en": "Your move (s = suggestion, h = hint, ? = help, q = quit): ",
    "zh-TW": "你的行動(s = 建議，h = 提示，? = 說明，q = 離開)：",
}
RULE_TITLE = {"en": " Guide ", "zh-TW": " 導覽 "}
TINY = {"iterations": 16, "millis": None, "rollout": "random"}


def guided(
    game_id: str, lang: str, answers: list[str], lines: int | None = None
) -> tuple[GuidedGame, io.StringIO, list[dict[str, Any]]]:
    """The guided game of ``game_id`` (its fixed deal; random bots, for speed) at 80 columns,
    answering ``answers`` (a callable answer gets the output so far) and printing each prompt
    and answer as a terminal would; returns the game, its output and the guide's step of each
    prompt."""
    guide = game_guide(game_id)
    assert guide is not None
    seats = [HUMAN] + ["random"] * (guide.players - 1)
    match = Match.new(get_game(game_id), guide.players, guide.seed, {}, seats)
    bots = {i: RandomBot(i) for i in range(1, guide.players)}
    buf = io.StringIO()
    con = Console(file=buf, width=80, color_system=None, force_terminal=False)
    steps: list[dict[str, Any]] = []
    it = iter(answers)

    def read(prompt: str) -> str:
        assert prompt == PROMPT[lang]
        # the step, and where the move answered here goes in the record
        state = game.match.state
        steps.append(
            {
                **(game.step or {}),
                "at": len(game.match.record.actions),
                "notation": [state.notation(a) for a in state.legal_actions()],
            }
        )
        con.print(prompt, end="", markup=False, highlight=False)
        try:
            answer = next(it)
        except StopIteration:
            raise EOFError from None
        text = answer(buf.getvalue()) if callable(answer) else answer
        con.print(text, markup=False, highlight=False)
        return text

    game = GuidedGame(match, seats, bots, lang, con, read, lines=lines)
    return game, buf, steps


def decision_screens(out: str, lang: str) -> list[list[str]]:
    """Each decision's screen: from the guide's rule to the prompt (with the answer typed)."""
    lines = out.splitlines()
    screens = []
    start = None
    for i, line in enumerate(lines):
        if line.startswith("─") and RULE_TITLE[lang] in line:
            start = i
        if line.startswith(PROMPT[lang]) and start is not None:
            screens.append(lines[start : i + 1])
            start = None
    return screens


def flat(text: str) -> str:
    """Text without its whitespace, so that a sentence wrapped anywhere still matches."""
    return "".join(text.split())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_each_decision_fits_80_columns_and_24_lines(game_id: str, lang: str) -> None:
    game, buf, steps = guided(game_id, lang, ["s", "s", "s"])
    assert game.run() is False
    screens = decision_screens(buf.getvalue(), lang)
    assert len(screens) == 4 == len(steps)  # three suggestions played, the fourth ends
    record = game.match.record.actions
    for screen, step in zip(screens, steps, strict=True):
        shown = "\n".join(screen)
        assert len(screen) <= 24, shown
        assert max(cell_len(line) for line in screen) <= 80, shown
        assert flat(step["explain"][lang]) in flat(shown), shown  # the explanation
        assert screen[-1].startswith(PROMPT[lang])  # and the prompt, on one screen
        # the suggestion with its number in the list, and that number in the move list shown
        said = re.search(r"(?:Suggested: |建議：)(\d+)\. ", shown)
        assert said is not None, shown
        suggested = step["suggestion"]["notation"]
        assert re.search(rf"^ *{said[1]}\. +{re.escape(suggested)}( |$)", shown, re.M), shown
        if step["at"] < len(record):  # 's' played the suggested move
            assert record[step["at"]] == suggested
        assert "s = " in screen[-1]  # the prompt names the suggestion's key
        if lang == "zh-TW":  # English only in the notation and keys to type, the rules command
            allowed = {w for text in step["notation"] for w in text.split()} | set("sgq")
            allowed |= OPTION_LETTERS.get(game_id, set())
            text = re.sub(r"'[^']*'", "", shown[: -len(screen[-1])])
            text = re.sub(r"bazaar\s+rules\s+\S+\s+--section\s+\S+\s+--lang\s+zh-TW", "", text)
            english = [w for w in english_tokens(game_id, text) if w not in allowed]
            assert english == [], shown


def test_the_short_list_says_how_to_see_every_move_and_m_shows_them() -> None:
    game, buf, _ = guided("take-stock", "en", ["m", "b", "q"])
    assert game.run() is False
    out = buf.getvalue()
    (screen, *_) = decision_screens(out, "en")
    shown = "\n".join(screen)
    legal = len(game.match.state.legal_actions())
    assert "more: 'm' shows every move, 'b' the whole board" in shown
    assert sum(1 for line in screen if re.match(r"^ *\d+\. ", line)) < legal
    after = out.split(PROMPT["en"] + "m", 1)[1]
    assert f"{legal}. " in after  # 'm': the whole list, in words
    assert "Market (holding limit" in after  # 'b': the whole board


def test_a_taller_terminal_shows_the_whole_board() -> None:
    game, buf, _ = guided("take-stock", "en", ["q"], lines=60)
    assert game.run() is False
    (screen,) = decision_screens(buf.getvalue(), "en")
    assert 24 < len(screen) <= 60
    assert "Market (holding limit" in "\n".join(screen)
    assert screen_lines(Console(file=io.StringIO(), force_terminal=False)) == 24


@pytest.mark.parametrize(("game_id", "lang"), [("take-stock", "en"), ("night-market", "zh-TW")])
def test_a_hint_names_moves_by_their_numbers_in_the_list(
    game_id: str, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(LEVELS, "easy", dict(TINY))
    hinted: list[list[dict[str, Any]]] = []
    real = terminal.hint

    def recording_hint(*args: Any, **kwargs: Any) -> Any:
        hinted.append(real(*args, **kwargs))
        return hinted[-1]

    monkeypatch.setattr(terminal, "hint", recording_hint)
    head = {"en": "Suggested moves, best first", "zh-TW": "建議的行動(最好的在前"}[lang]

    def hinted_numbers(out: str) -> list[str]:
        """The numbers the last hint printed (it ends where the prompt is asked again)."""
        after = out.rsplit(head, 1)[1].split(PROMPT[lang], 1)[0]
        return re.findall(r"^ +(\d+)\. ", after, re.M)

    def first_hinted_number(out: str) -> str:
        return hinted_numbers(out)[0]

    game, buf, _ = guided(game_id, lang, ["h", first_hinted_number, "q"])
    legal = game.match.state.legal_actions()
    assert game.run() is False
    (moves,) = hinted
    hint_text = buf.getvalue().split(head, 1)[1]
    numbers = [int(n) for n in hinted_numbers(head + hint_text)]
    assert numbers == [legal.index(m["action"]) + 1 for m in moves]  # list numbers, best first
    assert game.match.record.actions[0] == moves[0]["notation"]  # its number plays that move
    # the hint is a screen of its own, from the guide's rule to the prompt: 80 × 24 at most
    (screen,) = [s for s in decision_screens(buf.getvalue(), lang) if head in "\n".join(s)]
    assert len(screen) <= 24 and max(cell_len(line) for line in screen) <= 80, screen
    assert screen[0].startswith("─") and screen[-1].startswith(PROMPT[lang]), screen
