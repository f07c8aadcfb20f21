"""The fixed integer action encoding of Taiwan Night Market and its text notation.

Multi-part choices are split into sequential sub-decisions by the same player: a bid is
``bid LOT`` followed by its amount ``$N``; a building turn decides the player's unbuilt lots
one at a time in increasing lot order; a hidden-customer choice of several cards picks one
card at a time.

=========  ===============  ===========================================================
actions    notation         meaning
=========  ===============  ===========================================================
0–31       ``hide T2D``     put one customer of kind T2D (type T2, entrance D) from your
                            hand face down as a hidden customer (§4 Step 3)
32–61      ``bid 7``        choose lot 7 for your bid (§4 Step 4); the amount follows
62–317     ``$5``           the amount of the bid on the chosen lot (0–255)
318        ``pass``         pass at a regular bid: no more bids this round
319        ``give up``      give up at a compensation bid: no more bids this round
320–439    ``build 7 T2``   build a stall of type T2 on your lot 7 (§4 Step 6)
440–469    ``empty 7``      leave your lot 7 empty this round
470        ``loan``         take a voluntary loan at payment (option ``voluntary_loans``)
471        ``done``         take no (more) voluntary loans
=========  ===============  ===========================================================
"""

from __future__ import annotations

import re

from bazaar.core.errors import NotationError, Refusals
from bazaar.games.night_market.components import (
    KIND_BY_NAME,
    KIND_NAMES,
    NUM_KINDS,
    NUM_LOTS,
    NUM_TYPES,
    TYPE_NAMES,
)

MAX_BID = 255
HIDE_BASE = 0
BID_LOT_BASE = HIDE_BASE + NUM_KINDS
VALUE_BASE = BID_LOT_BASE + NUM_LOTS
PASS = VALUE_BASE + MAX_BID + 1
GIVE_UP = PASS + 1
BUILD_BASE = GIVE_UP + 1
EMPTY_BASE = BUILD_BASE + NUM_LOTS * NUM_TYPES
LOAN = EMPTY_BASE + NUM_LOTS
DONE = LOAN + 1
NUM_ACTIONS = DONE + 1

TYPE_BY_NAME = {name.lower(): t for t, name in enumerate(TYPE_NAMES)}
EXAMPLES = "'hide T2D', 'bid 7', '$5', 'pass', 'give up', 'build 7 T2', 'empty 7', 'loan', 'done'"

refuse = Refusals(__package__, NotationError)


def hide(kind: int) -> int:
    return HIDE_BASE + kind


def bid_lot(lot: int) -> int:
    """Action choosing 0-based ``lot`` for a bid."""
    return BID_LOT_BASE + lot


def value(amount: int) -> int:
    return VALUE_BASE + amount


def build(lot: int, stall_type: int) -> int:
    return BUILD_BASE + lot * NUM_TYPES + stall_type


def empty(lot: int) -> int:
    return EMPTY_BASE + lot


def notation(action: int) -> str:
    """The text notation of an action number."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise refuse(
            "{action!r} is not an action number of night-market (0-{most})",
            action=action,
            most=NUM_ACTIONS - 1,
        )
    if action < BID_LOT_BASE:
        return f"hide {KIND_NAMES[action - HIDE_BASE]}"
    if action < VALUE_BASE:
        return f"bid {action - BID_LOT_BASE + 1}"
    if action < PASS:
        return f"${action - VALUE_BASE}"
    if action == PASS:
        return "pass"
    if action == GIVE_UP:
        return "give up"
    if action < EMPTY_BASE:
        lot, t = divmod(action - BUILD_BASE, NUM_TYPES)
        return f"build {lot + 1} {TYPE_NAMES[t]}"
    if action < LOAN:
        return f"empty {action - EMPTY_BASE + 1}"
    return "loan" if action == LOAN else "done"


def _lot(text: str, original: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= NUM_LOTS:
        raise refuse(
            "{original!r}: {text!r} is not a lot number (1-{most})",
            original=original,
            text=text,
            most=NUM_LOTS,
        )
    return int(text) - 1


def _type(text: str, original: str) -> int:
    t = TYPE_BY_NAME.get(text)
    if t is None:
        raise refuse(
            "{original!r}: {text!r} is not a stall type ({types})",
            original=original,
            text=text,
            types=", ".join(TYPE_NAMES),
        )
    return t


_AMOUNT = re.compile(r"(?:\$|@|at)?\s*([0-9]+)")


def _amount(text: str, original: str) -> int:
    m = _AMOUNT.fullmatch(text)
    if not m:
        raise refuse("{original!r}: a bid amount is written '$5'", original=original)
    amount = int(m.group(1))
    if amount > MAX_BID:
        raise refuse("{original!r}: bids go from $0 to ${most}", original=original, most=MAX_BID)
    return amount


def parse(text: str) -> int:
    """Read notation (case-insensitive, extra spaces and commas allowed) into an action."""
    original = text
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise refuse("empty move: type a move such as {examples}", examples=EXAMPLES)
    head, rest = words[0], words[1:]
    joined = " ".join(words)
    if joined == "pass":
        return PASS
    if joined in ("give up", "giveup", "give-up"):
        return GIVE_UP
    if joined == "loan":
        return LOAN
    if joined == "done":
        return DONE
    if head == "hide":
        name = "".join(rest)
        kind = KIND_BY_NAME.get(name)
        if kind is None:
            raise refuse(
                "{original!r}: {name!r} is not a customer; write its type and entrance, "
                "e.g. 'hide T2D'",
                original=original,
                name=name,
            )
        return HIDE_BASE + kind
    if head == "bid":
        if len(rest) != 1:
            if len(rest) == 2:
                raise refuse(
                    "{original!r}: a bid is two moves: first the lot ('bid {lot}'), "
                    "then the amount ('${amount}')",
                    original=original,
                    lot=rest[0],
                    amount=rest[1].lstrip("$"),
                )
            raise refuse("{original!r}: write 'bid LOT', e.g. 'bid 7'", original=original)
        return BID_LOT_BASE + _lot(rest[0], original)
    if head.startswith("$") or head in ("at", "@"):
        return VALUE_BASE + _amount(joined, original)
    if head == "build":
        if len(rest) != 2:
            raise refuse(
                "{original!r}: write 'build LOT TYPE', e.g. 'build 7 T2'", original=original
            )
        return BUILD_BASE + _lot(rest[0], original) * NUM_TYPES + _type(rest[1], original)
    if head == "empty":
        if len(rest) != 1:
            raise refuse("{original!r}: write 'empty LOT', e.g. 'empty 7'", original=original)
        return EMPTY_BASE + _lot(rest[0], original)
    raise refuse("{original!r} is not a move: use {examples}", original=original, examples=EXAMPLES)
