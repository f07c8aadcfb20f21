"""The words of Take Stock's moves and phases, for every surface: a move's description (with the
exercised cards and prices when a view is given), the phase's name and what to do in it, a
refused rule explained, how to type moves and the score's name. The terminal renderer, the web
payloads, the bots' hints and the analyses all read them (``GameParts.words``).
"""

from __future__ import annotations

from typing import Any

from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock.components import (
    NUM_CARDS,
    STOCK_OF,
    VALUE_OF,
)
from bazaar.games.take_stock.text import card_words
from bazaar.games.take_stock.text import describe_action as _describe
from bazaar.i18n import N_, Translator

t = Translator(__package__)

NOTATION_EXAMPLES = A.EXAMPLES


PHASES = {
    "action": N_("Action phase"),
    "choose-event": N_("Choose an event"),
    "insider": N_("Insider Trading"),
    "audit": N_("Stock Audit"),
    "target": N_("Choose a player"),
    "freeze": N_("Stock Freeze"),
    "upturn": N_("Market Upturn"),
    "exercise": N_("Exercise options"),
    "over": N_("Game over"),
}


HINTS = {
    "action": N_(
        "Choose one action: A 'play CARD' raises its stock (1-4 higher); B 'buy CERT DISCARD'; "
        "C 'event2 DISCARD' (draw 2, execute 1) or 'event1 DISCARD' (draw 1, hold); "
        "D 'trigger EVENT DISCARD'."
    ),
    "choose-event": N_(
        "You drew two events: choose the one to execute; the other is discarded face down."
    ),
    "insider": N_("Insider Trading: turn one card of that stock into a certificate, or 'decline'."),
    "audit": N_("Stock Audit: choose the certificate to discard."),
    "target": N_("Choose a player: 'target SEAT'."),
    "freeze": N_("Stock Freeze: choose the row that may not be raised this round."),
    "upturn": N_("Market Upturn: play up to one card on each row, then 'stop'."),
    "exercise": N_(
        "Round end: secretly turn hand cards into certificates, one option token each "
        "('exercise 1 3' by hand position, 'exercise O7 C3' by card, or 'exercise none')."
    ),
}


RULE_HINTS = {
    "notation": N_("Type a move number from the list, or notation such as {examples}."),
    "phase": N_("That kind of move is not possible now."),
    "hand": N_("That card is not in your hand."),
    "manipulate": N_("A card played on a row must be 1 to 4 higher than the row's bottom card."),
    "frozen": N_("That row is frozen this round."),
    "buy-limit": N_(
        "You may hold fewer certificates than the longest row has cards (splits count)."
    ),
    "buy-two-cards": N_("A Buy uses two different cards: a certificate and a discard."),
    "buy-frozen": N_("A Stock Freeze in front of you stops you buying this round."),
    "held-event": N_("You hold no such event."),
    "held-timing": N_(
        "A held event can be triggered only in a later round than the one it was drawn in."
    ),
    "choose": N_("Choose one of the two events you drew."),
    "insider-stock": N_("Insider Trading certifies only a card of its own stock."),
    "audit": N_("That certificate cannot be audited."),
    "target": N_("That player cannot be chosen."),
    "upturn-row": N_("Market Upturn allows one card per row."),
    "exercise-tokens": N_("Each exercised card needs one option token."),
    "exercise-hand": N_("You do not have that many cards."),
}


def describe_action(action: int, lang: str = "en", view: dict[str, Any] | None = None) -> str:
    """A short description in words of ``action``; with a view, exercised cards and prices."""
    words = _describe(action, lang)
    if not view:
        return words
    if action >= A.EXERCISE_BASE and view.get("hand") is not None:
        hand = view["hand"]
        cards = [hand[j] for j in A.mask_positions(action - A.EXERCISE_BASE) if j < len(hand)]
        if not cards:
            return words
        names = ", ".join(card_words(c, lang) for c in cards)
        return t("certificates: {cards}", lang, cards=names)
    if A.BUY_BASE <= action < A.EVENT2_BASE:
        cert = (action - A.BUY_BASE) // NUM_CARDS
        s = STOCK_OF[cert]
        symbols = view.get("share_symbols")
        shares = symbols[VALUE_OF[cert] - 1] if symbols else None
        price = view["stocks"][s]["price"]
        if shares is not None:
            return words + t.ngettext(
                " ({n} share, price now {p})",
                " ({n} shares, price now {p})",
                shares,
                lang,
                n=shares,
                p=price,
            )
        return words + t(" (price now {p})", lang, p=price)
    return words


def phase_name(view: dict[str, Any], lang: str) -> str:
    name = PHASES.get(view["phase"])
    return t(name, lang) if name else view["phase"]


def prompt_hint(view: dict[str, Any], lang: str) -> str | None:
    hint = HINTS.get(view["phase"])
    return t(hint, lang) if hint else None


def explain_rule(rule: str, lang: str) -> str | None:
    hint = RULE_HINTS.get(rule)
    return t(hint, lang, examples=A.EXAMPLES) if hint else None


def notation_help(lang: str) -> str:
    return t(
        "Notation: cards are stock letter + value (C cereal, G gems, T tech, O oil, M movies; "
        "'O7'). A: 'play O7' (or 'O7'). B: 'buy O7 C3' (O7 certificate, C3 discarded). "
        "C: 'event2 C3' / 'event1 C3'. D: 'trigger audit C3'. Then as asked: 'choose split-O', "
        "'insider O7' or 'decline', 'audit O7', 'target 2', 'freeze O', 'play O7' or 'stop' "
        "(upturn). Round end: 'exercise 1 3', 'exercise O7 C3' or 'exercise none'.",
        lang,
    )


def score_label(lang: str) -> str:
    return t("Points", lang)
