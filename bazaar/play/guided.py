"""``bazaar learn GAME``: the guided first game in the terminal (docs/guide.md).

:class:`GuidedGame` is the ordinary terminal loop (:class:`~bazaar.play.terminal.TerminalGame`)
with the guide's step (:func:`bazaar.bots.guide.guide_step`) printed before each of the
learner's decisions: what is decided, the suggested move and why, and the rulebook section
to read more. ``s`` plays the suggestion, ``g`` leaves the guide (the game goes on as a normal
game), ``q`` leaves the game (it is saved like any other).
"""

from __future__ import annotations

import shutil
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.text import Text

from bazaar.bots.guide import guide_step
from bazaar.bots.shapes import GuideStep
from bazaar.core.record import Match
from bazaar.core.rulebook import find_rulebook
from bazaar.i18n import t
from bazaar.play import render
from bazaar.play.terminal import InputFn, TerminalGame, echoing_input, lines_of

SUGGEST_WORDS = ("s", "suggest", "suggestion")
LEAVE_WORDS = ("g", "guide")


#: the screen of one decision when the terminal's size is not known: 80 columns, 24 lines
SCREEN = (80, 24)
#: the other moves the short move list shows beside the suggestion, at most
SHORT_OTHERS = 4


def screen_lines(console: Console) -> int:
    """The lines of the player's terminal: its real size when the console is one, else 24."""
    if console.is_terminal:
        return max(10, shutil.get_terminal_size(SCREEN).lines)
    return SCREEN[1]


class GuidedGame(TerminalGame):
    """The terminal game with the guide speaking before each of the human's decisions.

    A decision fits one screen (:func:`screen_lines`, 24 lines at 80 columns when the size is
    not known): the board (its compact form when the whole one does not fit), the guide's
    explanation, suggestion and why, a short move list (the suggestion and a few others, with
    the numbers of the whole list) and the prompt; 'b' shows the whole board, 'm' every move.
    """

    def __init__(
        self,
        match: Match,
        seats: list[str],
        bots: dict[int, Any],
        lang: str = "en",
        console: Console | None = None,
        input_fn: InputFn | None = None,
        lines: int | None = None,
    ) -> None:
        console = console or Console()
        inner = input_fn or echoing_input(console)
        super().__init__(match, seats, bots, lang, console, self._read, hint_level="easy")
        self.inner = inner
        self.guiding = True
        self.suggested: str | None = None
        self.lines = lines
        #: the guide's step of the decision being asked (once per decision)
        self.step: GuideStep | None = None

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
                self.step = None
                self.console.print(
                    Text(self.tr("The guide is off: the game goes on as a normal game."))
                )
                continue
            return text

    def ask(self, seat: int) -> int | None:
        self.suggested = None
        self.step = None
        if self.guiding:
            state = self.match.state
            self.step = guide_step(state, seat)
            self.suggested = self.step["suggestion"]["notation"]
        return super().ask(seat)

    # ------------------------------------------------------------------ the screen
    def rule(self) -> None:
        if self.step is None:
            super().rule()
        else:
            self.console.rule(Text(self.tr("Guide"), style="bold green"))

    def prompt(self) -> str:
        if self.step is None:
            return super().prompt()
        return self.tr("Your move (s = suggestion, h = hint, ? = help, q = quit): ")

    def screen_height(self) -> int:
        return self.lines if self.lines is not None else screen_lines(self.console)

    def turn_screen(self, seat: int, legal: list[int]) -> list[RenderableType]:
        if self.step is None:
            return super().turn_screen(seat, legal)
        return self.guided_screen(seat, legal, self.step)

    def board_screen(self, seat: int, legal: list[int]) -> list[RenderableType]:
        """'b': the whole board and the phase's hint (the guide's words stay above)."""
        view = self.match.state.view(seat)
        shown: list[RenderableType] = [
            render.render_view(self.game.id, view, self.lang, self.seats)
        ]
        hint = render.prompt_hint(self.game.id, view, self.lang)
        if hint:
            shown.append(Text(hint, style="cyan"))
        return shown

    def show_hint(self, seat: int) -> None:
        """'h' during the guide: the decision's screen again with the hint in place of the
        guide's words, fitted into :meth:`screen_height` lines like the decision (the whole
        board if it fits, else the compact one; what each move changes if it fits)."""
        if self.step is None:
            super().show_hint(seat)
            return
        moves = self.find_hint(seat)
        view = self.match.state.view(seat)
        full = render.render_view(self.game.id, view, self.lang, self.seats)
        compact = render.compact_view(self.game.id, view, self.lang, self.seats)
        boards: list[RenderableType] = [full] if compact is None else [full, compact]
        hints = [self.hint_lines(seat, moves), self.hint_lines(seat, moves, changes=False)]
        tries = [[board, *lines] for board in boards for lines in hints]
        self.rule()
        for part in self.fitted(tries):
            self.console.print(part)

    def fitted(self, tries: list[list[RenderableType]]) -> list[RenderableType]:
        """The first of ``tries`` that fits the screen with the rule above and the prompt
        below, else the last (the smallest)."""
        room = self.screen_height() - 2
        width = self.console.width
        for parts in tries:
            if sum(lines_of(part, width) for part in parts) <= room:
                return parts
        return tries[-1]

    def help_text(self) -> str:
        """The terminal's help, then the guide's keys and where the rulebook says more (the
        decision's screen leaves that line out when it does not fit)."""
        lines = [super().help_text()]
        if self.step is not None:
            lines.append(self.tr("s = play the suggestion, g = leave the guide, q = quit"))
            book = self.book_line(self.step)
            if book is not None:
                lines.append(book.plain)
        return "\n".join(lines)

    def guide_parts(
        self, step: GuideStep, legal: list[int], changes: bool = True
    ) -> list[RenderableType]:
        """The explanation, the suggestion (with its number in the list) and why; without
        ``changes``, why leaves out what the move changes ('h' says it too)."""
        lang = self.lang
        number = legal.index(step["suggestion"]["action"]) + 1
        line = Text(self.tr("Suggested: "), style="bold green")
        line.append(f"{number}. ", style="bold cyan")
        line.append(step["suggestion"]["move"][lang], style="bold")
        why = step["why" if changes else "reason"][lang]
        return [
            Text(step["explain"][lang]),
            line,
            Text(self.tr("Why: ") + why, style="green"),
        ]

    def book_line(self, step: GuideStep) -> Text | None:
        """Where the rulebook says more, with the command that prints it."""
        book = find_rulebook(self.game.id)
        if book is None or not step["section"]:
            return None
        lang = self.lang
        title = book.section(lang, step["section"]).title
        command = f"bazaar rules {self.game.id} --section {step['section']}"
        if lang != "en":
            command += f" --lang {lang}"
        words = self.tr("More in the rulebook: {title} ({command})", title=title, command=command)
        return Text(words, style="dim")

    def short_moves(self, seat: int, legal: list[int], suggested: int, others: int) -> Group:
        """The suggestion and the first ``others`` other moves, by their numbers in the whole
        list, then how many more there are and that 'm' shows them all."""
        best = legal.index(suggested)
        rest = [i for i in range(len(legal)) if i != best][:others]
        only = sorted([best, *rest])
        parts: list[RenderableType] = [self.menu(seat, legal, only)]
        more = len(legal) - len(only)
        if more:
            parts.append(
                Text(
                    self.tr(
                        "… and {n} more: 'm' shows every move, 'b' the whole board",
                        n=more,
                    ),
                    style="dim",
                )
            )
        return Group(*parts)

    def guided_screen(self, seat: int, legal: list[int], step: GuideStep) -> list[RenderableType]:
        """One decision on one screen: a board, the guide, the moves and the keys, fitted with
        the rule above and the prompt below into :meth:`screen_height` lines. The whole board
        comes first if it fits, else its compact form; then why with what the move changes if it
        fits, else without; then the whole move list if it fits, else a short one (the
        suggestion and four others, down to none); the rulebook line, then the phase's hint, are
        left out before the move list is shortened; the keys line only when nothing else fits
        (the prompt names 's', '?' every key)."""
        width = self.console.width
        view = self.match.state.view(seat)
        room = self.screen_height() - 2  # the rule above and the prompt below

        measured: dict[int, int] = {}

        def size(parts: list[RenderableType]) -> int:
            for part in parts:
                if id(part) not in measured:
                    measured[id(part)] = lines_of(part, width)
            return sum(measured[id(part)] for part in parts)

        guides = [self.guide_parts(step, legal), self.guide_parts(step, legal, changes=False)]
        keys = Text(self.tr("s = play the suggestion, g = leave the guide, q = quit"), style="dim")
        full = render.render_view(self.game.id, view, self.lang, self.seats)
        compact = render.compact_view(self.game.id, view, self.lang, self.seats)
        boards: list[RenderableType] = [full] if compact is None else [full, compact]
        hint = render.prompt_hint(self.game.id, view, self.lang)
        book = self.book_line(step)
        extras = [
            [x for x in (Text(hint, style="cyan") if hint else None, book) if x is not None],
            [Text(hint, style="cyan")] if hint else [],
            [],
        ]
        menus: list[RenderableType] = [self.menu(seat, legal)]
        suggested = step["suggestion"]["action"]
        for others in range(SHORT_OTHERS, -1, -1):
            if others < len(legal) - 1:
                menus.append(self.short_moves(seat, legal, suggested, others))
        tries = [
            (board, guide, extra, moves)
            for board in boards
            for guide in guides
            for moves in menus
            for extra in extras
        ]
        for board, guide, extra, moves in tries:
            if size([board, *guide, *extra, moves, keys]) <= room:
                return [board, *guide, *extra, moves, keys]
        # the keys line last: the prompt names 's', and '?' every key
        for moves in menus:
            if size([boards[-1], *guides[-1], moves]) <= room:
                return [boards[-1], *guides[-1], moves]
        return [boards[-1], *guides[-1], menus[-1]]  # the smallest screen there is


def learn_line(lang: str) -> str:
    """The first line of ``bazaar learn``."""
    return t(
        "A practice game with a fixed deal against gentle bots; the guide explains each "
        "decision and suggests a move, and you choose freely.",
        lang,
    )
