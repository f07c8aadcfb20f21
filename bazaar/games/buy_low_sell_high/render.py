"""Terminal rendering of Buy Low Sell High: price columns, players, market row, hand, moves.

Everything here reads a seat's :meth:`view` (never the full state), so what it draws is
exactly what that seat may see. All words go through :func:`bazaar.i18n.t`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bazaar.core.seats import seat_label
from bazaar.games.buy_low_sell_high.components import (
    CARD_NAMES,
    CARD_TYPES,
    KINDS,
    card_colour,
    card_type,
)
from bazaar.games.buy_low_sell_high.text import canonical, stock_word, type_words
from bazaar.games.buy_low_sell_high.words import SPACES, money, phase_name
from bazaar.i18n import N_, Translator

KIND_STYLES = ("bold red", "bold green", "bold magenta")
t = Translator(__package__)


# ---------------------------------------------------------------------- words
def kind_text(k: int, lang: str = "en") -> Text:
    """A stock by its colour alone ("red", "紅色"), in its colour."""
    return Text(stock_word(k, lang), style=KIND_STYLES[k])


def stock_label(k: int, lang: str) -> Text:
    """A stock by its colour ("red", "紅色"), in its colour (the notation's K0..K2 are for
    typing only: notation_help names their colours)."""
    return Text(stock_word(k, lang), style=KIND_STYLES[k])


#: A card's kind in one short word for the market row's narrow cells (a bull or bear card is
#: its value, "+3"); the hand names it in full (:func:`type_words`).
SHORT_TYPES = {"div": N_("div."), "com": N_("fee"), "news": N_("news")}


def card_text(name: str, lang: str = "en") -> Text:
    """A card by its stock's colour ("green"), in that colour."""
    card = CARD_NAMES.index(canonical(name))
    return kind_text(card_colour(card), lang)


def card_cell(name: str, lang: str) -> Text:
    """A market row card in two short lines: its colour, then its kind ("green" / "+3")."""
    card = CARD_NAMES.index(canonical(name))
    short = CARD_TYPES[card_type(card)]
    text = card_text(name, lang)
    text.append("\n" + (t(SHORT_TYPES[short], lang) if short in SHORT_TYPES else short))
    return text


# ---------------------------------------------------------------------- the board
def _price_chart(view: dict[str, Any], lang: str) -> RenderableType:
    """The three price columns laid flat: one line per stock, one 2-cell slot per space (the
    head names every even price), so that the chart fits an 80-column terminal."""
    width = 2
    labels = [stock_label(k, lang) for k in range(KINDS)]
    label_width = max(label.cell_len for label in labels) + 1
    head = Text(" " * label_width)
    for value in SPACES:
        head.append(f"{value:>{width}}" if value % 2 == 0 else " " * width, style="dim")
    lines = [Text(t("Stock prices", lang), style="bold"), head, Text("─" * head.cell_len)]
    for k in range(KINDS):
        counts = Counter(view["columns"][k]["tokens"])
        lowest = min(counts)
        line = labels[k]
        line.append(" " * (label_width - line.cell_len))
        for value in SPACES:
            c = counts.get(value, 0)
            if not c:
                line.append(" " * (width - 1) + "·", style="dim")
                continue
            mark = "●" if c == 1 else f"{c}●"
            line.append(" " * (width - len(mark)))
            line.append(mark, style=KIND_STYLES[k] + (" reverse" if value == lowest else ""))
        lines.append(line)
    return Group(*lines)


def _market_table(view: dict[str, Any], lang: str, names: list[str] | None) -> Table:
    """Stock prices on the left, players (money, holdings, hand sizes) on the right."""
    table = Table(
        box=box.SIMPLE_HEAD, padding=(0, 1), collapse_padding=True, pad_edge=False, show_edge=False
    )
    # At 80 columns only the player's name and "On board" wrap (at spaces, or fold).
    table.add_column(t("Stock", lang), no_wrap=True)
    table.add_column(t("Buy", lang), justify="right", no_wrap=True)
    table.add_column(t("Sell", lang), justify="right", no_wrap=True)
    table.add_column(t("On board", lang), justify="right", overflow="fold")
    table.add_column("", width=2)
    table.add_column(t("Player", lang), overflow="fold")
    table.add_column(t("Money", lang), justify="right", no_wrap=True)
    for k in range(KINDS):
        table.add_column(kind_text(k, lang), justify="right", no_wrap=True)
    table.add_column(t("Cards", lang), justify="right", no_wrap=True)
    winners = view.get("winners") or []
    for i in range(max(KINDS, view["players"])):
        cells: list[Text | str] = ["", "", "", ""]
        if i < KINDS:
            col = view["columns"][i]
            buy = money(col["buy"]) if col["buy"] is not None else "—"
            cells = [kind_text(i, lang), buy, money(col["sell"]), str(len(col["tokens"]))]
        if i < view["players"]:
            marker = "▶" if view["to_move"] == i else ("★" if i in winners else "")
            cells += player_cells(view, i, marker, lang, names)
        else:
            cells += [""] * (3 + KINDS + 1)
        table.add_row(*cells)
    return table


def player_cells(
    view: dict[str, Any], i: int, marker: str, lang: str, names: list[str] | None
) -> list[Text | str]:
    """Seat ``i``'s cells of the market table: marker, name (bold for the viewer), cash (red
    when negative), shares of each stock, cards in hand."""
    cash = view["money"][i]
    return [
        marker,
        Text(seat_label(i, lang, names), style="bold" if i == view.get("seat") else ""),
        Text(money(cash), style="red" if cash < 0 else ""),
        *(str(x) for x in view["holdings"][i]),
        str(view["hand_sizes"][i]),
    ]


def _row_table(view: dict[str, Any], lang: str) -> Table:
    row = view["row"]
    length = view["row_length"]
    title = t(
        "Market row: {filled} of {length} spaces filled", lang, filled=len(row), length=length
    )
    table = Table(
        title=title,
        title_justify="left",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        padding=(0, 1, 0, 0),
        show_edge=False,
    )
    for j in range(length):
        table.add_column(str(j + 1), justify="left", no_wrap=True, min_width=4)
    cards: list[Text] = []
    marks: list[Text] = []
    for j in range(length):
        if j >= len(row):
            cards.append(Text("·", style="dim"))
            marks.append(Text(""))
            continue
        cell = row[j]
        text = card_cell(cell["card"], lang)
        if cell["covered"]:
            text.stylize("strike dim")
            marks.append(Text(t("covered", lang), style="yellow"))
        elif cell["dud"]:
            text.stylize("dim")
            marks.append(Text(t("dud", lang), style="yellow"))
        else:
            marks.append(Text(""))
        cards.append(text)
    table.add_row(*cards)
    if any(m.plain for m in marks):
        table.add_row(*marks)
    return table


def _cards_table(label: str, cards: list[str], lang: str) -> RenderableType:
    """A titled row of cards: names on top, their meaning in words below."""
    if not cards:
        line = Text(f"{label}: ", style="bold")
        line.append(t("(none)", lang), style="dim")
        return line
    table = Table(
        title=label,
        title_justify="left",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        padding=(0, 2, 0, 0),
        show_edge=False,
    )
    words = []
    for name in cards:
        table.add_column(card_text(name, lang), no_wrap=True)
        words.append(type_words(card_type(CARD_NAMES.index(canonical(name))), lang))
    table.add_row(*(Text(w, style="dim") for w in words))
    return table


def header(view: dict[str, Any], lang: str, names: list[str] | None = None) -> Text:
    parts = [
        t("Year {year} of {years}", lang, year=view["year"], years=view["years"]),
        phase_name(view, lang),
    ]
    if view["to_move"] is not None:
        parts.append(t("{who} to move", lang, who=seat_label(view["to_move"], lang, names)))
    parts.append(t("Draw pile: {n} cards", lang, n=view["pile"]))
    return Text("  ·  ".join(parts), style="bold")


def render_view(
    view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> RenderableType:
    """The board as seen in ``view``: header, prices, players, market row and own hand."""
    parts: list[RenderableType] = [
        header(view, lang, names),
        Text(""),
        _price_chart(view, lang),
        Text(t("● = a token; the highlighted token is the next one bought", lang), style="dim"),
        Text(""),
        _market_table(view, lang, names),
        Text(""),
        _row_table(view, lang),
    ]
    if view.get("seat") is not None:
        parts.append(_cards_table(t("Your hand", lang), view.get("hand", []), lang))
        if view.get("my_discards"):
            parts.append(_cards_table(t("Set aside", lang), view["my_discards"], lang))
    return Group(*parts)
