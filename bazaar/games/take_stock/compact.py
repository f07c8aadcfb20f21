"""Take Stock's board in a few lines, for the guided game's 24-line screen (docs/terminal.md):
the header, the prices and every player's shares in one small grid, then the seat's own cards.
'b' in the terminal shows the whole board (:mod:`bazaar.games.take_stock.render`)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bazaar.core.seats import seat_label
from bazaar.games.take_stock.components import LETTERS
from bazaar.games.take_stock.render import (
    STOCK_STYLES,
    _cards_line,
    _own,
    _situation,
    header,
    stock_mark,
    t,
)


def _header(view: dict[str, Any], lang: str, names: list[str] | None) -> Text:
    """The whole board's header with its parts one space from the dots, so it fits a line."""
    return Text(header(view, lang, names).plain.replace("  ·  ", " · "), style="bold")


def _grid(view: dict[str, Any], lang: str, names: list[str] | None) -> Table:
    """Stocks across (by their names' first letter or character, as the whole board's
    players): their prices (×2 split, ❄ frozen), then each player's shares, points and
    certificates (by name)."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    for _ in LETTERS:
        grid.add_column(justify="right", no_wrap=True)
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row(
        Text(""),
        *(Text(stock_mark(s, lang), style=STOCK_STYLES[s]) for s in range(len(LETTERS))),
        Text(t("Points", lang), style="bold"),
        Text(t("Certificates", lang), style="bold"),
    )
    prices = []
    for s, row in enumerate(view["stocks"]):
        cell = Text(str(row["price"]), style=STOCK_STYLES[s])
        if row["splits"]:
            cell.append(f"×{row['splits'] + 1}", style="dim")
        if row["frozen"]:
            cell.append("❄" * row["frozen"], style="bold blue")
        prices.append(cell)
    grid.add_row(Text(t("Price", lang), style="bold"), *prices, Text(""), Text(""))
    me = view.get("seat")
    for p, seat in enumerate(view["seats"]):
        marker = "▶ " if view["to_move"] == p else "  "
        label = Text(marker + seat_label(p, lang, names), style="bold" if p == me else "")
        if seat.get("frozen"):
            label.append(" ❄", style="bold blue")
        grid.add_row(
            label,
            *(Text(str(x) if x else "·") for x in seat["shares"]),
            Text(str(seat["total"])),
            _cards_line(seat["certificates"], lang),
        )
    return grid


def compact_view(
    view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> RenderableType:
    parts: list[RenderableType] = [_header(view, lang, names), _grid(view, lang, names)]
    parts.extend(_situation(view, lang))
    if view.get("seat") is not None:
        own = _own(view, lang)
        hand = Text(t("Your hand: ", lang), style="bold")  # by name, without the whole
        if view.get("hand"):  # board's places in the hand, so that it takes one line
            hand.append_text(_cards_line(view["hand"], lang))
        else:
            hand.append(t("(none)", lang), style="dim")
        parts.extend([hand, *own[1:]])
    return Group(*parts)
