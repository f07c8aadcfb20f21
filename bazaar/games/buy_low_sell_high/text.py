"""Event sentences of Buy Low Sell High; English ids, zh-TW from this game's catalog
(``locale/zh_TW/LC_MESSAGES/buy_low_sell_high.po``)."""

from __future__ import annotations

from bazaar.core.game import Event
from bazaar.i18n import N_, Translator

t = Translator(__package__)

#: why a seat sells -> the sentence
SELL_SENTENCES = {
    "forced": N_("{who} sells K{kind} for ${price} (forced: money below $0)"),
    "selloff": N_("{who} sells K{kind} for ${price} (final sell-off)"),
}


def _trade_words(trade: list[int], lang: str) -> str:
    if not any(trade):
        return t("does not trade", lang)
    parts = []
    for k, x in enumerate(trade):
        if x:
            words = N_("buys {count} K{kind}") if x > 0 else N_("sells {count} K{kind}")
            parts.append(t(words, lang, count=abs(x), kind=k))
    return t(", ", lang).join(parts)


def describe(event: Event, lang: str = "en") -> str:
    """One sentence for ``event``; ``lang`` is "en" or "zh-TW"."""
    d = event.data
    who = t("Seat {seat}", lang, seat=d["seat"]) if "seat" in d else ""
    kind = event.kind
    if kind == "trade":
        return t(
            "{who} {trade} (received ${received}, paid ${paid})",
            lang,
            who=who,
            trade=_trade_words(d["trade"], lang),
            received=d["received"],
            paid=d["paid"],
        )
    if kind == "play":
        return t(
            "{who} plays {card} on space {space}", lang, who=who, card=d["card"], space=d["space"]
        )
    if kind == "dud":
        return t(
            "{who} places {card} on space {space} as a dud",
            lang,
            who=who,
            card=d["card"],
            space=d["space"],
        )
    if kind == "cover":
        return t(
            "{who} covers space {space} with {card}",
            lang,
            who=who,
            card=d["card"],
            space=d["space"],
        )
    if kind == "commission":
        paid = ", ".join(f"${x}" for x in d["paid"])
        return t("K{kind} commission: seats pay {paid}", lang, kind=d["kind"], paid=paid)
    if kind == "draw":
        return t("{who} draws {count} card(s)", lang, who=who, count=d["count"])
    if kind == "drew":
        return t("{who} drew {cards}", lang, who=who, cards=" ".join(d["cards"]))
    if kind == "discard":
        return t("{who} discards a card", lang, who=who)
    if kind == "discarded":
        return t("{who} discarded {card}", lang, who=who, card=d["card"])
    if kind == "sell":
        sentence = SELL_SENTENCES[d["why"]]
        return t(sentence, lang, who=who, kind=d["kind"], price=d["price"])
    if kind == "skip_trading":
        return t("{who} skips trading (forced sale)", lang, who=who)
    if kind == "year_end":
        return t(
            "End of year {year}: price moves {net}; prices now {prices}; dividends {div}",
            lang,
            year=d["year"],
            net=", ".join(f"K{k} {x:+d}" for k, x in enumerate(d["net"])),
            prices=", ".join(f"K{k} ${x}" for k, x in enumerate(d["prices"])),
            div=", ".join(f"${x}" for x in d["dividends"]),
        )
    if kind == "year_start":
        return t("Year {year} begins; seat {start} starts", lang, year=d["year"], start=d["start"])
    if kind == "game_over":
        return t(
            "Game over: final money {scores}; winner(s): seat {winners}",
            lang,
            scores=", ".join(f"${x}" for x in d["scores"]),
            winners=", ".join(str(w) for w in d["winners"]),
        )
    return f"{kind} {d}"
