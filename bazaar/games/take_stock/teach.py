"""What a move of Take Stock changes, for hints that teach (``GameParts.changes``).

Facts from the mover's views before and after the move: the mover's shares of each stock,
each stock's price, and who holds the most shares of each stock (the majority).
"""

from __future__ import annotations

from typing import Any

from bazaar.core.parts import Fact, MoveChanges
from bazaar.games.take_stock.text import _seat as seat_words
from bazaar.games.take_stock.text import stock_name, t
from bazaar.i18n import N_

SHARES = N_("your {stock} shares: {before} → {after}")
PRICE = N_("{stock} price: {before} → {after}")
LEAD_YOU = N_("{stock}: you get the most shares")
LEAD_SHARED = N_("{stock}: you share the most shares")
LEAD_LOST = N_("{stock}: you no longer hold the most shares")
LEAD_OTHERS = N_("{stock}: most shares now with {seats}")
NO_LEAD = N_("{stock}: nobody holds shares now")


def leaders(view: dict[str, Any], stock: int) -> tuple[int, ...]:
    """The seats holding the most shares of ``stock`` (none when nobody holds any)."""
    held = [s["shares"][stock] for s in view["seats"]]
    most = max(held)
    return () if most == 0 else tuple(i for i, n in enumerate(held) if n == most)


def facts(before: dict[str, Any], after: dict[str, Any], seat: int) -> list[Fact]:
    """The mover's shares, the prices and the mover's majorities, where they changed."""
    found: list[Fact] = []
    mine_before, mine_after = before["seats"][seat]["shares"], after["seats"][seat]["shares"]
    for k, (was, now) in enumerate(zip(mine_before, mine_after, strict=True)):
        if was != now:
            found.append(("shares", k, was, now))
    for k, (was, now) in enumerate(zip(before["stocks"], after["stocks"], strict=True)):
        if was["price"] != now["price"]:
            found.append(("price", k, was["price"], now["price"]))
    for k in range(len(before["stocks"])):
        was, now = leaders(before, k), leaders(after, k)
        if was == now:
            continue
        if now == (seat,):
            found.append(("lead", k, "you"))
        elif seat in now:
            found.append(("lead", k, "shared"))
        elif seat in was:
            found.append(("lead", k, "lost"))
        else:
            found.append(("lead", k, "others", *now))
    return found


def words(fact: Fact, lang: str) -> str:
    """One fact in words: "your Oil shares: 1 → 2" / "你的石油股票：1 → 2"."""
    kind, k = fact[0], fact[1]
    stock = stock_name(k, lang)
    if kind == "shares":
        return t(SHARES, lang, stock=stock, before=fact[2], after=fact[3])
    if kind == "price":
        return t(PRICE, lang, stock=stock, before=fact[2], after=fact[3])
    if fact[2] == "others":
        if len(fact) == 3:
            return t(NO_LEAD, lang, stock=stock)
        seats = listing([seat_words(x, lang) for x in fact[3:]], lang)
        return t(LEAD_OTHERS, lang, stock=stock, seats=seats)
    lead = {"you": LEAD_YOU, "shared": LEAD_SHARED, "lost": LEAD_LOST}[fact[2]]
    return t(lead, lang, stock=stock)


def listing(items: list[str], lang: str) -> str:
    """Seats one after another: "Seat 1 and Seat 3" / "玩家1、玩家3"."""
    if lang != "en":
        return "、".join(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


CHANGES = MoveChanges(facts=facts, words=words)
