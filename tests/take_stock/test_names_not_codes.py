"""Take Stock names things, in both languages: a company by its name, a card as "Cereal 5", an
event by its name; no card code ("O7", "event2", "C5 | O5") and no mechanical "(s)" reaches a
reader. The notation stays for typing only (the terminal's input and its notation help).

Seeded random games: every legal move's words (with and without the mover's view), every
event's sentence, the terminal board of the mover and of a spectator (80 columns; whole and
compact), the guide's words for each legal move and one whole guide step, a zh-TW hint's and
puzzle's words for a move (English hints, analyses and puzzles lead with the notation beside
the words, as English pages show it), and the players' rulebook."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

from bazaar.bots import advice, guide
from bazaar.core import describe
from bazaar.core.rng import Rng
from bazaar.games.take_stock import GAME
from bazaar.games.take_stock import compact as C
from bazaar.games.take_stock import render as R
from bazaar.games.take_stock import text as T
from bazaar.i18n import LANGS

#: a card code ("O7", "C12"), a move's notation ("event2", "event1"), codes in a list ("C5 | O5")
#: and a plural left to the reader ("card(s)")
CODES = (
    re.compile(r"\b[A-Z]\d+\b"),
    re.compile(r"\bevent\d"),
    re.compile(r"\b[A-Z]\d+\s*\|"),
    re.compile(r"[A-Z]\d+(?=[、,，])"),
    re.compile(r"\(s\)"),
)
BOOK = Path(__file__).parents[2] / "bazaar" / "games" / "take_stock" / "rulebook"


def codes_in(text: str) -> list[str]:
    return [m.group(0) for pattern in CODES for m in pattern.finditer(text)]


def check(text: str, where: str) -> None:
    found = codes_in(text)
    assert not found, f"{where}: {found} in {text!r}"


def board(view: dict[str, Any], lang: str) -> str:
    con = Console(file=StringIO(), width=80, color_system=None, force_terminal=False)
    con.print(R.render_view(view, lang, None))
    con.print(C.compact_view(view, lang, None))  # the guided game's compact board too
    out = con.file.getvalue()
    assert isinstance(out, str)
    for line in out.splitlines():
        assert cell_len(line.rstrip()) <= 80, line
    return out


def test_the_patterns_find_the_codes_that_were_there():
    for was in ("1:G11  2:T8", "C5 | O5", "Suggested: event2 O2", "draws 1 card(s)", "玉米C5、O5"):
        assert codes_in(was), was
    for now in ("Cereal 5, Oil 5", "玉米5、石油5", "Round 2 of 4", "Seat 1 deals"):
        assert not codes_in(now), now


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 12), (5, 13)])
def test_a_random_game_reads_in_names(players: int, seed: int) -> None:
    state = GAME.new(players, seed)
    rng = Rng(seed)
    step = 0
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        view = state.view(seat)
        legal = state.legal_actions()
        for lang in LANGS:
            for a in legal:
                check(describe.describe_action(GAME.id, a, lang, view), f"move {a} ({lang})")
                check(T.describe_action(a, lang), f"move {a} without a view ({lang})")
                if step % 7 == 0:
                    check(guide.move_words(state, a, lang, seat), f"guide's move {a} ({lang})")
                if step % 7 == 0 and lang != "en":  # English hints lead with the notation
                    hint = advice.move_sentence(state, a, 0.5, 40.0, lang, seat, 0.1)
                    check(hint, f"a hint on move {a} ({lang})")
            if step % 5 == 0:
                check(board(view, lang), f"the board of seat {seat} ({lang})")
                check(board(state.view(None), lang), f"a spectator's board ({lang})")
        for event in state.apply(legal[rng.below(len(legal))]):
            for lang in LANGS:
                check(T.describe(event, lang), f"event {event.kind} ({lang})")
        step += 1
    for lang in LANGS:
        check(board(state.view(0), lang), f"the final board ({lang})")


def test_the_guide_suggests_a_move_in_words():
    state = GAME.new(3, 2431)
    seat = state.to_move()
    assert seat is not None
    step = guide.guide_step(state, seat)
    for lang in LANGS:
        check(step["suggestion"]["move"][lang], f"the suggestion ({lang})")
        check(step["why"][lang], f"why ({lang})")
        check(step["explain"][lang], f"the explanation ({lang})")


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_rulebook_names_cards(lang: str) -> None:
    check((BOOK / f"{lang}.md").read_text(encoding="utf-8"), f"the rulebook ({lang})")
