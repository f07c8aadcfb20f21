"""The words of a simulation's figures in one language: names, numbers, sentences and the
terminal table (``summary_table``). English is the msgid; zh-TW comes from the program's
catalogs (``bazaar/locale/zh_TW/LC_MESSAGES/sim.po``)."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bazaar.core.seats import player_name
from bazaar.i18n import N_, normalize_lang, t

Interval = Mapping[str, float]

#: the metrics of play in the order the tables show them: key, msgid, kind of number
METRICS = (
    ("decisions", N_("Decisions per game"), "count"),
    ("legal_mean", N_("Legal moves per decision"), "count"),
    ("forced_share", N_("Share of forced decisions"), "share"),
    ("lead_changes", N_("Lead changes per game"), "count"),
    ("score_spread", N_("Score spread (top minus bottom)"), "score"),
    ("margin", N_("Winner's margin over the runner-up"), "score"),
)


# ------------------------------------------------------------------------------ names
def seat_name(seat: int, lang: str) -> str:
    """Seat ``seat`` counted from 1: "Seat 1" / "玩家1"."""
    return t("Seat {seat}", lang, seat=seat)


def agent_name(spec: str, lang: str) -> str:
    """What people call an agent: "Hard bot" / "困難電腦" (an unknown spec reads as itself)."""
    return player_name(spec, lang)


def game_name(game_id: str, lang: str) -> str:
    from bazaar.core.registry import get_game

    game = get_game(game_id)
    return game.name_zh if lang == "zh-TW" else game.name_en


def option_words(game_id: str, options: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    """(label, choice) of each rule option the game knows, in the game's order; a choice that is
    the default says so."""
    from bazaar.core.registry import get_game

    words = []
    for spec in get_game(game_id).option_specs:
        if spec.name not in options:
            continue
        value = options[spec.name]
        choice = spec.choice_label(value, lang)
        if value == spec.default and type(value) is type(spec.default):
            choice = t("{choice} (default)", lang, choice=choice)
        words.append((spec.label_in(lang), choice))
    return words


def option_label(game_id: str, name: str, lang: str) -> str:
    from bazaar.core.registry import get_game

    spec = next((o for o in get_game(game_id).option_specs if o.name == name), None)
    return spec.label_in(lang) if spec else name


def choice_words(game_id: str, name: str, value: Any, lang: str) -> str:
    from bazaar.core.registry import get_game

    spec = next((o for o in get_game(game_id).option_specs if o.name == name), None)
    return spec.choice_label(value, lang) if spec else str(value)


def join_words(items: Iterable[str], lang: str) -> str:
    """A list in words: "a, b, c" / 「a、b、c」."""
    return ("、" if lang == "zh-TW" else ", ").join(items)


def sentence_gap(lang: str) -> str:
    """What separates two sentences: a space in English, nothing after a Chinese full stop."""
    return "" if lang == "zh-TW" else " "


# ---------------------------------------------------------------------------- numbers
def percent(share: float) -> str:
    """A share in whole percent, halves rounded up: 0.625 -> "63%"."""
    return f"{math.floor(100 * share + 0.5)}%"


def number(value: float, kind: str = "count") -> str:
    """A figure as people read it: shares in %, counts and scores with one decimal."""
    if kind == "share":
        return percent(value)
    return f"{value:.1f}" if abs(value) < 1000 else f"{value:.0f}"


def with_interval(value: Interval, kind: str, lang: str) -> str:
    """ "41% (95%: 33–49%)" / "41%（95%：33–49%）"."""
    return t(
        "{value} (95%: {low}–{high})",
        lang,
        value=number(value["mean"], kind),
        low=number(value["low"], kind),
        high=number(value["high"], kind),
    )


def rating_words(rating: Mapping[str, float], lang: str) -> str:
    """ "17.4 (mu 31.7, sigma 4.7)": the ordinal first, then what it is made of."""
    return t(
        "{ordinal} (mu {mu}, sigma {sigma})",
        lang,
        ordinal=format(rating["ordinal"], ".1f"),
        mu=format(rating["mu"], ".1f"),
        sigma=format(rating["sigma"], ".1f"),
    )


def points_words(share_difference: float, lang: str) -> str:
    """A difference of shares in percentage points: "+23.3 points"."""
    return t("{points} percentage points", lang, points=format(100 * share_difference, "+.1f"))


def seconds_words(seconds: float | None, lang: str) -> str:
    if seconds is None:
        return "–"
    ms = 1000 * seconds
    return t("{ms} ms", lang, ms=format(ms, ".1f" if ms >= 1 else ".3f"))


# -------------------------------------------------------------------------- sentences
def headlines(summary: Mapping[str, Any], lang: str) -> list[str]:
    """Sentences a teacher can read, made from the figures (careful where an interval holds the
    fair share: then the games show no clear difference)."""
    lang = normalize_lang(lang)
    fair, games = summary["fair"], summary["games"]
    lines = [_first_player(summary["seats"][0]["win"], fair, games, lang)]
    for seat in summary["seats"][1:]:
        win = seat["win"]
        if win["low"] > fair or win["high"] < fair:
            msgid = (
                N_("Seat {seat} won {share} (95%: {low}–{high}), more than a fair share of {fair}.")
                if win["low"] > fair
                else N_(
                    "Seat {seat} won {share} (95%: {low}–{high}), less than a fair share of {fair}."
                )
            )
            lines.append(t(msgid, lang, seat=seat["seat"], fair=percent(fair), **_shares(win)))
    lines.extend(_agents(summary, lang))
    metrics = summary["metrics"]
    lines.append(
        t(
            "A game took {decisions} decisions on average (95%: {low}–{high}); {forced} of the "
            "decisions had a single legal move, and a decision offered {legal} legal moves on "
            "average.",
            lang,
            decisions=number(metrics["decisions"]["mean"]),
            low=number(metrics["decisions"]["low"]),
            high=number(metrics["decisions"]["high"]),
            forced=percent(metrics["forced_share"]["mean"]),
            legal=number(metrics["legal_mean"]["mean"]),
        )
    )
    lines.append(
        t(
            "The lead changed hands {lead} times a game on average; the winner finished {margin} "
            "ahead of the runner-up, and the top score was {spread} above the bottom one.",
            lang,
            lead=number(metrics["lead_changes"]["mean"]),
            margin=number(metrics["margin"]["mean"]),
            spread=number(metrics["score_spread"]["mean"]),
        )
    )
    return lines


def _shares(win: Interval) -> dict[str, str]:
    return {"share": percent(win["mean"]), "low": percent(win["low"]), "high": percent(win["high"])}


def _first_player(win: Interval, fair: float, games: int, lang: str) -> str:
    if win["low"] > fair:
        msgid = N_(
            "Seat 1 won {share} of the games (95%: {low}–{high}) where a fair share is {fair}: "
            "a first-player advantage."
        )
    elif win["high"] < fair:
        msgid = N_(
            "Seat 1 won {share} of the games (95%: {low}–{high}) where a fair share is {fair}: "
            "a first-player disadvantage."
        )
    else:
        msgid = N_(
            "Seat 1 won {share} of the games (95%: {low}–{high}); a fair share of {fair} lies "
            "inside that range, so these {games} games show no clear first-player advantage."
        )
    return t(msgid, lang, fair=percent(fair), games=games, **_shares(win))


def _agents(summary: Mapping[str, Any], lang: str) -> list[str]:
    stats = sorted(summary["agent_stats"], key=lambda a: -a["rating"]["ordinal"])
    if len(stats) < 2:
        return []
    best, others = stats[0], stats[1:]
    line = t(
        "{agent} rates highest: it won {share} of the seats it played (95%: {low}–{high}).",
        lang,
        agent=agent_name(best["agent"], lang),
        **_shares(best["win"]),
    )
    overlapping = [a for a in others if a["win"]["high"] >= best["win"]["low"]]
    if overlapping:
        line += sentence_gap(lang) + t(
            "Its interval overlaps with that of {agent}: more games would tell them apart.",
            lang,
            agent=agent_name(overlapping[0]["agent"], lang),
        )
    else:
        line += sentence_gap(lang) + t("It is clearly ahead of every other agent.", lang)
    lines = [line]
    if len(stats) == 2:  # the other one is the weakest: said already
        return lines
    weakest = stats[-1]
    lines.append(
        t(
            "{agent} won least: {share} of its seats (95%: {low}–{high}).",
            lang,
            agent=agent_name(weakest["agent"], lang),
            **_shares(weakest["win"]),
        )
    )
    return lines


# ----------------------------------------------------------------- the terminal's table
def width(text: str) -> int:
    """Columns ``text`` takes in a terminal (wide CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, columns: int, right: bool = False) -> str:
    space = " " * max(0, columns - width(text))
    return space + text if right else text + space


def table_lines(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Columns padded to their widest cell, the first left-aligned, the rest right-aligned."""
    widths = [max(width(r[i]) for r in [header, *rows]) for i in range(len(header))]
    out = []
    for row in [header, *rows]:
        cells = [pad(c, widths[i], right=i > 0) for i, c in enumerate(row)]
        out.append("  ".join(cells).rstrip())
    return out


def summary_table(summary: Mapping[str, Any], lang: str = "en") -> Any:
    """The summary for ``console.print``: a rich Text of :func:`summary_lines`."""
    from rich.text import Text

    return Text("\n".join(summary_lines(summary, lang)))


def ladder_table(matrix: Mapping[str, Any], lang: str = "en") -> Any:
    """The ladder's matrix for ``console.print``: a rich Text of :func:`ladder_lines`."""
    from rich.text import Text

    return Text("\n".join(ladder_lines(matrix, lang)))


def ladder_lines(matrix: Mapping[str, Any], lang: str = "en") -> list[str]:
    """The win-rate matrix as lines: numbered rows (agent in one seat), columns by number (the
    field), the row agent's win share in each cell."""
    lang = normalize_lang(lang)
    agents = list(matrix["agents"])
    fair = 1 / int(matrix["players"])
    header = ["", *(str(i) for i in range(1, len(agents) + 1))]
    rows = [
        [f"{r + 1} {agent_name(agent, lang)}"]
        + ["–" if cell is None else percent(cell["mean"]) for cell in matrix["win"][r]]
        for r, agent in enumerate(agents)
    ]
    title = t(
        "Strength ladder: {game}, {players} players (fair share {share})",
        lang,
        game=game_name(matrix["game"], lang),
        players=matrix["players"],
        share=percent(fair),
    )
    note = t(
        "Rows: the agent in one seat; columns (by number): the agent in every other seat.", lang
    )
    lines = [title, "", *table_lines(header, rows), "", *wrap(note, 80)]
    if "metagame" in matrix:
        ratings = metagame_rows(matrix, lang)
        lines += ["", t("Ratings beyond the matrix", lang), ""]
        if ratings is not None:
            lines += [*table_lines(*ratings), ""]
        for text in metagame_notes(matrix, lang):
            lines += wrap(text, 80)
    return lines


def metagame_rows(matrix: Mapping[str, Any], lang: str) -> tuple[list[str], list[list[str]]] | None:
    """``(header, rows)``: each agent's α-Rank mass, Nash mix weight and Nash-averaged rating
    (strongest first by that rating, then by mass); None when the ladder has no ratings."""
    found = matrix.get("metagame")
    if not found:
        return None
    mass, mix = found["alpharank"]["mass"], found["nash"]["mix"]
    rating = found["nash"]["rating"]
    order = sorted(range(len(mass)), key=lambda i: (-rating[i], -mass[i]))
    header = [
        t("Agent", lang),
        t("α-Rank mass", lang),
        t("Nash mix", lang),
        t("Nash-averaged rating", lang),
    ]
    rows = [
        [
            agent_name(matrix["agents"][i], lang),
            percent(mass[i]),
            percent(mix[i]),
            points(rating[i]),
        ]
        for i in order
    ]
    return header, rows


def points(payoff: float) -> str:
    """A meta-game payoff in signed points of win share: -0.125 -> "-12.5", 0 -> "0.0"."""
    value = round(100 * payoff, 1)
    return f"{value:+.1f}" if value else "0.0"


def metagame_notes(matrix: Mapping[str, Any], lang: str) -> list[str]:
    """What α-Rank and Nash averaging mean, in words (or why the ladder has neither)."""
    found = matrix.get("metagame")
    if not found:
        return [
            t(
                "No α-Rank or Nash averaging: they need every cell of the matrix, and scipy "
                'and OpenSpiel (pip install -e ".[research]").',
                lang,
            )
        ]
    return [
        t(
            "Both read the ladder as a two-player game between agents: A's payoff against B is "
            "half the difference between A's win share among Bs and B's win share among As.",
            lang,
        ),
        t(
            "α-Rank: the share of time each agent holds in a long evolutionary contest, where a "
            "population of one agent is now and then invaded by another, which takes over the "
            "more often the better it does against it (population {population}, selection "
            "intensity {intensity}).",
            lang,
            population=found["alpharank"]["population"],
            intensity=f"{found['alpharank']['intensity']:g}",
        ),
        t(
            "Nash averaging: the mix of agents that no single agent beats; an agent's rating is "
            "how it fares against that mix, in points of win share (0 for the agents in the "
            "mix, below 0 for the others). A copy of an agent shares its weight and changes no "
            "rating.",
            lang,
        ),
    ]


def summary_lines(summary: Mapping[str, Any], lang: str = "en") -> list[str]:
    """The summary as lines of at most 80 columns: seats, agents, metrics, first sentence."""
    lang = normalize_lang(lang)
    title = t(
        "{game}: {games} games, {players} players",
        lang,
        game=game_name(summary["game"], lang),
        games=summary["games"],
        players=summary["players"],
    )
    seat_rows = [
        [
            seat_name(s["seat"], lang),
            with_interval(s["win"], "share", lang),
            with_interval(s["score"], "score", lang),
        ]
        for s in summary["seats"]
    ]
    agent_rows = [
        [
            agent_name(a["agent"], lang),
            str(a["seats_played"]),
            with_interval(a["win"], "share", lang),
            number(a["score"]["mean"], "score"),
            f"{a['rating']['ordinal']:.1f}",
            seconds_words(a["seconds_per_decision"], lang),
        ]
        for a in summary["agent_stats"]
    ]
    metric_rows = [
        [t(msgid, lang), with_interval(summary["metrics"][key], kind, lang)]
        for key, msgid, kind in METRICS
    ]
    lines = [title, ""]
    lines += table_lines([t("Seat", lang), t("Win share", lang), t("Mean score", lang)], seat_rows)
    lines.append("")
    lines += table_lines(
        [
            t("Agent", lang),
            t("Seats played", lang),
            t("Win share", lang),
            t("Score", lang),
            t("Rating", lang),
            t("Per move", lang),
        ],
        agent_rows,
    )
    lines.append("")
    lines += table_lines([t("Metric", lang), t("Mean", lang)], metric_rows)
    lines.append("")
    lines += wrap(headlines(summary, lang)[0], 80)
    return lines


def wrap(text: str, columns: int) -> list[str]:
    """``text`` broken into lines of at most ``columns`` (at spaces; CJK text anywhere)."""
    lines: list[str] = []
    line = ""
    for piece in _pieces(text):
        if width(line + piece) > columns and line.strip():
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line += piece
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _pieces(text: str) -> list[str]:
    """Words with their leading space, and every wide character on its own."""
    pieces: list[str] = []
    for char in text:
        wide = unicodedata.east_asian_width(char) in "WF"
        if (
            wide
            or char == " "
            or not pieces
            or unicodedata.east_asian_width(pieces[-1][-1]) in "WF"
        ):
            pieces.append(char)
        else:
            pieces[-1] += char
    return pieces


# ------------------------------------------------------------------------------ grids
#: what a grid's tables show of each cell: key, msgid, kind of number
GRID_MEASURES = (
    ("first_player", N_("Seat 1's win share"), "share"),
    ("decisions", N_("Decisions per game"), "count"),
    ("lead_changes", N_("Lead changes per game"), "count"),
    ("played", N_("Deals played differently"), "share"),
    ("winner", N_("Deals with another winner"), "share"),
)

#: one table of a grid: its title, its header and its rows
GridTable = tuple[str, list[str], list[list[str]]]


def grid_figure(point: Mapping[str, Any], key: str) -> Interval | float:
    """A cell's figure ``key`` (GRID_MEASURES): an interval, or a share of deals (divergence)."""
    summary = point["summary"]
    if key == "first_player":
        return summary["seats"][0]["win"]
    if key in ("played", "winner"):
        return float(point["divergence"][key])
    return summary["metrics"][key]


def grid_words(point: Mapping[str, Any], key: str, kind: str, lang: str, short: bool) -> str:
    """A cell's figure in words: with its interval unless ``short`` (then the mean alone)."""
    figure = grid_figure(point, key)
    if not isinstance(figure, Mapping):
        return percent(figure)
    return number(figure["mean"], kind) if short else with_interval(figure, kind, lang)


def cell_words(game: str, cell: Mapping[str, Any], lang: str) -> str:
    """A cell in words: "Crash = reset, Audit = enforce limit"."""
    return join_words(
        (
            t(
                "{option} = {value}",
                lang,
                option=option_label(game, name, lang),
                value=choice_words(game, name, value, lang),
            )
            for name, value in cell.items()
        ),
        lang,
    )


def grid_tables(points: Sequence[Mapping[str, Any]], lang: str, short: bool) -> list[GridTable]:
    """A grid's tables. Two options: one table per measure, the first option down and the
    second across. Otherwise: one table, a row per cell. ``short``: means without intervals
    (except the first player's win share) in the row-per-cell table."""
    lang = normalize_lang(lang)
    game = points[0]["summary"]["game"]
    names = list(points[0]["cell"])
    if len(names) == 2:
        down, across = names
        downs = list(dict.fromkeys(_key(p["cell"][down]) for p in points))
        acrosses = list(dict.fromkeys(_key(p["cell"][across]) for p in points))
        by_cell = {(_key(p["cell"][down]), _key(p["cell"][across])): p for p in points}
        first = points[0]["cell"]
        tables = []
        for key, msgid, kind in GRID_MEASURES:
            title = t(
                "{measure}: {down} down, {across} across",
                lang,
                measure=t(msgid, lang),
                down=option_label(game, down, lang),
                across=option_label(game, across, lang),
            )
            header = [option_label(game, down, lang)] + [
                choice_words(game, across, by_cell[(downs[0], a)]["cell"][across], lang)
                for a in acrosses
            ]
            rows = [
                [choice_words(game, down, by_cell[(d, acrosses[0])]["cell"][down], lang)]
                + [grid_words(by_cell[(d, a)], key, kind, lang, False) for a in acrosses]
                for d in downs
            ]
            if key in ("played", "winner"):
                title += sentence_gap(lang) + t(
                    "(against {base})", lang, base=cell_words(game, first, lang)
                )
            tables.append((title, header, rows))
        return tables
    from bazaar.sim.sweep import value_text

    # the terminal's (short) table names the options and values as they are typed
    header = [name if short else option_label(game, name, lang) for name in names]
    header += [t(msgid, lang) for _, msgid, _ in GRID_MEASURES]
    rows = [
        [
            value_text(p["cell"][name])
            if short
            else choice_words(game, name, p["cell"][name], lang)
            for name in names
        ]
        + [
            grid_words(p, key, kind, lang, short and key != "first_player")
            for key, _msgid, kind in GRID_MEASURES
        ]
        for p in points
    ]
    title = t("Each cell (against {base})", lang, base=cell_words(game, points[0]["cell"], lang))
    return [(title, header, rows)]


def _key(value: Any) -> str:
    """A value as a dict key that tells 1 from True."""
    return f"{type(value).__name__}:{value!r}"


def grid_lines(points: Sequence[Mapping[str, Any]], lang: str = "en") -> list[str]:
    """A grid's summary for the terminal: a title, a note, then its tables."""
    lang = normalize_lang(lang)
    summary = points[0]["summary"]
    game = summary["game"]
    names = list(points[0]["cell"])
    title = t(
        "{game}: a grid of {options}, {games} games per cell, {players} players",
        lang,
        game=game_name(game, lang),
        options=join_words((option_label(game, n, lang) for n in names), lang),
        games=summary["games"],
        players=summary["players"],
    )
    note = t(
        "Every cell plays the same deals; the deals played differently and those with another "
        "winner are counted against the first cell.",
        lang,
    )
    lines = [*wrap(title, 80), *wrap(note, 80)]
    for table_title, header, rows in grid_tables(points, lang, short=True):
        lines += ["", *wrap(table_title, 80), *table_lines(header, rows)]
    return lines


# ---------------------------------------------------------------------------- tuning
#: the figures a tuning run compares side by side: key, msgid, kind of number
TUNE_FIGURES = (
    ("first_player", N_("Seat 1's win share"), "share"),
    ("decisions", N_("Decisions per game"), "count"),
    ("lead_changes", N_("Lead changes per game"), "count"),
    ("margin", N_("Winner's margin over the runner-up"), "score"),
)


def objective_words(result: Mapping[str, Any], lang: str) -> str:
    """What the run tuned for: "Seat 1's win share nearest to a fair share (33%)"."""
    from bazaar.sim.tune import OBJECTIVES

    words = t(OBJECTIVES[result["objective"]].label, lang)
    if result["goal"] == "target":
        words += sentence_gap(lang) + t(
            "(target: {target})", lang, target=number(result["target"], result["kind"])
        )
    return words


def changes_text(result: Mapping[str, Any], setting: Mapping[str, Any]) -> str:
    """A setting as typed, only where it differs from the game's own: "crash=drop_one"."""
    from bazaar.sim.sweep import value_text

    own = result["default"]["setting"]
    changed = [
        f"{name}={value_text(value)}"
        for name, value in setting.items()
        if value != own[name] or type(value) is not type(own[name])
    ]
    return ",".join(changed) or "–"


def confirmed_rows(
    result: Mapping[str, Any], lang: str, short: bool = False
) -> tuple[list[str], list[list[str]]]:
    """The confirmation table: the game's own setting and each finalist, every figure with its
    interval (the objective's first, then the distance to the target when there is one);
    ``short``: the other figures' means alone."""
    kind = result["kind"]
    header = [t("Setting", lang), t("Objective", lang)]
    if result["goal"] == "target":
        header.append(t("Distance to the target", lang))
    header += [t(msgid, lang) for _, msgid, _ in TUNE_FIGURES]
    rows = []
    for run in result["confirmed"]:
        name = (
            t("The game's own", lang)
            if run["finalist"] == 0
            else t("Finalist {number}", lang, number=run["finalist"])
        )
        if run is result["best"] or run == result["best"]:
            name = t("{name} (best)", lang, name=name)
        row = [name, with_interval(run["figure"], kind, lang)]
        if result["goal"] == "target":
            row.append(number(-run["score"], kind))
        row += [
            number(run["figures"][key]["mean"], k)
            if short
            else with_interval(run["figures"][key], k, lang)
            for key, _m, k in TUNE_FIGURES
        ]
        rows.append(row)
    return header, rows


def changes_words(result: Mapping[str, Any], setting: Mapping[str, Any], lang: str) -> str:
    """:func:`changes_text` in words: "Crash = drop one"."""
    own = result["default"]["setting"]
    changed = {
        name: value
        for name, value in setting.items()
        if value != own[name] or type(value) is not type(own[name])
    }
    return cell_words(result["game"], changed, lang) or "–"


def runs_rows(
    result: Mapping[str, Any], lang: str, typed: bool = False
) -> tuple[list[str], list[list[str]]]:
    """Every evaluated setting in order: its number, games, figure, score and changes (in
    words, or ``typed`` as on the command line)."""
    header = [
        t("Evaluation", lang),
        t("Games", lang),
        t("Objective", lang),
        t("Score", lang),
        t("Changes from the game's own", lang),
    ]
    rows = [
        [
            str(run["number"]),
            str(run["games"]),
            with_interval(run["figure"], result["kind"], lang),
            format(run["score"], ".3f"),
            changes_text(result, run["setting"])
            if typed
            else changes_words(result, run["setting"], lang),
        ]
        for run in result["runs"]
    ]
    return header, rows


def tune_lines(result: Mapping[str, Any], lang: str = "en") -> list[str]:
    """A tuning run for the terminal: what was searched, the best settings against the game's
    own, the confirmation table and every evaluation."""
    lang = normalize_lang(lang)
    game = result["game"]
    title = t(
        "{game}: tuned for {objective}",
        lang,
        game=game_name(game, lang),
        objective=objective_words(result, lang),
    )
    searched = t(
        "NTBEA searched {count} options ({names}) over {evaluations} settings of {games} games "
        "each; {players} players: {agents}.",
        lang,
        count=len(result["space"]),
        names=", ".join(s["name"] for s in result["space"]),
        evaluations=result["evaluations"],
        games=result["games"],
        players=result["players"],
        agents=join_words((agent_name(a, lang) for a in result["agents"]), lang),
    )
    lines = [*wrap(title, 80), *wrap(searched, 80), ""]
    if result["changes"]:
        lines.append(t("Best settings (changed from the game's own):", lang))
        lines += table_lines(
            [t("Option", lang), t("The game's own", lang), t("Best", lang)],
            [
                [
                    option_label(game, name, lang),
                    choice_words(game, name, own, lang),
                    choice_words(game, name, best, lang),
                ]
                for name, (own, best) in result["changes"].items()
            ],
        )
    else:
        lines += wrap(t("The game's own settings did best: nothing to change.", lang), 80)
    lines += [
        "",
        *wrap(
            t(
                "Confirmed on {games} games each, on the same deals:",
                lang,
                games=result["confirm"],
            ),
            80,
        ),
    ]
    header, rows = confirmed_rows(result, lang, short=True)
    lines += table_lines(header, rows)
    lines += ["", t("Every evaluation:", lang)]
    header, rows = runs_rows(result, lang, typed=True)
    # the changes (the last column) read from the left
    table = table_lines(header[:-1], [r[:-1] for r in rows])
    widest = max(width(line) for line in table)
    lines += [
        pad(line, widest) + "  " + row[-1] for line, row in zip(table, [header, *rows], strict=True)
    ]
    return lines
