"""``bazaar simulate``, ``bazaar sweep`` and ``bazaar ladder`` (docs/simulation.md).

Registered on the ``bazaar`` app by :mod:`bazaar.cli`; like it, this module imports no game,
bot or simulation module at its top, so ``bazaar --help`` stays fast.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from bazaar.cli_common import (
    DEFAULT_LANG,
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
from bazaar.i18n import N_, t

SeatsOption = Annotated[
    str,
    typer.Option(
        help=h(
            "Agents, one per seat, separated by commas: random, heuristic, ismcts:easy, "
            "ismcts:medium, ismcts:hard (ismcts:LEVEL@N searches N iterations). With fewer "
            "agents than players the last one fills the other seats. Seats are rotated from "
            "game to game so that every agent sits in every seat equally often."
        )
    ),
]
PlayersOption = Annotated[
    int | None, typer.Option(help=h("Players per game (default: the number of agents)."))
]
GamesOption = Annotated[int, typer.Option(min=1, help=h("Games to play (per value or pair)."))]
OptionOption = Annotated[
    list[str] | None, typer.Option("--option", help=h("A rule option name=value (repeatable)."))
]
SeedOption = Annotated[
    int, typer.Option(help=h("Seed of the whole simulation: the same seed, the same games."))
]
JobsOption = Annotated[int, typer.Option(min=1, help=h("Processes (or Ray workers) to use."))]
FormatOption = Annotated[
    str, typer.Option("--format", help=h("Rows file format: csv or parquet (needs pyarrow)."))
]
BackendOption = Annotated[
    str, typer.Option(help=h("Where games are played: local (processes) or ray."))
]
AddressOption = Annotated[
    str | None,
    typer.Option(help=h("With --backend ray: the cluster's address (default: a local Ray).")),
]
ReportOption = Annotated[
    Path | None,
    typer.Option(help=h("Also write a self-contained HTML report (and its PNG charts) here.")),
]
QuietOption = Annotated[bool, typer.Option(help=h("No progress bar and no summary table."))]


#: a repeatable name=value flag's refusals: not name=value, and a name given twice
FLAG_TEXTS = {
    "--option": (
        N_("--option needs name=value, not {item!r}"),
        N_(
            "--option {name} is given twice: give its values once, separated by commas "
            "({name}=v1,v2)"
        ),
    ),
    "--agent-param": (
        N_("--agent-param needs name=value, not {item!r}"),
        N_(
            "--agent-param {name} is given twice: give its values once, separated by commas "
            "({name}=v1,v2)"
        ),
    ),
}


def raw_options(items: list[str] | None, lang: str, flag: str = "--option") -> dict[str, str]:
    """``["name=value", ...]`` -> ``{name: raw text}`` (values not read yet)."""
    not_pair, twice = FLAG_TEXTS[flag]
    found: dict[str, str] = {}
    for item in items or []:
        name, sep, raw = item.partition("=")
        if not sep or not name.strip():
            fail(t(not_pair, lang, item=item), lang)
        if name.strip() in found:
            fail(t(twice, lang, name=name.strip()), lang)
        found[name.strip()] = raw.strip()
    return found


def read_value(raw: str) -> Any:
    """An option value as typed: JSON when it parses (true, 3), else text."""
    try:
        return json.loads(raw)
    except ValueError:
        return raw


@contextmanager
def progress_bar(quiet: bool, lang: str) -> Iterator[Callable[[int, int], None]]:
    """A live bar with games done, games per second and the time left (on stderr)."""
    if quiet:
        yield lambda done, total: None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn(t("games", lang)),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn(t("left", lang)),
        TimeRemainingColumn(),
    )
    # no refresh thread: the bar is drawn when games finish, so --jobs may fork its workers
    with Progress(*columns, console=err_console, transient=True, auto_refresh=False) as bar:
        task = bar.add_task("games", total=None)
        drawn = [0.0]

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)
            if time.monotonic() - drawn[0] >= 0.1 or done == total:
                bar.refresh()
                drawn[0] = time.monotonic()

        yield update


def _run(step: Callable[[], Any], lang: str) -> Any:
    try:
        return step()
    except BazaarError as exc:
        fail(exc.text(lang), lang)
    except KeyboardInterrupt:
        err_console.print(Text(t("Stopped: run the same command again to go on.", lang)))
        raise typer.Exit(130) from None


def _check_report(report: Path | None, lang: str) -> None:
    """Refuse --report at once, before any game, when matplotlib is missing."""
    if report is not None:
        from bazaar.sim.errors import need_package

        _run(lambda: need_package("matplotlib", "sim", "--report"), lang)


def _report(write: Callable[[], Any], report: Path, lang: str) -> None:
    """Write the report and say where it is."""
    _run(write, lang)
    console.print(Text(t("Report: {file}", lang, file=str(report))), soft_wrap=True)


def _print_summary(folder: Path, games: int, lang: str) -> None:
    from bazaar.sim.report_text import summary_table
    from bazaar.sim.store import read_rows, read_timings
    from bazaar.sim.summary import summarize

    summary = summarize(read_rows(folder, games), read_timings(folder, games))
    console.print(summary_table(summary, lang))


@app.command(
    "simulate",
    help=h(
        "Play many games of GAME between bots and write one row per game with its record to "
        "--out (running again continues where it stopped; --games 20 after 12 plays 8 more), "
        "then print win rates, the first-player advantage and game metrics with 95% intervals."
    ),
)
def simulate_cmd(
    game: Annotated[str, typer.Argument(help=h("Game id, e.g. take-stock."))],
    seats: SeatsOption = "heuristic,random",
    players: PlayersOption = None,
    games: GamesOption = 100,
    option: OptionOption = None,
    seed: SeedOption = 0,
    out: Annotated[
        Path | None, typer.Option(help=h("Out folder (default: sim-GAME in this folder)."))
    ] = None,
    jobs: JobsOption = 1,
    fmt: FormatOption = "csv",
    backend: BackendOption = "local",
    address: AddressOption = None,
    report: ReportOption = None,
    quiet: QuietOption = False,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    from bazaar.sim.plan import SimPlan
    from bazaar.sim.run import simulate

    lang = lang_or_fail(lang)
    _check_report(report, lang)
    the_game = game_or_fail(game, lang)
    options = {name: read_value(raw) for name, raw in raw_options(option, lang).items()}
    specs = [spec.strip() for spec in seats.split(",")]
    plan = _run(lambda: SimPlan.make(the_game.id, specs, players, options, seed), lang)
    folder = out if out is not None else Path(f"sim-{the_game.id}")
    with progress_bar(quiet, lang) as bar:
        _run(
            lambda: simulate(
                plan,
                games,
                folder,
                jobs=jobs,
                fmt=fmt,
                backend=backend,
                address=address,
                progress=bar,
            ),
            lang,
        )
    if not quiet:
        _print_summary(folder, games, lang)
    if report is not None:
        from bazaar.sim.report import write_report

        _report(lambda: write_report(report, folder, None, limit=games), report, lang)


@app.command(
    "sweep",
    help=h(
        "Run the same simulation once per value of one rule option (--option NAME=v1,v2,...; "
        "other --option values stay fixed) on the same seeds, into --out/NAME=VALUE, and show "
        "how balance and the game metrics move. Several options with several values make a "
        "grid: every combination on the same seeds, into --out/a=1,b=x."
    ),
)
def sweep_cmd(
    game: Annotated[str, typer.Argument(help=h("Game id, e.g. take-stock."))],
    option: OptionOption = None,
    seats: SeatsOption = "heuristic,random",
    players: PlayersOption = None,
    games: GamesOption = 100,
    seed: SeedOption = 0,
    out: Annotated[
        Path | None,
        typer.Option(help=h("Out folder (default: sweep-GAME-NAME in this folder).")),
    ] = None,
    jobs: JobsOption = 1,
    fmt: FormatOption = "csv",
    backend: BackendOption = "local",
    address: AddressOption = None,
    report: ReportOption = None,
    quiet: QuietOption = False,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    from bazaar.sim.sweep import run_sweep, sweep_plans, swept_options

    lang = lang_or_fail(lang)
    _check_report(report, lang)
    the_game = game_or_fail(game, lang)
    texts = raw_options(option, lang)
    axes = _run(lambda: swept_options(texts), lang)
    fixed = {key: read_value(raw) for key, raw in texts.items() if "," not in raw}
    specs = [spec.strip() for spec in seats.split(",")]
    settings = {"jobs": jobs, "fmt": fmt, "backend": backend, "address": address}
    if len(axes) > 1:
        grid = [(axis, [read_value(raw) for raw in raws]) for axis, raws in axes]
        default_out = Path(f"sweep-{the_game.id}-" + "-".join(axis for axis, _ in axes))
        _grid(the_game.id, specs, players, fixed, grid, seed, games, out or default_out,
              settings, report, quiet, lang)  # fmt: skip
        return
    name, raw_values = axes[0]
    values = [read_value(raw) for raw in raw_values]
    plans = _run(lambda: sweep_plans(the_game.id, specs, players, fixed, name, values, seed), lang)
    folder = out if out is not None else Path(f"sweep-{the_game.id}-{name}")
    with progress_bar(quiet, lang) as bar:
        done = _run(lambda: run_sweep(plans, name, games, folder, bar, **settings), lang)
    if not quiet:
        for value, sub in done:
            console.print(Text(f"{name} = {json.dumps(value)}", style="bold"))
            _print_summary(sub, games, lang)
    if report is not None:
        from bazaar.sim.report import write_sweep_report

        _report(lambda: write_sweep_report(report, name, done, None), report, lang)


def _grid(
    game_id: str,
    specs: list[str],
    players: int | None,
    fixed: dict[str, Any],
    axes: list[tuple[str, list[Any]]],
    seed: int,
    games: int,
    folder: Path,
    settings: dict[str, Any],
    report: Path | None,
    quiet: bool,
    lang: str,
) -> None:
    """``bazaar sweep`` with several options: every cell of the grid on the same seeds."""
    from bazaar.sim.report_text import grid_lines
    from bazaar.sim.sweep import grid_plans, grid_points, run_grid

    plans = _run(lambda: grid_plans(game_id, specs, players, fixed, axes, seed), lang)
    with progress_bar(quiet, lang) as bar:
        done = _run(lambda: run_grid(plans, games, folder, bar, **settings), lang)
    points = grid_points(done, games)
    if not quiet:
        console.print(Text("\n".join(grid_lines(points, lang))), soft_wrap=True)
    if report is not None:
        from bazaar.sim.report import write_grid_report

        _report(lambda: write_grid_report(report, points, None), report, lang)


@app.command(
    "ladder",
    help=h(
        "A strength ladder of GAME: every agent of --agents against a table of every other "
        "(one seat against the rest), into --out/A~B; prints the win-rate matrix."
    ),
)
def ladder_cmd(
    game: Annotated[str, typer.Argument(help=h("Game id, e.g. take-stock."))],
    agents: Annotated[
        str, typer.Option(help=h("Agents to rank, separated by commas (see simulate --seats)."))
    ] = "random,heuristic,ismcts:easy",
    players: PlayersOption = None,
    games: GamesOption = 30,
    option: OptionOption = None,
    seed: SeedOption = 0,
    out: Annotated[
        Path | None, typer.Option(help=h("Out folder (default: ladder-GAME in this folder)."))
    ] = None,
    jobs: JobsOption = 1,
    fmt: FormatOption = "csv",
    backend: BackendOption = "local",
    address: AddressOption = None,
    report: ReportOption = None,
    quiet: QuietOption = False,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    from bazaar.sim.ladder import ladder_plans, run_ladder

    lang = lang_or_fail(lang)
    _check_report(report, lang)
    the_game = game_or_fail(game, lang)
    options = {name: read_value(raw) for name, raw in raw_options(option, lang).items()}
    specs = [spec.strip() for spec in agents.split(",")]
    plans = _run(lambda: ladder_plans(the_game.id, specs, players, options, seed), lang)
    folder = out if out is not None else Path(f"ladder-{the_game.id}")
    settings = {"jobs": jobs, "fmt": fmt, "backend": backend, "address": address}
    with progress_bar(quiet, lang) as bar:
        matrix = _run(lambda: run_ladder(plans, games, folder, bar, **settings), lang)
    (folder / "ladder.json").write_text(json.dumps(matrix, indent=1) + "\n", encoding="utf-8")
    if not quiet:
        from bazaar.sim.report_text import ladder_table

        console.print(ladder_table(matrix, lang))
    if report is not None:
        from bazaar.sim.report import write_ladder_report

        _report(lambda: write_ladder_report(report, matrix, None), report, lang)


@app.command(
    "tune",
    help=h(
        "Search GAME's rule options for the settings that best meet --objective "
        "(first_player_advantage, game_length, lead_changes, margin, skill) with NTBEA: "
        "--evaluations settings of --games games each, then the best few and the game's own "
        "settings confirmed side by side on --confirm games each (95% intervals), into --out."
    ),
)
def tune_cmd(
    game: Annotated[str, typer.Argument(help=h("Game id, e.g. take-stock."))],
    objective: Annotated[
        str,
        typer.Option(
            help=h(
                "What to tune for: first_player_advantage (Seat 1's win share nearest to a fair "
                "share), game_length (decisions per game nearest to --target), lead_changes "
                "(most), margin (the closest finishes) or skill (the first agent of --seats "
                "winning most)."
            )
        ),
    ] = "first_player_advantage",
    target: Annotated[
        float | None,
        typer.Option(help=h("Aim the objective's figure at this number (game_length needs it).")),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            help=h(
                "Search only these values of an option (name=v1,v2) or fix it (name=value); "
                "repeatable. Other options are searched over all their choices."
            ),
        ),
    ] = None,
    agent_param: Annotated[
        list[str] | None,
        typer.Option(
            "--agent-param",
            help=h(
                "Also search a setting of the first agent of --seats (an ismcts agent): "
                "name=v1,v2 with name one of exploration, widening, score_weight, blend, "
                "rollout_depth; repeatable."
            ),
        ),
    ] = None,
    seats: SeatsOption = "heuristic",
    players: PlayersOption = None,
    evaluations: Annotated[int, typer.Option(min=1, help=h("Settings the search evaluates."))] = 60,
    games: Annotated[int, typer.Option(min=1, help=h("Games per evaluated setting."))] = 50,
    confirm: Annotated[
        int,
        typer.Option(min=1, help=h("Games per confirmed setting (the best and the game's own).")),
    ] = 200,
    finalists: Annotated[
        int, typer.Option(min=1, help=h("Best settings of the search to confirm."))
    ] = 3,
    seed: SeedOption = 0,
    out: Annotated[
        Path | None,
        typer.Option(help=h("Out folder (default: tune-GAME-OBJECTIVE in this folder).")),
    ] = None,
    jobs: JobsOption = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
    report: ReportOption = None,
    quiet: QuietOption = False,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    from bazaar.sim.report_text import tune_lines
    from bazaar.sim.sweep import split_values
    from bazaar.sim.tune import make_setup, run_tune

    lang = lang_or_fail(lang)
    _check_report(report, lang)
    the_game = game_or_fail(game, lang)
    texts = raw_options(option, lang)
    options = _run(
        lambda: {
            name: [read_value(part) for part in split_values(name, raw)]
            for name, raw in texts.items()
        },
        lang,
    )
    specs = [spec.strip() for spec in seats.split(",")]
    params = _run(
        lambda: {
            name.lower(): split_values(name, raw)
            for name, raw in raw_options(agent_param, lang, "--agent-param").items()
        },
        lang,
    )
    setup = _run(
        lambda: make_setup(
            the_game.id, specs, players, options, objective, target, seed,
            evaluations, games, confirm, finalists, params,
        ),
        lang,
    )  # fmt: skip
    folder = out if out is not None else Path(f"tune-{the_game.id}-{objective}")
    settings = {"jobs": jobs, "backend": backend, "address": address}
    with progress_bar(quiet, lang) as bar:
        result = _run(lambda: run_tune(setup, folder, bar, **settings), lang)
    if not quiet:
        console.print(Text("\n".join(tune_lines(result, lang))), soft_wrap=True)
    if report is not None:
        from bazaar.sim.report import write_tune_report

        _report(lambda: write_tune_report(report, result, None), report, lang)
