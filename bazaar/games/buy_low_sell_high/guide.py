"""Buy Low Sell High's guided first game: the fixed deal, the gentle bots and the guide's
words for each decision (English ids, zh-TW in this game's catalog); docs/guide.md."""

from __future__ import annotations

from typing import Any

from bazaar.core.guide import GameGuide
from bazaar.i18n import N_, Translator

t = Translator(__package__)

#: decision (the view's phase; the very first trades apart) -> what the guide says
TOPICS = {
    "first-trade": N_(
        "Your first trade. In the first two turns the choice is small: Seat 1 buys or sells "
        "exactly one share. Buy the stock you think will rise: look at your hand, since your "
        "bull cards (+) will push their stock up at the end of the year."
    ),
    "trade": N_(
        "Trade: buy or sell shares, or pass. Buy a stock your hand and the market row say will "
        "rise, sell one that will fall. Each buy raises the price by one and each sale lowers it, "
        "and keep some money: a Commission card costs $2 for every share you own."
    ),
    "play": N_(
        "Play a card into the market row. Bull and bear cards move their stock's price at the "
        "end of the year, Dividends pay every share of their stock, Breaking News cancels a card "
        "of its colour, Commission makes every owner pay $2 a share now. Help the stocks you own "
        "and hurt the ones the others own."
    ),
    "redraw": N_(
        "New cards for the next year: set aside the cards you do not want (or none) and draw "
        "back up to five. Keep the cards that help the stocks you own."
    ),
    "forced-sale": N_(
        "Your money is below $0: you must sell shares, one at a time, until you are back at $0. "
        "Sell the stock whose price you expect to fall."
    ),
    "selloff": N_(
        "The final sell-off: everyone sells one share per turn until none are left, and every "
        "sale lowers that price. Sell the most valuable share first, before the others push its "
        "price down."
    ),
}


def topic_for(view: dict[str, Any]) -> str:
    """The decision in ``view``: its phase, the first two trades of the game apart."""
    phase = str(view.get("phase"))
    if phase == "trade" and view.get("year") == 1 and int(view.get("turn", 2)) < 2:
        return "first-trade"
    return phase if phase in TOPICS else "trade"


#: three players, seed 3 (the rulebook's worked example): the learner starts
GUIDE = GameGuide(
    players=3, seed=3, bot="ismcts:easy", topics=TOPICS, translate=t, topic_for=topic_for
)
