"""The interactive terminal game loop and the record replayer, generic over the game protocol.

Input comes from an ``input_fn(prompt) -> str`` (:func:`echoing_input` by default), so tests
can feed answers; it may raise EOFError when the input ends, which saves the game like ``quit``.
Only the human seat's own :meth:`view` and the events it may see are ever shown.
"""

from __future__ import annotations

import datetime as _dt
import io
import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from bazaar.bots import Bot
from bazaar.bots.advice import hint, level_label
from bazaar.bots.levels import Level
from bazaar.bots.shapes import HintMove
from bazaar.core.errors import BazaarError, IllegalAction
from bazaar.core.game import Event
from bazaar.core.paths import records_folder
from bazaar.core.record import GameRecord, Match
from bazaar.core.registry import get_game
from bazaar.i18n import ngettext, t
from bazaar.play import render

InputFn = Callable[[str], str]
HUMAN = "you"
QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("?", "help")
HINT_WORDS = ("h", "hint")
BOARD_WORDS = ("b", "board")
MORE_WORDS = ("m", "more")
#: the terminal the board, the moves and the prompt must fit: 80 columns, 50 lines
MENU_WIDTH = 80
SCREEN_LINES = 50


def lines_of(renderable: RenderableType, width: int) -> int:
    """How many lines ``renderable`` takes on a terminal ``width`` columns wide."""
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None, force_terminal=False).print(renderable)
    return len(buf.getvalue().splitlines())


def move_groups(notations: list[str]) -> list[tuple[str, list[tuple[int, str]]]]:
    """Moves grouped by the first word of their notation when it has several words ("buy G2
    O6" is in group "buy" as "G2 O6"), in the order of the list; each move keeps its number."""
    groups: dict[str, list[tuple[int, str]]] = {}
    for n, text in enumerate(notations, 1):
        head, _, rest = text.partition(" ")
        key, shown = (head, rest) if rest else ("", text)
        groups.setdefault(key, []).append((n, shown))
    return list(groups.items())


def compact_menu(notations: list[str], width: int) -> Text:
    """Every move as "number notation", packed into lines of at most ``width`` cells; moves of
    one kind share a line (or lines) headed by their notation's first word."""
    groups = move_groups(notations)
    indent = max((Text(key).cell_len for key, _ in groups), default=0)
    indent = indent + 2 if indent else 0
    out = Text()
    for key, moves in groups:
        line = Text(f"{key}:".ljust(indent) if key else "", style="bold")
        used = line.cell_len
        digits = len(str(len(notations)))
        cell = max(digits + 1 + Text(shown).cell_len for _, shown in moves) + 2
        for n, shown in moves:
            if used + cell > width and used > indent:
                line.rstrip()
                out.append_text(line)
                out.append("\n")
                line = Text(" " * indent)
                used = indent
            entry = Text(str(n).rjust(digits), style="cyan")
            entry.append(" ")
            entry.append(shown, style="bold")
            entry.append(" " * max(0, cell - entry.cell_len))
            line.append_text(entry)
            used += entry.cell_len
        line.rstrip()
        out.append_text(line)
        out.append("\n")
    out.rstrip()
    return out


def default_record_path(record: GameRecord, folder: str | Path | None = None) -> Path:
    """``<folder>/<game>-<seed>-<timestamp>.json``, a name not yet taken; the folder is by
    default ``records/`` in the user data folder (:func:`bazaar.core.paths.records_folder`)."""
    folder = records_folder() if folder is None else folder
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(folder) / f"{record.game}-{record.seed}-{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = Path(folder) / f"{record.game}-{record.seed}-{stamp}-{n}.json"
    return path


def echoing_input(console: Console) -> InputFn:
    """``console.input`` that repeats the answer when stdin is not a terminal (piped moves)."""
    interactive = sys.stdin is not None and sys.stdin.isatty()

    def read(prompt: str) -> str:
        text = console.input(prompt)
        if not interactive:
            console.print(text, markup=False, highlight=False)
        return text

    return read


def save_record(record: GameRecord, path: str | Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    record.save(path)
    return path


class TerminalGame:
    """Plays one match in the terminal: bots move by themselves, the human seat is asked."""

    def __init__(
        self,
        match: Match,
        seats: list[str],
        bots: dict[int, Bot],
        lang: str = "en",
        console: Console | None = None,
        input_fn: InputFn | None = None,
        verbose: bool = False,
        hint_level: Level = "medium",
        jobs: int = 1,
    ) -> None:
        self.match = match
        self.game = match.game
        self.seats = seats
        self.bots = bots
        self.lang = lang
        self.console = console or Console()
        self.input_fn = input_fn or echoing_input(self.console)
        self.verbose = verbose
        self.hint_level = hint_level
        self.jobs = jobs
        humans = [i for i, s in enumerate(seats) if s == HUMAN]
        self.human: int | None = humans[0] if humans else None

    # ------------------------------------------------------------------ helpers
    def tr(self, msgid: str, **fmt: object) -> str:
        return t(msgid, self.lang, **fmt)

    def label(self, seat: int) -> str:
        return render.seat_label(seat, self.lang, self.seats)

    def refused(self, exc: IllegalAction) -> None:
        """A refused move in the player's language, then (not in English) the game's words for
        the broken rule; an error without a translation shows the English message after them."""
        if not exc.translated or self.lang == "en":
            self.error(exc.message, exc.rule)
            return
        line = Text("✗ ", style="bold red")
        line.append(exc.text(self.lang), style="red")
        hint = render.explain_rule(self.game.id, exc.rule, self.lang)
        if hint:
            line.append(f"  ({hint})", style="dim")
        self.console.print(line)

    def error(self, message: str, rule: str | None = None) -> None:
        line = Text("✗ ", style="bold red")
        if self.lang != "en" and rule is not None:
            hint = render.explain_rule(self.game.id, rule, self.lang)
            if hint:  # the rule in the player's words; the English message is left out
                line.append(hint, style="red")
                self.console.print(line)
                return
        line.append(message, style="red")
        self.console.print(line)

    # ------------------------------------------------------------------ the loop
    def run(self) -> bool:
        """Play until the game is over (True) or the human quits (False)."""
        state = self.match.state
        if self.human is not None:
            self.console.print(
                Text(
                    self.tr(
                        "You play {seat}. Type a move number or its notation; "
                        "'?' for help, 'q' to save and quit.",
                        seat=self.label(self.human),
                    ),
                    style="bold",
                )
            )
        while not state.is_over():
            seat = state.to_move()
            assert seat is not None
            if seat == self.human:
                action = self.ask(seat)
                if action is None:
                    return False
            else:
                action = self.bots[seat].choose(state)
            notation = self.move_words(seat, action)
            events = self.match.play(action)
            self.show_events(seat, notation, events)
        self.show_result()
        return True

    def move_words(self, seat: int, action: int) -> str:
        """How the human sees ``seat``'s move when no event tells it: the move in words (its
        notation in English), and another seat's private choice only as its public notation.
        Call it before the move is played."""
        state = self.match.state
        public = state.public_notation(action) if seat != self.human else None
        if public is not None and public != self.game.notation(action):
            return public
        if self.lang == "en":
            return self.game.notation(action)
        return render.describe_action(self.game.id, action, self.lang, None)

    def show_events(self, seat: int, notation: str, events: list[Event]) -> None:
        if self.human is None and not self.verbose:
            return
        shown = [e for e in events if e.visible_to(self.human)]
        if not shown:
            self.console.print(Text(f"  • {self.label(seat)}: {notation}", style="dim"))
        for event in shown:
            style = "bold" if event.kind in ("year_end", "year_start", "game_over") else ""
            text = self.game.describe_event(event, self.lang)
            self.console.print(Text(f"  • {text}", style=style))

    def show_board(self, seat: int) -> None:
        view = self.match.state.view(seat)
        self.console.rule()
        self.console.print(render.render_view(self.game.id, view, self.lang, self.seats))

    def menu(self, seat: int, legal: list[int], only: list[int] | None = None) -> Table:
        """The moves in words, each as "number. notation description" (in up to three
        columns); ``only`` (indices into ``legal``) lists some of them, in one column, with the
        numbers they have in the whole list."""
        view = self.match.state.view(seat)
        shown = list(range(len(legal))) if only is None else only
        items = [
            (
                f"{i + 1}.",
                self.game.notation(legal[i]),
                render.describe_action(self.game.id, legal[i], self.lang, view),
            )
            for i in shown
        ]
        widths = [max(Text(x[c]).cell_len for x in items) for c in range(3)]
        item_width = sum(widths) + 2
        columns = max(1, min(3, (self.width + 2) // (item_width + 2)))
        if len(items) <= 8 or only is not None:
            columns = 1
        rows = -(-len(items) // columns)
        grid = Table.grid(padding=(0, 1))
        for c in range(columns):
            grid.add_column(justify="right", style="cyan")
            grid.add_column(style="bold", no_wrap=True)
            grid.add_column(style="", no_wrap=c < columns - 1)
            if c < columns - 1:
                grid.add_column(width=2)
        for r in range(rows):
            cells: list[Text] = []
            for c in range(columns):
                i = c * rows + r
                cells.extend(Text(x) for x in (items[i] if i < len(items) else ("", "", "")))
                if c < columns - 1:
                    cells.append(Text(""))
            grid.add_row(*cells)
        return grid

    @property
    def width(self) -> int:
        """The columns the menu uses: the terminal's, at most :data:`MENU_WIDTH`."""
        return min(self.console.width, MENU_WIDTH)

    def moves(self, seat: int, legal: list[int], room: int) -> RenderableType:
        """The move list for ``room`` lines: every move in words when it fits, else the moves
        grouped by kind in compact columns (same numbers) and a line saying 'm' shows them all."""
        full = self.menu(seat, legal)
        if lines_of(full, self.width) <= room:
            return full
        more = Text(self.tr("'m' = every move in words"), style="dim")
        notations = [self.game.notation(a) for a in legal]
        return Group(compact_menu(notations, self.width), more)

    def turn_screen(self, seat: int, legal: list[int]) -> list[RenderableType]:
        """What is shown when the human is asked for a move: the board, the hint and the
        moves, fitted to :data:`SCREEN_LINES` lines together with the rule and the prompt."""
        view = self.match.state.view(seat)
        board = render.render_view(self.game.id, view, self.lang, self.seats)
        shown: list[RenderableType] = [board]
        hint = render.prompt_hint(self.game.id, view, self.lang)
        if hint:
            shown.append(Text(hint, style="cyan"))
        used = 2 + sum(lines_of(part, self.console.width) for part in shown)  # rule + prompt
        shown.append(self.moves(seat, legal, SCREEN_LINES - used))
        return shown

    def prompt(self) -> str:
        """What the player is asked when a move is wanted."""
        return self.tr("Your move (number or notation, h = hint, ? = help, q = quit): ")

    def rule(self) -> None:
        """The line above a decision's screen."""
        self.console.rule()

    def board_screen(self, seat: int, legal: list[int]) -> list[RenderableType]:
        """What 'b' shows: the board and the moves again (:meth:`turn_screen`)."""
        return self.turn_screen(seat, legal)

    def ask(self, seat: int) -> int | None:
        """Ask the human for a move until a legal one is typed; None means quit."""
        state = self.match.state
        legal = state.legal_actions()
        self.rule()
        for part in self.turn_screen(seat, legal):
            self.console.print(part)
        prompt = self.prompt()
        while True:
            try:
                text = self.input_fn(prompt).strip()
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                self.console.print(self.tr("Input ended: the game is saved as it is."))
                return None
            low = text.lower()
            if not text:
                continue
            if low in QUIT_WORDS:
                return None
            if low in HINT_WORDS:
                self.show_hint(seat)
                continue
            if low in HELP_WORDS:
                self.console.print(Text(self.help_text()))
                continue
            if low in BOARD_WORDS:
                self.rule()
                for part in self.board_screen(seat, legal):
                    self.console.print(part)
                continue
            if low in MORE_WORDS:
                self.console.print(self.menu(seat, legal))
                continue
            if text.isdigit():
                n = int(text)
                if 1 <= n <= len(legal):
                    return legal[n - 1]
                self.error(
                    self.tr(
                        "There is no move {n}: type a number from 1 to {count}, "
                        "or the notation of a move.",
                        n=n,
                        count=len(legal),
                    )
                )
                continue
            try:
                return state.parse(text)
            except IllegalAction as exc:
                self.refused(exc)

    def show_hint(self, seat: int) -> None:
        """Print the top moves a search finds for ``seat``; the game state is not changed."""
        for line in self.hint_lines(seat, self.find_hint(seat)):
            self.console.print(line)

    def find_hint(self, seat: int) -> list[HintMove]:
        """The top moves a search finds for ``seat`` (saying it is thinking first)."""
        self.console.print(
            Text(self.tr("Thinking ({level})…", level=level_label(self.hint_level, self.lang)))
        )
        state = self.match.state
        return hint(state, seat, self.hint_level)

    def hint_lines(self, seat: int, moves: list[HintMove], changes: bool = True) -> list[Text]:
        """A hint's lines: the moves best first, by their numbers in the move list, with why
        the best one (what it changes and what decides it) and what each other one changes
        (unless not ``changes``), and whether the top ones are too close to call."""
        legal = self.match.state.legal_actions()
        numbers = [legal.index(move["action"]) + 1 for move in moves]
        digits = max(len(str(n)) for n in numbers)
        head = self.tr("Suggested moves, best first, by their numbers in the list:")
        lines = [Text(head, style="bold")]
        for n, move in zip(numbers, moves, strict=True):
            line = Text(f"  {str(n).rjust(digits)}. ", style="cyan")
            line.append(move["text"][self.lang])
            if move["visits"]:
                n = move["visits"]
                samples = ngettext("({n} sample)", "({n} samples)", n, self.lang, n=n)
                line.append("  " + samples, style="dim")
            lines.append(line)
            why = move.get("why")
            if why:
                lines.append(Text("       " + self.tr("Why: ") + why[self.lang], style="green"))
            elif changes:
                for change in move["changes"]:
                    lines.append(Text("       · " + change["text"][self.lang], style="dim"))
        if moves[0]["close"]:
            lines.append(
                Text(
                    self.tr("Too close to call: the top moves cannot be told apart."),
                    style="italic",
                )
            )
        return lines

    def help_text(self) -> str:
        lines = [
            self.tr("Type the number of a move from the list, or the move in notation."),
            self.tr("'b' shows the board again, 'q' saves the game and quits."),
            self.tr("'m' shows every move in words when the list is shown in short."),
            self.tr("'h' (hint) shows the best moves a short search finds for you."),
        ]
        notation_help = render.notation_help(self.game.id, self.lang)
        if notation_help:
            lines.append(notation_help)
        return "\n".join(lines)

    def show_result(self) -> None:
        state = self.match.state
        self.console.rule()
        view = state.view(self.human)
        self.console.print(render.render_view(self.game.id, view, self.lang, self.seats))
        self.console.print(result_table(self.match, self.seats, self.lang))
        self.console.print(Text(winners_line(self.match, self.seats, self.lang), style="bold"))


def result_table(match: Match, seats: list[str], lang: str) -> Table:
    state = match.state
    winners = state.winners()
    table = Table(title=t("Final result", lang), title_justify="left", title_style="bold")
    table.add_column(t("Player", lang))
    table.add_column(render.score_label(match.game.id, lang), justify="right")
    table.add_column("")
    for seat, score in enumerate(state.scores()):
        shown = int(score) if float(score).is_integer() else score
        mark = t("winner", lang) if seat in winners else ""
        table.add_row(Text(render.seat_label(seat, lang, seats)), str(shown), mark)
    return table


def winners_line(match: Match, seats: list[str], lang: str) -> str:
    winners = match.state.winners()
    names = ", ".join(render.seat_label(w, lang, seats) for w in winners)
    if len(winners) == 1:
        return t("Winner: {names}", lang, names=names)
    return t("Shared win: {names}", lang, names=names)


# ---------------------------------------------------------------------- replay
def replay(
    record: GameRecord,
    seat: int | None = None,
    lang: str = "en",
    step: bool = True,
    console: Console | None = None,
    input_fn: InputFn | None = None,
) -> int:
    """Show a record move by move as ``seat`` (None = public) sees it; returns moves shown."""
    console = console or Console()
    input_fn = input_fn or echoing_input(console)
    game = get_game(record.game)
    seats = record.seats
    total = len(record.actions)
    shown = 0
    states = record.states()
    state, _, _ = next(states)
    who = render.seat_label(seat, lang, seats) if seat is not None else t("spectator", lang)
    console.print(
        Text(
            t(
                "Replay of {game}: {players} players, seed {seed}, {total} moves, seen by {who}",
                lang,
                game=game.name_zh if lang == "zh-TW" else game.name_en,
                players=record.players,
                seed=record.seed,
                total=total,
                who=who,
            ),
            style="bold",
        )
    )
    console.print(render.render_view(game.id, state.view(seat), lang, seats))
    for i in range(1, total + 1):
        if step:
            try:
                answer = input_fn(t("Enter = next move, q = quit: ", lang))
            except (EOFError, KeyboardInterrupt):
                break
            if answer.strip().lower() in QUIT_WORDS:
                break
        mover = state.to_move()
        text = record.actions[i - 1]
        try:  # another seat's private choice is shown as its public notation ("hide ?")
            public = state.public_notation(state.parse(text)) if mover != seat else text
        except BazaarError:
            public = text  # it does not replay: next() says why
        state, _, events = next(states)
        shown = i
        console.rule()
        console.print(
            Text(
                t(
                    "Move {i} of {total} · {who} · {move}",
                    lang,
                    i=i,
                    total=total,
                    who=render.seat_label(mover, lang, seats) if mover is not None else "?",
                    move=public,
                ),
                style="bold",
            )
        )
        for event in events:
            if event.visible_to(seat):
                console.print(Text(f"  • {game.describe_event(event, lang)}"))
        console.print(render.render_view(game.id, state.view(seat), lang, seats))
    if state.is_over():
        console.print(Text(winners_line(Match(game, state, record), seats, lang), style="bold"))
    return shown
