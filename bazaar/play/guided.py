"""``bazaar learn GAME``: the guided first game in the terminal (docs/guide.md).

:class:`GuidedGame` is the ordinary terminal loop (:class:`~bazaar.play.terminal.TerminalGame`)
with the guide's step (:func:`bazaar.bots.guide.guide_step`) printed before each of the
learner's decisions: what is decided, the suggested move and why, and the rulebook section
to read more. ``s`` plays the suggestion, ``g`` leaves the guide (the game goes on as a normal
game), ``q`` leaves the game (it is saved like any other).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from bazaar.bots.guide import guide_step
from bazaar.core.record import Match
from bazaar.core.rulebook import find_rulebook
from bazaar.i18n import t
from bazaar.play.terminal import InputFn, TerminalGame, echoing_input

SUGGEST_WORDS = ("s", "suggest", "suggestion")
LEAVE_WORDS = ("g", "guide")


class GuidedGame(TerminalGame):
    """The terminal game with the guide speaking before each of the human's decisions."""

    def __init__(
        self,
        match: Match,
        seats: list[str],
        bots: dict[int, Any],
        lang: str = "en",
        console: Console | None = None,
        input_fn: InputFn | None = None,
    ) -> None:
        console = console or Console()
        inner = input_fn or echoing_input(console)
        super().__init__(match, seats, bots, lang, console, self._read, hint_level="easy")
        self.inner = inner
        self.guiding = True
        self.suggested: str | None = None

    def _read(self, prompt: str) -> str:
        """The player's answer; ``s`` becomes the suggested move, ``g`` turns the guide off."""
        while True:
            text = self.inner(prompt)
            low = text.strip().lower()
            if low in SUGGEST_WORDS and self.suggested is not None:
                return self.suggested
            if low in LEAVE_WORDS and self.guiding:
                self.guiding = False
                self.suggested = None
                self.console.print(
                    Text(self.tr("The guide is off: the game goes on as a normal game."))
                )
                continue
            return text

    def ask(self, seat: int) -> int | None:
        self.suggested = None
        if self.guiding:
            self.show_guide(seat)
        return super().ask(seat)

    def show_guide(self, seat: int) -> None:
        """The guide's step for ``seat``: explanation, suggestion and why, rulebook section."""
        state = self.match.state
        step = guide_step(state, seat, seed=len(self.match.record.actions))
        lang = self.lang
        self.console.rule(Text(self.tr("Guide"), style="bold green"))
        self.console.print(Text(step["explain"][lang]))
        line = Text(self.tr("Suggested: "), style="bold green")
        line.append(step["suggestion"]["move"][lang], style="bold")
        self.console.print(line)
        self.console.print(Text(self.tr("Why: ") + step["why"][lang], style="green"))
        book = find_rulebook(self.game.id)
        if book is not None and step["section"]:
            title = book.section(lang, step["section"]).title
            command = f"bazaar rules {self.game.id} --section {step['section']}"
            if lang != "en":
                command += f" --lang {lang}"
            self.console.print(
                Text(
                    self.tr(
                        "More in the rulebook: {title} ({command})", title=title, command=command
                    ),
                    style="dim",
                ),
            )
        self.console.print(
            Text(self.tr("s = play the suggestion, g = leave the guide, q = quit"), style="dim")
        )
        self.suggested = step["suggestion"]["notation"]


def learn_line(lang: str) -> str:
    """The first line of ``bazaar learn``."""
    return t(
        "A practice game with a fixed deal against gentle bots; the guide explains each "
        "decision and suggests a move, and you choose freely.",
        lang,
    )
