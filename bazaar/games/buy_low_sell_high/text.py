"""Event sentences of Buy Low Sell High; English ids, zh-TW from this game's catalog
(``locale/zh_TW/LC_MESSAGES/buy_low_sell_high.po``)."""

from __future__ import annotations

from bazaar.core.game import Event
from bazaar.games.buy_low_sell_high.components import (
    CARD_NAMES,
    CARD_TYPES,
    card_colour,
    card_type,
)
from bazaar.i18n import N_, Translator

t = Translator(__package__)

#: the stocks K0, K1, K2 by the colour the board draws them in (the notation keeps K0..K2)
STOCK_COLOURS = (N_("red"), N_("green"), N_("purple"))

#: why a seat sells -> the sentence
SELL_SENTENCES = {
    "forced": N_("{who} sells one {stock} for ${price} (forced: money below $0)"),
    "selloff": N_("{who} sells one {stock} for ${price} (final sell-off)"),
}


def stock_word(k: int, lang: str) -> str:
    """Stock ``k`` by its colour: "red" / "紅色"."""
    return t(STOCK_COLOURS[k], lang)


def type_words(card_type_index: int, lang: str) -> str:
    """A card type in words: "bull +3", "dividend", ..."""
    short = CARD_TYPES[card_type_index]
    if short.startswith("+"):
        return t("bull {value}", lang, value=short)
    if short.startswith("-"):
        return t("bear {value}", lang, value=short)
    return {
        "div": t("dividend", lang),
        "news": t("Breaking News", lang),
        "com": t("commission", lang),
    }[short]


def canonical(name: str) -> str:
    return CARD_NAMES[[n.lower() for n in CARD_NAMES].index(name.lower())]


def card_words(name: str, lang: str) -> str:
    """A card name in words: "K1+3" -> "green bull +3" / "綠色牛市 +3"."""
    card = CARD_NAMES.index(canonical(name))
    return t(
        "{stock} {card}",
        lang,
        stock=stock_word(card_colour(card), lang),
        card=type_words(card_type(card), lang),
    )


def _seat(seat: int, lang: str) -> str:
    """A seat as people count it: seat 0 is "Seat 1" / "玩家1"."""
    return t("Seat {seat}", lang, seat=seat + 1)


def _trade_words(trade: list[int], lang: str) -> str:
    if not any(trade):
        return t("does not trade", lang)
    parts = []
    for k, x in enumerate(trade):
        if x:
            words = N_("buys {count} {stock}") if x > 0 else N_("sells {count} {stock}")
            parts.append(t(words, lang, count=abs(x), stock=stock_word(k, lang)))
    return t(", ", lang).join(parts)


def describe(event: Event, lang: str = "en") -> str:
    """One sentence for ``event``; ``lang`` is "en" or "zh-TW"."""
    d = event.data
    who = _seat(d["seat"], lang) if "seat" in d else ""
    kind = event.kind
    if kind == "trade":
        trade = _trade_words(d["trade"], lang)
        received, paid = d["received"], d["paid"]
        if received and paid:
            sentence = N_("{who} {trade} (paid ${paid}, received ${received})")
        elif paid:
            sentence = N_("{who} {trade} (paid ${paid})")
        elif received:
            sentence = N_("{who} {trade} (received ${received})")
        else:
            sentence = N_("{who} {trade}")
        return t(sentence, lang, who=who, trade=trade, received=received, paid=paid)
    if kind == "play":
        return t(
            "{who} plays {card} on space {space}",
            lang,
            who=who,
            card=card_words(d["card"], lang),
            space=d["space"],
        )
    if kind == "dud":
        return t(
            "{who} places {card} on space {space} as a dud",
            lang,
            who=who,
            card=card_words(d["card"], lang),
            space=d["space"],
        )
    if kind == "cover":
        return t(
            "{who} covers space {space} with {card}",
            lang,
            who=who,
            card=card_words(d["card"], lang),
            space=d["space"],
        )
    if kind == "commission":
        stock = stock_word(d["kind"], lang)
        payers = [
            t("{who} pays ${amount}", lang, who=_seat(p, lang), amount=x)
            for p, x in enumerate(d["paid"])
            if x
        ]
        if not payers:
            return t("{stock} commission: nobody holds {stock}, nobody pays", lang, stock=stock)
        paid = t(", ", lang).join(payers)
        return t("{stock} commission: {paid}", lang, stock=stock, paid=paid)
    if kind == "draw":
        return t.ngettext(
            "{who} draws {count} card",
            "{who} draws {count} cards",
            d["count"],
            lang,
            who=who,
            count=d["count"],
        )
    if kind == "drew":
        cards = t(", ", lang).join(card_words(c, lang) for c in d["cards"])
        return t("{who} drew {cards}", lang, who=who, cards=cards)
    if kind == "discard":
        return t("{who} discards a card", lang, who=who)
    if kind == "discarded":
        return t("{who} discarded {card}", lang, who=who, card=card_words(d["card"], lang))
    if kind == "sell":
        sentence = SELL_SENTENCES[d["why"]]
        return t(sentence, lang, who=who, stock=stock_word(d["kind"], lang), price=d["price"])
    if kind == "skip_trading":
        return t("{who} skips trading (forced sale)", lang, who=who)
    if kind == "year_end":
        gets = [
            t("{who} gets ${amount}", lang, who=_seat(p, lang), amount=x)
            for p, x in enumerate(d["dividends"])
            if x
        ]
        div = (
            t("dividends: {paid}", lang, paid=t(", ", lang).join(gets))
            if gets
            else t("no dividends", lang)
        )
        return t(
            "End of year {year}: price moves {net}; prices now {prices}; {dividends}",
            lang,
            year=d["year"],
            net=t(", ", lang).join(f"{stock_word(k, lang)} {x:+d}" for k, x in enumerate(d["net"])),
            prices=t(", ", lang).join(
                f"{stock_word(k, lang)} ${x}" for k, x in enumerate(d["prices"])
            ),
            dividends=div,
        )
    if kind == "year_start":
        return t(
            "Year {year} begins; {start} starts",
            lang,
            year=d["year"],
            start=_seat(d["start"], lang),
        )
    if kind == "game_over":
        return t.ngettext(
            "Game over: final money {scores}; winner: {winners}",
            "Game over: final money {scores}; winners: {winners}",
            len(d["winners"]),
            lang,
            scores=t(", ", lang).join(
                t("{who} ${amount}", lang, who=_seat(p, lang), amount=x)
                for p, x in enumerate(d["scores"])
            ),
            winners=t(", ", lang).join(_seat(w, lang) for w in d["winners"]),
        )
    return f"{kind} {d}"
