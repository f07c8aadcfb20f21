"""Reports people would rather look at than read: one self-contained HTML file per simulation,
sweep or ladder, with its charts also written as PNG files beside it.

The file needs nothing else: the charts are embedded as ``data:`` URIs, the style is inline and
there is no script. Both languages live in one file (``lang=None``): an English and a
Traditional Chinese section, each with its ``lang`` attribute, and a switch at the top made of
two radio buttons and CSS alone (English shows first). With ``lang="zh-TW"`` (or ``"en"``) the
file holds that language only. The PNGs are ``<stem>-<chart>.<lang>.png``.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from bazaar.i18n import LANGS, N_, normalize_lang, t
from bazaar.sim.report_text import (
    METRICS,
    agent_name,
    cell_words,
    choice_words,
    game_name,
    grid_tables,
    headlines,
    join_words,
    metagame_notes,
    metagame_rows,
    option_label,
    option_words,
    percent,
    points_words,
    rating_words,
    seat_name,
    seconds_words,
    sentence_gap,
    with_interval,
)

Summary = dict[str, Any]
Matrix = Mapping[str, Any]

STYLE = """
body{margin:0 auto;max-width:56rem;padding:0 .8rem 2rem;line-height:1.5;color:#1b1b1b;
font-family:system-ui,-apple-system,"Noto Sans CJK TC","PingFang TC","Microsoft JhengHei",
sans-serif}
h1{font-size:1.5rem;margin:.6rem 0}h2{font-size:1.2rem;margin-top:1.6rem;
border-bottom:1px solid #ddd}h3{font-size:1rem}
img{max-width:100%;height:auto;display:block;margin:.4rem 0}
figure{margin:1rem 0}figcaption{font-size:.9rem;color:#444}
.table{overflow-x:auto}table{border-collapse:collapse;font-size:.9rem;margin:.4rem 0}
th,td{padding:.2rem .5rem;border-bottom:1px solid #e4e4e4;text-align:right;white-space:nowrap}
th:first-child,td:first-child{text-align:left}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem .8rem}
dt{font-weight:600}dd{margin:0}
.note{font-size:.85rem;color:#555}
"""
#: the language switch of a two-language file: two radio buttons and these rules, no script
SWITCH_STYLE = """
.switch{position:sticky;top:0;background:#fff;padding:.4rem 0;border-bottom:1px solid #ddd}
.switch label{cursor:pointer;padding:.2rem .6rem;border:1px solid #888;border-radius:.3rem}
input.lang{position:absolute;opacity:0;width:1px;height:1px}
#show-en:checked~.switch label[for=show-en],#show-zh:checked~.switch label[for=show-zh]
{background:#0072B2;color:#fff}
#show-en:checked~section.zh,#show-zh:checked~section.en{display:none}
"""


# ------------------------------------------------------------------------ out folders
def _optional_module(name: str) -> Any:
    """A module built by another part of issue 15, or None while it is not there."""
    import importlib

    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def read_out(
    out_dir: Path, limit: int | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """(plan, rows, timings) of an out folder's first ``limit`` games (all when None), read with
    :mod:`bazaar.sim.store` (a folder without plan.json raises its SimError)."""
    from bazaar.sim.store import read_plan, read_rows, read_timings

    plan = read_plan(Path(out_dir)).to_json()
    return plan, read_rows(Path(out_dir), limit), read_timings(Path(out_dir), limit)


def folder_list(out_dirs: Path | str | Sequence[Path]) -> list[Path]:
    folders = [Path(out_dirs)] if isinstance(out_dirs, str | Path) else [Path(d) for d in out_dirs]
    if not folders:
        raise ValueError("out_dirs: no out folder given")
    return folders


def load_summary(
    out_dirs: Path | Sequence[Path], limit: int | None = None
) -> tuple[dict[str, Any], Summary]:
    """(plan of the first folder, Summary of every folder's rows as one simulation; at most
    ``limit`` games of each folder)."""
    from bazaar.sim.summary import summarize

    plan: dict[str, Any] = {}
    rows: list[dict[str, Any]] = []
    timings: list[dict[str, Any]] = []
    for folder in folder_list(out_dirs):
        folder_plan, folder_rows, folder_timings = read_out(folder, limit)
        plan = plan or folder_plan
        offset = len(rows)  # several folders: their games one after the other
        rows += [{**r, "game_index": int(r["game_index"]) + offset} for r in folder_rows]
        timings += [{**r, "game_index": int(r["game_index"]) + offset} for r in folder_timings]
    return plan, summarize(rows, timings if timings else None)


# ------------------------------------------------------------------------------ html
def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def h2(text: str) -> str:
    return f"<h2>{esc(text)}</h2>"


def h3(text: str) -> str:
    return f"<h3>{esc(text)}</h3>"


def para(text: str, css: str = "") -> str:
    return f'<p class="{css}">{esc(text)}</p>' if css else f"<p>{esc(text)}</p>"


def data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def figure_html(png: bytes, caption: str) -> str:
    return (
        f'<figure><img src="{data_uri(png)}" alt="{esc(caption)}">'
        f"<figcaption>{esc(caption)}</figcaption></figure>"
    )


def table_html(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    head = "".join(f"<th>{esc(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f'<div class="table"><table><tr>{head}</tr>{body}</table></div>'


def page(title: str, sections: Mapping[str, str]) -> str:
    """The whole file: ``sections`` maps a language to its HTML; two get the switch."""
    langs = list(sections)
    lang_attr = langs[0] if len(langs) == 1 else "en"
    parts = [
        f'<!doctype html><html lang="{lang_attr}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(title)}</title>",
        f"<style>{STYLE}{SWITCH_STYLE if len(langs) > 1 else ''}</style></head><body>",
    ]
    if len(langs) > 1:
        parts.append(
            '<input class="lang" type="radio" name="lang" id="show-en" checked>'
            '<input class="lang" type="radio" name="lang" id="show-zh">'
            '<nav class="switch"><label for="show-en" lang="en">English</label> '
            '<label for="show-zh" lang="zh-TW">中文</label></nav>'
        )
    for lang, body in sections.items():
        css = "zh" if lang == "zh-TW" else "en"
        parts.append(f'<section lang="{lang}" class="{css}">{body}</section>')
    parts.append("</body></html>\n")
    return "".join(parts)


def _langs(lang: str | None) -> list[str]:
    return list(LANGS) if lang is None else [normalize_lang(lang)]


def _write(
    path: Path,
    title: str,
    langs: Sequence[str],
    build: Callable[[str, Callable[[str, bytes], None]], str],
) -> Path:
    """Build each language's section; ``keep(name, png)`` writes ``<stem>-<name>.<lang>.png``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    sections = {}
    for lang in langs:

        def keep(name: str, png: bytes, lang: str = lang) -> None:
            (path.parent / f"{path.stem}-{name}.{lang}.png").write_bytes(png)

        sections[lang] = build(lang, keep)
    path.write_text(page(title, sections), "utf-8")
    return path


# ------------------------------------------------------------------- one simulation
def setup_html(
    plan: Mapping[str, Any],
    summary: Summary,
    lang: str,
    swept: str | Sequence[str] | None = None,
) -> str:
    """What was simulated, in words (a sweep's option or a grid's options ``swept`` are left
    out of the rules)."""
    skip = {swept} if isinstance(swept, str) else set(swept or ())
    game = summary["game"]
    first_seats = plan.get("agents") or summary["agents"]
    seats = join_words(
        (
            t("{seat}: {agent}", lang, seat=seat_name(k, lang), agent=agent_name(a, lang))
            for k, a in enumerate(first_seats, start=1)
        ),
        lang,
    )
    options = option_words(
        game, {k: v for k, v in summary["options"].items() if k not in skip}, lang
    )
    items = [
        (t("Game", lang), game_name(game, lang)),
        (t("Players", lang), str(summary["players"])),
        (t("Seats in game 1", lang), seats),
        (t("Games", lang), str(summary["games"])),
    ]
    if "seed" in plan:
        items.append((t("Seed", lang), str(plan["seed"])))
    body = "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in items)
    lines = (t("{label}: {choice}", lang, label=label, choice=choice) for label, choice in options)
    rules = "".join(f"<li>{esc(line)}</li>" for line in lines)
    return (
        h2(t("What was simulated", lang))
        + f"<dl>{body}</dl>"
        + para(
            t(
                "The seats rotate from game to game, so each agent sits in every seat equally "
                "often.",
                lang,
            )
        )
        + (h3(t("Rule options", lang)) + f"<ul>{rules}</ul>" if rules else "")
    )


def figures_html(summary: Summary, lang: str) -> str:
    """The seats', agents' and metrics' tables."""
    seats = table_html(
        [t("Seat", lang), t("Win share", lang), t("Mean score", lang)],
        [
            [
                seat_name(s["seat"], lang),
                with_interval(s["win"], "share", lang),
                with_interval(s["score"], "score", lang),
            ]
            for s in summary["seats"]
        ],
    )
    agents = table_html(
        [
            t("Agent", lang),
            t("Seats played", lang),
            t("Win share", lang),
            t("Mean score", lang),
            t("Rating", lang),
            t("Time per decision", lang),
        ],
        [
            [
                agent_name(a["agent"], lang),
                str(a["seats_played"]),
                with_interval(a["win"], "share", lang),
                with_interval(a["score"], "score", lang),
                rating_words(a["rating"], lang),
                seconds_words(a["seconds_per_decision"], lang),
            ]
            for a in summary["agent_stats"]
        ],
    )
    first = summary["first_player"]
    metric_rows = [
        [
            t("First-player advantage (Seat 1's win share minus the fair share)", lang),
            points_words(first["advantage"], lang),
        ]
    ]
    metric_rows += [
        [t(msgid, lang), with_interval(summary["metrics"][key], kind, lang)]
        for key, msgid, kind in METRICS
    ]
    metrics = table_html([t("Metric", lang), t("Mean", lang)], metric_rows)
    return h2(t("Figures", lang)) + seats + agents + metrics + para(t(METHOD, lang), "note")


METHOD = N_(
    "All intervals are 95%. Win shares: Wilson score intervals (a game shared by w winners "
    "counts 1/w to each). Means per game: Student's t intervals. Shares of decisions: the pooled "
    "share with an interval that counts each game as one sample. Ratings: openskill's "
    "Plackett-Luce model, games in order; the rating shown is mu minus three sigma. The first-"
    "player advantage is in percentage points."
)


#: the story helper's charts (bazaar.sim.story_charts.story_pngs) and what they show
STORY_CAPTIONS = {
    "story_prices": N_(
        "Each stock's price through the game: the median over the games, the band where the "
        "middle 80% of them lie, and one game drawn thin"
    ),
    "story_board": N_("The board: mean price paid and mean customers served at each lot"),
    "story_flow": N_("Each round: where the walking customers went, and how many came in"),
}


def story_aggregate(folders: Sequence[Path], limit: int | None = None) -> dict[str, Any] | None:
    """The story helper's aggregate over the folders' records (``bazaar.sim.story``), or None
    without its modules or without records."""
    story = _optional_module("bazaar.sim.story")
    if story is None or _optional_module("bazaar.sim.story_charts") is None:
        return None
    with_records = [f for f in folders if (Path(f) / "records.jsonl").is_file()]
    if not with_records:
        return None
    aggregate = story.aggregate(
        item for folder in with_records for item in story.stories(folder, limit)
    )
    return dict(aggregate) if aggregate.get("games") else None


def story_pngs(aggregate: Mapping[str, Any] | None, lang: str) -> dict[str, bytes]:
    """The story helper's charts of an aggregate (``story_charts.story_pngs``), or {}."""
    story_charts = _optional_module("bazaar.sim.story_charts")
    if story_charts is None or not aggregate:
        return {}
    return dict(story_charts.story_pngs(dict(aggregate), lang))


def story_section(
    aggregate: Mapping[str, Any] | None, lang: str, keep: Callable[[str, bytes], None]
) -> str:
    """The story of play (price paths; lots and customers) or "" without one."""
    pngs = story_pngs(aggregate, lang)
    if not pngs:
        return ""
    figures = []
    for name, png in pngs.items():
        keep(name, png)
        figures.append(figure_html(png, t(STORY_CAPTIONS.get(name, "The story of play"), lang)))
    return h2(t("The story of play", lang)) + "".join(figures)


def write_report(
    path: Path,
    out_dir: Path | Sequence[Path],
    lang: str | None = None,
    dpi: int = 110,
    ladder: Matrix | None = None,
    limit: int | None = None,
) -> Path:
    """One simulation's report: ``path`` (HTML) and its PNGs beside it; both languages when
    ``lang`` is None. ``out_dir`` may be several folders of one simulation; ``ladder`` adds a
    strength-ladder section; ``limit`` reports only the first games of each folder."""
    from bazaar.sim.charts import CHARTS, summary_charts

    plan, summary = load_summary(out_dir, limit)
    story = story_aggregate(folder_list(out_dir), limit)

    def build(lang: str, keep: Callable[[str, bytes], None]) -> str:
        title = t(
            "{game}: {games} simulated games",
            lang,
            game=game_name(summary["game"], lang),
            games=summary["games"],
        )
        charts = summary_charts(summary, lang, dpi)
        for name, png in charts.items():
            keep(name, png)
        lines = "".join(f"<li>{esc(line)}</li>" for line in headlines(summary, lang))
        return (
            f"<h1>{esc(title)}</h1>"
            + setup_html(plan, summary, lang)
            + h2(t("Headlines", lang))
            + f"<ul>{lines}</ul>"
            + h2(t("Charts", lang))
            + "".join(figure_html(charts[n], t(CHARTS[n], lang)) for n in CHARTS)
            + figures_html(summary, lang)
            + (ladder_section(ladder, lang, dpi, keep) if ladder else "")
            + story_section(story, lang, keep)
        )

    title = " · ".join(game_name(summary["game"], lang) for lang in _langs(lang))
    return _write(Path(path), title, _langs(lang), build)


# ------------------------------------------------------------------------ the ladder
def ladder_order(matrix: Matrix) -> list[int]:
    """Row indexes from strongest: by the mean of a row's win shares over its known cells."""
    means = []
    for row in matrix["win"]:
        known = [c["mean"] for c in row if c is not None]
        means.append(sum(known) / len(known) if known else 0.0)
    return sorted(range(len(means)), key=lambda i: -means[i])


def ladder_section(
    matrix: Matrix, lang: str, dpi: int, keep: Callable[[str, bytes], None] | None = None
) -> str:
    """The strength ladder: heatmap, the order it shows, and each cell with its interval."""
    from bazaar.sim.charts import ladder_chart

    lang = normalize_lang(lang)
    agents = list(matrix["agents"])
    png = ladder_chart(matrix, lang, dpi)
    if keep:
        keep("ladder", png)
    fair = 1 / int(matrix["players"])
    order = join_words((agent_name(agents[i], lang) for i in ladder_order(matrix)), lang)
    games = matrix.get("games")
    rows = []
    for r, row in enumerate(matrix["win"]):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            played = str(games[r][c]) if games else "–"
            rows.append(
                [
                    agent_name(agents[r], lang),
                    agent_name(agents[c], lang),
                    with_interval(cell, "share", lang),
                    played,
                ]
            )
    caption = t(
        "Each cell: the row agent's win share in games where it holds one seat and the column "
        "agent holds every other seat; a fair share is {share}.",
        lang,
        share=percent(fair),
    )
    return (
        h2(t("Strength ladder", lang))
        + figure_html(png, caption)
        + para(t("From strongest to weakest: {order}.", lang, order=order))
        + table_html(
            [t("Agent", lang), t("Field", lang), t("Win share", lang), t("Games", lang)], rows
        )
        + metagame_section(matrix, lang)
    )


def metagame_section(matrix: Matrix, lang: str) -> str:
    """α-Rank and Nash averaging over the ladder's matrix, with their meaning in words."""
    if "metagame" not in matrix:  # a matrix written before the ratings were added
        return ""
    ratings = metagame_rows(matrix, lang)
    return (
        h2(t("Ratings beyond the matrix", lang))
        + (table_html(*ratings) if ratings is not None else "")
        + "".join(para(text) for text in metagame_notes(matrix, lang))
    )


def write_ladder_report(
    path: Path, matrix: Matrix, lang: str | None = None, dpi: int = 110
) -> Path:
    """A strength ladder's report: ``matrix`` = {"game", "players", "agents", "win": [[I|None]],
    "games": [[n]]} (row agent A's win share where one seat is A and the others the column's)."""

    def build(lang: str, keep: Callable[[str, bytes], None]) -> str:
        title = t(
            "{game}: strength ladder of {count} agents",
            lang,
            game=game_name(matrix["game"], lang),
            count=len(matrix["agents"]),
        )
        return f"<h1>{esc(title)}</h1>" + ladder_section(matrix, lang, dpi, keep)

    title = " · ".join(game_name(matrix["game"], lang) for lang in _langs(lang))
    return _write(Path(path), title, _langs(lang), build)


# ------------------------------------------------------------------------ the sweeps
def write_sweep_report(
    path: Path,
    option_name: str,
    points: Sequence[tuple[Any, Path]],
    lang: str | None = None,
    dpi: int = 110,
) -> Path:
    """A rule sweep's report: one chart per metric over the option's values, then a short
    table per value (``points`` = [(value, out folder of that value's simulation)])."""
    from bazaar.sim.charts import SWEEP_CHARTS, sweep_charts

    if not points:
        raise ValueError("points: no (value, out folder) to report")
    loaded = [(value, *load_summary(folder)) for value, folder in points]
    summaries = [(value, summary) for value, _plan, summary in loaded]
    first_plan, first = loaded[0][1], loaded[0][2]
    game = first["game"]

    def value_words(summary: Summary, value: Any, lang: str) -> str:
        return choice_words(game, option_name, summary["options"].get(option_name, value), lang)

    def build(lang: str, keep: Callable[[str, bytes], None]) -> str:
        label = option_label(game, option_name, lang)
        title = t("{game}: sweep of {option}", lang, game=game_name(game, lang), option=label)
        charts = sweep_charts(option_name, summaries, lang, dpi)
        for name, png in charts.items():
            keep(name, png)
        values = join_words((value_words(s, v, lang) for v, s in summaries), lang)
        intro = t(
            "The same simulation ({games} games each) for every value of {option}: {values}.",
            lang,
            games=first["games"],
            option=label,
            values=values,
        )
        parts = [
            f"<h1>{esc(title)}</h1>",
            f"<p>{esc(intro)}</p>",
            setup_html(first_plan, first, lang, swept=option_name),
        ]
        parts.append(h2(t("Headlines", lang)) + "<ul>")
        for value, summary in summaries:
            setting = t(
                "{option} = {value}:", lang, option=label, value=value_words(summary, value, lang)
            )
            sentence = headlines(summary, lang)[0]
            gap = sentence_gap(lang)
            parts.append(f"<li><b>{esc(setting)}</b>{gap}{esc(sentence)}</li>")
        parts.append("</ul>")
        parts.append(came_into_play(points, option_name, lang, value_words, summaries))
        for name in SWEEP_CHARTS:
            heading = t(SWEEP_CHARTS[name], lang, option=label)
            parts.append(f"<h2>{esc(heading)}</h2>" + figure_html(charts[name], heading))
        parts.append(h2(t("Each value", lang)))
        for value, summary in summaries:
            words = value_words(summary, value, lang)
            parts.append(h3(t("{option} = {value}", lang, option=label, value=words)))
            parts.append(value_table(summary, lang))
        parts.append(para(t(METHOD, lang), "note"))
        return "".join(parts)

    title = " · ".join(option_label(game, option_name, lang) for lang in _langs(lang))
    return _write(Path(path), title, _langs(lang), build)


def came_into_play(
    points: Sequence[tuple[Any, Path]],
    option_name: str,
    lang: str,
    value_words: Callable[[Summary, Any, str], str],
    summaries: Sequence[tuple[Any, Summary]],
) -> str:
    """A table: for each value after the first, the share of the same deals it played
    differently and the share it gave another winner (:func:`bazaar.sim.sweep.divergence`)."""
    from bazaar.sim.store import read_rows
    from bazaar.sim.sweep import divergence

    games = summaries[0][1]["games"]
    base = read_rows(Path(points[0][1]), games)
    first = value_words(summaries[0][1], summaries[0][0], lang)
    rows = []
    for (value, folder), (_, summary) in zip(points[1:], summaries[1:], strict=True):
        change = divergence(base, read_rows(Path(folder), games))
        rows.append(
            [
                value_words(summary, value, lang),
                percent(change["played"]),
                percent(change["winner"]),
            ]
        )
    header = [
        t("Value", lang),
        t("Deals played differently", lang),
        t("Deals with another winner", lang),
    ]
    note = t(
        "Every value plays the same deals, so a deal that went differently from {first} went "
        "differently because of the rule: the first column says how often the rule came into "
        "play, the second how often it changed who won.",
        lang,
        first=first,
    )
    return h2(t("How often the rule mattered", lang)) + para(note) + table_html(header, rows)


def value_table(summary: Summary, lang: str) -> str:
    """A short table of one sweep value: seat 1, each agent, and the metrics of play."""
    rows = [
        [t("Seat 1's win share", lang), with_interval(summary["seats"][0]["win"], "share", lang)]
    ]
    rows += [
        [
            t("{agent}: win share", lang, agent=agent_name(a["agent"], lang)),
            with_interval(a["win"], "share", lang),
        ]
        for a in summary["agent_stats"]
    ]
    rows += [
        [t(msgid, lang), with_interval(summary["metrics"][key], kind, lang)]
        for key, msgid, kind in METRICS
        if key in ("decisions", "lead_changes", "score_spread")
    ]
    return table_html([t("Figure", lang), t("Mean", lang)], rows) + (
        para(t("{games} games", lang, games=summary["games"]), "note")
    )


# ------------------------------------------------------------------------------ grids
def write_grid_report(
    path: Path,
    points: Sequence[Mapping[str, Any]],
    lang: str | None = None,
    dpi: int = 110,
) -> Path:
    """A grid's report (a sweep of several options): its tables (two options: one option down
    and the other across, per measure; more: a row per cell), two charts over the cells and a
    short table per cell. ``points``: :func:`bazaar.sim.sweep.grid_points`."""
    from bazaar.sim.charts import GRID_CHARTS, grid_charts
    from bazaar.sim.store import read_plan

    if not points:
        raise ValueError("points: no cell to report")
    first = points[0]["summary"]
    game, names = first["game"], list(points[0]["cell"])
    plan = read_plan(Path(points[0]["folder"])).to_json()

    def build(lang: str, keep: Callable[[str, bytes], None]) -> str:
        labels = join_words((option_label(game, n, lang) for n in names), lang)
        title = t("{game}: a grid of {options}", lang, game=game_name(game, lang), options=labels)
        intro = t(
            "The same simulation ({games} games each) for every combination of {options}: "
            "{cells} cells, every one on the same deals.",
            lang,
            games=first["games"],
            options=labels,
            cells=len(points),
        )
        charts = grid_charts(points, lang, dpi)
        for name, png in charts.items():
            keep(name, png)
        parts = [
            f"<h1>{esc(title)}</h1>",
            para(intro),
            setup_html(plan, first, lang, swept=names),
            h2(t("The grid", lang)),
            para(
                t(
                    "Every cell plays the same deals, so a deal that went differently from the "
                    "first cell ({base}) went differently because of the rules.",
                    lang,
                    base=cell_words(game, points[0]["cell"], lang),
                )
            ),
        ]
        for table_title, header, rows in grid_tables(points, lang, short=False):
            parts.append(h3(table_title) + table_html(header, rows))
        for name in GRID_CHARTS:
            parts.append(figure_html(charts[name], t(GRID_CHARTS[name], lang)))
        parts.append(h2(t("Each cell", lang)))
        for point in points:
            parts.append(h3(cell_words(game, point["cell"], lang)))
            parts.append(value_table(point["summary"], lang))
        parts.append(para(t(METHOD, lang), "note"))
        return "".join(parts)

    title = " · ".join(game_name(game, lang) for lang in _langs(lang))
    return _write(Path(path), title, _langs(lang), build)


# ----------------------------------------------------------------------------- tuning
def write_tune_report(
    path: Path, result: Mapping[str, Any], lang: str | None = None, dpi: int = 110
) -> Path:
    """A tuning run's report (``result``: its ``tune.json``): what was searched, the best
    settings against the game's own, the confirmation with 95% intervals, two charts and every
    evaluated setting with its games and score."""
    from bazaar.sim.charts import TUNE_CHARTS, tune_charts
    from bazaar.sim.report_text import confirmed_rows, objective_words, runs_rows

    game = result["game"]

    def build(lang: str, keep: Callable[[str, bytes], None]) -> str:
        title = t(
            "{game}: tuned for {objective}",
            lang,
            game=game_name(game, lang),
            objective=objective_words(result, lang),
        )
        charts = tune_charts(result, lang, dpi)
        for name, png in charts.items():
            keep(name, png)
        searched = table_html(
            [t("Option", lang), t("Values searched", lang)],
            [
                [
                    option_label(game, s["name"], lang),
                    join_words((choice_words(game, s["name"], v, lang) for v in s["values"]), lang),
                ]
                for s in result["space"]
            ],
        )
        intro = t(
            "NTBEA (the N-tuple bandit evolutionary algorithm) evaluated {evaluations} settings "
            "of {games} games each, every evaluation on its own deals. The model's best setting "
            "and the best evaluated ones were then confirmed beside the game's own settings on "
            "{confirm} games each, all on the same deals; the best confirmed one is the answer.",
            lang,
            evaluations=result["evaluations"],
            games=result["games"],
            confirm=result["confirm"],
        )
        seats = join_words((agent_name(a, lang) for a in result["agents"]), lang)
        parts = [
            f"<h1>{esc(title)}</h1>",
            para(intro),
            para(t("{players} players: {agents}.", lang, players=result["players"], agents=seats)),
            h2(t("Best settings", lang)),
        ]
        if result["changes"]:
            parts.append(
                table_html(
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
            )
        else:
            parts.append(para(t("The game's own settings did best: nothing to change.", lang)))
        header, rows = confirmed_rows(result, lang)
        parts.append(h2(t("Confirmation", lang)) + table_html(header, rows))
        for name in TUNE_CHARTS:
            parts.append(figure_html(charts[name], t(TUNE_CHARTS[name], lang)))
        parts.append(h2(t("What was searched", lang)) + searched)
        header, rows = runs_rows(result, lang)
        parts.append(h2(t("Every evaluation", lang)) + table_html(header, rows))
        parts.append(para(t(METHOD, lang), "note"))
        return "".join(parts)

    title = " · ".join(game_name(game, lang) for lang in _langs(lang))
    return _write(Path(path), title, _langs(lang), build)
