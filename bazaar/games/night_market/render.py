"""Terminal rendering of Taiwan Night Market: the three streets, entrances, auction, players.

Everything here reads a seat's :meth:`view` (never the full state), so what it draws is
exactly what that seat may see. Words are English message ids, translated by this game's
catalog (``locale/zh_TW/LC_MESSAGES/night_market.po``) like its event sentences.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bazaar.core.seats import seat_label
from bazaar.games.night_market.components import RAW, TYPE_NAMES
from bazaar.games.night_market.text import LIKES
from bazaar.games.night_market.words import money, phase_name
from bazaar.i18n import N_, Translator

TYPE_STYLES = ("bold red", "bold green", "bold blue", "bold yellow")
SEAT_STYLES = ("cyan", "magenta", "bright_green", "bright_yellow")
TYPE_WORDS = {"en": RAW["stall_type_names"]["en"], "zh-TW": RAW["stall_type_names"]["zh-TW"]}
STREETS = RAW["streets"]

t = Translator(__package__)


# ---------------------------------------------------------------------- words
#: A built stall's type in one short word for the narrow lot cells (at most 5 columns).
LOT_WORDS = (N_("food"), N_("drink"), N_("sweet"), N_("snack"))


def type_text(name: str, lang: str = "en") -> Text:
    """A stall type (``T2``) by its food ("dessert", "甜點"), in its colour."""
    kind = TYPE_NAMES.index(name)
    return Text(TYPE_WORDS[lang][kind], style=TYPE_STYLES[kind])


def lot_type_text(name: str, lang: str) -> Text:
    """A stall type in a lot cell, in its short word ("sweet" for dessert), in its colour."""
    kind = TYPE_NAMES.index(name)
    return Text(t(LOT_WORDS[kind], lang), style=TYPE_STYLES[kind])


def likes_word(name: str, lang: str) -> str:
    """What a customer (``T2D``) likes, in words: "desserts" / "甜點"."""
    return t(LIKES[TYPE_NAMES.index(name[:2])], lang)


def customer_text(name: str, lang: str = "en") -> Text:
    """A customer (``T2D``) in words, "desserts (D)" / "甜點(D)", in the colour of the stall
    type it likes."""
    words = t("{type} ({entrance})", lang, type=likes_word(name, lang), entrance=name[2:])
    return Text(words, style=TYPE_STYLES[TYPE_NAMES.index(name[:2])])


def waiting_text(names: list[str], lang: str) -> Text:
    """The customers waiting at one entrance by what they like, in the order of the stall
    types, "drinks, snacks×2": once at an entrance, the letter on a card no longer matters."""
    out = Text()
    for kind, name in enumerate(TYPE_NAMES):
        count = sum(1 for n in names if n[:2] == name)
        if count:
            if out.plain:
                out.append(t(", ", lang))
            word = likes_word(name, lang) + (f"×{count}" if count > 1 else "")
            out.append(word, style=TYPE_STYLES[kind])
    return out


def seat_mark(p: int, lang: str = "en") -> Text:
    """Seat ``p``'s short mark on the board (``P3`` for seat 2, counted from 1 like "Seat 3";
    zh-TW ``3號``) in its colour."""
    return Text(t("P{p}", lang, p=p + 1), style=SEAT_STYLES[p % len(SEAT_STYLES)])


# ---------------------------------------------------------------------- the board
def _lot_cell(lot: dict[str, Any], bids: dict[int, dict[str, Any]], lang: str) -> Text:
    num = f"{lot['lot']:>2}" + ("★" if lot["star"] else " ")
    text = Text(num, style="bold" if lot["status"] in ("auction", "owned") else "dim")
    status = lot["status"]
    if status == "owned":
        # 11 columns at most: "29★P1 snack", "29 1號 小吃"
        text.append_text(seat_mark(lot["owner"], lang))
        text.append(" ")
        if lot["stall"]:
            text.append_text(lot_type_text(lot["stall"], lang))
        else:
            text.append("□ ", style="dim")
        return text
    text.append(" ")
    if status == "auction":
        a = bids[lot["lot"]]
        if a["top"] is None:
            text.append("$?   ", style="yellow")
        else:
            text.append(f"${a['top']}", style="yellow")
            text.append(" ")
            text.append_text(seat_mark(a["leader"], lang))
    elif status == "removed":
        text.append("×    ", style="dim")
    elif status == "void":
        text.append("–    ", style="dim")
    else:
        text.append("·    ", style="dim")
    return text


def _streets(view: dict[str, Any], lang: str) -> RenderableType:
    """The three streets, each with its waiting customers on one line below it (one grid per
    street, with the same column widths, so that the lots line up)."""
    lots = {x["lot"]: x for x in view["lots"]}
    bids = {a["lot"]: a for a in view["auction"]}
    entrances = view["entrances"]

    def waiting(letters: str) -> Text:
        out = Text(" " * 6)
        for letter in letters:
            if entrances.get(letter):
                out.append(f"{letter}: ", style="bold")
                out.append_text(waiting_text(entrances[letter], lang))
                out.append("  ")
        return out

    leave = t("out", lang)
    arrows = {
        "S3": ("A ⇒", f"⇒ {leave}", "A"),
        "S2": ("⇐ A", "⇐ B C", "BC"),
        "S1": ("D-H ⇒", "⇒ B/C", "DEFGH"),
    }
    title = {"S1": N_("P_DH"), "S2": N_("P_BC"), "S3": N_("P_A")}
    rows: list[tuple[list[Text], list[Text], str]] = []
    for street in STREETS:
        top, bottom = (
            (street["left"], street["right"])
            if street["direction"] == "east"
            else (street["right"], street["left"])
        )
        rows.append(
            (
                [_lot_cell(lots[x], bids, lang) for x in top],
                [_lot_cell(lots[x], bids, lang) for x in bottom],
                street["name"],
            )
        )
    widths = [
        max(11, *(cell.cell_len for top, bottom, _ in rows for cell in (top[i], bottom[i])))
        for i in range(5)
    ]
    out: list[RenderableType] = []
    for top, bottom, name in rows:
        left_arrow, right_arrow, letters = arrows[name]
        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", no_wrap=True, width=5)
        for width in widths:
            grid.add_column(no_wrap=True, width=width)
        grid.add_column(no_wrap=True)
        grid.add_row("", *top, "")
        grid.add_row(
            Text(left_arrow, style="bold"),
            *(Text("─" * width, style="dim") for width in widths),
            Text(right_arrow + "  ", style="bold") + Text(t(title[name], lang), style="dim"),
        )
        grid.add_row("", *bottom, "")
        out.append(grid)
        line = waiting(letters)
        if line.plain.strip():
            line.rstrip()
            out.append(line)
    return Group(*out)


def _auction(view: dict[str, Any], lang: str, names: list[str] | None) -> RenderableType:
    if not view["auction"]:
        return Text("")
    bidding = view["bidding"]
    title = t("Auction of round {r}", lang, r=view["round"])
    if bidding["compensation"]:
        title += t(" — compensation bids", lang)
    elif view["phase"] in ("bid", "bid-amount"):
        left = bidding["regular_turns_left"]
        title += t.ngettext(
            " — {n} regular turn left", " — {n} regular turns left", left, lang, n=left
        )
    table = Table(
        title=title, title_justify="left", title_style="bold", box=box.SIMPLE_HEAD, show_edge=False
    )
    table.add_column(t("Lot", lang), justify="right", no_wrap=True)
    table.add_column(t("Card", lang), no_wrap=True)
    table.add_column(t("Top bid", lang), justify="right", no_wrap=True)
    table.add_column(t("Leader", lang), overflow="fold")
    table.add_column(t("Markers (seat $bid, in order)", lang), overflow="fold")
    for a in view["auction"]:
        face = Text(
            t("yellow ★", lang) if a["face"] == "yellow" else t("white", lang),
            style="yellow" if a["face"] == "yellow" else "",
        )
        marks = Text()
        for seat, amount in a["bids"]:
            marks.append_text(seat_mark(seat, lang))
            marks.append(f" ${amount}  ")
        chosen = bidding["lot"] == a["lot"]
        table.add_row(
            Text(str(a["lot"]) + (" ◀" if chosen else ""), style="bold"),
            face,
            "—" if a["top"] is None else money(a["top"]),
            seat_label(a["leader"], lang, names) if a["leader"] is not None else "—",
            marks,
        )
    out: list[RenderableType] = [table]
    gone = [
        *(t("{who} passed", lang, who=seat_label(p, lang, names)) for p in bidding["passed"]),
        *(t("{who} gave up", lang, who=seat_label(p, lang, names)) for p in bidding["gave_up"]),
    ]
    if gone:
        out.append(Text(", ".join(gone), style="dim"))
    return Group(*out)


def _players(view: dict[str, Any], lang: str, names: list[str] | None) -> Table:
    table = Table(
        box=box.SIMPLE_HEAD, padding=(0, 1), collapse_padding=True, pad_edge=False, show_edge=False
    )
    # At 80 columns only the player's name and "Last income" wrap (at spaces, or fold).
    table.add_column("", no_wrap=True)
    table.add_column(t("Order", lang), justify="right", no_wrap=True)
    table.add_column(t("Player", lang), overflow="fold")
    table.add_column(t("Cash", lang), justify="right", no_wrap=True)
    table.add_column(t("Loans", lang), justify="right", no_wrap=True)
    table.add_column(t("Lots", lang), justify="right", no_wrap=True)
    table.add_column(t("Hand", lang), justify="right", no_wrap=True)
    table.add_column(t("Hidden", lang), justify="right", no_wrap=True)
    table.add_column(t("Last income", lang), justify="right", overflow="fold")
    table.add_column(t("Score", lang), justify="right", no_wrap=True)
    me = view.get("seat")
    winners = view.get("winners") or []
    for pos, p in enumerate(view["turn_order"]):
        marker = "▶" if view["to_move"] == p else ("★" if p in winners else "")
        label = Text(seat_label(p, lang, names), style="bold" if p == me else "")
        label = seat_mark(p, lang) + Text(" ") + label
        last = view["last_income"][p] + view["last_bonus"][p]
        table.add_row(
            marker,
            str(pos + 1),
            label,
            Text(money(view["cash"][p]), style="red" if view["cash"][p] < 0 else ""),
            str(view["loans"][p]),
            str(view["lots_owned"][p]),
            str(view["hand_sizes"][p]),
            str(view["hidden_counts"][p]),
            money(last),
            money(int(view["scores"][p])),
        )
    return table


def _customers(label: str, names: list[str], lang: str) -> Text:
    """ "Your hand: food (D), desserts (B)": each customer by what it likes and its entrance."""
    line = Text(label + t(": ", lang), style="bold")
    if not names:
        line.append(t("(none)", lang), style="dim")
    for i, name in enumerate(names):
        if i:
            line.append(t(", ", lang))
        line.append_text(customer_text(name, lang))
    return line


def header(view: dict[str, Any], lang: str, names: list[str] | None = None) -> Text:
    parts = [
        t("Round {r} of {n}", lang, r=view["round"], n=view["rounds"]),
        phase_name(view, lang),
    ]
    if view["final_round"] and not view["over"]:
        parts.append(t("final round", lang))
    if view["to_move"] is not None:
        who = seat_label(view["to_move"], lang, names)
        parts.append(t("{who} to move", lang, who=who))
    parts.append(t("customer deck {n}", lang, n=view["deck"]))
    parts.append(t("land deck {n}", lang, n=view["land_deck"]))
    return Text("  ·  ".join(parts), style="bold")


def _legend(view: dict[str, Any], lang: str) -> Text:
    line = Text(t("Stall types: ", lang), style="dim")
    for kind, name in enumerate(TYPE_NAMES):
        line.append_text(type_text(name, lang))
        line.append(f" ({view['supply'][kind]})  ", style="dim")
    line.append(
        t(
            "· (n) = stalls left. Lot: ★ star, P2 owner, □ unbuilt, $5 P1 top bid, "
            "× removed, – unused, · not drawn yet.",
            lang,
        ),
        style="dim",
    )
    return line


def render_view(
    view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> RenderableType:
    """The market as seen in ``view``: header, streets, auction, players, own customers."""
    parts: list[RenderableType] = [
        header(view, lang, names),
        Text(""),
        _streets(view, lang),
        _legend(view, lang),
        Text(""),
        _auction(view, lang, names),
        _players(view, lang, names),
    ]
    if view.get("seat") is not None:
        parts.append(_customers(t("Your hand", lang), view.get("hand", []), lang))
        if view.get("hidden"):
            parts.append(_customers(t("Your hidden", lang), view["hidden"], lang))
    return Group(*parts)
