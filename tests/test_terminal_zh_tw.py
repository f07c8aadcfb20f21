"""A whole zh-TW terminal game shows no English: bots play every game to the end with every
move shown (``bazaar play GAME --lang zh-TW -v``), and the output has no Latin-letter word
but the game's notation (tests/no_english.py).

Allowed besides the notation: the path of the saved record in the last line (a file name),
and the "bazaar play ... --resume" command quoted for the player to type, which a finished
game does not print."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from bazaar.bots.random_bot import RandomBot
from bazaar.bots.registry import make_bot
from bazaar.cli import app
from bazaar.core.record import Match
from bazaar.core.registry import game_ids, get_game
from bazaar.play.terminal import TerminalGame
from tests.no_english import english_tokens


@pytest.mark.parametrize("game_id", game_ids())
def test_a_zh_tw_bot_game_prints_no_english(
    game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    record = tmp_path / "game.json"
    seats = "random,heuristic,random"
    args = ["play", game_id, "--seats", seats, "--seed", "3", "--lang", "zh-TW", "-v"]
    result = CliRunner().invoke(app, [*args, "--record", str(record)])
    assert result.exit_code == 0, result.output
    out = result.stdout.replace(str(record), "")
    assert "棋譜已存到" in out
    assert "玩家2(規則型電腦)" in out
    found = {
        line.strip(): english_tokens(game_id, line)
        for line in out.splitlines()
        if english_tokens(game_id, line)
    }
    assert found == {}


#: Take Stock's hint names its four kinds of action by the rules' letters A-D
OPTION_LETTERS = {"take-stock": {"A", "B", "C", "D"}}


def quoted_removed(text: str) -> str:
    """The text without the notation it quotes for the player to type: '...' in quotes (a
    quote may run over a line end)."""
    return re.sub(r"'[^']*'", "", text)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_zh_tw_game_with_a_player_shows_english_only_in_notation_to_type(game_id: str) -> None:
    """As a player typing move numbers: the English tokens left are only the notation of the
    moves in the list (the notation column, or the compact list's notation) and the notation
    that the hint, help and prompt quote in '...' for the player to type."""
    game = get_game(game_id)
    seats = ["you", "heuristic", "random"]
    match = Match.new(game, 3, 5, None, seats)
    bots = {1: make_bot("heuristic", 1, 1, game_id), 2: RandomBot(2)}
    buf = io.StringIO()
    con = Console(file=buf, width=80, color_system=None, force_terminal=False)
    typed: set[str] = set()
    answers = iter(["?", "m"])

    def answer(prompt: str) -> str:
        legal = match.state.legal_actions()
        typed.update(game.notation(a) for a in legal)
        return next(answers, "1")

    assert TerminalGame(match, seats, bots, "zh-TW", con, answer).run()
    notation = sorted(typed, key=len, reverse=True)
    allowed = {w for text in notation for w in text.split()} | OPTION_LETTERS.get(game_id, set())
    found = {}
    for line in quoted_removed(buf.getvalue()).splitlines():
        english = [w for w in english_tokens(game_id, line) if w not in allowed]
        if english:
            found[line.strip()] = english
    assert found == {}
