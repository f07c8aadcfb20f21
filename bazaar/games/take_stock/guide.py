"""Take Stock's guided first game: the fixed deal, the gentle bots and the guide's words for
each decision (English ids, zh-TW in this game's catalog); docs/guide.md."""

from __future__ import annotations

from typing import Any

from bazaar.core.guide import GameGuide
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


def topic_for(view: dict[str, Any]) -> str:
    """The decision in ``view``: its phase."""
    phase = str(view.get("phase"))
    return phase if phase in TOPICS else "action"


#: three players, seed 2431 (the rulebook's worked example): the learner starts
GUIDE = GameGuide(
    players=3, seed=2431, bot="ismcts:easy", topics=TOPICS, translate=t, topic_for=topic_for
)
