"""Buy Low Sell High's guided first game: the fixed deal, the gentle bots and the guide's
words for each decision (English ids, zh-TW in this game's catalog); docs/guide.md."""

from __future__ import annotations

from typing import Any

from bazaar.core.guide import GameGuide
from bazaar.games.buy_low_sell_high.text import stock_word
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


#: decision -> shorter follow-up tips, said in turn after the first time
TIPS = {
    "first-trade": (
        N_(
            "In the first turns you buy or sell only one share: "
            "pick the stock your hand helps most."
        ),
    ),
    "trade": (
        N_(
            "Look at the market row: its bull and bear cards say "
            "which prices move at the end of the year."
        ),
        N_(
            "The more shares of a stock you hold, the more a rise "
            "earns you, and the more a fall costs you."
        ),
        N_("Money left over is fine: it pays for a good buy on a later turn."),
    ),
    "play": (
        N_("Play a bull card on a stock you own, a bear card on one the others own."),
        N_(
            "A Dividend card pays at the end of the year: play it "
            "on a stock you hold many shares of."
        ),
    ),
    "redraw": (
        N_("Set aside the cards that would hurt your own stocks."),
        N_("Keeping your cards is fine too: you only draw back up to five."),
    ),
    "forced-sale": (
        N_("Sell one share at a time until your money is $0 or more."),
        N_("Keep the shares whose price should rise; sell the others first."),
    ),
    "selloff": (
        TOPICS["selloff"],
        N_("Each sale lowers the price: sell your most valuable share while it is still high."),
        N_("Watch the others: they push down the prices of the stocks they sell."),
    ),
}

SITUATION = N_("Year {year} of {years}, turn {turn}: you have ${money}; your shares: {shares}.")
#: said after the situation in these decisions (what changes between two of them)
HAND = N_("Cards in your hand: {count}.")
ROW = N_("The market row so far: {moves}.")
ASIDE = N_("Cards set aside: {count}.")


def first_time(topic: str, view: dict[str, Any]) -> bool:
    """Whether the learner meets ``topic`` for the first time in ``view`` (from the year, the
    turn and what the learner has done in this decision)."""
    players = int(view["players"])
    early = view["year"] == 1
    if topic == "trade":
        return early and int(view["turn"]) < 2 * players
    if topic == "play":
        return early and int(view["turn"]) < players
    if topic == "redraw":
        return early and not view["my_discards"]
    if topic == "selloff":  # not told by the position: the paragraph is among its tips
        return False
    return early


def progress(view: dict[str, Any]) -> int:
    """Moves on by one with each of the learner's decisions of a kind: their turns of the
    year, the cards they set aside, the shares they sold off."""
    if view["phase"] == "selloff":
        return -sum(view["holdings"][int(view["seat"])])
    turns = int(view["turn"]) // int(view["players"])
    return 10 * int(view["year"]) + turns + len(view["my_discards"])


def situation(view: dict[str, Any], lang: str) -> str:
    """Where the learner stands: the year and turn, money and shares, what the market row
    says so far (while trading and playing), and the cards in hand (while playing) or set
    aside (while redrawing)."""
    seat = int(view["seat"])
    sep = ", " if lang == "en" else "、"
    shares = sep.join(f"{stock_word(k, lang)} {n}" for k, n in enumerate(view["holdings"][seat]))
    text = t(
        SITUATION,
        lang,
        year=view["year"],
        years=view["years"],
        turn=int(view["turn"]) + 1,
        money=view["money"][seat],
        shares=shares,
    )
    extras = []
    if view["phase"] in ("trade", "play") and view["row"]:
        extras.append(t(ROW, lang, moves=sep.join(row_moves(view, lang))))
    if view["phase"] == "play":
        extras.append(t(HAND, lang, count=len(view["hand"])))
    elif view["phase"] == "redraw":
        extras.append(t(ASIDE, lang, count=len(view["my_discards"])))
    return (" " if lang == "en" else "").join([text, *extras])


def row_moves(view: dict[str, Any], lang: str) -> list[str]:
    """How the market row's uncovered bull and bear cards move each stock at the end of the
    year: "red +3", "green 0", "purple -2"."""
    net = [0] * len(view["columns"])
    for space in view["row"]:
        card = str(space["card"])
        if not space["covered"] and card[2:3] in ("+", "-"):
            net[int(card[1])] += int(card[2:])
    return [
        f"{stock_word(k, lang)} {n:+d}" if n else f"{stock_word(k, lang)} 0"
        for k, n in enumerate(net)
    ]


def topic_for(view: dict[str, Any]) -> str:
    """The decision in ``view``: its phase, the first two trades of the game apart."""
    phase = str(view.get("phase"))
    if phase == "trade" and view.get("year") == 1 and int(view.get("turn", 2)) < 2:
        return "first-trade"
    return phase if phase in TOPICS else "trade"


#: three players, seed 3 (the rulebook's worked example): the learner starts
GUIDE = GameGuide(
    players=3,
    seed=3,
    bot="ismcts:easy",
    topics=TOPICS,
    translate=t,
    topic_for=topic_for,
    tips=TIPS,
    first_time=first_time,
    progress=progress,
    situation=situation,
)
