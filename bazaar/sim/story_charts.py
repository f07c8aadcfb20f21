"""Charts of the story of play (:func:`bazaar.sim.story.aggregate`), as PNG bytes.

:func:`story_pngs` gives, for a price summary, ``story_prices`` (each stock's median price in
its colour with its 10th-90th percentile band, the year / round marks and one sample game
drawn thin); for a market summary, ``story_board`` (the board's lots where the browser draws
them, coloured by the mean price paid and by the mean customers served, with lot numbers and
colour bars) and ``story_flow`` (per round: where the walking customers went, and how many
came in). Every word in ``en`` or ``zh-TW``; stocks and stalls by the names people use.
matplotlib is imported only inside (through :mod:`bazaar.sim.mpl`).
"""

from __future__ import annotations

from typing import Any

from bazaar.i18n import N_, normalize_lang, t

NEVER = "#9e9e9e"
FLOW_COLOURS = {"served": "#009E73", "left": "#D55E00", "stayed": "#56B4E9"}
FLOW_WORDS = {
    "served": N_("served at a stall"),
    "left": N_("left the market"),
    "stayed": N_("waiting for the next round"),
}


def story_pngs(aggregate: dict[str, Any], lang: str | None = None) -> dict[str, bytes]:
    """Chart name -> PNG bytes for one aggregate; empty when it holds no games."""
    lang = normalize_lang(lang)
    if not aggregate.get("games"):
        return {}
    if aggregate["kind"] == "prices":
        return {"story_prices": price_chart(aggregate, lang)}
    if aggregate["kind"] == "market":
        return {
            "story_board": board_chart(aggregate, lang),
            "story_flow": flow_chart(aggregate, lang),
        }
    raise ValueError(f"no charts for a story of kind {aggregate['kind']!r}")


def _name(words: dict[str, str], lang: str) -> str:
    return words.get(lang) or words["en"]


# ---------------------------------------------------------------------------- prices
def price_chart(agg: dict[str, Any], lang: str) -> bytes:
    from bazaar.sim.mpl import png_bytes, pyplot

    plt = pyplot()
    figure, ax = plt.subplots(figsize=(9, 4.8))
    x = agg["x"]
    for s, stock in enumerate(agg["stocks"]):
        colour = stock["color"]
        low, high = agg["low"][s], agg["high"][s]
        ax.fill_between(x, low, high, color=colour, alpha=0.14, linewidth=0)
        ax.plot(x, agg["median"][s], color=colour, linewidth=2.2, label=_name(stock["name"], lang))
    sample = agg.get("sample")
    if sample:
        for s, stock in enumerate(agg["stocks"]):
            ax.plot(
                sample["x"],
                sample["prices"][s],
                color=stock["color"],
                linewidth=0.8,
                linestyle=(0, (3, 2)),
                alpha=0.8,
            )
        words = t("one game (game_index {index}), dashed", lang, index=sample["game_index"])
        ax.plot([], [], color=NEVER, linewidth=0.8, linestyle=(0, (3, 2)), label=words)
    for end in agg.get("ends", []):
        for s, stock in enumerate(agg["stocks"]):
            if end["mean"][s] is not None:
                ax.plot(end["x"], end["mean"][s], marker="D", markersize=5, color=stock["color"])
    if agg.get("ends"):
        words = t("mean price at each year or round end", lang)
        ax.plot([], [], marker="D", markersize=5, color=NEVER, linestyle="none", label=words)
    segments = agg["segments"]
    for j in range(1, segments):
        ax.axvline(j, color="#bbbbbb", linewidth=0.8)
    ticks = [mark[0] + 0.5 for mark in agg["marks"] if mark[0] < segments]
    ax.set_xticks(ticks, [_name(mark[1], lang) for mark in agg["marks"] if mark[0] < segments])
    ax.tick_params(axis="x", length=0)
    ax.set_xlim(0, max(segments, 1))
    ax.set_ylabel(t("Price ($)", lang))
    ax.set_xlabel(t("Each part of the game drawn at the same width", lang))
    ax.set_title(
        t(
            "Stock prices over {games} games: median and 10th-90th percentile band",
            lang,
            games=agg["games"],
        )
    )
    ax.grid(axis="y", color="#eeeeee")
    ax.legend(loc="upper left", fontsize=8, frameon=False, ncol=2)
    return png_bytes(figure)


# ---------------------------------------------------------------------------- the board
def _streets(ax: Any, agg: dict[str, Any], lang: str) -> None:
    """Each street's road between its two rows of lots, with the way the customers walk."""
    board = agg["board"]
    h = board["lot_height"]
    by_street: dict[int, list[dict[str, Any]]] = {}
    for lot in agg["lots"]:
        by_street.setdefault(lot["street"], []).append(lot)
    for street, lots in sorted(by_street.items()):
        ys = sorted({lot["y"] for lot in lots})
        if len(ys) != 2:
            continue
        road = (ys[0] + ys[1]) / 2
        left = min(lot["x"] for lot in lots) - board["lot_width"] / 2
        right = max(lot["x"] for lot in lots) + board["lot_width"] / 2
        # street 2 runs the other way (static/board.js STREETS: dir -1)
        start, end = (right, left) if street == 2 else (left, right)
        ax.annotate(
            "",
            xy=(end, road),
            xytext=(start, road),
            arrowprops={"arrowstyle": "->", "color": "#5c6299", "linewidth": 1.2},
        )
        ax.text(
            (left + right) / 2,
            road + (ys[1] - ys[0] - h) / 4,
            t("Street {n}", lang, n=street),
            fontsize=7.5,
            ha="center",
            va="center",
            color="#5c6299",
            bbox={"facecolor": "white", "edgecolor": "none", "pad": 1},
        )


def _lot_panel(
    plt: Any, figure: Any, ax: Any, agg: dict[str, Any], key: str, lang: str, money: bool
) -> None:
    from matplotlib.colors import Normalize
    from matplotlib.patches import Rectangle

    board = agg["board"]
    w, h = board["lot_width"], board["lot_height"]
    values = [lot[key] for lot in agg["lots"] if lot[key] is not None]
    low, top = min(values, default=0.0), max(values, default=0.0)
    norm = Normalize(vmin=low, vmax=top if top > low else low + 1.0)
    cmap = plt.get_cmap("YlOrRd")
    for lot in agg["lots"]:
        value = lot[key]
        x0, y0 = lot["x"] - w / 2, lot["y"] - h / 2
        face = NEVER if value is None else cmap(norm(value))
        hatch = "//" if value is None else None
        ax.add_patch(
            Rectangle(
                (x0, y0), w, h, facecolor=face, edgecolor="#333333", linewidth=0.8, hatch=hatch
            )
        )
        dark = value is not None and norm(value) > 0.6
        ink = "white" if dark else "#222222"
        ax.text(x0 + 6, y0 + 17, str(lot["lot"]), fontsize=9, fontweight="bold", color=ink)
        if value is None:
            lines = [t("never bought", lang)]
        elif money:
            share = t("in {share}% of games", lang, share=round(100 * lot["bought"]))
            lines = [f"${value:.1f}", share]
        else:
            lines = [f"{value:.1f}"]
        for k, words in enumerate(lines):
            y = lot["y"] + (4 if len(lines) == 1 else -2 + 22 * k)
            size = 10 if k == 0 and value is not None else 7
            ax.text(lot["x"], y, words, fontsize=size, ha="center", va="center", color=ink)
    _streets(ax, agg, lang)
    ax.set_xlim(min(lot["x"] for lot in agg["lots"]) - w, max(lot["x"] for lot in agg["lots"]) + w)
    ax.set_ylim(max(lot["y"] for lot in agg["lots"]) + h, min(lot["y"] for lot in agg["lots"]) - h)
    ax.set_aspect("equal")
    ax.axis("off")
    bar = figure.colorbar(plt.cm.ScalarMappable(norm=norm, cmap=cmap), ax=ax, shrink=0.8)
    bar.set_label(t("Mean price paid ($)", lang) if money else t("Mean customers served", lang))


def board_chart(agg: dict[str, Any], lang: str) -> bytes:
    from bazaar.sim.mpl import png_bytes, pyplot

    plt = pyplot()
    figure, (left, right) = plt.subplots(1, 2, figsize=(15, 5.2))
    _lot_panel(plt, figure, left, agg, "price", lang, money=True)
    left.set_title(t("Mean price paid where bought (share of games bought)", lang), fontsize=11)
    _lot_panel(plt, figure, right, agg, "served", lang, money=False)
    right.set_title(t("Mean customers served per game", lang), fontsize=11)
    figure.suptitle(t("The lots over {games} games", lang, games=agg["games"]))
    return png_bytes(figure)


# ---------------------------------------------------------------------------- customer flow
def flow_chart(agg: dict[str, Any], lang: str) -> bytes:
    from bazaar.sim.mpl import png_bytes, pyplot

    plt = pyplot()
    figure, ax = plt.subplots(figsize=(8, 4.5))
    rounds = agg["rounds"]
    xs = [row["round"] for row in rounds]
    bottom = [0.0] * len(rounds)
    for key, msgid in FLOW_WORDS.items():
        heights = [row[key] for row in rounds]
        ax.bar(xs, heights, bottom=bottom, color=FLOW_COLOURS[key], label=t(msgid, lang), width=0.6)
        bottom = [b + v for b, v in zip(bottom, heights, strict=True)]
    entered = [row["entered"] for row in rounds]
    ax.plot(xs, entered, color="#000000", marker="o", linewidth=1.5, label=t("new customers", lang))
    ax.set_xticks(xs, [t("Round {round}", lang, round=x) for x in xs])
    ax.set_ylabel(t("Customers (mean per game)", lang))
    ax.set_title(t("Customer flow per round over {games} games", lang, games=agg["games"]))
    ax.grid(axis="y", color="#eeeeee")
    ax.set_axisbelow(True)
    ax.legend(fontsize=8, frameon=False, loc="upper left")
    return png_bytes(figure)
