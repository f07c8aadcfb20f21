"""A simulation's charts as PNG bytes, every word in the chosen language (``en`` or ``zh-TW``).

Drawn with matplotlib through :mod:`bazaar.sim.mpl` (imported inside the functions: the
``sim`` extra). Seats read "Seat 1" / 「玩家1」, agents by the names people use
(``bazaar.core.describe.BOT_NAMES``); whiskers and bands are the summary's 95% intervals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bazaar.i18n import N_, normalize_lang, t
from bazaar.sim.report_text import (
    agent_name,
    choice_words,
    option_label,
    percent,
    seat_name,
    width,
)

Summary = Mapping[str, Any]
#: the charts of one simulation, in the order a report shows them: name -> title msgid
CHARTS = {
    "seats": N_("Win share by seat"),
    "agents": N_("Win share and mean score by agent"),
    "scores": N_("Final scores by agent"),
    "length": N_("Game length"),
}
#: the charts of a sweep: name -> title msgid ({option} is the option's label)
SWEEP_CHARTS = {
    "first_player": N_("First-player advantage by {option}"),
    "agents": N_("Win share per agent by {option}"),
    "length": N_("Decisions per game by {option}"),
    "lead_changes": N_("Lead changes per game by {option}"),
    "score_spread": N_("Score spread by {option}"),
}
SIZE = (6.4, 3.6)
WHISKER = "#333333"


def _plt() -> Any:
    from bazaar.sim.mpl import pyplot

    return pyplot()


def _png(figure: Any, dpi: int) -> bytes:
    from bazaar.sim.mpl import png_bytes

    return png_bytes(figure, dpi=dpi)


def _colors(count: int) -> list[str]:
    from bazaar.sim.mpl import PALETTE

    return [PALETTE[i % len(PALETTE)] for i in range(count)]


def _errors(intervals: Sequence[Mapping[str, float]]) -> list[list[float]]:
    return [
        [max(0.0, i["mean"] - i["low"]) for i in intervals],
        [max(0.0, i["high"] - i["mean"]) for i in intervals],
    ]


def _share_axis(axes: Any, fair: float, lang: str) -> None:
    """Shares in %, and a dashed fair-share line with its legend entry."""
    axes.axhline(
        fair,
        color="#555555",
        linestyle="--",
        linewidth=1,
        label=t("Fair share ({share})", lang, share=percent(fair)),
    )
    axes.yaxis.set_major_formatter(lambda value, _position: f"{100 * value:.0f}%")
    axes.set_ylabel(t("Win share", lang))


def _bars(
    axes: Any, labels: Sequence[str], intervals: Sequence[Mapping[str, float]], colors: list[str]
) -> None:
    positions = list(range(len(labels)))
    axes.bar(positions, [i["mean"] for i in intervals], color=colors, width=0.6)
    axes.errorbar(
        positions,
        [i["mean"] for i in intervals],
        yerr=_errors(intervals),
        fmt="none",
        ecolor=WHISKER,
        capsize=4,
        linewidth=1,
    )
    axes.set_xticks(positions, labels)


def seat_chart(summary: Summary, lang: str, dpi: int = 110) -> bytes:
    """Bars of each seat's win share with 95% whiskers and the fair-share line."""
    lang = normalize_lang(lang)
    plt = _plt()
    figure, axes = plt.subplots(figsize=SIZE)
    seats = summary["seats"]
    _bars(
        axes,
        [seat_name(s["seat"], lang) for s in seats],
        [s["win"] for s in seats],
        _colors(len(seats)),
    )
    _share_axis(axes, summary["fair"], lang)
    axes.set_ylim(0, max(1.0 / len(seats) * 2, max(s["win"]["high"] for s in seats) * 1.25))
    axes.set_title(t(CHARTS["seats"], lang))
    axes.legend(loc="upper right", fontsize=8)
    return _png(figure, dpi)


def agent_chart(summary: Summary, lang: str, dpi: int = 110) -> bytes:
    """Two panels: each agent's win share (with the fair line) and its mean final score."""
    lang = normalize_lang(lang)
    plt = _plt()
    stats = summary["agent_stats"]
    labels = [agent_name(a["agent"], lang) for a in stats]
    colors = _colors(len(stats))
    figure, (left, right) = plt.subplots(1, 2, figsize=(SIZE[0], SIZE[1] + 0.4))
    _bars(left, labels, [a["win"] for a in stats], colors)
    _share_axis(left, summary["fair"], lang)
    left.set_ylim(0, min(1.25, max(0.5, max(a["win"]["high"] for a in stats) * 1.3)))
    left.legend(loc="upper left", fontsize=7)
    _bars(right, labels, [a["score"] for a in stats], colors)
    right.set_ylabel(t("Mean score", lang))
    for axes in (left, right):
        axes.tick_params(axis="x", labelrotation=30, labelsize=8)
    figure.suptitle(t(CHARTS["agents"], lang))
    figure.subplots_adjust(wspace=0.4, bottom=0.25)
    return _png(figure, dpi)


def score_chart(summary: Summary, lang: str, dpi: int = 110) -> bytes:
    """A box per agent: the spread of the final scores of the seats it played."""
    lang = normalize_lang(lang)
    plt = _plt()
    by_agent = summary["distributions"]["score_by_agent"]
    specs = list(by_agent)
    figure, axes = plt.subplots(figsize=SIZE)
    boxes = axes.boxplot(
        [by_agent[s] for s in specs], patch_artist=True, widths=0.5, medianprops={"color": "black"}
    )
    for patch, color in zip(boxes["boxes"], _colors(len(specs)), strict=True):
        patch.set_facecolor(color)
        patch.set_alpha(0.75)
    axes.set_xticks(range(1, len(specs) + 1), [agent_name(s, lang) for s in specs])
    axes.tick_params(axis="x", labelrotation=20, labelsize=8)
    axes.set_ylabel(t("Final score", lang))
    axes.set_title(t(CHARTS["scores"], lang))
    return _png(figure, dpi)


def length_chart(summary: Summary, lang: str, dpi: int = 110) -> bytes:
    """A histogram of decisions per game, with the mean marked."""
    lang = normalize_lang(lang)
    plt = _plt()
    lengths = summary["distributions"]["decisions"]
    figure, axes = plt.subplots(figsize=SIZE)
    bins = min(30, max(5, len(set(lengths))))
    axes.hist(lengths, bins=bins, color=_colors(1)[0], edgecolor="white")
    mean = summary["metrics"]["decisions"]["mean"]
    axes.axvline(
        mean,
        color="#333333",
        linestyle="--",
        label=t("Mean: {value}", lang, value=format(mean, ".1f")),
    )
    axes.set_xlabel(t("Decisions per game", lang))
    axes.set_ylabel(t("Games", lang))
    axes.yaxis.get_major_locator().set_params(integer=True)
    axes.set_title(t(CHARTS["length"], lang))
    axes.legend(fontsize=8)
    return _png(figure, dpi)


def summary_charts(summary: Summary, lang: str, dpi: int = 110) -> dict[str, bytes]:
    """Every chart of one simulation: name (the keys of CHARTS) -> PNG bytes."""
    draw = {
        "seats": seat_chart,
        "agents": agent_chart,
        "scores": score_chart,
        "length": length_chart,
    }
    return {name: draw[name](summary, lang, dpi) for name in CHARTS}


# ------------------------------------------------------------------------- the ladder
def ladder_chart(matrix: Mapping[str, Any], lang: str, dpi: int = 110) -> bytes:
    """The strength ladder as a heatmap: row agent's win share against a field of the column
    agent (every other seat), the share written in each cell, the fair share in the title."""
    lang = normalize_lang(lang)
    plt = _plt()
    agents = matrix["agents"]
    names = [agent_name(a, lang) for a in agents]
    fair = 1 / int(matrix["players"])
    values = [[float("nan") if c is None else c["mean"] for c in row] for row in matrix["win"]]
    size = max(3.6, 1.1 * len(agents) + 1.6)
    figure, axes = plt.subplots(figsize=(size + 1.0, size))
    image = axes.imshow(values, cmap="RdBu", vmin=0.0, vmax=min(1.0, 2 * fair), aspect="auto")
    for r, row in enumerate(matrix["win"]):
        for c, cell in enumerate(row):
            text = "–" if cell is None else percent(cell["mean"])
            strong = cell is not None and abs(cell["mean"] - fair) > 0.6 * fair
            color = "white" if strong else "black"
            axes.text(c, r, text, ha="center", va="center", fontsize=9, color=color)
    axes.set_xticks(range(len(agents)), names, rotation=30, fontsize=8)
    axes.set_yticks(range(len(agents)), names, fontsize=8)
    axes.set_xlabel(t("Field: the agent in every other seat", lang))
    axes.set_ylabel(t("Agent in one seat", lang))
    axes.set_title(t("Strength ladder (fair share {share})", lang, share=percent(fair)))
    bar = figure.colorbar(image, ax=axes, fraction=0.046, pad=0.04)
    bar.set_label(t("Win share of the row agent", lang))
    bar.ax.yaxis.set_major_formatter(lambda value, _position: f"{100 * value:.0f}%")
    return _png(figure, dpi)


# -------------------------------------------------------------------------- the sweeps
def sweep_charts(
    option: str, points: Sequence[tuple[Any, Summary]], lang: str, dpi: int = 110
) -> dict[str, bytes]:
    """One line chart per metric over the option's values (x = the choices in words, bands =
    95% intervals): name (the keys of SWEEP_CHARTS) -> PNG bytes."""
    lang = normalize_lang(lang)
    game = points[0][1]["game"]
    label = option_label(game, option, lang)
    ticks = [
        choice_words(game, option, summary["options"].get(option, value), lang)
        for value, summary in points
    ]
    summaries = [s for _, s in points]
    fair = summaries[0]["fair"]
    out: dict[str, bytes] = {}

    def chart(
        name: str,
        series: list[tuple[str, list[Mapping[str, float]]]],
        y: str,
        share_fair: float | None,
    ) -> None:
        plt = _plt()
        figure, axes = plt.subplots(figsize=SIZE)
        xs = list(range(len(ticks)))
        for (series_label, intervals), color in zip(series, _colors(len(series)), strict=True):
            axes.plot(
                xs, [i["mean"] for i in intervals], marker="o", color=color, label=series_label
            )
            axes.fill_between(
                xs,
                [i["low"] for i in intervals],
                [i["high"] for i in intervals],
                color=color,
                alpha=0.2,
                linewidth=0,
            )
        if share_fair is not None:
            _share_axis(axes, share_fair, lang)
        axes.set_ylabel(y)
        long = sum(width(tick) for tick in ticks) > 56
        axes.set_xticks(
            xs, ticks, fontsize=8, rotation=20 if long else 0, ha="right" if long else "center"
        )
        axes.margins(x=0.12)
        axes.set_xlabel(label)
        axes.set_title(t(SWEEP_CHARTS[name], lang, option=label))
        axes.legend(fontsize=7)
        out[name] = _png(figure, dpi)

    chart(
        "first_player",
        [(seat_name(1, lang), [s["seats"][0]["win"] for s in summaries])],
        t("Win share", lang),
        fair,
    )
    agents: list[str] = []
    for s in summaries:
        agents += [a for a in s["agents"] if a not in agents]
    nan = {"mean": float("nan"), "low": float("nan"), "high": float("nan")}
    per_agent = [
        (
            agent_name(spec, lang),
            [
                next((a["win"] for a in s["agent_stats"] if a["agent"] == spec), nan)
                for s in summaries
            ],
        )
        for spec in agents
    ]
    chart("agents", per_agent, t("Win share", lang), fair)
    for name, key in (
        ("length", "decisions"),
        ("lead_changes", "lead_changes"),
        ("score_spread", "score_spread"),
    ):
        y = {
            "length": N_("Decisions per game"),
            "lead_changes": N_("Lead changes per game"),
            "score_spread": N_("Score spread"),
        }[name]
        chart(name, [(t("Mean", lang), [s["metrics"][key] for s in summaries])], t(y, lang), None)
    return out


# ---------------------------------------------------------------------------- the grids
#: the charts of a grid of several options: name -> title msgid
GRID_CHARTS = {
    "grid_first_player": N_("Seat 1's win share in each cell"),
    "grid_length": N_("Decisions per game in each cell"),
}


def grid_charts(points: Sequence[Mapping[str, Any]], lang: str, dpi: int = 110) -> dict[str, bytes]:
    """Bars per cell (labelled by its values, "reset / yes") with 95% whiskers: Seat 1's win
    share with the fair line, and the decisions per game. Name (GRID_CHARTS) -> PNG bytes."""
    lang = normalize_lang(lang)
    game = points[0]["summary"]["game"]
    labels = [
        " / ".join(choice_words(game, name, value, lang) for name, value in p["cell"].items())
        for p in points
    ]
    size = (max(SIZE[0], 0.5 * len(points) + 2), SIZE[1] + 0.6)
    out = {}
    for name, key in (("grid_first_player", "first_player"), ("grid_length", "decisions")):
        plt = _plt()
        figure, axes = plt.subplots(figsize=size)
        intervals = [
            p["summary"]["seats"][0]["win"]
            if key == "first_player"
            else p["summary"]["metrics"][key]
            for p in points
        ]
        _bars(axes, labels, intervals, _colors(1) * len(points))
        if key == "first_player":
            _share_axis(axes, points[0]["summary"]["fair"], lang)
            axes.legend(loc="upper right", fontsize=7)
        else:
            axes.set_ylabel(t("Decisions per game", lang))
        axes.tick_params(axis="x", labelrotation=30, labelsize=7)
        axes.set_title(t(GRID_CHARTS[name], lang))
        figure.subplots_adjust(bottom=0.3)
        out[name] = _png(figure, dpi)
    return out


# ----------------------------------------------------------------------------- tuning
#: the charts of a tuning run: name -> title msgid
TUNE_CHARTS = {
    "tune_search": N_("The objective's figure of each evaluated setting, in the search's order"),
    "tune_confirm": N_("The confirmed settings side by side"),
}


def tune_charts(result: Mapping[str, Any], lang: str, dpi: int = 110) -> dict[str, bytes]:
    """A tuning run's charts: each evaluation's figure with its 95% whisker (and the target),
    and bars of the confirmed settings (the game's own first). Name (TUNE_CHARTS) -> PNG."""
    lang = normalize_lang(lang)
    share = result["kind"] == "share"
    out = {}
    plt = _plt()
    figure, axes = plt.subplots(figsize=SIZE)
    runs = result["runs"]
    xs = [run["number"] for run in runs]
    means = [run["figure"]["mean"] for run in runs]
    axes.errorbar(
        xs, means, yerr=_errors([run["figure"] for run in runs]), fmt="o",
        color=_colors(1)[0], ecolor=WHISKER, capsize=2, linewidth=1, markersize=4,
    )  # fmt: skip
    if result["goal"] == "target":
        axes.axhline(result["target"], color="#555555", linestyle="--", linewidth=1)
    if share:
        axes.yaxis.set_major_formatter(lambda value, _position: f"{100 * value:.0f}%")
    axes.set_xlabel(t("Evaluation", lang))
    axes.set_ylabel(t("Objective", lang))
    axes.set_title(t(TUNE_CHARTS["tune_search"], lang), fontsize=9)
    out["tune_search"] = _png(figure, dpi)
    plt = _plt()
    figure, axes = plt.subplots(figsize=SIZE)
    confirmed = result["confirmed"]
    labels = [
        t("The game's own", lang)
        if run["finalist"] == 0
        else t("Finalist {number}", lang, number=run["finalist"])
        for run in confirmed
    ]
    _bars(axes, labels, [run["figure"] for run in confirmed], _colors(len(confirmed)))
    if result["goal"] == "target":
        axes.axhline(result["target"], color="#555555", linestyle="--", linewidth=1)
    if share:
        axes.yaxis.set_major_formatter(lambda value, _position: f"{100 * value:.0f}%")
    axes.set_ylabel(t("Objective", lang))
    axes.set_title(t(TUNE_CHARTS["tune_confirm"], lang))
    out["tune_confirm"] = _png(figure, dpi)
    return out
