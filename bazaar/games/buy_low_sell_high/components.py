"""Components of Buy Low Sell High: stock kinds, price spaces, cards and the dividend table.

Unsourced values (the 45-card deck split and the dividend table, rules spec §11) are
read from ``data.json`` so they can be replaced without code changes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

KINDS = 3
#: Card types in encoding order; a card id is ``colour * len(CARD_TYPES) + type``.
CARD_TYPES = ("+3", "+2", "+1", "-1", "-2", "-3", "div", "news", "com")
TYPE_VALUE = (3, 2, 1, -1, -2, -3, 0, 0, 0)
DIVIDEND, NEWS, COMMISSION = 6, 7, 8
NUM_CARDS = KINDS * len(CARD_TYPES)
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
    deck: tuple[int, ...]  # one card id per physical card, in a fixed order
    dividend_table: tuple[int, ...]

    def dividend(self, cards: int) -> int:
        """$ per share for ``cards`` uncovered Dividend cards of one colour."""
        return self.dividend_table[min(cards, len(self.dividend_table) - 1)]


def load_components() -> Components:
    raw = json.loads(resources.files(__package__).joinpath("data.json").read_text("utf-8"))
    per_colour = raw["deck_per_colour_placeholder"]
    deck = tuple(
        card_id(colour, t)
        for colour in range(KINDS)
        for t, short in enumerate(CARD_TYPES)
        for _ in range(per_colour[_DATA_KEYS[short]])
    )
    return Components(
        tokens_per_kind=raw["tokens_per_kind"],
        price_spaces=tuple(raw["price_spaces"]),
        start_top=raw["start_top"],
        start_money=raw["start_money"],
        hand_size=raw["hand_size"],
        years=raw["years"],
        row_length={int(k): v for k, v in raw["row_length"].items()},
        commission=raw["commission_per_share"],
        deck=deck,
        dividend_table=tuple(raw["dividend_table_placeholder"]),
    )


COMPONENTS = load_components()
