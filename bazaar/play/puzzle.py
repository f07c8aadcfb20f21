"""Puzzles in the terminal: ``bazaar puzzle GAME``.

Shows the position as the seat to move sees it (the game's terminal renderer on
``state.view(seat)``), the prompt and the legal moves numbered in words; reads a move (its
number or notation), says right / not quite with the answer in words and the win chances from
the stored confirming search, then offers the next puzzle.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from bazaar.bots.puzzles import Puzzle, PuzzleError, move_words, reply
from bazaar.core.errors import BazaarError
from bazaar.core.game import State
from bazaar.i18n import t
from bazaar.play import render

InputFn = Callable[[str], str]
QUIT = {"q", "quit", "exit"}


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
    console.rule(t("Puzzle {n} of {total}", lang, n=number, total=total))
    view = state.view(puzzle.seat)
    console.print(render.render_view(puzzle.game, view, lang))
    hint = render.prompt_hint(puzzle.game, view, lang)
    if hint:
        console.print(Text(hint, style="cyan"))
    console.print(Text(puzzle.prompt.get(lang) or puzzle.prompt.get("en", ""), style="bold"))
    for i, action in enumerate(state.legal_actions(), 1):
        words = move_words(state, state.notation(action), lang, puzzle.seat)
        console.print(f"  {i:>2}. {words}", markup=False, highlight=False)


def play_puzzles(
    puzzles: list[Puzzle], start: int, lang: str, console: Console, input_fn: InputFn
) -> int:
    """Play from puzzle ``start`` (from 1) on; return how many were answered right."""
    right = 0
    number = start
    while number <= len(puzzles):
        puzzle = puzzles[number - 1]
        state = puzzle.position()
        show(puzzle, state, number, len(puzzles), lang, console)
        while True:
            try:
                text = input_fn(t("Your move (number or notation, q = quit): ", lang)).strip()
            except (EOFError, KeyboardInterrupt):
                return right
            if not text:
                continue
            if text.lower() in QUIT:
                return right
            try:
                notation = read_move(state, text, lang)
            except PuzzleError as exc:
                console.print(Text(str(exc), style="red"))
                continue
            break
        answer = reply(puzzle, state, notation, lang)
        right += answer["right"]
        for i, line in enumerate(answer["lines"]):
            style = ("bold green" if answer["right"] else "bold yellow") if i == 0 else None
            console.print(Text(line, style=style or ""))
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
