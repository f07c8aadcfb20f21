"""Event sentences and action descriptions of Taiwan Night Market; English ids, zh-TW from
this game's catalog (``locale/zh_TW/LC_MESSAGES/night_market.po``)."""

from __future__ import annotations

from bazaar.core.game import Event
from bazaar.games.night_market import actions as A
from bazaar.games.night_market.components import KIND_NAMES, NUM_TYPES, TYPE_NAMES
from bazaar.i18n import N_, Translator

t = Translator(__package__)


def _seat(p: int | None, lang: str) -> str:
    """A seat as people count it: seat 0 is "Seat 1" / "玩家1"."""
    return t("Seat {seat}", lang, seat=p + 1) if p is not None else ""


#: the stall types T0..T3 by their food, as the board names them
TYPE_WORDS = (N_("food"), N_("drink"), N_("dessert"), N_("snack"))
#: what a customer of each type likes
LIKES = (N_("food"), N_("drinks"), N_("desserts"), N_("snacks"))


def stall_word(name: str, lang: str) -> str:
    """A stall type (``T1``) by its food: "drink" / "飲料"."""
    return t(TYPE_WORDS[TYPE_NAMES.index(name)], lang)


def customer_words(name: str, lang: str) -> str:
    """A customer (``T1D``) in words: "a customer who likes drinks, entering at D"."""
    likes = t(LIKES[TYPE_NAMES.index(name[:2])], lang)
    return t(
        "a customer who likes {type}, entering at {entrance}", lang, type=likes, entrance=name[2:]
    )


def customers_list(names: list[str], lang: str) -> str:
    """Customers in short words: "drinks (D), food (A)"."""
    return _listing(
        [
            t(
                "{type} ({entrance})",
                lang,
                type=t(LIKES[TYPE_NAMES.index(n[:2])], lang),
                entrance=n[2:],
            )
            for n in names
        ],
        lang,
    )


def _lots(lots: list[int]) -> str:
    return ", ".join(str(x) for x in lots)


def _cash(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"${amount}"


def _listing(items: list[str], lang: str) -> str:
    return t(", ", lang).join(items)


def _money(values: list[int], lang: str) -> str:
    return _listing([f"{_seat(q, lang)} {_cash(v)}" for q, v in enumerate(values) if v], lang)


def _move(d: dict, lang: str) -> str:
    likes = t(LIKES[TYPE_NAMES.index(d["customer"][:2])], lang)
    fields = {"type": likes, "entrance": d["from"]}
    if d["lot"] is not None:
        return t(
            "A customer who likes {type} walks from {entrance} and buys at lot {lot} ({owner})",
            lang,
            lot=d["lot"],
            owner=_seat(d["owner"], lang),
            **fields,
        )
    if d["to"] == "out":
        return t(
            "A customer who likes {type} walks from {entrance}, finds no stall it likes and "
            "leaves the market",
            lang,
            **fields,
        )
    return t(
        "A customer who likes {type} walks from {entrance}, finds no stall it likes and moves "
        "on to {to}",
        lang,
        to=d["to"],
        **fields,
    )


def describe(event: Event, lang: str = "en") -> str:
    """One sentence for ``event``; ``lang`` is "en" or "zh-TW"."""
    d = event.data
    who = _seat(d.get("seat"), lang)
    kind = event.kind
    if kind == "round_start":
        if d["yellow"]:
            sentence = N_("Round {round} begins: lots {lots} are up for auction (yellow: {yellow})")
        else:
            sentence = N_("Round {round} begins: lots {lots} are up for auction")
        return t(sentence, lang, round=d["round"], lots=_lots(d["lots"]), yellow=_lots(d["yellow"]))
    if kind == "customers":
        names = customers_list(d["customers"], lang) or t("(none)", lang)
        return t("Public customers: {customers}", lang, customers=names)
    if kind == "reshuffle":
        return t(
            "The customer deck is empty: {cards} discarded customers are reshuffled",
            lang,
            cards=d["cards"],
        )
    if kind == "hide":
        return t(
            "{who} puts a hidden customer face down ({count} in all)",
            lang,
            who=who,
            count=d["count"],
        )
    if kind == "hid":
        return t(
            "{who} hides {customer}", lang, who=who, customer=customer_words(d["customer"], lang)
        )
    if kind == "bid":
        if d["compensation"]:
            sentence = N_("{who} bids ${amount} on lot {lot} (compensation bid)")
        else:
            sentence = N_("{who} bids ${amount} on lot {lot}")
        return t(sentence, lang, who=who, amount=d["amount"], lot=d["lot"])
    if kind == "pass":
        return t("{who} passes and bids no more this round", lang, who=who)
    if kind == "give_up":
        return t("{who} gives up compensation bids", lang, who=who)
    if kind == "no_legal_bid":
        return t("{who} has no legal bid; the turn is skipped", lang, who=who)
    if kind == "compensation":
        return t("{who} holds no lot and gets a compensation bid", lang, who=who)
    if kind == "pay":
        return t(
            "{who} pays ${amount} and takes lot {lot}",
            lang,
            who=who,
            amount=d["amount"],
            lot=d["lot"],
        )
    if kind == "loan":
        fmt = {"who": who, "count": d["count"], "amount": d["amount"]}
        if d["forced"]:
            return t.ngettext(
                "{who} takes {count} loan for ${amount} (cash short)",
                "{who} takes {count} loans for ${amount} (cash short)",
                d["count"],
                lang,
                **fmt,
            )
        return t.ngettext(
            "{who} takes {count} loan for ${amount}",
            "{who} takes {count} loans for ${amount}",
            d["count"],
            lang,
            **fmt,
        )
    if kind == "unbid":
        if d["returned"]:
            sentence = N_("Lots {lots} got no bid and go back into the land deck")
        else:
            sentence = N_("Lots {lots} got no bid and stay unused for the game")
        return t(sentence, lang, lots=_lots(d["lots"]))
    if kind == "build":
        return t(
            "{who} builds a {type} stall on lot {lot}",
            lang,
            who=who,
            type=stall_word(d["type"], lang),
            lot=d["lot"],
        )
    if kind == "empty":
        return t("{who} leaves lot {lot} empty", lang, who=who, lot=d["lot"])
    if kind == "reveal":
        names = customers_list(d["customers"], lang)
        return t("{who} reveals hidden customers: {customers}", lang, who=who, customers=names)
    if kind == "move":
        return _move(d, lang)
    if kind == "bonus":
        parts = [
            f"{t(TYPE_WORDS[stall], lang)}: {_listing([_seat(q, lang) for q in won], lang)}"
            for stall, won in enumerate(d["winners"])
            if won
        ]
        return t(
            "Majority bonus: {listing}; paid {paid}",
            lang,
            listing="; ".join(parts) or t("none", lang),
            paid=_money(d["bonus"], lang) or t("nothing", lang),
        )
    if kind == "income":
        paid = _money(d["income"], lang) or t("nothing", lang)
        return t("Income of round {round}: {paid}", lang, round=d["round"], paid=paid)
    if kind == "refill":
        return t.ngettext(
            "{who} draws {count} customer",
            "{who} draws {count} customers",
            d["count"],
            lang,
            who=who,
            count=d["count"],
        )
    if kind == "drew":
        names = customers_list(d["customers"], lang)
        return t("{who} drew {customers}", lang, who=who, customers=names)
    if kind == "turn_order":
        order = _listing([_seat(q, lang) for q in d["order"]], lang)
        return t("New turn order: {order}", lang, order=order)
    if kind == "repay":
        paid = _money(d["repaid"], lang) or t("none", lang)
        return t("Loans repaid at $7 each: {paid}", lang, paid=paid)
    if kind == "game_over":
        return t.ngettext(
            "Game over: final cash {scores}; winner: {winners}",
            "Game over: final cash {scores}; winners: {winners}",
            len(d["winners"]),
            lang,
            scores=_listing([_cash(x) for x in d["scores"]], lang),
            winners=_listing([_seat(q, lang) for q in d["winners"]], lang),
        )
    return f"{kind} {d}"


#: the events that tell a round's end (steps 7-11, the final round and the end of the game)
ROUND_END = ("reveal", "move", "bonus", "income", "repay", "game_over")


def _foods(kinds: list[str], lang: str) -> str:
    """Stall types (``T0``, ``T2``) by their food, in the board's order: "food/dessert"."""
    return "/".join(t(TYPE_WORDS[k], lang) for k, name in enumerate(TYPE_NAMES) if name in kinds)


def _walk(moves: list[dict], final: bool, lang: str) -> list[str]:
    """Where the customers of a walk went, counted: served by each seat's stalls (by their
    food), left the market, waiting for the next round (in the final round a customer who
    moves on walks at once, so only where it ends counts)."""
    served: dict[int, list[str]] = {}
    gone = 0
    waiting: dict[str, int] = {}
    for d in moves:
        if d["lot"] is not None:
            served.setdefault(d["owner"], []).append(d["customer"][:2])
        elif d["to"] == "out":
            gone += 1
        elif not final:
            waiting[d["to"]] = waiting.get(d["to"], 0) + 1
    out = [
        t.ngettext(
            "{who} serves {count} customer ({foods})",
            "{who} serves {count} customers ({foods})",
            len(kinds),
            lang,
            who=_seat(q, lang),
            count=len(kinds),
            foods=_foods(kinds, lang),
        )
        for q, kinds in sorted(served.items())
    ]
    if waiting:
        count = sum(waiting.values())
        out.append(
            t.ngettext(
                "{count} customer waits for the next round at {entrances}",
                "{count} customers wait for the next round at {entrances}",
                count,
                lang,
                count=count,
                entrances=_listing(sorted(waiting), lang),
            )
        )
    if gone:
        out.append(
            t.ngettext(
                "{count} customer leaves the market",
                "{count} customers leave the market",
                gone,
                lang,
                count=gone,
            )
        )
    return out


def _bonus(d: dict, lang: str) -> str:
    """Who got the majority bonus, how much and for which stall types."""
    won = [
        t(
            "{who} ${amount} ({types})",
            lang,
            who=_seat(q, lang),
            amount=amount,
            types=_foods([TYPE_NAMES[k] for k, won in enumerate(d["winners"]) if q in won], lang),
        )
        for q, amount in enumerate(d["bonus"])
        if amount
    ]
    if not won:
        return t("nobody gets a majority bonus", lang)
    return t("majority bonus: {listing}", lang, listing=_listing(won, lang))


def _income(d: dict, lang: str) -> str:
    """Each seat's income: the paid ones with the amount, then those who earn nothing."""
    paid = [f"{_seat(q, lang)} {_cash(v)}" for q, v in enumerate(d["income"]) if v]
    none = [_seat(q, lang) for q, v in enumerate(d["income"]) if not v]
    if not paid:
        return t("no income for anybody", lang)
    text = t("income: {paid}", lang, paid=_listing(paid, lang))
    if none:
        text += t(", ", lang) + t("nothing for {seats}", lang, seats=_listing(none, lang))
    return text


def _game_over(d: dict, lang: str) -> str:
    winners = d["winners"]
    cash = _cash(d["scores"][winners[0]])
    if len(winners) == 1:
        return t("game over, {who} wins with {cash}", lang, who=_seat(winners[0], lang), cash=cash)
    who = _listing([_seat(q, lang) for q in winners], lang)
    return t("game over, a tie: {who} share the win with {cash}", lang, who=who, cash=cash)


def turn_story(events: list[Event], mover: int, lang: str = "en") -> list[str]:
    """The clauses of the turn sentence of a move that ends a round, from the events a seat
    sees (all public): the mover's own events before the round's end, the hidden customers
    coming in, where the walk took the customers, the majority bonus, each seat's income and
    the game's end. Any other move: ``[]`` (its own events tell it)."""
    kinds = [e.kind for e in events]
    if "income" not in kinds:
        return []
    end = min(kinds.index(k) for k in ROUND_END if k in kinds)
    out = [describe(e, lang) for e in events[:end] if e.data.get("seat") == mover]
    revealed = sum(len(e.data["customers"]) for e in events if e.kind == "reveal")
    if revealed:
        out.append(
            t.ngettext(
                "{count} hidden customer comes in",
                "{count} hidden customers come in",
                revealed,
                lang,
                count=revealed,
            )
        )
    final = "game_over" in kinds
    out += _walk([e.data for e in events if e.kind == "move"], final, lang)
    for e in events:
        if e.kind == "bonus":
            out.append(_bonus(e.data, lang))
        elif e.kind == "income":
            out.append(_income(e.data, lang))
        elif e.kind == "game_over":
            out.append(_game_over(e.data, lang))
    return out


def describe_action(action: int, lang: str = "en") -> str:
    """A short description of ``action`` in words."""
    if action < A.BID_LOT_BASE:
        name = KIND_NAMES[action - A.HIDE_BASE]
        return t(
            "hide a customer who likes {type} and enters at {entrance}",
            lang,
            type=t(LIKES[TYPE_NAMES.index(name[:2])], lang),
            entrance=name[2:],
        )
    if action < A.VALUE_BASE:
        lot = action - A.BID_LOT_BASE + 1
        return t("bid on lot {lot} (the amount comes next)", lang, lot=lot)
    if action < A.PASS:
        return t("bid ${amount}", lang, amount=action - A.VALUE_BASE)
    if action == A.PASS:
        return t("pass: no more bids this round", lang)
    if action == A.GIVE_UP:
        return t("give up: no more compensation bids", lang)
    if action < A.EMPTY_BASE:
        lot, stall = divmod(action - A.BUILD_BASE, NUM_TYPES)
        return t(
            "build a {type} stall on lot {lot}", lang, type=t(TYPE_WORDS[stall], lang), lot=lot + 1
        )
    if action < A.LOAN:
        return t("leave lot {lot} empty for now", lang, lot=action - A.EMPTY_BASE + 1)
    if action == A.LOAN:
        return t("take a loan: $5 now, repay $7 at the end", lang)
    return t("no (more) loans", lang)
