"""Terminal rendering of Take Stock: the five stock rows, players, piles, your hand, moves.

Everything here reads a seat's :meth:`view` (never the full state), so what it draws is
exactly what that seat may see. Words are English message ids, translated by this game's
catalog (``locale/zh_TW/LC_MESSAGES/take_stock.po``) like its event sentences.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bazaar.core.seats import seat_label
from bazaar.games.take_stock.components import (
    CARD_BY_NAME,
    LETTERS,
    STOCK_BY_LETTER,
    STOCK_OF,
)
from bazaar.games.take_stock.text import card_words, event_name, stock_name
from bazaar.games.take_stock.words import phase_name
from bazaar.i18n import N_, Translator

STOCK_STYLES = ("bold yellow", "bold magenta", "bold cyan", "bold white", "bold red")


t = Translator(__package__)


# ---------------------------------------------------------------------- words
def stock_text(s: int, lang: str) -> Text:
    return Text(stock_name(s, lang), style=STOCK_STYLES[s])


def stock_mark(s: int, lang: str) -> str:
    """A stock's mark in a narrow column: its name's first letter ("C" for Cereal) or first
    character ("玉" for 玉米), so a column head is a name's start, not a code to learn."""
    return stock_name(s, lang)[0]


def card_text(name: str, lang: str = "en") -> Text:
    """A share card by its name ("O7" -> "Oil 7" / "石油7") in its stock's colour."""
    return Text(card_words(name, lang), style=STOCK_STYLES[STOCK_OF[CARD_BY_NAME[name.lower()]]])


def _cards_line(cards: list[str], lang: str) -> Text:
    out = Text()
    for i, name in enumerate(cards):
        if i:
            out.append(t(", ", lang))
        out.append_text(card_text(name, lang))
    return out


# ---------------------------------------------------------------------- the board
def header(view: dict[str, Any], lang: str, names: list[str] | None = None) -> Text:
    parts = [
        t("Round {r} of {n}", lang, r=view["round"], n=view["rounds"]),
        phase_name(view, lang),
    ]
    if view["to_move"] is not None:
        who = seat_label(view["to_move"], lang, names)
        parts.append(t("{who} to move", lang, who=who))
        if view["turn_of"] is not None and view["turn_of"] != view["to_move"]:
            turn = seat_label(view["turn_of"], lang, names)
            parts.append(t("({who}'s turn)", lang, who=turn))
    parts.append(t("{who} deals", lang, who=seat_label(view["dealer"], lang, names)))
    return Text("  ·  ".join(parts), style="bold")


def _market_table(view: dict[str, Any], lang: str) -> Table:
    table = Table(
        title=t("Market (holding limit {n})", lang, n=view["hold_limit"]),
        title_justify="left",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        show_edge=False,
    )
    table.add_column(t("Stock", lang), no_wrap=True)
    table.add_column(t("Row", lang), no_wrap=True)
    table.add_column(t("Splits", lang), justify="right")
    table.add_column(t("Frozen", lang), justify="center")
    table.add_column(t("Length", lang), justify="right")
    table.add_column(t("Price", lang), justify="right")
    for s, row in enumerate(view["stocks"]):
        values = Text(" ".join(c[1:] for c in row["cards"][:-1]), style="dim")
        if len(row["cards"]) > 1:
            values.append(" ")
        values.append(row["cards"][-1][1:], style=STOCK_STYLES[s])
        splits = f"×{row['splits'] + 1}" if row["splits"] else "·"
        frozen = Text("❄" * row["frozen"], style="bold blue") if row["frozen"] else Text("·")
        price = Text(str(row["price"]), style="bold")
        table.add_row(stock_text(s, lang), values, splits, frozen, str(row["length"]), price)
    return table


def _players_table(view: dict[str, Any], lang: str, names: list[str] | None) -> Table:
    table = Table(
        box=box.SIMPLE_HEAD, padding=(0, 1), collapse_padding=True, pad_edge=False, show_edge=False
    )
    # At 80 columns only the player's name and the certificates wrap (at spaces, or fold).
    table.add_column("", no_wrap=True)
    table.add_column(t("Player", lang), overflow="fold")
    table.add_column(t("Points", lang), justify="right", no_wrap=True)
    for s in range(len(LETTERS)):
        mark = Text(stock_mark(s, lang), style=STOCK_STYLES[s])
        table.add_column(mark, justify="right", no_wrap=True)
    table.add_column(t("Certificates", lang), overflow="fold")
    table.add_column(t("Tokens", lang), justify="right", no_wrap=True)
    table.add_column(t("Hand", lang), justify="right", no_wrap=True)
    table.add_column(t("Held", lang), justify="right", no_wrap=True)
    me = view.get("seat")
    winners = view.get("winners") or []
    for p, seat in enumerate(view["seats"]):
        marker = "▶" if view["to_move"] == p else ("★" if p in winners else "")
        label = Text(seat_label(p, lang, names), style="bold" if p == me else "")
        if seat.get("frozen"):
            label.append(" ❄", style="bold blue")
        if seat.get("exercise_decided"):
            label.append(" ✓", style="green")
        table.add_row(
            marker,
            label,
            str(seat["total"]),
            *(str(x) if x else "·" for x in seat["shares"]),
            _cards_line(seat["certificates"], lang),
            str(seat["tokens"]),
            str(seat["hand_size"]),
            str(seat["held"]),
        )
    return table


def _piles(view: dict[str, Any], lang: str) -> Text:
    position = view["market_closed_position"]
    if position is None:
        closed = t("Market Closed drawn", lang)
    else:
        closed = t("Market Closed {n}th from the top", lang, n=position)
    line = Text(
        t(
            "Share pile {d} · discard {x} · event deck {e} ({closed}) · token supply {t}",
            lang,
            d=view["share_draw"],
            x=len(view["share_discard"]),
            e=view["event_deck"],
            closed=closed,
            t=view["token_supply"],
        ),
        style="dim",
    )
    return line


def _event_discard(view: dict[str, Any], lang: str) -> Text:
    pile = view.get("event_discard") or []
    line = Text(t("Event discard: ", lang), style="bold")
    if not pile:
        line.append(t("(empty)", lang), style="dim")
        return line
    shown = pile[-6:]
    words = [event_name(e, lang) if e != "?" else t("face down", lang) for e in shown]
    if len(pile) > len(shown):
        more = len(pile) - len(shown)
        line.append(t("({n} more below) ", lang, n=more), style="dim")
    line.append(" | ".join(words))
    return line


def _situation(view: dict[str, Any], lang: str) -> list[RenderableType]:
    out: list[RenderableType] = []
    if view.get("executing"):
        out.append(
            Text(
                t("Resolving: {e}", lang, e=event_name(view["executing"], lang)),
                style="bold green",
            )
        )
    if view["phase"] == "upturn" and view.get("upturn_played"):
        out.append(
            Text(
                t(
                    "Upturn rows played: {rows}",
                    lang,
                    rows=t(", ", lang).join(
                        stock_name(STOCK_BY_LETTER[x.lower()], lang) for x in view["upturn_played"]
                    ),
                )
            )
        )
    if view.get("audit_limit") is not None and view["phase"] == "audit":
        out.append(Text(t("Audit limit: {n}", lang, n=view["audit_limit"])))
    if view.get("round_end"):
        why = {
            "market-closed": N_("Market Closed was drawn"),
            "value-11-12": N_("an 11 or 12 was played"),
            "hand-empty": N_("a hand ran out"),
            "deck-empty": N_("no share card left to draw"),
        }[view["round_end"]]
        out.append(Text(t("Round over: {why}", lang, why=t(why, lang)), style="bold"))
    return out


def _own(view: dict[str, Any], lang: str) -> list[RenderableType]:
    out: list[RenderableType] = []
    hand = view.get("hand", [])
    line = Text(t("Your hand: ", lang), style="bold")
    if hand:
        for i, name in enumerate(hand, 1):
            line.append(f"{i}:", style="dim")
            line.append_text(card_text(name, lang))
            line.append("  ")
    else:
        line.append(t("(none)", lang), style="dim")
    out.append(line)
    held = view.get("held_events") or []
    if held:
        line = Text(t("Your held events: ", lang), style="bold")
        parts = []
        for entry in held:
            later = not entry["usable"] and view["phase"] != "over"
            mark = t(" (next round)", lang) if later else ""
            parts.append(event_name(entry["event"], lang) + mark)
        line.append(" | ".join(parts))
        out.append(line)
    if view.get("drawn_events"):
        line = Text(t("You drew: ", lang), style="bold green")
        line.append(" | ".join(event_name(e, lang) for e in view["drawn_events"]))
        out.append(line)
    if view.get("exercising") is not None:
        line = Text(t("Your options: ", lang), style="bold")
        chosen = view["exercising"]
        line.append(_cards_line(chosen, lang) if chosen else Text(t("none", lang)))
        out.append(line)
    return out


def render_view(
    view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> RenderableType:
    """The board as seen in ``view``: header, market rows, players, piles and own cards."""
    parts: list[RenderableType] = [
        header(view, lang, names),
        Text(""),
        _market_table(view, lang),
        Text(""),
        _players_table(view, lang, names),
        _piles(view, lang),
        _event_discard(view, lang),
        *_situation(view, lang),
    ]
    if view.get("seat") is not None:
        parts.append(Text(""))
        parts.extend(_own(view, lang))
    return Group(*parts)
