"""Take Stock's guided first game: the fixed deal, the gentle bots and the guide's words for
each decision (English ids, zh-TW in this game's catalog); docs/guide.md."""

from __future__ import annotations

from typing import Any

from bazaar.core.guide import GameGuide
from bazaar.games.take_stock.text import stock_name
from bazaar.i18n import N_, Translator

t = Translator(__package__)

#: decision (the view's phase) -> what the guide says
TOPICS = {
    "action": N_(
        "Your turn: do exactly one thing. Manipulate (play a card on its row to raise that "
        "price), buy (keep a card as a certificate, throw away another), or make or trigger an "
        "event. At the end a certificate is worth its shares times its stock's price: raise the "
        "stocks you hold and buy the ones that are climbing."
    ),
    "choose-event": N_(
        "You drew two event cards: play one now, the other is discarded unseen. Pick the one "
        "that helps the stocks you hold, or hurts the others' stocks."
    ),
    "insider": N_(
        "Insider Trading: you may keep one card of this stock from your hand as a certificate, "
        "for free. Take it if the stock is worth holding; decline if not."
    ),
    "audit": N_(
        "Stock Audit: choose another player's certificate to throw away. The most valuable one "
        "of the player in the lead hurts most."
    ),
    "target": N_(
        "Stock Option Lost: choose a player with an option token; they give one back. Take it "
        "from a rival rather than from yourself."
    ),
    "freeze": N_(
        "Stock Freeze: choose a stock nobody may play on until the round ends. Freeze a stock "
        "you hold at a good price, so the others cannot change it."
    ),
    "upturn": N_(
        "Market Upturn: you may play one card on each row, in any order, and stop at any time. "
        "Raise the stocks you hold."
    ),
    "exercise": N_(
        "The round is over: in secret, choose which hand cards to turn into certificates, one "
        "option token each. Use them on cards of stocks with a high price."
    ),
}


#: decision -> shorter follow-up tips, said in turn after the first time
TIPS = {
    "action": (
        N_("Raise a stock you hold: play a card on its row."),
        N_("Buying keeps a card as a certificate: buy stocks whose price is climbing."),
        N_("Events can hurt the leader: look at who holds the most."),
    ),
    "choose-event": (
        N_("Pick the event that helps your certificates."),
        N_("An event that hurts the leader can be as good as one that helps you."),
    ),
    "insider": (
        N_("Take the card if its stock's price is high or climbing."),
        N_("Decline when the stock is cheap and others can push it down."),
    ),
    "audit": (
        N_("Throw away the leader's most valuable certificate."),
        N_("A certificate of an expensive stock hurts most to lose."),
    ),
    "target": (
        N_("Take an option token from the player who can use it best."),
        N_("Option tokens turn hand cards into certificates at the end of the round."),
    ),
    "freeze": (
        N_("Freeze a high-priced stock you hold."),
        N_("Nobody can play on a frozen stock until the round ends."),
    ),
    "upturn": (
        N_("Play on the rows of the stocks you hold, and stop when nothing helps you."),
        N_("You may stop at any time: do not raise the others' stocks."),
    ),
    "exercise": (
        N_("Use your tokens on cards of the most expensive stocks."),
        N_("A token you do not use is worth nothing at the end: use it if a card is worth having."),
    ),
}

SITUATION = N_(
    "Round {round} of {rounds}: {points} points so far; cards in your hand: {hand}, option "
    "tokens: {tokens}; your shares: {shares}; prices: {prices}; event cards left: {events}."
)
NO_SHARES = N_("none")


def first_time(topic: str, view: dict[str, Any]) -> bool:
    """Whether the learner meets ``topic`` for the first time in ``view``: in the first
    round, for a turn before the learner has played, bought or drawn events."""
    if view["round"] != 1:
        return False
    if topic in ("action", "choose-event"):
        me = view["seats"][int(view["seat"])]
        return me["hand_size"] >= 6 and not me["certificates"] and view["event_deck"] >= 36
    return True


def progress(view: dict[str, Any]) -> int:
    """Moves on with each of the learner's decisions: the round, the cards left in hand,
    the event cards drawn."""
    me = view["seats"][int(view["seat"])]
    return 100 * int(view["round"]) - int(me["hand_size"]) - int(view["event_deck"])


def situation(view: dict[str, Any], lang: str) -> str:
    """Where the learner stands: the round, points, hand, tokens, shares, the prices and the
    event cards left."""
    me = view["seats"][int(view["seat"])]
    sep = ", " if lang == "en" else "、"
    held = [f"{stock_name(k, lang)} {n}" for k, n in enumerate(me["shares"]) if n]
    return t(
        SITUATION,
        lang,
        round=view["round"],
        rounds=view["rounds"],
        points=me["total"],
        hand=me["hand_size"],
        tokens=me["tokens"],
        shares=sep.join(held) if held else t(NO_SHARES, lang),
        prices=sep.join(
            f"{stock_name(k, lang)} {x['price']}" for k, x in enumerate(view["stocks"])
        ),
        events=view["event_deck"],
    )


def topic_for(view: dict[str, Any]) -> str:
    """The decision in ``view``: its phase."""
    phase = str(view.get("phase"))
    return phase if phase in TOPICS else "action"


#: three players, seed 2431 (the rulebook's worked example): the learner starts
GUIDE = GameGuide(
    players=3,
    seed=2431,
    bot="ismcts:easy",
    topics=TOPICS,
    translate=t,
    topic_for=topic_for,
    tips=TIPS,
    first_time=first_time,
    progress=progress,
    situation=situation,
)
