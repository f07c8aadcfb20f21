"""Taiwan Night Market's board in a few lines, for the guided game's 24-line screen
(docs/terminal.md): the header, the players (cash, loans, lots, score), the lots of the
auction on one line and the seat's own customers. The streets are left out: 'b' in the
terminal shows the whole board (:mod:`bazaar.games.night_market.render`)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bazaar.core.seats import seat_label
from bazaar.games.night_market.render import _customers, header, seat_mark, t
from bazaar.games.night_market.words import money


def _header(view: dict[str, Any], lang: str, names: list[str] | None) -> Text:
    """The whole board's header with its parts one space from the dots, so it fits a line."""
    return Text(header(view, lang, names).plain.replace("  ·  ", " · "), style="bold")


def _players(view: dict[str, Any], lang: str, names: list[str] | None) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    for _ in range(5):
        grid.add_column(justify="right", no_wrap=True)
    grid.add_row(
        Text(""),
        *(Text(t(w, lang), style="bold") for w in ("Cash", "Loans", "Lots", "Hidden", "Score")),
    )
    me = view.get("seat")
    for p in view["turn_order"]:
        marker = "▶ " if view["to_move"] == p else "  "
        label = Text(marker) + seat_mark(p, lang) + Text(" ")
        label.append(seat_label(p, lang, names), style="bold" if p == me else "")
        cash = view["cash"][p]
        grid.add_row(
            label,
            Text(money(cash), style="red" if cash < 0 else ""),
            str(view["loans"][p]),
            str(view["lots_owned"][p]),
            str(view["hidden_counts"][p]),
            money(int(view["scores"][p])),
        )
    return grid


def _auction(view: dict[str, Any], lang: str) -> Text | None:
    """ "Auction of round 1: 12 —  17 $5 P2 ◀  …": each lot with its top bid and leader."""
    if not view["auction"]:
        return None
    line = Text(t("Auction of round {r}", lang, r=view["round"]), style="bold")
    line.append(t(": ", lang), style="bold")
    chosen = view["bidding"]["lot"]
    for i, a in enumerate(view["auction"]):
        if i:
            line.append("  ")
        line.append(str(a["lot"]) + ("★" if a["face"] == "yellow" else ""), style="bold")
        if a["top"] is None:
            line.append(" —", style="dim")
        else:
            line.append(f" {money(a['top'])} ", style="yellow")
            line.append_text(seat_mark(a["leader"], lang))
        if chosen == a["lot"]:
            line.append(" ◀")
    return line


def compact_view(
    view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> RenderableType:
    parts: list[RenderableType] = [_header(view, lang, names), _players(view, lang, names)]
    auction = _auction(view, lang)
    if auction is not None:
        parts.append(auction)
    if view.get("seat") is not None:
        parts.append(_customers(t("Your hand", lang), view.get("hand", []), lang))
        if view.get("hidden"):
            parts.append(_customers(t("Your hidden", lang), view["hidden"], lang))
    return Group(*parts)
