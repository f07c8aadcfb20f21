"""The fixed integer action encoding of Buy Low Sell High and its text notation.

=========  =========  ==============================================================
actions    notation   meaning
=========  =========  ==============================================================
0–25       ``+K0 -K2`` option A: buy (+) or sell (-) one token of up to each kind
26–31      ``+2K1``   option B: buy or sell two tokens of one kind
32         ``pass``   option C: no trade
33–59      ``play K1+3`` play a card into the next market space (``dud K2`` for a
                      Breaking News card placed with no effect, only when nothing else
                      can be played)
60–72      ``news 4`` cover market space 4 (1-based) with a Breaking News card of its colour
73–99      ``discard K0div`` year-end redraw: set one hand card aside
100        ``keep``   year-end redraw: stop discarding and draw back up to five
101–103    ``sell K1`` sell one token (forced sale or final sell-off)
104        ``stop``   stop a forced sale once money is at least 0
=========  =========  ==============================================================
"""

from __future__ import annotations

import itertools
import re

from bazaar.core.errors import IllegalAction, NotationError, Refusals
from bazaar.games.buy_low_sell_high.components import (
    CARD_BY_NAME,
    CARD_NAMES,
    KINDS,
    NEWS,
    NUM_CARDS,
    card_colour,
    card_id,
    card_type,
)

#: Trade vectors: entry k is the change in the player's holding of kind k.
TRADES: tuple[tuple[int, ...], ...] = (
    *(d for d in itertools.product((-1, 0, 1), repeat=KINDS) if any(d)),
    *(tuple(2 if i == k else 0 for i in range(KINDS)) for k in range(KINDS)),
    *(tuple(-2 if i == k else 0 for i in range(KINDS)) for k in range(KINDS)),
    (0,) * KINDS,
)
BUY2_BASE = TRADES.index((2,) + (0,) * (KINDS - 1))
SELL2_BASE = TRADES.index((-2,) + (0,) * (KINDS - 1))
PASS = len(TRADES) - 1
PLAY_BASE = len(TRADES)
COVER_BASE = PLAY_BASE + NUM_CARDS
MAX_ROW = 13
DISCARD_BASE = COVER_BASE + MAX_ROW
KEEP = DISCARD_BASE + NUM_CARDS
SELL_BASE = KEEP + 1
STOP = SELL_BASE + KINDS
NUM_ACTIONS = STOP + 1

TRADE_INDEX = {d: i for i, d in enumerate(TRADES)}
assert KINDS == 3, "the trade tables below assume three stock kinds"
#: ``TRADE_AT[d0 + 1][d1 + 1][d2 + 1]``: action of option-A trade (d0, d1, d2) (-1 for pass).
TRADE_AT = tuple(
    tuple(tuple(TRADE_INDEX.get((a, b, c), -1) for c in (-1, 0, 1)) for b in (-1, 0, 1))
    for a in (-1, 0, 1)
)


def trade_notation(d: tuple[int, ...]) -> str:
    if not any(d):
        return "pass"
    parts = []
    for k, x in enumerate(d):
        if x:
            sign = "+" if x > 0 else "-"
            parts.append(f"{sign}{'2' if abs(x) == 2 else ''}K{k}")
    return " ".join(parts)


def notation(action: int) -> str:
    """The text notation of an action number."""
    if type(action) is not int or action < 0:
        raise _out_of_range(action)
    if action < PLAY_BASE:
        return trade_notation(TRADES[action])
    if action < COVER_BASE:
        card = action - PLAY_BASE
        if card_type(card) == NEWS:
            return f"dud K{card_colour(card)}"
        return f"play {CARD_NAMES[card]}"
    if action < DISCARD_BASE:
        return f"news {action - COVER_BASE + 1}"
    if action < KEEP:
        return f"discard {CARD_NAMES[action - DISCARD_BASE]}"
    if action == KEEP:
        return "keep"
    if action < STOP:
        return f"sell K{action - SELL_BASE}"
    if action == STOP:
        return "stop"
    raise _out_of_range(action)


refuse = Refusals(__package__, NotationError)


def _at(original: str, text: str) -> dict[str, str]:
    return {"original": original, "text": text}


def _out_of_range(action: object) -> IllegalAction:
    return refuse(
        "{action!r} is not an action number of buy-low-sell-high (0-{most})",
        action=action,
        most=STOP,
    )


_TRADE_ITEM = re.compile(r"([+-])(2?)k?([0-9])")


def _kind(text: str, original: str) -> int:
    m = re.fullmatch(r"k?([0-9])", text)
    if not m or int(m.group(1)) >= KINDS:
        raise refuse(
            "{original!r}: {text!r} is not a stock kind (K0, K1 or K2)", **_at(original, text)
        )
    return int(m.group(1))


def _card(text: str, original: str) -> int:
    card = CARD_BY_NAME.get(text)
    if card is None:
        raise refuse(
            "{original!r}: {text!r} is not a card (e.g. K0+3, K1-2, K2div, K0news, K1com)",
            **_at(original, text),
        )
    return card


def parse(text: str) -> int:
    """Read notation (case-insensitive, extra spaces allowed) into an action number."""
    original = text
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise refuse("empty move: type a move such as '+K0', 'play K1+3' or 'pass'")
    head, rest = words[0], words[1:]
    if head == "pass" and not rest:
        return PASS
    if head == "keep" and not rest:
        return KEEP
    if head == "stop" and not rest:
        return STOP
    if len(rest) == 1:
        arg = rest[0]
        if head == "play":
            card = _card(arg, original)
            if card_type(card) == NEWS:
                raise refuse(
                    "{original!r}: a Breaking News card is played with 'news SPACE' "
                    "(or 'dud K{kind}' when nothing else can be played)",
                    original=original,
                    kind=card_colour(card),
                )
            return PLAY_BASE + card
        if head == "dud":
            return PLAY_BASE + card_id(_kind(arg, original), NEWS)
        if head == "news":
            if not arg.isdigit() or not 1 <= int(arg) <= MAX_ROW:
                raise refuse(
                    "{original!r}: market space must be 1-{most}", original=original, most=MAX_ROW
                )
            return COVER_BASE + int(arg) - 1
        if head == "discard":
            return DISCARD_BASE + _card(arg, original)
        if head == "sell":
            return SELL_BASE + _kind(arg, original)
    if not rest and head in CARD_BY_NAME and card_type(CARD_BY_NAME[head]) != NEWS:
        return PLAY_BASE + CARD_BY_NAME[head]
    return _parse_trade(words, original)


def _parse_trade(words: list[str], original: str) -> int:
    d = [0] * KINDS
    for word in words:
        m = _TRADE_ITEM.fullmatch(word)
        if not m:
            raise refuse(
                "{original!r} is not a move: use e.g. '+K0 -K2' (trade), '+2K1', 'pass', "
                "'play K1+3', 'news 4', 'discard K0div', 'keep', 'sell K1' or 'stop'",
                original=original,
            )
        k = int(m.group(3))
        if k >= KINDS:
            raise refuse(
                "{original!r}: K{kind} is not a stock kind (K0, K1 or K2)",
                original=original,
                kind=k,
            )
        if d[k]:
            raise refuse(
                "{original!r}: kind K{kind} appears twice in one trade", original=original, kind=k
            )
        d[k] = (2 if m.group(2) else 1) * (1 if m.group(1) == "+" else -1)
    index = TRADE_INDEX.get(tuple(d))
    if index is None:
        raise refuse(
            "{original!r}: option B (two tokens) trades only one kind; option A trades "
            "at most one token of each kind",
            original=original,
        )
    return index
