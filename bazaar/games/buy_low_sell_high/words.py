"""The words of Buy Low Sell High's moves and phases, for every surface: a move's description
(with its prices when a view is given), the phase's name and what to do in it, a refused
rule explained, how to type moves, the score's name and money. The terminal renderer, the web
payloads, the bots' hints and the analyses all read them (``GameParts.words``).
"""

from __future__ import annotations

from typing import Any

from bazaar.games.buy_low_sell_high import actions as A
from bazaar.games.buy_low_sell_high.components import (
    CARD_NAMES,
    CARD_TYPES,
    COMPONENTS,
    NEWS,
    card_colour,
    card_id,
    card_type,
)
from bazaar.games.buy_low_sell_high.text import canonical, card_words, stock_word
from bazaar.i18n import N_, Translator

t = Translator(__package__)

#: Move examples for help texts (notation is the same in every language).
NOTATION_EXAMPLES = (
    "'+K0 -K2', '+2K1', 'pass', 'play K1+3', 'news 4', 'dud K2', 'discard K0div', 'keep', "
    "'sell K1', 'stop'"
)


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
        "Trade: A = buy or sell up to one share of each stock, B = buy or sell two shares "
        "of one stock, C = pass."
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
        "'play K1+3', 'news 4', 'discard K0div', 'keep', 'sell K1' or 'stop' (in the "
        "notation K0 is red, K1 green and K2 purple)."
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
        name = card_words(CARD_NAMES[card], lang)
        if card_type(card) == NEWS:
            return t("place {card} as a dud: it fills a space and has no effect", lang, card=name)
        if short == "div":
            stock = stock_word(k, lang)
            effect = t("counts toward {stock} dividends at year end", lang, stock=stock)
        elif short == "com":
            fee = COMPONENTS.commission
            if view and view.get("seat") is not None:
                mine = fee * view["holdings"][view["seat"]][k]
                effect = t(
                    "every {stock} share pays {fee} now (you pay {mine}); then play another card",
                    lang,
                    stock=stock_word(k, lang),
                    fee=money(fee),
                    mine=money(mine),
                )
            else:
                effect = t(
                    "every {stock} share pays {fee} now; then play another card",
                    lang,
                    stock=stock_word(k, lang),
                    fee=money(fee),
                )
        else:
            effect = t(
                "{stock} price {value} at year end", lang, stock=stock_word(k, lang), value=short
            )
        return t("play {card}: {effect}", lang, card=name, effect=effect)
    if action < A.DISCARD_BASE:
        space = action - A.COVER_BASE + 1
        if view and space <= len(view["row"]):
            target = view["row"][space - 1]["card"]
            news = CARD_NAMES[card_id(card_colour(CARD_NAMES.index(canonical(target))), NEWS)]
            return t(
                "{news} covers space {space} ({target}) and cancels it",
                lang,
                news=card_words(news, lang),
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
        "Notation (K0 is red, K1 green, K2 purple): '+K0' buys one red share, '-K2' sells "
        "one purple, '+K0 -K2' does both "
        "(option A), '+2K1' buys two green (option B), 'pass' trades nothing (option C). "
        "Cards: 'play K1+3' (or just 'K1+3'); 'news 4' covers market space 4 with Breaking "
        "News; 'dud K2' places a purple Breaking News card with no effect. Year end: "
        "'discard K0div', then 'keep'. Sales: 'sell K1', and 'stop' to end a forced sale.",
        lang,
    )


def score_label(lang: str) -> str:
    return t("Money", lang)
