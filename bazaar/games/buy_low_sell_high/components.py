"""Components of Buy Low Sell High: stock kinds, price spaces, cards and the dividend tables.

Unsourced values (the 45-card deck split and the dividend table, rules spec §11) are
read from ``data.json`` so they can be replaced without code changes. Each is a named set
there, chosen by the rule options ``deck`` and ``dividend_table``; the spec's placeholders
(``even`` and ``triangular``) are the defaults.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from bazaar.core.sizes import NORMAL

KINDS = 3
#: Card types in encoding order; a card id is ``colour * len(CARD_TYPES) + type``.
CARD_TYPES = ("+3", "+2", "+1", "-1", "-2", "-3", "div", "news", "com")
TYPE_VALUE = (3, 2, 1, -1, -2, -3, 0, 0, 0)
DIVIDEND, NEWS, COMMISSION = 6, 7, 8
NUM_CARDS = KINDS * len(CARD_TYPES)
#: the market deck holds 45 cards (seed [S]); every deck of the data file must
DECK_SIZE = 45
#: the most Breaking News cards a deck may hold so that the pile cannot run out in a year
#: with 4 players (spec §5.5: at most 41 - 7N)
MAX_NEWS = 41 - 7 * 4
#: the spec's placeholders (§11), the defaults of options ``deck`` and ``dividend_table``
DEFAULT_DECK = "even"
DEFAULT_DIVIDEND_TABLE = "triangular"
_DATA_KEYS = {
    "+3": "bull+3", "+2": "bull+2", "+1": "bull+1",
    "-1": "bear-1", "-2": "bear-2", "-3": "bear-3",
    "div": "dividend", "news": "news", "com": "commission",
}  # fmt: skip


def card_id(colour: int, card_type: int) -> int:
    return colour * len(CARD_TYPES) + card_type


def card_colour(card: int) -> int:
    return card // len(CARD_TYPES)


def card_type(card: int) -> int:
    return card % len(CARD_TYPES)


def card_name(card: int) -> str:
    """Notation of a card, e.g. ``K1+3``, ``K0div``, ``K2news``, ``K2com``."""
    return f"K{card_colour(card)}{CARD_TYPES[card_type(card)]}"


CARD_NAMES = tuple(card_name(c) for c in range(NUM_CARDS))
CARD_BY_NAME = {name.lower(): c for c, name in enumerate(CARD_NAMES)}


@dataclass(frozen=True)
class Size:
    """The numbers that option ``size`` sets: years, hand size and market row length."""

    years: int
    hand_size: int
    row_length: dict[int, int]


@dataclass(frozen=True)
class Components:
    """The numbers of the game, loaded from ``data.json``."""

    tokens_per_kind: int
    price_spaces: tuple[int, ...]
    start_top: int
    start_money: int
    hand_size: int
    years: int
    row_length: dict[int, int]
    commission: int
    #: option ``deck``: each deck's card ids, one per physical card, in a fixed order
    decks: dict[str, tuple[int, ...]]
    #: option ``dividend_table``: $ per share for 0, 1, 2, ... uncovered Dividend cards
    dividend_tables: dict[str, tuple[int, ...]]
    #: option ``size``: ``normal`` (the numbers above) and the study variants of data.json
    sizes: dict[str, Size]

    @property
    def deck(self) -> tuple[int, ...]:
        """The default deck (``even``, the spec's placeholder)."""
        return self.decks[DEFAULT_DECK]

    @property
    def dividend_table(self) -> tuple[int, ...]:
        """The default dividend table (``triangular``, the spec's placeholder)."""
        return self.dividend_tables[DEFAULT_DIVIDEND_TABLE]

    def dividend(self, cards: int) -> int:
        """$ per share for ``cards`` uncovered Dividend cards under the default table."""
        return dividend_of(self.dividend_table, cards)


def dividend_of(table: tuple[int, ...], cards: int) -> int:
    """$ per share for ``cards`` uncovered Dividend cards of one colour under ``table`` (its
    last entry pays for that many cards or more)."""
    return table[min(cards, len(table) - 1)]


def _deck(name: str, per_colour: dict[str, int]) -> tuple[int, ...]:
    """The card ids of deck ``name`` from its copies per colour of each card type."""
    if sorted(per_colour) != sorted(_DATA_KEYS.values()):
        expected = ", ".join(sorted(_DATA_KEYS.values()))
        raise ValueError(f"data.json deck {name!r}: expected the counts of {expected}")
    deck = tuple(
        card_id(colour, t)
        for colour in range(KINDS)
        for t, short in enumerate(CARD_TYPES)
        for _ in range(per_colour[_DATA_KEYS[short]])
    )
    news = KINDS * per_colour["news"]
    if len(deck) != DECK_SIZE or news > MAX_NEWS:
        raise ValueError(
            f"data.json deck {name!r}: {len(deck)} cards with {news} Breaking News; a deck "
            f"holds {DECK_SIZE} cards and at most {MAX_NEWS} Breaking News (spec §5.5)"
        )
    return deck


def _table(name: str, values: list[int]) -> tuple[int, ...]:
    if not values or any(type(v) is not int or v < 0 for v in values):
        raise ValueError(
            f"data.json dividend table {name!r}: expected whole $ per share for 0, 1, ... cards"
        )
    return tuple(values)


def _size(raw: dict[str, object]) -> Size:
    rows = raw["row_length"]
    assert isinstance(rows, dict)
    years, hand = raw["years"], raw["hand_size"]
    if type(years) is not int or type(hand) is not int or years < 1 or hand < 1:
        raise ValueError(f"data.json size: years and hand_size must be whole numbers, not {raw}")
    return Size(years=years, hand_size=hand, row_length={int(k): v for k, v in rows.items()})


def load_components() -> Components:
    raw = json.loads(resources.files(__package__).joinpath("data.json").read_text("utf-8"))
    sizes = {NORMAL: _size(raw)} | {name: _size(v) for name, v in raw["sizes"].items()}
    return Components(
        tokens_per_kind=raw["tokens_per_kind"],
        price_spaces=tuple(raw["price_spaces"]),
        start_top=raw["start_top"],
        start_money=raw["start_money"],
        hand_size=raw["hand_size"],
        years=raw["years"],
        row_length={int(k): v for k, v in raw["row_length"].items()},
        commission=raw["commission_per_share"],
        decks={name: _deck(name, counts) for name, counts in raw["decks"].items()},
        dividend_tables={name: _table(name, v) for name, v in raw["dividend_tables"].items()},
        sizes=sizes,
    )


COMPONENTS = load_components()
DECKS = COMPONENTS.decks
DIVIDEND_TABLES = COMPONENTS.dividend_tables
SIZES = COMPONENTS.sizes
