"""Components of Take Stock: the five stocks, the 60 share cards and the 40 event cards.

Everything countable is read from ``data.json`` (stocks, share-symbol tables, deal tables,
event list with counts and effect parameters), so unsourced values (rules spec §2.2, §3,
§6) can be replaced without code changes.

Ids used everywhere (lists of ints in the state):

* **share card** ``stock * 12 + value - 1`` (0..59); ``O7`` is oil's 7. Every share card
  is unique; the ``value == 1`` cards are the five starters.
* **event kind** an index into :data:`KINDS` (0..23 with the shipped data): per-stock
  kinds (``split-O``) come once per stock, in stock order. Copies of one kind are identical,
  so a pile of event cards is a list of kinds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from bazaar.core.sizes import NORMAL
from bazaar.i18n import Translator

#: names in zh-TW come from this game's catalog (the English name is the msgid)
_t = Translator(__package__)

# Effect codes of the event kinds.
(
    SPLIT,
    CRASH,
    INSIDER,
    AUDIT,
    FREEZE,
    NONE,
    UPTURN,
    DOWNTURN,
    OPTION_GAINED,
    OPTION_LOST,
    MARKET_CRASH,
    MARKET_CLOSED,
) = range(12)
EFFECT_CODES = {
    "split": SPLIT,
    "crash": CRASH,
    "insider": INSIDER,
    "audit": AUDIT,
    "freeze": FREEZE,
    "none": NONE,
    "upturn": UPTURN,
    "downturn": DOWNTURN,
    "option_gained": OPTION_GAINED,
    "option_lost": OPTION_LOST,
    "market_crash": MARKET_CRASH,
    "market_closed": MARKET_CLOSED,
}
PER_STOCK_EFFECTS = (SPLIT, CRASH, INSIDER)


@dataclass(frozen=True)
class Stock:
    id: str
    letter: str
    name_en: str
    short_en: str

    @property
    def name_zh(self) -> str:
        return _t(self.name_en, "zh-TW")

    @property
    def short_zh(self) -> str:
        return _t(self.short_en, "zh-TW")


@dataclass(frozen=True)
class EventKind:
    """One kind of event card: ``split-O`` is the oil Stock Split."""

    index: int
    id: str  # notation, e.g. "split-O", "audit"
    base: str  # the data entry id, e.g. "split"
    name_en: str
    effect: int
    stock: int  # -1 unless per-stock
    copies: int
    params: dict[str, Any]

    @property
    def name_zh(self) -> str:
        return _t(self.name_en, "zh-TW")


@dataclass(frozen=True)
class Size:
    """The numbers that option ``size`` sets: rounds, the deal, the share and event cards.

    A smaller size uses a subset of the cards, so card ids and action numbers stay those of
    the normal game."""

    rounds: int
    #: cards dealt to each player, or None for the table of option ``deal_counts``
    cards_dealt: int | None
    #: the share cards dealt at every round (the five starters are always on the table)
    dealt_cards: tuple[int, ...]
    #: one kind per physical event card, Market Closed included
    event_deck: tuple[int, ...]


@dataclass(frozen=True)
class Components:
    """The numbers of the game, loaded from ``data.json``."""

    rounds: int
    values: int
    starter_value: int
    max_step: int
    end_values: frozenset[int]
    tokens_total: int
    tokens_each: int
    closed_from_bottom: int
    max_hand: int
    stocks: tuple[Stock, ...]
    shares_tables: dict[str, tuple[int, ...]]
    deal_tables: dict[str, dict[int, int]]
    kinds: tuple[EventKind, ...]
    event_deck: tuple[int, ...]  # one kind per physical card (40), Market Closed included
    #: option ``size``: ``normal`` (the numbers above) and the study variants of data.json
    sizes: dict[str, Size]

    def kind_of(self, base: str, stock: int = -1) -> int:
        """The kind index of data entry ``base`` (and ``stock`` for per-stock cards)."""
        for k in self.kinds:
            if k.base == base and k.stock == stock:
                return k.index
        raise KeyError((base, stock))


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(f"take_stock/data.json: {message}")


def load_components() -> Components:
    raw = json.loads(resources.files(__package__).joinpath("data.json").read_text("utf-8"))
    stocks = tuple(Stock(s["id"], s["letter"], s["name_en"], s["short_en"]) for s in raw["stocks"])
    values = raw["values_per_stock"]
    shares_tables = {name: tuple(t) for name, t in raw["shares_tables"].items()}
    for name, table in shares_tables.items():
        _check(len(table) == values, f"shares table {name!r} needs {values} entries")
        _check(table[0] == 0, f"shares table {name!r}: the starter 1 carries 0 shares")
        _check(all(1 <= x <= 3 for x in table[1:]), f"shares table {name!r}: dealt cards 1-3")
        _check(list(table) == sorted(table), f"shares table {name!r} must be monotone")
    deal_tables = {
        name: {int(p): n for p, n in t.items()} for name, t in raw["deal_tables"].items()
    }
    dealt = len(stocks) * (values - 1)
    for name, deal in deal_tables.items():
        _check(sorted(deal) == [2, 3, 4, 5, 6], f"deal table {name!r} needs 2-6 players")
        for players, n in deal.items():
            _check(
                1 <= n <= raw["max_hand"] and n * players <= dealt - 1,
                f"deal table {name!r}: {n} cards for {players} players",
            )
    kinds: list[EventKind] = []
    deck: list[int] = []
    for entry in raw["events"]:
        effect = EFFECT_CODES[entry["effect"]]
        per_stock = entry["per_stock"]
        _check(per_stock == (effect in PER_STOCK_EFFECTS), f"event {entry['id']!r}: per_stock")
        params = {
            k: v
            for k, v in entry.items()
            if k not in ("id", "name_en", "per_stock", "copies", "effect")
        }
        for stock in range(len(stocks)) if per_stock else (-1,):
            index = len(kinds)
            suffix = f"-{stocks[stock].letter}" if per_stock else ""
            kinds.append(
                EventKind(
                    index,
                    entry["id"] + suffix,
                    entry["id"],
                    entry["name_en"],
                    effect,
                    stock,
                    entry["copies"],
                    params,
                )
            )
            deck.extend([index] * entry["copies"])
    closed = [k for k in kinds if k.effect == MARKET_CLOSED]
    _check(len(closed) == 1 and closed[0].copies == 1, "exactly one Market Closed card")
    _check(len(kinds) < 32, "at most 31 event kinds (5 bits)")
    _check(raw["market_closed_from_bottom"] <= len(deck), "Market Closed position")
    names = {f"{s.letter}{v}".lower(): s_i * values + v - 1 for s_i, s in enumerate(stocks)
             for v in range(1, values + 1)}  # fmt: skip
    starters = {s * values + raw["starter_value"] - 1 for s in range(len(stocks))}
    normal = Size(
        rounds=raw["rounds"],
        cards_dealt=None,
        dealt_cards=tuple(c for c in range(len(stocks) * values) if c not in starters),
        event_deck=tuple(deck),
    )
    sizes = {NORMAL: normal} | {
        name: _size(name, entry, names, starters, kinds, raw)
        for name, entry in raw["sizes"].items()
    }
    return Components(
        rounds=raw["rounds"],
        values=values,
        starter_value=raw["starter_value"],
        max_step=raw["manipulate_max_step"],
        end_values=frozenset(raw["round_end_values"]),
        tokens_total=raw["option_tokens_total"],
        tokens_each=raw["option_tokens_each"],
        closed_from_bottom=raw["market_closed_from_bottom"],
        max_hand=raw["max_hand"],
        stocks=stocks,
        shares_tables=shares_tables,
        deal_tables=deal_tables,
        kinds=tuple(kinds),
        event_deck=tuple(deck),
        sizes=sizes,
    )


def _size(
    name: str,
    raw: dict[str, Any],
    cards: dict[str, int],
    starters: set[int],
    kinds: list[EventKind],
    data: dict[str, Any],
) -> Size:
    """A named size of data.json: its share and event cards are cards of the normal game."""
    rounds, dealt = raw["rounds"], raw["cards_dealt"]
    _check(type(rounds) is int and rounds >= 1, f"size {name!r}: rounds must be 1 or more")
    share_cards = tuple(cards.get(c.lower(), -1) for c in raw["share_cards"])
    _check(
        all(c >= 0 and c not in starters for c in share_cards)
        and len(set(share_cards)) == len(share_cards),
        f"size {name!r}: share_cards must be different cards of the game, no starter 1",
    )
    _check(
        type(dealt) is int and dealt >= 1 and dealt * 6 <= len(share_cards) - 1,
        f"size {name!r}: cards_dealt must leave a card to draw with 6 players",
    )
    by_id = {k.id.lower(): k for k in kinds}
    picked = [by_id.get(e.lower()) for e in raw["events"]]
    _check(all(k is not None for k in picked), f"size {name!r}: events must be event cards")
    deck = tuple(k.index for k in picked if k is not None)
    closed = [k for k in deck if kinds[k].effect == MARKET_CLOSED]
    _check(len(closed) == 1, f"size {name!r}: exactly one Market Closed card")
    for k in set(deck):
        _check(deck.count(k) <= kinds[k].copies, f"size {name!r}: too many {kinds[k].id}")
    _check(data["market_closed_from_bottom"] <= len(deck), f"size {name!r}: Market Closed")
    return Size(rounds=rounds, cards_dealt=dealt, dealt_cards=tuple(sorted(share_cards)),
                event_deck=deck)  # fmt: skip


COMPONENTS = load_components()
STOCKS = len(COMPONENTS.stocks)
VALUES = COMPONENTS.values
NUM_CARDS = STOCKS * VALUES
NUM_KINDS = len(COMPONENTS.kinds)
NUM_EVENTS = len(COMPONENTS.event_deck)
LETTERS = tuple(s.letter for s in COMPONENTS.stocks)
STOCK_BY_LETTER = {s.letter.lower(): i for i, s in enumerate(COMPONENTS.stocks)}
#: Per card id: its stock and value.
STOCK_OF = tuple(c // VALUES for c in range(NUM_CARDS))
VALUE_OF = tuple(c % VALUES + 1 for c in range(NUM_CARDS))
STARTERS = tuple(s * VALUES + COMPONENTS.starter_value - 1 for s in range(STOCKS))
DEALT_CARDS = tuple(c for c in range(NUM_CARDS) if c not in STARTERS)
CARD_NAMES = tuple(f"{LETTERS[STOCK_OF[c]]}{VALUE_OF[c]}" for c in range(NUM_CARDS))
CARD_BY_NAME = {name.lower(): c for c, name in enumerate(CARD_NAMES)}
KIND_NAMES = tuple(k.id for k in COMPONENTS.kinds)
KIND_BY_NAME = {name.lower(): i for i, name in enumerate(KIND_NAMES)}
EFFECT_OF = tuple(k.effect for k in COMPONENTS.kinds)
KIND_STOCK = tuple(k.stock for k in COMPONENTS.kinds)
CLOSED = next(k.index for k in COMPONENTS.kinds if k.effect == MARKET_CLOSED)
SIZES = COMPONENTS.sizes


def card_id(stock: int, value: int) -> int:
    return stock * VALUES + value - 1
