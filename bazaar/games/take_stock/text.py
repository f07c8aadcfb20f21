"""Event and action sentences of Take Stock; English ids, zh-TW from this game's catalog
(``locale/zh_TW/LC_MESSAGES/take_stock.po``)."""

from __future__ import annotations

from bazaar.core.game import Event
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock.components import (
    CARD_NAMES,
    COMPONENTS,
    KIND_BY_NAME,
    KIND_NAMES,
    NUM_CARDS,
    STOCK_BY_LETTER,
)
from bazaar.i18n import N_, Translator

t = Translator(__package__)

#: why a round ends -> the reason in words
REASONS = {
    "market-closed": N_("a player drew Market Closed"),
    "value-11-12": N_("an 11 or 12 was placed in a row"),
    "hand-empty": N_("a player's hand ran out"),
    "deck-empty": N_("no share card was left to draw"),
}


def stock_name(s: int, lang: str = "en") -> str:
    """A stock's short name: "Oil" / "石油"."""
    return t(COMPONENTS.stocks[s].short_en, lang)


def event_name(name: str, lang: str = "en") -> str:
    """An event kind in words: "split-O" -> "Stock Split (Oil)" / "股票分割(石油)"."""
    kind = COMPONENTS.kinds[KIND_BY_NAME[name.lower()]]
    base = t(kind.name_en, lang)
    if kind.stock < 0:
        return base
    return t("{event} ({stock})", lang, event=base, stock=stock_name(kind.stock, lang))


#: the names of the share cards ("O7"), which event sentences give in words
SHARE_CARDS = frozenset(CARD_NAMES)


def card_words(name: str, lang: str = "en") -> str:
    """A share card in words: "O7" -> "Oil 7" / "石油7"."""
    s = STOCK_BY_LETTER[name[0].lower()]
    return t("{stock} {value}", lang, stock=stock_name(s, lang), value=name[1:])


def _seat(seat: int, lang: str) -> str:
    """A seat as people count it: seat 0 is "Seat 1" / "玩家1"."""
    return t("Seat {seat}", lang, seat=seat + 1)


def _card(name: str, lang: str) -> str:
    """A share card of an event in words ("O7" -> "Oil 7"); anything else as it is."""
    return card_words(name, lang) if name in SHARE_CARDS else name


def _cards(names: list[str], lang: str) -> str:
    if not names:
        return t("none", lang)
    return t(", ", lang).join(_card(n, lang) for n in names)


def describe(event: Event, lang: str = "en") -> str:
    """One sentence for ``event``; ``lang`` is "en" or "zh-TW"."""
    d = event.data
    who = _seat(d["seat"], lang) if "seat" in d else ""
    kind = event.kind
    ev = event_name(d["event"], lang) if "event" in d else ""
    card = _card(d.get("card", ""), lang)
    if kind == "round_start":
        return t(
            "Round {round} begins: {dealer} deals {cards_each} cards each; {start} starts",
            lang,
            round=d["round"],
            dealer=_seat(d["dealer"], lang),
            cards_each=d["cards_each"],
            start=_seat(d["start"], lang),
        )
    if kind == "dealt":
        return t("{who} is dealt {cards}", lang, who=who, cards=_cards(d["cards"], lang))
    if kind == "reshuffle":
        return t(
            "The share draw pile is empty: the {cards} discarded cards are reshuffled",
            lang,
            cards=d["cards"],
        )
    if kind == "draw":
        return t("{who} draws a share card", lang, who=who)
    if kind == "drew":
        return t("{who} drew {card}", lang, who=who, card=card)
    if kind == "discard":
        return t("{who} discards {card}", lang, who=who, card=card)
    if kind in ("play", "upturn_play"):
        if kind == "upturn_play":
            sentence = N_("{who} plays {card} on {row} (Market Upturn)")
        else:
            sentence = N_("{who} plays {card} on {row}")
        return t(sentence, lang, who=who, card=card, row=stock_name(d["stock"], lang))
    if kind == "buy":
        return t.ngettext(
            "{who} buys: {card} becomes a certificate ({shares} share)",
            "{who} buys: {card} becomes a certificate ({shares} shares)",
            d["shares"],
            lang,
            who=who,
            card=card,
            shares=d["shares"],
        )
    if kind == "make_event":
        if d["mode"] == 2:
            return t.ngettext(
                "{who} makes an event: draws {count} event card to execute one",
                "{who} makes an event: draws {count} event cards to execute one",
                d["mode"],
                lang,
                who=who,
                count=d["mode"],
            )
        return t.ngettext(
            "{who} makes an event: draws {count} event card to hold",
            "{who} makes an event: draws {count} event cards to hold",
            d["mode"],
            lang,
            who=who,
            count=d["mode"],
        )
    if kind == "events_seen":
        names = _cards([event_name(e, lang) for e in d["events"]], lang)
        return t("{who} sees {events}", lang, who=who, events=names)
    if kind == "hold":
        return t("{who} keeps an event card face down", lang, who=who)
    if kind == "held":
        return t("{who} holds {event}", lang, who=who, event=ev)
    if kind == "event_discard_hidden":
        return t("{who} discards the other event card face down", lang, who=who)
    if kind == "event_discarded":
        return t("{who} discarded {event} face down", lang, who=who, event=ev)
    if kind == "market_closed":
        return t("{who} draws Market Closed! The round ends at once", lang, who=who)
    if kind == "choose":
        return t("{who} executes {event}", lang, who=who, event=ev)
    if kind == "trigger":
        return t("{who} triggers a held {event}", lang, who=who, event=ev)
    if kind == "no_effect":
        return t("{event} has no effect", lang, event=ev)
    if kind == "no_change":
        return t("No market change", lang)
    if kind == "split":
        row = stock_name(d["stock"], lang)
        return t.ngettext(
            "{row} splits: {splits} split card now",
            "{row} splits: {splits} split cards now",
            d["splits"],
            lang,
            row=row,
            splits=d["splits"],
        )
    if kind == "crash":
        row, removed = stock_name(d["stock"], lang), _cards(d["removed"], lang)
        if d["splits"]:
            return t.ngettext(
                "{row} crashes: {removed} removed; {splits} split card discarded",
                "{row} crashes: {removed} removed; {splits} split cards discarded",
                d["splits"],
                lang,
                row=row,
                removed=removed,
                splits=d["splits"],
            )
        return t("{row} crashes: {removed} removed", lang, row=row, removed=removed)
    if kind == "downturn":
        removed = _cards(d["removed"], lang)
        return t("Market downturn: {removed} removed", lang, removed=removed)
    if kind == "option_gained":
        return t.ngettext(
            "{who} gains {tokens} option token",
            "{who} gains {tokens} option tokens",
            d["tokens"],
            lang,
            who=who,
            tokens=d["tokens"],
        )
    if kind == "option_lost":
        return t.ngettext(
            "{who} loses {tokens} option token",
            "{who} loses {tokens} option tokens",
            d["tokens"],
            lang,
            who=who,
            tokens=d["tokens"],
        )
    if kind == "insider":
        # the zh-TW sentence also names the shares (the one translation with an extra field)
        return t(
            "{who} trades on inside information: {card} becomes a certificate",
            lang,
            who=who,
            card=card,
            shares=d["shares"],
        )
    if kind == "insider_decline":
        return t("{who} declines the insider trade", lang, who=who)
    if kind == "audit_target":
        return t(
            "{who} audits {target}, who picks the certificate",
            lang,
            who=who,
            target=_seat(d["target"], lang),
        )
    if kind == "audit":
        return t(
            "Stock audit: {target} loses certificate {card}",
            lang,
            target=_seat(d["target"], lang),
            card=card,
        )
    if kind == "freeze":
        row = stock_name(d["stock"], lang)
        return t("{who} freezes the {row} row", lang, who=who, row=row)
    if kind == "freeze_player":
        return t(
            "{who} freezes {target}'s account: no Buy this round",
            lang,
            who=who,
            target=_seat(d["target"], lang),
        )
    if kind == "upturn_stop":
        return t("{who} stops the upturn", lang, who=who)
    if kind == "round_end":
        why = t(REASONS[d["reason"]], lang)
        return t("Round {round} ends: {why}", lang, round=d["round"], why=why)
    if kind == "exercise_decided":
        return t("{who} has secretly decided on options", lang, who=who)
    if kind == "exercise_chosen":
        cards = _cards(d["cards"], lang)
        return t("{who} chose to exercise: {cards}", lang, who=who, cards=cards)
    if kind == "exercise":
        return t.ngettext(
            "{who} exercises {count} option: {cards} becomes a certificate",
            "{who} exercises {count} options: {cards} become certificates",
            len(d["cards"]),
            lang,
            who=who,
            count=len(d["cards"]),
            cards=_cards(d["cards"], lang),
        )
    if kind == "hand_discard":
        cards = _cards(d["cards"], lang)
        return t("{who} discards the rest of the hand: {cards}", lang, who=who, cards=cards)
    if kind == "score":
        return t(
            "Round {round} scoring: prices {prices}; round scores {scores}; totals {totals}",
            lang,
            round=d["round"],
            prices=t(", ", lang).join(
                f"{stock_name(s, lang)} {p}" for s, p in enumerate(d["prices"])
            ),
            scores=", ".join(str(x) for x in d["scores"]),
            totals=", ".join(str(x) for x in d["totals"]),
        )
    if kind == "event_deck":
        if d["rebuilt"]:
            return t("All 40 event cards are reshuffled, Market Closed 11th from the bottom", lang)
        return t("The event discards and table events are shuffled under the event deck", lang)
    if kind == "game_over":
        return t.ngettext(
            "Game over: totals {scores}; winner: {winners}",
            "Game over: totals {scores}; winners: {winners}",
            len(d["winners"]),
            lang,
            scores=", ".join(str(x) for x in d["scores"]),
            winners=t(", ", lang).join(_seat(w, lang) for w in d["winners"]),
        )
    return f"{kind} {d}"


def describe_action(action: int, lang: str = "en") -> str:
    """A short description of ``action`` in words (no state needed)."""
    if action < A.BUY_BASE:
        card = card_words(CARD_NAMES[action], lang)
        return t("play {card} onto its row", lang, card=card)
    if action < A.EVENT2_BASE:
        cert, discard = divmod(action - A.BUY_BASE, NUM_CARDS)
        return t(
            "buy {card} as a certificate, discard {discard}",
            lang,
            card=card_words(CARD_NAMES[cert], lang),
            discard=card_words(CARD_NAMES[discard], lang),
        )
    if action < A.EVENT1_BASE:
        card = card_words(CARD_NAMES[action - A.EVENT2_BASE], lang)
        return t("discard {card}, draw 2 events and execute one", lang, card=card)
    if action < A.TRIGGER_BASE:
        card = card_words(CARD_NAMES[action - A.EVENT1_BASE], lang)
        return t("discard {card}, draw 1 event and hold it", lang, card=card)
    if action < A.CHOOSE_BASE:
        kind, discard = divmod(action - A.TRIGGER_BASE, NUM_CARDS)
        return t(
            "discard {card}, trigger your held {event}",
            lang,
            card=card_words(CARD_NAMES[discard], lang),
            event=event_name(KIND_NAMES[kind], lang),
        )
    if action < A.INSIDER_BASE:
        event = event_name(KIND_NAMES[action - A.CHOOSE_BASE], lang)
        return t("execute {event}", lang, event=event)
    if action < A.DECLINE:
        card = card_words(CARD_NAMES[action - A.INSIDER_BASE], lang)
        return t("insider trade: {card} becomes a certificate", lang, card=card)
    if action == A.DECLINE:
        return t("take no insider certificate", lang)
    if action == A.STOP:
        return t("make no more upturn plays", lang)
    if action < A.TARGET_BASE:
        card = card_words(CARD_NAMES[action - A.AUDIT_BASE], lang)
        return t("audit: certificate {card} is discarded", lang, card=card)
    if action < A.FREEZE_BASE:
        return t("choose {seat}", lang, seat=_seat(action - A.TARGET_BASE, lang))
    if action < A.EXERCISE_BASE:
        row = stock_name(action - A.FREEZE_BASE, lang)
        return t("freeze the {row} row", lang, row=row)
    positions = [str(j + 1) for j in A.mask_positions(action - A.EXERCISE_BASE)]
    if not positions:
        return t("exercise no options", lang)
    return t.ngettext(
        "use {count} token: hand card {positions} becomes a certificate",
        "use {count} tokens: hand cards {positions} become certificates",
        len(positions),
        lang,
        count=len(positions),
        positions=t(", ", lang).join(positions),
    )
