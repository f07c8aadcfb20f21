"""What a move of Buy Low Sell High changes, for hints that teach (``GameParts.changes``).

Facts from the mover's views before and after the move: the mover's money and shares of each
stock, and each stock's buy and sell prices.
"""

from __future__ import annotations

from typing import Any

from bazaar.core.parts import Fact, MoveChanges
from bazaar.games.buy_low_sell_high.text import stock_word, t
from bazaar.i18n import N_

MONEY = N_("your money: ${before} → ${after}")
SHARES = N_("your {stock} shares: {before} → {after}")
PRICE = N_("{stock} price: buy ${buy_before} → ${buy_after}, sell ${sell_before} → ${sell_after}")


def facts(before: dict[str, Any], after: dict[str, Any], seat: int) -> list[Fact]:
    """The mover's money and shares, and the prices, where they changed."""
    found: list[Fact] = []
    if before["money"][seat] != after["money"][seat]:
        found.append(("money", before["money"][seat], after["money"][seat]))
    for k, (was, now) in enumerate(
        zip(before["holdings"][seat], after["holdings"][seat], strict=True)
    ):
        if was != now:
            found.append(("shares", k, was, now))
    for k, (was, now) in enumerate(zip(before["columns"], after["columns"], strict=True)):
        if (was["buy"], was["sell"]) != (now["buy"], now["sell"]):
            found.append(("price", k, was["buy"], now["buy"], was["sell"], now["sell"]))
    return found


def words(fact: Fact, lang: str) -> str:
    """One fact in words: "your money: $40 → $55" / "你的現金：$40 → $55"."""
    kind = fact[0]
    if kind == "money":
        return t(MONEY, lang, before=fact[1], after=fact[2])
    if kind == "shares":
        return t(SHARES, lang, stock=stock_word(fact[1], lang), before=fact[2], after=fact[3])
    _, k, buy_before, buy_after, sell_before, sell_after = fact
    return t(
        PRICE,
        lang,
        stock=stock_word(k, lang),
        buy_before=buy_before,
        buy_after=buy_after,
        sell_before=sell_before,
        sell_after=sell_after,
    )


CHANGES = MoveChanges(facts=facts, words=words)
