"""Puzzles in the terminal: ``bazaar puzzle GAME [--difficulty easy|medium|hard]``.

Shows the position as the seat to move sees it (the game's terminal renderer on
``state.view(seat)``), the prompt and the legal moves numbered in words; reads a move (its
number or notation). A wrong move says "Not this one — try again." and asks again; ``a``
shows the answer; the right move (or the answer shown) says why the answer is best
(:mod:`bazaar.bots.puzzle_words`), then the next puzzle is offered.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from bazaar.bots.advice import move_words
from bazaar.bots.puzzle_words import show_answer, try_move
from bazaar.bots.puzzles import Puzzle, PuzzleError, difficulty_words
from bazaar.bots.shapes import PuzzleReply
from bazaar.core.errors import BazaarError
from bazaar.core.game import State
from bazaar.i18n import t
from bazaar.play import render

InputFn = Callable[[str], str]
QUIT = {"q", "quit", "exit"}
#: what shows the answer after a wrong try
SHOW = {"a", "answer"}


def read_move(state: State, text: str, lang: str) -> str:
    """The notation of the move typed (a number from the list or notation); raise PuzzleError."""
    legal = state.legal_actions()
    text = text.strip()
    if text.isdigit():
        n = int(text)
        if not 1 <= n <= len(legal):
            raise PuzzleError(t("choose a move from 1 to {last}", lang, last=len(legal)))
        return state.notation(legal[n - 1])
    try:
        action = state.parse(text)
        state.check(action)
    except BazaarError as exc:
        raise PuzzleError(exc.text(lang)) from exc
    return state.notation(action)


def show(
    puzzle: Puzzle, state: State, number: int, total: int, lang: str, console: Console
) -> None:
    title = t(
        "Puzzle {n} of {total} ({difficulty})",
        lang,
        n=number,
        total=total,
        difficulty=difficulty_words(puzzle.difficulty, lang),
    )
    console.rule(title)
    view = state.view(puzzle.seat)
    console.print(render.render_view(puzzle.game, view, lang))
    hint = render.prompt_hint(puzzle.game, view, lang)
    if hint:
        console.print(Text(hint, style="cyan"))
    console.print(Text(puzzle.prompt.get(lang) or puzzle.prompt.get("en", ""), style="bold"))
    for i, action in enumerate(state.legal_actions(), 1):
        words = move_words(state, action, lang, puzzle.seat)
        console.print(f"  {i:>2}. {words}", markup=False, highlight=False)


def print_reply(reply: PuzzleReply, console: Console) -> None:
    style = "bold green" if reply["right"] else "bold yellow"
    for i, line in enumerate(reply["lines"]):
        console.print(Text(line, style=style if i == 0 else ""))


def solve(
    puzzle: Puzzle, state: State, lang: str, console: Console, input_fn: InputFn
) -> bool | None:
    """Ask until the right move or ``a`` (the answer shown); True: solved, False: shown,
    None: the player quit."""
    tried: str | None = None
    while True:
        prompt = t("Your move (number or notation, a = show the answer, q = quit): ", lang)
        try:
            text = input_fn(prompt).strip()
        except (EOFError, KeyboardInterrupt):
            return None
        if not text:
            continue
        if text.lower() in QUIT:
            return None
        if text.lower() in SHOW:
            print_reply(show_answer(puzzle, state, lang, tried), console)
            return False
        try:
            notation = read_move(state, text, lang)
        except PuzzleError as exc:
            console.print(Text(str(exc), style="red"))
            continue
        reply = try_move(puzzle, state, notation, lang)
        print_reply(reply, console)
        if reply["right"]:
            return True
        tried = notation


def play_puzzles(
    puzzles: list[Puzzle], start: int, lang: str, console: Console, input_fn: InputFn
) -> int:
    """Play from puzzle ``start`` (from 1) on; return how many were solved without the answer
    shown."""
    right = 0
    number = start
    while number <= len(puzzles):
        puzzle = puzzles[number - 1]
        state = puzzle.position()
        show(puzzle, state, number, len(puzzles), lang, console)
        solved = solve(puzzle, state, lang, console, input_fn)
        if solved is None:
            return right
        right += solved
        number += 1
        if number > len(puzzles):
            break
        try:
            more = input_fn(t("Enter = next puzzle, q = quit: ", lang)).strip().lower()
        except (EOFError, KeyboardInterrupt):
            return right
        if more in QUIT:
            return right
    console.print(t("{right} of {total} right.", lang, right=right, total=number - start))
    return right
