"""The ``bazaar`` command line: play, replay, rules, games and the JSON-lines engine.

Help texts follow the BAZAAR_LANG environment variable ("en" or "zh-TW"); the other
commands take ``--lang``.

``bazaar --help`` must stay fast: this module imports no game, bot, renderer or web module
at its top; each command imports what it needs, and ``play --help`` (which names every
game's options and notation) works its text out only when it is shown.
"""

from __future__ import annotations

import json
import secrets
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.padding import Padding
from rich.text import Text
from typer.core import TyperCommand

from bazaar.cli_common import (
    LangOption,
    app,
    console,
    err_console,
    fail,
    game_or_fail,
    h,
    lang_or_fail,
)
from bazaar.core.errors import BazaarError
from bazaar.core.registry import all_games, game_ids, game_parts, get_game
from bazaar.i18n import DEFAULT_LANG, LANGS, N_, ngettext, t
from bazaar.web.guard import CONNECTIONS_PER_ADDRESS, HEADER_TIMEOUT
from bazaar.web.outbox import SEND_TIMEOUT
from bazaar.web.ratelimit import (
    ANALYSES_PER_ADDRESS,
    ANALYSES_PER_TABLE,
    SOCKETS_PER_MINUTE,
    TABLES_PER_MINUTE,
)

if TYPE_CHECKING:
    from bazaar.bots.shapes import AnalysisReport, Decision
    from bazaar.core.game import Game


def _game_name(game: Game, lang: str) -> str:
    return game.name_zh if lang == "zh-TW" else game.name_en


def _loadable_games() -> list[Game]:
    """The registered games that import; help texts must not break on a half-written game."""
    games = []
    for game_id in game_ids():
        try:
            games.append(get_game(game_id))
        except Exception:  # any import error only hides that game from the help text
            continue
    return games


def _options_summary() -> str:
    parts = []
    for game in _loadable_games():
        names = ", ".join(o.name for o in game.option_specs) or "-"
        parts.append(f"{game.id}: {names}")
    return "; ".join(parts)


def _notation_summary() -> str:
    from bazaar.play import render

    parts = []
    for game in _loadable_games():
        examples = render.notation_examples(game.id)
        if examples:
            parts.append(f"{game.id}: {examples}")
    return "; ".join(parts)


def parse_options(items: list[str] | None, lang: str) -> dict[str, Any]:
    """``["name=value", ...]`` -> dict; values are JSON when they parse, else text."""
    options: dict[str, Any] = {}
    for item in items or []:
        name, sep, raw = item.partition("=")
        name = name.strip()
        if not sep or not name:
            fail(t("--option needs name=value, not {item!r}", lang, item=item), lang)
        raw = raw.strip()
        try:
            value = json.loads(raw)
        except ValueError:
            value = raw
        options[name] = value
    return options


def parse_seats(seats: str | None, players: int | None, game: Game, lang: str) -> list[str]:
    from bazaar.play.terminal import HUMAN

    if seats is None:
        n = players if players is not None else min(max(3, game.min_players), game.max_players)
        return [HUMAN] + ["random"] * (n - 1)
    specs = [s.strip().lower() for s in seats.split(",")]
    if any(not s for s in specs):
        fail(t("--seats has an empty entry: {seats!r}", lang, seats=seats), lang)
    if players is not None and players != len(specs):
        fail(
            t(
                "--players {players} does not match the {n} seats of --seats {seats}",
                lang,
                players=players,
                n=len(specs),
                seats=seats,
            ),
            lang,
        )
    if specs.count(HUMAN) > 1:
        fail(t("only one seat can be 'you'", lang), lang)
    return specs


#: The help text of ``play``; its fields are filled in by :func:`play_help`.
PLAY_HELP = h(
    "Play GAME in the terminal against bots, or watch bots play each other.\n\n"
    "Seats: --seats lists one entry per seat in turn order, separated by commas: "
    "'you' is you (at most one seat); the bots are 'random' (a legal move at random), "
    "'heuristic' (the game's own rules of thumb), 'ismcts' (a tree search, the same as "
    "ismcts:medium) and 'ismcts:easy', 'ismcts:medium', 'ismcts:hard' (longer searches; hard "
    "plays out with the heuristic) — all seat specs: {bots}. Without --seats you play seat 0 "
    "against random bots. --players sets the number of seats (default: the number of --seats, "
    "else 3). With no 'you' seat the game runs to the end by itself and prints the result. "
    "--jobs N lets each search use N processes.\n\n"
    "Options: --option name=value sets a rule option (repeat it for several); a value is "
    "read as JSON when it can be (true, false, numbers), else as text. Options: {options}. "
    "'bazaar games' lists their values and meaning.\n\n"
    "Moves: type the number of a move in the menu, or the move in notation ({notation}). "
    "'h' (or 'hint') shows the best moves a search finds for you (--hint-level easy, medium "
    "or hard), '?' shows help, 'b' the board, 'q' saves the game and quits.\n\n"
    "Languages: --lang en (English) or --lang zh-TW (Traditional Chinese); the BAZAAR_LANG "
    "environment variable sets the default, also for these help texts.\n\n"
    "The game record (JSON) is saved to --record FILE, or to records/GAME-SEED-TIME.json in "
    "the user data folder (the folder of the server's database). 'q' saves and quits; "
    "--resume FILE continues a saved game with the same seats, options and seed."
)


def play_help() -> str:
    """The whole help text of ``play``: it imports every game, bot and renderer to name them."""
    from bazaar.bots.registry import bot_names

    return PLAY_HELP.format(
        bots=", ".join(bot_names()), options=_options_summary(), notation=_notation_summary()
    )


class PlayCommand(TyperCommand):
    """``play``: the command list shows the first paragraph of :data:`PLAY_HELP` (it has no
    fields); ``play --help`` fills the fields in first."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self.help = play_help()
        super().format_help(ctx, formatter)


@app.command(cls=PlayCommand, help=PLAY_HELP)
def play(
    game: Annotated[str, typer.Argument(help=h("Game id, e.g. buy-low-sell-high."))],
    players: Annotated[
        int | None, typer.Option("--players", "-n", help=h("Number of seats."))
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(help=h("Seats in turn order, e.g. you,random,random.")),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help=h("Random seed (default: a new random one)."))
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help=h("Rule option name=value (repeatable).")),
    ] = None,
    lang: LangOption = DEFAULT_LANG,
    record: Annotated[
        Path | None, typer.Option(help=h("Where to save the game record (JSON)."))
    ] = None,
    verbose: Annotated[
        bool,
        typer.Option("--verbose", "-v", help=h("Show every move of a game without you.")),
    ] = False,
    hint_level: Annotated[
        str, typer.Option(help=h("Search level of the 'h' hints: easy, medium or hard."))
    ] = "medium",
    jobs: Annotated[int, typer.Option(min=1, help=h("Processes each ISMCTS search may use."))] = 1,
    resume: Annotated[
        Path | None,
        typer.Option(help=h("Continue the saved game in this record (its seats, options, seed).")),
    ] = None,
) -> None:
    from bazaar.bots.levels import level_settings
    from bazaar.bots.registry import make_bot
    from bazaar.core.record import Match
    from bazaar.core.rng import Rng
    from bazaar.play.terminal import HUMAN, TerminalGame

    lang = lang_or_fail(lang)
    the_game = game_or_fail(game, lang)
    try:
        level_settings(hint_level)
    except BazaarError as exc:
        fail(exc.text(lang), lang)
    if resume is not None:
        if seats is not None or players is not None or seed is not None or option:
            fail(t("--resume takes the seats, players, seed and options from the record", lang))
        match = resumed_match(resume, the_game, lang)
        seat_specs, seed = match.record.seats, match.record.seed
        record = record or resume
    else:
        seat_specs = parse_seats(seats, players, the_game, lang)
        options = parse_options(option, lang)
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        try:
            match = Match.new(the_game, len(seat_specs), seed, options, seat_specs)
        except BazaarError as exc:
            fail(exc.text(lang), lang)
    try:
        bot_rng = Rng(seed ^ 0xB075)  # bots get seeds of their own, derived from the game's
        bots = {
            i: make_bot(spec, bot_rng.next64(), jobs, the_game.id)
            for i, spec in enumerate(seat_specs)
            if spec != HUMAN
        }
    except BazaarError as exc:
        fail(exc.text(lang), lang)
    console.print(
        Text(
            t(
                "{game} · {players} players · seed {seed}",
                lang,
                game=_game_name(the_game, lang),
                players=len(seat_specs),
                seed=seed,
            ),
            style="bold",
        )
    )
    if resume is not None:
        console.print(
            t("Continuing the saved game after {n} moves.", lang, n=len(match.record.actions))
        )
    runner = TerminalGame(
        match,
        seat_specs,
        bots,
        lang,
        console,
        verbose=verbose,
        hint_level=hint_level.strip().lower(),
        jobs=jobs,
    )
    run_and_save(runner, match, record, lang, console)


def run_and_save(runner: Any, match: Any, record: Path | None, lang: str, console: Any) -> None:
    """Play a terminal game to its end (or until it is stopped), save its record and say where,
    with the command that continues a stopped game."""
    from bazaar.play.terminal import default_record_path, save_record

    try:
        finished = runner.run()
    except KeyboardInterrupt:
        finished = False
    path = save_record(match.record, record or default_record_path(match.record))
    if finished:
        console.print(Text(t("Game record saved to {path}", lang, path=str(path))), soft_wrap=True)
        return
    console.print(
        t(
            "Game stopped after {n} moves; record saved to {path}",
            lang,
            n=len(match.record.actions),
            path=str(path),
        ),
        soft_wrap=True,
        markup=False,
    )
    command = resume_command(match.record.game, path)
    text = t("Continue it with: {command}", lang, command=command)
    console.print(text, soft_wrap=True, markup=False)


def read_record(path: Path, lang: str) -> Any:
    """The game record at ``path``; on any bad file, one sentence and exit 2."""
    from bazaar.core.record import GameRecord

    try:
        return GameRecord.load(path)
    except BazaarError as exc:
        fail(exc.text(lang), lang)


def resume_command(game_id: str, path: Path) -> str:
    """The command line that continues the game saved at ``path``."""
    import shlex

    return f"bazaar play {game_id} --resume {shlex.quote(str(path))}"


def resumed_match(path: Path, game: Game, lang: str) -> Any:
    """The :class:`Match` of the record at ``path``, replayed up to its last move; refuses a
    record that does not load or replay, one of another game, a finished game, or one that
    does not say who sits where."""
    from bazaar.core.record import GameRecord, Match

    def refuse(exc: BazaarError) -> NoReturn:
        if exc.translated or lang == "en":
            reason = exc.text(lang)
        else:  # the details of a broken record are in English only: say it in words instead
            reason = t("it is not a game record that replays", lang)
        fail(t("cannot resume {path}: {reason}", lang, path=str(path), reason=reason), lang)

    try:
        record = GameRecord.load(path)
    except BazaarError as exc:
        refuse(exc)
    if record.game != game.id:
        other = (
            _game_name(get_game(record.game), lang) if record.game in game_ids() else record.game
        )
        fail(
            t(
                "{path} is a game of {other}, not of {game}",
                lang,
                path=str(path),
                other=other,
                game=_game_name(game, lang),
            ),
            lang,
        )
    if len(record.seats) != record.players:
        fail(t("{path} does not say who sits in each seat", lang, path=str(path)), lang)
    try:
        match = Match.from_record(record)
    except BazaarError as exc:
        refuse(exc)
    if match.state.is_over():
        fail(
            t(
                "the game in {path} is over; watch it with: bazaar replay {path}",
                lang,
                path=str(path),
            ),
            lang,
        )
    return match


@app.command(
    "replay",
    help=h(
        "Step through a saved game record: Enter shows the next move, 'q' stops; --all "
        "prints every move at once. --seat K shows what seat K saw (its hand included); "
        "without it, only public information is shown."
    ),
)
def replay_cmd(
    file: Annotated[Path, typer.Argument(help=h("A game record (JSON)."))],
    seat: Annotated[int | None, typer.Option(help=h("Show the game as this seat saw it."))] = None,
    lang: LangOption = DEFAULT_LANG,
    step: Annotated[
        bool, typer.Option("--step/--all", help=h("One move per Enter, or all at once."))
    ] = True,
) -> None:
    from bazaar.core.record import GameRecord
    from bazaar.play.terminal import replay

    lang = lang_or_fail(lang)
    try:
        rec = GameRecord.load(file)
        get_game(rec.game)
    except BazaarError as exc:
        fail(exc.text(lang), lang)
    if seat is not None and not 0 <= seat < rec.players:
        fail(t("--seat must be from 0 to {last}", lang, last=rec.players - 1), lang)
    try:
        replay(rec, seat, lang, step, console)
    except BazaarError as exc:
        fail(exc.text(lang), lang)
    except KeyboardInterrupt:
        raise typer.Exit(130) from None


ANALYSE_HELP = h(
    "Analyse the decisions of one seat in a saved game record: for each move where that seat "
    "had a choice, the estimator (the learned value model, over what the seat could see "
    "then: the numbers its hints gave) weighs the best move and the move played. The table "
    "lists the biggest mistakes first; 'loss' is how much win chance the played move gave "
    "away. --level easy (the default, quick), medium or hard sets how many samples of the "
    "hidden cards each move is weighed over; --samples N sets it exactly. --top N shows only "
    "the N biggest mistakes; --json prints a JSON list of objects (index, played, best, loss, "
    "win_played, win_best, ...). The turning points follow the table: the moves where some "
    "seat's win chance (as that seat saw it) changed most. --html FILE writes the analysis "
    "as a page: every seat's win chance over the game as a graph, the turning points and the "
    "mistakes with the better move."
)


def _analysis_table(entries: list[Decision], title: str, lang: str) -> Any:
    from rich.table import Table

    table = Table(title=title, title_justify="left", title_style="bold")
    table.add_column(t("Move", lang), justify="right")
    table.add_column(t("Played", lang))
    table.add_column(t("Best", lang))
    table.add_column(t("Loss", lang), justify="right")
    table.add_column(t("Win % played", lang), justify="right")
    table.add_column(t("Win % best", lang), justify="right")
    for e in entries:
        loss = round(100 * e["loss"])
        table.add_row(
            str(e["index"]),
            Text(e["played"]),
            Text(e["best"], style="" if e["best"] == e["played"] else "bold"),
            Text(f"{loss}%", style="red" if loss >= 10 else ""),
            f"{round(100 * e['win_played'])}%",
            f"{round(100 * e['win_best'])}%",
        )
    return table


@app.command("analyse", help=ANALYSE_HELP)
def analyse_cmd(
    file: Annotated[Path, typer.Argument(help=h("A game record (JSON)."))],
    seat: Annotated[int, typer.Option(help=h("The seat whose moves are analysed."))],
    level: Annotated[str, typer.Option(help=h("Search level: easy, medium or hard."))] = "easy",
    top: Annotated[
        int | None, typer.Option(min=1, help=h("Show only the N biggest mistakes."))
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=h("Print the analysis as JSON."))] = False,
    samples: Annotated[
        int | None,
        typer.Option(
            min=1,
            help=h("Weigh each move over N samples of the hidden cards (overrides the level)."),
        ),
    ] = None,
    html: Annotated[
        Path | None, typer.Option(help=h("Also write the analysis as an HTML page to FILE."))
    ] = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from bazaar.bots.advice import analyse_record, level_label
    from bazaar.bots.analysis import analyse_game
    from bazaar.bots.levels import level_settings
    from bazaar.core.record import GameRecord
    from bazaar.play import render

    lang = lang_or_fail(lang)
    try:
        rec = GameRecord.load(file)
        get_game(rec.game)
        settings = level_settings(level, rec.game)
    except BazaarError as exc:
        fail(exc.text(lang), lang)
    if not 0 <= seat < rec.players:
        fail(t("--seat must be from 0 to {last}", lang, last=rec.players - 1), lang)
    the_level: Any = level.strip().lower()
    if samples is not None:
        the_level = {**settings, "samples": samples}
    columns = (
        "{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    try:
        with Progress(*columns, console=err_console, transient=True) as bar:
            task = bar.add_task(t("Analysing", lang), total=None)

            def progress(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            report: AnalysisReport | None = None
            if as_json and html is None:
                entries = analyse_record(rec, seat, the_level, progress)
            else:
                report = analyse_game(rec, seat, the_level, progress=progress)
                entries = report["decisions"]
    except BazaarError as exc:
        fail(exc.text(lang), lang)
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    shown = entries[:top] if top else entries
    who = render.seat_label(seat, lang, rec.seats)
    names = [render.seat_label(s, lang, rec.seats) for s in range(rec.players)]
    if html is not None:
        from bazaar.play.analysis_page import analysis_page

        assert report is not None  # a page asked for: the whole analysis was made
        try:
            html.write_text(analysis_page(rec, report, names, lang), encoding="utf-8")
        except OSError as exc:
            fail(t("cannot write {path}: {error}", lang, path=str(html), error=exc.strerror), lang)
        err_console.print(Text(t("Wrote the analysis page {path}", lang, path=str(html))))
    if as_json:
        typer.echo(json.dumps(shown, ensure_ascii=False, indent=1))
        return
    if not entries:
        console.print(Text(t("{who} had no decisions to analyse.", lang, who=who)))
        _print_turning_points(report, names, lang)
        return
    title = t(
        "Analysis of {who} · {n} decisions · level {level}",
        lang,
        who=who,
        n=len(entries),
        level=level_label(level, lang)
        + (
            ""
            if samples is None
            else " " + ngettext("({n} sample)", "({n} samples)", samples, lang, n=samples)
        ),
    )
    console.print(_analysis_table(shown, title, lang))
    average = 100 * sum(e["loss"] for e in entries) / len(entries)
    console.print(
        Text(
            t(
                "Average loss: {average} percentage points of win chance per decision.",
                lang,
                average=f"{average:.1f}",
            )
        )
    )
    _print_turning_points(report, names, lang)


def _print_turning_points(report: AnalysisReport | None, names: list[str], lang: str) -> None:
    """The turning points of the win curve, each with its moves in words."""
    from bazaar.play.analysis_page import turn_heading

    turns = report["turning_points"] if report else []
    console.print(Text(t("Turning points:", lang), style="bold"))
    if not turns:
        console.print(Text("  " + t("No big swings: the game stayed close.", lang)))
    for tp in turns:
        head = turn_heading(tp, names, lang)
        console.print(Text(f"  {head}"))
        for m in tp["moves"]:
            if m["seat"] is not None:
                move = t("{name}: {move}", lang, name=names[m["seat"]], move=m["text"][lang])
                console.print(Text(f"    {move}"))


VERIFY_HELP = h(
    "Verify a game record from a web table: replay it (every move must be legal and the game "
    "over), compare the final scores if the record has them, check that SHA-256 of its deal "
    "(game, players, options, seed, salt, who chose the seed) is its commitment, with "
    "--commitment HEX that this is the commitment the table showed, and with --digest HEX that "
    "its moves and final scores give the game digest the table page showed at the end. Exit "
    "status: 0 verified, "
    "1 a check failed, the game is incomplete, or the deal cannot be proven or was not "
    "compared with the table, 2 the record cannot be read."
)
#: How each finding of ``bazaar verify`` is marked.
VERIFY_MARKS = {
    "passed": ("✓", "green"),
    "failed": ("✗", "bold red"),
    "incomplete": ("…", "bold yellow"),
    "unproven": ("?", "yellow"),
    "unchecked": ("?", "yellow"),
    "note": ("·", "cyan"),
}
EXIT_FAILED = 1


@app.command("verify", help=VERIFY_HELP)
def verify_cmd(
    file: Annotated[Path, typer.Argument(help=h("A game record (JSON)."))],
    commitment: Annotated[
        str | None,
        typer.Option(help=h("The commitment the table showed (64 hex digits), to compare with.")),
    ] = None,
    digest: Annotated[
        str | None,
        typer.Option(
            help=h(
                "The game digest the table page showed once the game was over (64 hex digits): "
                "checks the moves and the final scores too."
            )
        ),
    ] = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    from bazaar.play.verify import verify_record
    from bazaar.play.verify_words import table_hex, verdict_words

    lang = lang_or_fail(lang)
    try:
        table = table_hex(commitment, "commitment")
        shown_digest = table_hex(digest, "digest")
    except BazaarError as exc:
        fail(exc.text(lang), lang)
    rec = read_record(file, lang)
    the_game = game_or_fail(rec.game, lang)
    console.print(
        Text(
            t(
                "{game} · {players} players · seed {seed} · {n} moves",
                lang,
                game=_game_name(the_game, lang),
                players=rec.players,
                seed=rec.seed,
                n=len(rec.actions),
            ),
            style="bold",
        ),
        soft_wrap=True,
    )
    findings = verify_record(rec, table, shown_digest)
    for finding in findings:
        mark, style = VERIFY_MARKS[finding.outcome.value]
        line = Text(mark + " ", style=style)
        line.append(t(finding.message, lang, **finding.fields))
        console.print(line, soft_wrap=True)
    words, style, code = verdict_words(findings, lang)
    console.print(Text(words, style=style), soft_wrap=True)
    if code:
        raise typer.Exit(code)


@app.command(
    help=h(
        "Print the players' rulebook of GAME (80 columns); --spec prints the full rules "
        "specification instead."
    )
)
def rules(
    game: Annotated[str, typer.Argument(help=h("Game id, e.g. buy-low-sell-high."))],
    lang: LangOption = DEFAULT_LANG,
    spec: Annotated[
        bool, typer.Option("--spec", help=h("The full rules specification, with its notes."))
    ] = False,
    section: Annotated[
        str | None, typer.Option("--section", help=h("Only this section of the rulebook."))
    ] = None,
) -> None:
    lang = lang_or_fail(lang)
    the_game = game_or_fail(game, lang)
    if not spec:
        from bazaar.core.rulebook import NO_RULEBOOK, RulebookError, find_rulebook
        from bazaar.play.rulebook_text import rulebook_text

        book = find_rulebook(the_game.id)
        if book is not None or section is not None:
            try:
                if book is None:
                    raise RulebookError.of(NO_RULEBOOK, game=the_game.id)
                typer.echo(rulebook_text(book, lang, section), nl=False)
            except RulebookError as exc:
                fail(exc.text(lang), lang)
            return
    parts = game_parts(the_game.id)
    name = parts.files.rules_text(lang)
    path = resources.files(parts.package).joinpath(name) if parts.package and name else None
    if path is None or not path.is_file():
        words = t("there is no {lang} rules text for {game}", lang)  # {lang} is a field too
        fail(words.format(lang=lang, game=game), lang)
    from rich.markdown import Markdown

    console.print(Markdown(path.read_text(encoding="utf-8")))


PUZZLE_HELP = h(
    "Solve 'what would you do?' puzzles: positions from bot games where one move is clearly "
    "best. 'bazaar puzzle GAME' plays the shipped set (--difficulty easy, medium or hard plays "
    "only those; --number N starts at puzzle N); a wrong move may be tried again, 'a' shows "
    "the answer. 'bazaar puzzle --file F' plays a file of puzzles; 'bazaar puzzle make RECORD "
    "--seat K --out F' finds puzzles at seat K's decisions in a saved game record (a "
    "teacher's set)."
)


@app.command("puzzle", help=PUZZLE_HELP)
def puzzle_cmd(
    game: Annotated[
        str | None, typer.Argument(help=h("Game id, or 'make' to make puzzles from a record."))
    ] = None,
    record: Annotated[
        Path | None, typer.Argument(help=h("With 'make': a game record (JSON)."))
    ] = None,
    number: Annotated[int, typer.Option(help=h("Start at puzzle N (from 1)."))] = 1,
    difficulty: Annotated[
        str | None,
        typer.Option(help=h("Only the puzzles of this difficulty: easy, medium or hard.")),
    ] = None,
    file: Annotated[Path | None, typer.Option(help=h("Play the puzzles of this file."))] = None,
    seat: Annotated[
        int | None, typer.Option(help=h("With 'make': the seat whose decisions are used."))
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help=h("With 'make': the file to write the puzzles to."))
    ] = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    from bazaar.bots import puzzles as pz
    from bazaar.play.puzzle import play_puzzles
    from bazaar.play.terminal import echoing_input

    lang = lang_or_fail(lang)
    if game == "make":
        _make_puzzles(record, seat, out, lang)
        return
    try:
        if file is not None:
            found = pz.load_file(file)
            if not found:
                raise pz.PuzzleError.of(
                    N_("puzzles {path}: the file holds no puzzles"), path=repr(str(file))
                )
            game_id = found[0].game
        elif game is None:
            fail(t("name a game, or give --file", lang), lang)
        else:
            game_id = game_or_fail(game, lang).id
            found = pz.shipped(game_id)
        found = pz.of_difficulty(found, difficulty)
        pz.pick(found, number, game_id)
        for p in found:
            p.position()
    except BazaarError as exc:
        fail(exc.text(lang), lang)
    try:
        play_puzzles(found, number, lang, console, echoing_input(console))
    except KeyboardInterrupt:
        raise typer.Exit(130) from None


def _make_puzzles(record: Path | None, seat: int | None, out: Path | None, lang: str) -> None:
    """``bazaar puzzle make RECORD --seat K --out F``."""
    from bazaar.bots import puzzles as pz
    from bazaar.bots.puzzle_find import find_puzzles
    from bazaar.core.record import GameRecord

    if record is None or seat is None or out is None:
        fail(t("'puzzle make' needs a RECORD, --seat K and --out FILE", lang), lang)
    try:
        rec = GameRecord.load(record)
        get_game(rec.game)
    except BazaarError as exc:
        fail(exc.text(lang), lang)
    if not 0 <= seat < rec.players:
        fail(t("--seat must be from 0 to {last}", lang, last=rec.players - 1), lang)
    try:
        rec.replay()
        source = {"kind": "record", "file": record.name, "seat": seat}
        found = find_puzzles(rec, [seat], source=source)
    except BazaarError as exc:
        fail(exc.text(lang), lang)
    pz.save_file(out, found)
    words = ngettext(
        "{n} puzzle written to {file}.",
        "{n} puzzles written to {file}.",
        len(found),
        lang,
        n=len(found),
        file=str(out),
    )
    console.print(Text(words), soft_wrap=True)


@app.command(
    "learn",
    help=h(
        "A guided first game of GAME: a fixed deal against gentle bots; before each of your "
        "decisions the guide explains it and suggests a move (s plays it, g leaves the guide, "
        "q quits)."
    ),
)
def learn(
    game: Annotated[str, typer.Argument(help=h("Game id, e.g. buy-low-sell-high."))],
    lang: LangOption = DEFAULT_LANG,
    record: Annotated[
        Path | None, typer.Option(help=h("Where to save the game record (JSON)."))
    ] = None,
) -> None:
    from bazaar.bots.guide import game_guide
    from bazaar.bots.registry import make_bot
    from bazaar.core.record import Match
    from bazaar.core.rng import Rng
    from bazaar.play.guided import GuidedGame, learn_line
    from bazaar.play.terminal import HUMAN

    lang = lang_or_fail(lang)
    the_game = game_or_fail(game, lang)
    guide = game_guide(the_game.id)
    if guide is None:
        fail(t("{game} has no guided game yet", lang, game=_game_name(the_game, lang)), lang)
    seat_specs = [HUMAN] + [guide.bot] * (guide.players - 1)
    match = Match.new(the_game, guide.players, guide.seed, {}, seat_specs)
    bot_rng = Rng(guide.seed ^ 0xB075)
    bots = {
        i: make_bot(spec, bot_rng.next64(), 1, the_game.id)
        for i, spec in enumerate(seat_specs)
        if spec != HUMAN
    }
    console.print(Text(_game_name(the_game, lang), style="bold"))
    console.print(Text(learn_line(lang)))
    runner = GuidedGame(match, seat_specs, bots, lang, console)
    run_and_save(runner, match, record, lang, console)


@app.command(help=h("List the games with their player counts and rule options."))
def games(
    lang: LangOption = DEFAULT_LANG,
) -> None:
    lang = lang_or_fail(lang)
    for game in all_games():
        console.print(
            Text(
                t(
                    "{id} — {name}, {lo}–{hi} players",
                    lang,
                    id=game.id,
                    name=_game_name(game, lang),
                    lo=game.min_players,
                    hi=game.max_players,
                ),
                style="bold",
            )
        )
        for o in game.option_specs:
            line = Text("  ")
            line.append(o.name, style="bold cyan")
            line.append(" = " + json.dumps(o.default))
            line.append(
                "   "
                + t("values: {values}", lang, values=", ".join(json.dumps(c) for c in o.choices)),
                style="dim",
            )
            console.print(line)
            meaning = o.help_zh if lang == "zh-TW" else o.help_en
            console.print(Padding(Text(meaning), (0, 0, 0, 6)))
        console.print()


@app.command(
    help=h(
        "Run the JSON-lines engine: one request per line on stdin, one answer per line on stdout."
    )
)
def engine() -> None:
    from bazaar.interop.engine import main as engine_main

    engine_main()


def check_serve_settings(settings: Any, processes: int) -> None:
    """Refuse settings ``bazaar serve`` cannot run with, naming the option."""
    from bazaar.web.mail import BadSmtpUrl, SmtpServer

    if processes > 1 and not settings.db_url.startswith(("postgresql", "postgres")):
        raise typer.BadParameter(
            h("several processes share one PostgreSQL database (--db postgresql://...)"),
            param_hint="--processes",
        )
    if settings.smtp_url:
        try:
            SmtpServer.parse(settings.smtp_url)
        except BadSmtpUrl as exc:
            raise typer.BadParameter(str(exc), param_hint="--smtp-url") from exc


@app.command(
    help=h(
        "Serve the web app (lobby at http://HOST:PORT/, API docs at /docs) on an SQLite file in "
        "your data folder, or on the database at --db."
    ),
    epilog=h(
        "Every option can also be set by an environment variable BAZAAR_<OPTION>, such as "
        "BAZAAR_BOT_DELAY for --bot-delay; the command line wins."
    ),
)
def serve(
    host: Annotated[
        str, typer.Option(envvar="BAZAAR_HOST", help=h("Address to listen on."))
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(envvar="BAZAAR_PORT", help=h("Port to listen on."))] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            envvar="BAZAAR_DB",
            help=h("Database URL: sqlite:///path/file.db or postgresql://user@host/db."),
        ),
    ] = None,
    bot_delay: Annotated[
        float,
        typer.Option(
            envvar="BAZAAR_BOT_DELAY",
            help=h("Seconds a bot waits before it moves (so people can follow)."),
        ),
    ] = 1.0,
    workers: Annotated[
        int, typer.Option(envvar="BAZAAR_WORKERS", help=h("Processes for the bots' moves."))
    ] = 1,
    advice_workers: Annotated[
        int,
        typer.Option(
            envvar="BAZAAR_ADVICE_WORKERS",
            min=1,
            help=h("Processes for hints and analyses (at the lowest CPU priority, after bots)."),
        ),
    ] = 1,
    advice_jobs: Annotated[
        int,
        typer.Option(
            envvar="BAZAAR_ADVICE_JOBS",
            min=1,
            help=h(
                "Most hints, guide steps and table puzzles worked out or waiting at once; more "
                "are refused (analyses are bounded by --analysis-per-address and "
                "--analysis-per-table)."
            ),
        ),
    ] = 8,
    rate_limit_tables: Annotated[
        float,
        typer.Option(
            envvar="BAZAAR_RATE_LIMIT_TABLES",
            help=h("Tables one client address may create per minute (0 = no limit)."),
        ),
    ] = TABLES_PER_MINUTE,
    rate_limit_sockets: Annotated[
        float,
        typer.Option(
            envvar="BAZAAR_RATE_LIMIT_SOCKETS",
            help=h("WebSocket connections one client address may open per minute (0 = no limit)."),
        ),
    ] = SOCKETS_PER_MINUTE,
    timer_minute: Annotated[
        float, typer.Option(hidden=True, help="Seconds in one turn-timer minute (for tests).")
    ] = 60.0,
    send_timeout: Annotated[
        float,
        typer.Option(hidden=True, help="Seconds one WebSocket message may take (for tests)."),
    ] = SEND_TIMEOUT,
    analysis_samples: Annotated[
        int | None,
        typer.Option(hidden=True, help="Samples per move of an analysis (for tests)."),
    ] = None,
    hint_level: Annotated[
        str, typer.Option(hidden=True, help="Search level of the hints (for tests).")
    ] = "medium",
    idle_seconds: Annotated[
        float,
        typer.Option(
            envvar="BAZAAR_IDLE_SECONDS",
            min=1.0,
            help=h(
                "Seconds a table nobody has open (and no bot is thinking at) stays in memory "
                "after its last use; it comes back from the database when asked for."
            ),
        ),
    ] = 30.0,
    analysis_per_address: Annotated[
        int,
        typer.Option(
            envvar="BAZAAR_ANALYSIS_PER_ADDRESS",
            min=0,
            help=h(
                "Post-game analyses one client address may have worked out at once; one more "
                "is refused with a time to ask again (0 = no limit)."
            ),
        ),
    ] = ANALYSES_PER_ADDRESS,
    analysis_per_table: Annotated[
        int,
        typer.Option(
            envvar="BAZAAR_ANALYSIS_PER_TABLE",
            min=0,
            help=h(
                "Post-game analyses of one table worked out at once (0 = no limit); hints "
                "always go before analyses."
            ),
        ),
    ] = ANALYSES_PER_TABLE,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            envvar="BAZAAR_FORWARDED_ALLOW_IPS",
            help=h(
                "Addresses of the reverse proxies whose X-Forwarded-For and "
                "X-Forwarded-Proto headers are believed (comma-separated, * for any); by "
                "default none, so every limit counts the address that connects."
            ),
        ),
    ] = "",
    allowed_origins: Annotated[
        str,
        typer.Option(
            envvar="BAZAAR_ALLOWED_ORIGINS",
            help=h(
                "Other sites whose pages may open a table's WebSocket (comma-separated "
                "origins such as https://school.example, * for any); by default only the "
                "server's own pages."
            ),
        ),
    ] = "",
    header_timeout: Annotated[
        float,
        typer.Option(
            envvar="BAZAAR_HEADER_TIMEOUT",
            min=0.0,
            help=h(
                "Seconds a client has to send a request's headers; a connection that takes "
                "longer is closed (0 = no limit)."
            ),
        ),
    ] = HEADER_TIMEOUT,
    connections_per_address: Annotated[
        int,
        typer.Option(
            envvar="BAZAAR_CONNECTIONS_PER_ADDRESS",
            min=0,
            help=h(
                "Connections one client address may hold open at once (HTTP and WebSocket); "
                "one more is refused with 503 at once (0 = no limit)."
            ),
        ),
    ] = CONNECTIONS_PER_ADDRESS,
    public_url: Annotated[
        str,
        typer.Option(
            envvar="BAZAAR_PUBLIC_URL",
            help=h(
                "The address people reach this server at (https://games.school.example), for "
                "the links in e-mails; by default http://HOST:PORT."
            ),
        ),
    ] = "",
    smtp_url: Annotated[
        str,
        typer.Option(
            envvar="BAZAAR_SMTP_URL",
            help=h(
                "The SMTP server for turn e-mails: smtp://HOST:PORT, "
                "smtp+starttls://USER:PASSWORD@HOST:587 or smtps://USER:PASSWORD@HOST:465 "
                "(empty: no e-mail)."
            ),
        ),
    ] = "",
    mail_from: Annotated[
        str, typer.Option(envvar="BAZAAR_MAIL_FROM", help=h("The sender address of e-mails."))
    ] = "bazaar@localhost",
    vapid_key: Annotated[
        str,
        typer.Option(
            envvar="BAZAAR_VAPID_KEY",
            help=h(
                "The VAPID private key for Web Push turn notices: a PEM file (vapid --gen) "
                "or the key itself (empty: no Web Push)."
            ),
        ),
    ] = "",
    vapid_subject: Annotated[
        str,
        typer.Option(
            envvar="BAZAAR_VAPID_SUBJECT",
            help=h("The contact address push services are given (mailto: or https:)."),
        ),
    ] = "mailto:bazaar@localhost",
    allow_outside_bots: Annotated[
        bool,
        typer.Option(
            "--allow-outside-bots",
            envvar="BAZAAR_ALLOW_OUTSIDE_BOTS",
            help=h(
                "Let a table's bot seat name an outside agent (module:Class, "
                "openspiel:module:Name, engine:COMMAND): it runs code and programs of this "
                "machine, so allow it only where every table's creator is trusted."
            ),
        ),
    ] = False,
    processes: Annotated[
        int,
        typer.Option(
            envvar="BAZAAR_PROCESSES",
            min=1,
            help=h(
                "Server processes on one address, all on the same PostgreSQL database (--db "
                "postgresql://...); each has its own --workers."
            ),
        ),
    ] = 1,
    fd: Annotated[
        int | None,
        typer.Option(hidden=True, help="Serve on this inherited listening socket (--processes)."),
    ] = None,
) -> None:
    import uvicorn

    from bazaar.web.app import MAX_MESSAGE, create_app
    from bazaar.web.guard import Guard, guarded_protocols
    from bazaar.web.origins import parse_origins
    from bazaar.web.settings import WebSettings
    from bazaar.web.store import default_db_url

    settings = WebSettings(
        db_url=db or default_db_url(),
        bot_delay=bot_delay,
        workers=workers,
        hint_level=hint_level,
        analysis_level="easy" if analysis_samples is None else {"samples": analysis_samples},
        advice_workers=advice_workers,
        advice_jobs=advice_jobs,
        analyses_per_address=analysis_per_address,
        analyses_per_table=analysis_per_table,
        rate_limit_tables=rate_limit_tables,
        rate_limit_sockets=rate_limit_sockets,
        connections_per_address=connections_per_address,
        allowed_origins=parse_origins(allowed_origins),
        forwarded_allow_ips=forwarded_allow_ips,
        header_timeout=header_timeout,
        timer_minute=timer_minute,
        idle_seconds=idle_seconds,
        send_timeout=send_timeout,
        public_url=public_url or f"http://{host}:{port}",
        smtp_url=smtp_url,
        mail_from=mail_from,
        vapid_key=vapid_key,
        vapid_subject=vapid_subject,
        allow_outside_bots=allow_outside_bots,
    )
    url = settings.db_url
    check_serve_settings(settings, processes)
    if fd is None:
        console.print(
            h("Bazaar is at http://{host}:{port}/ (database: {db})", host=host, port=port, db=url),
            soft_wrap=True,
        )
    if processes > 1 and fd is None:
        from bazaar.web.processes import supervise

        raise typer.Exit(supervise(processes, host, port))
    guard = Guard(settings.header_timeout, settings.connections_per_address)
    http_protocol, ws_protocol = guarded_protocols(guard)
    where: dict[str, Any] = {"fd": fd} if fd is not None else {"host": host, "port": port}
    uvicorn.run(
        create_app(settings),
        **where,
        http=http_protocol,  # the header timeout and the per-address cap (bazaar/web/guard.py)
        ws=ws_protocol,
        log_level="warning",
        ws_max_size=MAX_MESSAGE,  # a bigger message: close code 1009 (docs/web.md)
        ws_per_message_deflate=False,
        # uvicorn would believe 127.0.0.1 by default
        proxy_headers=bool(settings.forwarded_allow_ips),
        forwarded_allow_ips=settings.forwarded_allow_ips or None,
    )


import bazaar.cli_sim  # noqa: E402, F401  (registers simulate, sweep and ladder on ``app``)


def main() -> None:
    app(prog_name="bazaar")


__all__ = ["LANGS", "app", "main"]

if __name__ == "__main__":
    # ``python -m bazaar.cli``: run the module ``bazaar.cli``, on whose app ``cli_sim`` registers
    from bazaar.cli import main as module_main

    module_main()
