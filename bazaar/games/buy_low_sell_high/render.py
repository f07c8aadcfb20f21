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
from bazaar.games.buy_low_sell_high import actions as A
from bazaar.games.buy_low_sell_high.components import (
    CARD_NAMES,
    CARD_TYPES,
    COMPONENTS,
    KINDS,
    NEWS,
    card_colour,
    card_type,
)
from bazaar.games.buy_low_sell_high.text import canonical, card_words, stock_word, type_words
from bazaar.i18n import N_, Translator

#: Move examples for help texts (notation is the same in every language).
NOTATION_EXAMPLES = (
    "'+K0 -K2', '+2K1', 'pass', 'play K1+3', 'news 4', 'dud K2', 'discard K0div', 'keep', "
    "'sell K1', 'stop'"
)
KIND_STYLES = ("bold red", "bold green", "bold magenta")
t = Translator(__package__)
SPACES = COMPONENTS.price_spaces

PHASES = {
    "trade": N_("Trading phase"),
    "play": N_("Market phase"),
    "redraw": N_("Year-end redraw"),
    "forced-sale": N_("Forced sale"),
    "selloff": N_("Final sell-off"),
    "over": N_("Game over"),
}

HINTS = {
    "trade": N_(
        "Trade: A = buy or sell up to one token of each kind, B = buy or sell two tokens "
        "of one kind, C = pass. '+K0' buys one K0, '-K2' sells one K2, '+2K1' buys two K1."
    ),
    "play": N_("Play one card from your hand into the market row."),
    "redraw": N_(
        "Year end: set aside cards one at a time if you like, then choose 'keep' to draw "
        "back up to {hand} cards."
    ),
    "forced-sale": N_(
        "Your money is below $0: sell tokens one at a time until you have at least $0."
    ),
    "selloff": N_("Final sell-off: each turn, sell one of your tokens."),
}

FIRST_LAP = {
    1: N_("Year 1, first lap: the start player may only buy one token or sell one token."),
    2: N_(
        "Year 1, first lap: the second player may only buy two different kinds or sell two "
        "different kinds, one token each."
    ),
}

#: Short explanations, by the ``rule`` tag of an IllegalAction, shown with its message.
RULE_HINTS = {
    "notation": N_(
        "Type a move number from the list, or notation such as '+K0 -K2', '+2K1', 'pass', "
        "'play K1+3', 'news 4', 'discard K0div', 'keep', 'sell K1' or 'stop'."
    ),
    "phase": N_("That kind of move is not possible in this phase."),
    "first-lap": N_("The first lap of year 1 limits trading; see the list of moves."),
    "money": N_("You do not have enough money for that purchase."),
    "last-token": N_("The last token of a kind on the board cannot be bought."),
    "sell-own": N_("You can only sell tokens you hold."),
    "hand": N_("That card is not in your hand."),
    "news-dud": N_("Breaking News can be placed as a dud only when no other card can be played."),
    "news-target": N_(
        "Breaking News must cover an uncovered card of its own colour already in the row."
    ),
    "news-colour": N_("Breaking News can only cover a card of its own colour."),
    "forced-sale": N_("You must keep selling until your money is at least $0."),
    "redraw": N_("You can only set aside cards that are in your hand."),
}


# ---------------------------------------------------------------------- words
def kind_text(k: int, lang: str = "en") -> Text:
    """A stock by its colour alone ("red", "紅色"), in its colour."""
    return Text(stock_word(k, lang), style=KIND_STYLES[k])


def stock_label(k: int, lang: str) -> Text:
    """A stock by its colour and its notation ("red K0", "紅色 K0"), in its colour."""
    return Text(f"{stock_word(k, lang)} K{k}", style=KIND_STYLES[k])


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


def money(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"${amount}"


# ---------------------------------------------------------------------- moves
def _sell_two(sell: int) -> int:
    """Money for the second of two sales when the first one paid ``sell``."""
    i = SPACES.index(sell)
    return SPACES[max(0, i - 1)]


def _trade_words(d: tuple[int, ...], lang: str, view: dict[str, Any] | None) -> str:
    """Without a view: "buy 1 red, sell 1 purple"; with one: "buy 1 red, sell 1 purple: pay
    $16, get $15 → $49"."""
    if not any(d):
        return t("no trade (option C)", lang)
    parts = [
        t("buy {n} {stock}", lang, n=x, stock=stock_word(k, lang))
        if x > 0
        else t("sell {n} {stock}", lang, n=-x, stock=stock_word(k, lang))
        for k, x in enumerate(d)
        if x
    ]
    trade = t(", ", lang).join(parts)
    if not view:
        return trade
    paid = got = 0
    for k, x in enumerate(d):
        col = view["columns"][k]
        if x > 0:
            paid += sum(col["tokens"][:x])
        elif x < 0:
            got += col["sell"] + (_sell_two(col["sell"]) if x == -2 else 0)
    parts = []
    if paid:
        parts.append(t("pay {amount}", lang, amount=money(paid)))
    if got:
        parts.append(t("get {amount}", lang, amount=money(got)))
    words = t(", ", lang).join(parts)
    seat = view.get("seat")
    if seat is not None:
        words += f" → {money(view['money'][seat] + got - paid)}"
    return t("{trade}: {money}", lang, trade=trade, money=words)


def describe_action(action: int, lang: str = "en", view: dict[str, Any] | None = None) -> str:
    """A short description in words of ``action``; prices are given when ``view`` is."""
    if action < A.PLAY_BASE:
        return _trade_words(A.TRADES[action], lang, view)
    if action < A.COVER_BASE:
        card = action - A.PLAY_BASE
        k = card_colour(card)
        short = CARD_TYPES[card_type(card)]
        if card_type(card) == NEWS:
            return t("Breaking News as a dud: it fills a space and has no effect", lang)
        if short == "div":
            return t("counts toward {stock} dividends at year end", lang, stock=stock_word(k, lang))
        if short == "com":
            fee = COMPONENTS.commission
            if view and view.get("seat") is not None:
                mine = fee * view["holdings"][view["seat"]][k]
                return t(
                    "every {stock} share pays {fee} now (you pay {mine}); then play another card",
                    lang,
                    stock=stock_word(k, lang),
                    fee=money(fee),
                    mine=money(mine),
                )
            return t(
                "every {stock} share pays {fee} now; then play another card",
                lang,
                stock=stock_word(k, lang),
                fee=money(fee),
            )
        return t("{stock} price {value} at year end", lang, stock=stock_word(k, lang), value=short)
    if action < A.DISCARD_BASE:
        space = action - A.COVER_BASE + 1
        if view and space <= len(view["row"]):
            target = view["row"][space - 1]["card"]
            return t(
                "Breaking News covers space {space} ({target}) and cancels it",
                lang,
                space=space,
                target=card_words(target, lang),
            )
        return t("Breaking News covers space {space} and cancels it", lang, space=space)
    if action < A.KEEP:
        name = CARD_NAMES[action - A.DISCARD_BASE]
        return t("set aside: {card}", lang, card=card_words(name, lang))
    if action == A.KEEP:
        return t("stop setting aside and draw back up to {n} cards", lang, n=COMPONENTS.hand_size)
    if action < A.STOP:
        k = action - A.SELL_BASE
        if view:
            price = money(view["columns"][k]["sell"])
            return t("sell one {stock} for {price}", lang, stock=stock_word(k, lang), price=price)
        return t("sell one {stock}", lang, stock=stock_word(k, lang))
    return t("stop selling", lang)


def phase_name(view: dict[str, Any], lang: str) -> str:
    return t(PHASES.get(view["phase"], view["phase"]), lang)


def prompt_hint(view: dict[str, Any], lang: str) -> str | None:
    """What the seat to move has to do now, in a sentence or two."""
    phase = view["phase"]
    if phase == "trade" and view.get("first_lap") in FIRST_LAP:
        return t(FIRST_LAP[view["first_lap"]], lang)
    hint = HINTS.get(phase)
    return t(hint, lang, hand=COMPONENTS.hand_size) if hint else None


def explain_rule(rule: str, lang: str) -> str | None:
    hint = RULE_HINTS.get(rule)
    return t(hint, lang) if hint else None


def notation_help(lang: str) -> str:
    return t(
        "Notation: '+K0' buys one K0 token, '-K2' sells one K2, '+K0 -K2' does both "
        "(option A), '+2K1' buys two K1 (option B), 'pass' trades nothing (option C). "
        "Cards: 'play K1+3' (or just 'K1+3'); 'news 4' covers market space 4 with Breaking "
        "News; 'dud K2' places a Breaking News card with no effect. Year end: 'discard K0div', "
        "then 'keep'. Sales: 'sell K1', and 'stop' to end a forced sale.",
        lang,
    )


def score_label(lang: str) -> str:
    return t("Money", lang)


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
    me = view.get("seat")
    winners = view.get("winners") or []
    for i in range(max(KINDS, view["players"])):
        cells: list[Text | str] = ["", "", "", ""]
        if i < KINDS:
            col = view["columns"][i]
            buy = money(col["buy"]) if col["buy"] is not None else "—"
            cells = [kind_text(i, lang), buy, money(col["sell"]), str(len(col["tokens"]))]
        if i < view["players"]:
            marker = "▶" if view["to_move"] == i else ("★" if i in winners else "")
            cash = view["money"][i]
            cells += [
                marker,
                Text(seat_label(i, lang, names), style="bold" if i == me else ""),
                Text(money(cash), style="red" if cash < 0 else ""),
                *(str(x) for x in view["holdings"][i]),
                str(view["hand_sizes"][i]),
            ]
        else:
            cells += [""] * (3 + KINDS + 1)
        table.add_row(*cells)
    return table


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
