"""Buy Low Sell High's board in a few lines, for the guided game's 24-line screen
(docs/terminal.md): the header, prices and players in one table, the market row and the hand
on a line each (a card as its colour and its kind in short). 'b' in the terminal shows the
whole board (:mod:`bazaar.games.buy_low_sell_high.render`)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bazaar.games.buy_low_sell_high.components import KINDS
from bazaar.games.buy_low_sell_high.render import card_cell, header, kind_text, player_cells, t
from bazaar.games.buy_low_sell_high.words import money


def _header(view: dict[str, Any], lang: str, names: list[str] | None) -> Text:
    """The whole board's header with its parts one space from the dots, so it fits a line."""
    return Text(header(view, lang, names).plain.replace("  ·  ", " · "), style="bold")


def _table(view: dict[str, Any], lang: str, names: list[str] | None) -> Table:
    """Stocks (buy and sell price) on the left, players (money, holdings, cards) on the right."""
    table = Table(box=None, padding=(0, 1), collapse_padding=True, pad_edge=False)
    table.add_column(t("Stock", lang), no_wrap=True)
    table.add_column(t("Buy", lang), justify="right", no_wrap=True)
    table.add_column(t("Sell", lang), justify="right", no_wrap=True)
    table.add_column("", width=1)
    table.add_column(t("Player", lang), overflow="fold")
    table.add_column(t("Money", lang), justify="right", no_wrap=True)
    for k in range(KINDS):
        table.add_column(kind_text(k, lang), justify="right", no_wrap=True)
    table.add_column(t("Cards", lang), justify="right", no_wrap=True)
    for i in range(max(KINDS, view["players"])):
        cells: list[Text | str] = ["", "", ""]
        if i < KINDS:
            col = view["columns"][i]
            buy = money(col["buy"]) if col["buy"] is not None else "—"
            cells = [kind_text(i, lang), buy, money(col["sell"])]
        if i < view["players"]:
            cells += player_cells(view, i, "▶" if view["to_move"] == i else "", lang, names)
        else:
            cells += [""] * (3 + KINDS + 1)
        table.add_row(*cells)
    return table


def _cards_line(label: str, cards: list[Text], lang: str, empty: bool = True) -> Text:
    """ "label — card, card" (a dash, no colon: the row's label ends in one in zh-TW); no cards:
    "label — (none)", or the label alone (not ``empty``)."""
    line = Text(label, style="bold")
    if not cards and not empty:
        return line
    line.append(" — ")
    if not cards:
        line.append(t("(none)", lang), style="dim")
    for i, card in enumerate(cards):
        if i:
            line.append(t(", ", lang))
        line.append_text(card)
    return line


def _hand_card(name: str, lang: str) -> Text:
    """A card as its colour and its kind in short ("red +3", "purple fee"), as in the row."""
    return Text(" ").join(card_cell(name, lang).split("\n"))


def _row_card(cell: dict[str, Any], lang: str) -> Text:
    text = card_cell(cell["card"], lang)
    text = Text(" ").join(text.split("\n"))
    if cell["covered"]:
        text.stylize("strike dim")
        text.append(f" ({t('covered', lang)})", style="yellow")
    elif cell["dud"]:
        text.stylize("dim")
        text.append(f" ({t('dud', lang)})", style="yellow")
    return text


def compact_view(
    view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> RenderableType:
    row = view["row"]
    title = t(
        "Market row: {filled} of {length} spaces filled",
        lang,
        filled=len(row),
        length=view["row_length"],
    )
    parts: list[RenderableType] = [
        _header(view, lang, names),
        _table(view, lang, names),
        _cards_line(title, [_row_card(cell, lang) for cell in row], lang, empty=False),
    ]
    if view.get("seat") is not None:
        hand = [_hand_card(name, lang) for name in view.get("hand", [])]
        parts.append(_cards_line(t("Your hand", lang), hand, lang))
        if view.get("my_discards"):
            aside = [_hand_card(name, lang) for name in view["my_discards"]]
            parts.append(_cards_line(t("Set aside", lang), aside, lang))
    return Group(*parts)
