"""The terminal fits an 80-column, 50-line screen: every board, hint and move list of seeded
games of every game, in both languages, with no line cut or wrapped by the terminal."""

from __future__ import annotations

import io
import random
from collections.abc import Callable

import pytest
from rich.cells import cell_len
from rich.console import Console

from bazaar.bots.random_bot import RandomBot
from bazaar.core.record import Match
from bazaar.core.registry import game_ids, get_game
from bazaar.play import render
from bazaar.play.terminal import SCREEN_LINES, TerminalGame, compact_menu, move_groups

GAMES = game_ids()
LANGS = ("en", "zh-TW")


def narrow(width: int) -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=width, color_system=None, force_terminal=False), buf


def screens_of_a_game(game_id: str, lang: str, seed: int) -> list[str]:
    """Play a game at 80 columns as seat 0 typing random move numbers; return every screen
    (from the rule above the board to the prompt)."""
    game = get_game(game_id)
    players = max(3, game.min_players)
    seats = ["you"] + ["random"] * (players - 1)
    match = Match.new(game, players, seed, None, seats)
    con, buf = narrow(80)
    bots = {i: RandomBot(seed + i) for i in range(1, players)}
    pick = random.Random(seed)
    screens: list[str] = []

    def answer(prompt: str) -> str:
        text = buf.getvalue()
        screen = text[text.rindex("─" * 80) :]
        screens.append(screen + prompt)
        return str(pick.randint(1, len(match.state.legal_actions())))

    reader: Callable[[str], str] = answer
    assert TerminalGame(match, seats, bots, lang, con, reader).run()
    return screens


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_screen_fits_80_columns_and_50_lines(game_id: str, lang: str) -> None:
    screens = screens_of_a_game(game_id, lang, 7)
    assert len(screens) > 10
    for screen in screens:
        lines = screen.splitlines()
        assert max(cell_len(line) for line in lines) <= 80, screen
        assert len(lines) <= SCREEN_LINES, screen


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_boards_at_80_columns_cut_no_word(game_id: str, lang: str) -> None:
    """A board drawn at 80 columns has the same words as one drawn on a wide terminal: a
    table may wrap a name or fold it at the end of a cell, but cuts nothing off (no "…")."""
    game = get_game(game_id)
    players = max(3, game.min_players)
    names = ["you"] + ["random"] * (players - 1)
    state = game.new(players, 4)
    bot = RandomBot(4)
    drawn = 0
    while True:
        for seat in (None, 0):
            board = render.render_view(game_id, state.view(seat), lang, names)
            (small, small_buf), (wide, wide_buf) = narrow(80), narrow(400)
            small.print(board)
            wide.print(board)
            assert max(cell_len(line) for line in small_buf.getvalue().splitlines()) <= 80
            # a wrapped cell splits a word (zh-TW lists join names with "、", no space): each
            # piece must be part of a word of the wide board; a cut one ends in "…"
            words = set(wide_buf.getvalue().split())
            cut = {
                w
                for w in small_buf.getvalue().split()
                if not any(w in word for word in words) and set(w) != {"─"}
            }
            assert cut == set(), small_buf.getvalue()
            drawn += 1
        if state.is_over():
            break
        for _ in range(5):
            if not state.is_over():
                state.apply(bot.choose(state))
    assert drawn > 10


def test_compact_menu_groups_moves_by_kind_and_keeps_their_numbers() -> None:
    notations = ["play G2", "play M4", "buy G2 G4", "buy G2 O6", "event1 G2", "pass"]
    assert move_groups(notations) == [
        ("play", [(1, "G2"), (2, "M4")]),
        ("buy", [(3, "G2 G4"), (4, "G2 O6")]),
        ("event1", [(5, "G2")]),
        ("", [(6, "pass")]),
    ]
    assert compact_menu(notations, 80).plain.splitlines() == [
        "play:   1 G2  2 M4",
        "buy:    3 G2 G4  4 G2 O6",
        "event1: 5 G2",
        "6 pass",
    ]
    # 59 moves: numbers take 2 cells, each entry 12 (the longest, "59 G59 O59", and 2 spaces)
    lines = compact_menu([f"buy G{i} O{i}" for i in range(1, 60)], 41).plain.splitlines()
    assert lines[0] == "buy:  1 G1 O1     2 G2 O2     3 G3 O3"
    assert lines[1] == "      4 G4 O4     5 G5 O5     6 G6 O6"
    assert len(lines) == 20
    assert max(cell_len(line) for line in lines) <= 41
