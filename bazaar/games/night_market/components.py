"""Components of Taiwan Night Market, loaded from ``data.json``.

Lots are numbered 1–30 on the board and in notation, 0–29 inside the engine. Customer cards
are numbered 0–39 in the order of the chosen deck list; a card's *kind* is
``type * 8 + entrance letter`` (0–31), so two cards of the same kind are interchangeable.
Entrance letters A–H are 0–7. Paths are numbered in the customers' direction of travel
(the board's ``chain``): 0 = ``P_DH``, 1 = ``P_BC``, 2 = ``P_A``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from bazaar.core.sizes import NORMAL

RAW: dict[str, Any] = json.loads(
    resources.files(__package__).joinpath("data.json").read_text("utf-8")
)

NUM_LOTS = len(RAW["lots"])
LETTERS = "".join(RAW["entrances"])
NUM_LETTERS = len(LETTERS)
TYPE_NAMES = tuple(RAW["stall_types"])
NUM_TYPES = len(TYPE_NAMES)
NUM_KINDS = NUM_TYPES * NUM_LETTERS
CHAIN = tuple(RAW["chain"])
NUM_PATHS = len(CHAIN)
#: Lots (0-based) of each path, in walking order; index = position in ``CHAIN``.
PATHS: tuple[tuple[int, ...], ...] = tuple(
    tuple(lot - 1 for lot in RAW["paths"][name]) for name in CHAIN
)
#: Path index of each entrance letter.
ENTRANCE_PATH: tuple[int, ...] = tuple(
    CHAIN.index(RAW["entrance_path"][letter]) for letter in LETTERS
)
#: Short path names for display: "D-H", "B/C", "A".
PATH_LABELS = tuple(
    (ls[0] + "-" + ls[-1]) if len(ls) > 2 else "/".join(ls)
    for ls in (
        [x for i, x in enumerate(LETTERS) if ENTRANCE_PATH[i] == p] for p in range(NUM_PATHS)
    )
)


def kind_name(kind: int) -> str:
    """Notation of a customer kind, e.g. ``T2D`` (likes stall type T2, enters at D)."""
    return f"{TYPE_NAMES[kind // NUM_LETTERS]}{LETTERS[kind % NUM_LETTERS]}"


KIND_NAMES = tuple(kind_name(k) for k in range(NUM_KINDS))
KIND_BY_NAME = {name.lower(): k for k, name in enumerate(KIND_NAMES)}


def _letter_index(letter: str | None) -> int:
    """The index of an entrance letter; -1 for None (out of the market)."""
    return -1 if letter is None else LETTERS.index(letter)


def _next_entrance(table: dict[str, str | None]) -> tuple[int, ...]:
    return tuple(_letter_index(table[x]) for x in LETTERS)


def _adjacency(parts: list[str]) -> tuple[tuple[int, ...], ...]:
    neighbours: list[set[int]] = [set() for _ in range(NUM_LOTS)]
    for part in parts:
        for a, b in RAW["adjacency_edges"][part]:
            neighbours[a - 1].add(b - 1)
            neighbours[b - 1].add(a - 1)
    return tuple(tuple(sorted(n)) for n in neighbours)


NEXT_ENTRANCE_SETS = {
    name: _next_entrance(table) for name, table in RAW["next_entrance_sets"].items()
}
ADJACENCY_SETS = {name: _adjacency(parts) for name, parts in RAW["adjacency_sets"].items()}
STAR_LOT_SETS = {
    name: frozenset(lot - 1 for lot in lots) for name, lots in RAW["star_lot_sets"].items()
}


def _deck(cards: list[list[str]]) -> tuple[int, ...]:
    return tuple(TYPE_NAMES.index(t) * NUM_LETTERS + LETTERS.index(x) for t, x in cards)


CUSTOMER_DECKS = {name: _deck(cards) for name, cards in RAW["customer_decks"].items()}


@dataclass(frozen=True)
class Size:
    """The numbers that option ``size`` sets (data.json: the top-level values for ``normal``,
    ``sizes`` for each study variant)."""

    rounds: int
    rounds_long: int
    hidden_per_round: dict[int, tuple[int, ...]]
    lots_per_round: dict[int, int]
    start_money: dict[int, tuple[int, ...]]
    hand_size: int
    public_customers: int
    stalls_per_type: int
    markers: int
    loan_amount: int
    loan_repay: int
    loan_max: int


def _size(raw: dict[str, Any]) -> Size:
    """A :class:`Size` from data.json's spelling of its numbers."""
    loan = raw["loan"]
    size = Size(
        rounds=raw["rounds"],
        rounds_long=raw["rounds_three_player_long"],
        hidden_per_round={int(k): tuple(v) for k, v in raw["hidden_per_round"].items()},
        lots_per_round={int(k): v for k, v in raw["lots_per_round"].items()},
        start_money={int(k): tuple(v) for k, v in raw["start_money"].items()},
        hand_size=raw["hand_size"],
        public_customers=raw["public_customers"],
        stalls_per_type=raw["stalls_per_type"],
        markers=raw["markers_per_player"],
        loan_amount=loan["amount"],
        loan_repay=loan["repay"],
        loan_max=loan["max"],
    )
    for rounds in (size.rounds, size.rounds_long):
        hidden = size.hidden_per_round.get(rounds)
        if hidden is None or len(hidden) != rounds:
            raise ValueError(f"data.json size: hidden_per_round needs {rounds} numbers: {raw}")
    return size


#: data.json's keys of the numbers that option ``size`` sets
SIZE_KEYS = (
    "rounds",
    "rounds_three_player_long",
    "hidden_per_round",
    "lots_per_round",
    "start_money",
    "hand_size",
    "public_customers",
    "stalls_per_type",
    "markers_per_player",
    "loan",
)


def _sizes() -> dict[str, Size]:
    """``normal`` (the game's numbers) and each study variant: its numbers over normal's."""
    normal = {key: RAW[key] for key in SIZE_KEYS}
    for name, variant in RAW["sizes"].items():
        unknown = sorted(set(variant) - set(SIZE_KEYS))
        if unknown:
            raise ValueError(f"data.json sizes.{name}: {unknown} are not numbers a size sets")
    return {NORMAL: _size(normal)} | {
        name: _size(normal | variant) for name, variant in RAW["sizes"].items()
    }


#: option ``size``: the numbers of the game and of its study variants
SIZES = _sizes()


@dataclass(frozen=True)
class Components:
    """The numbers of the game (spec §1, §3, §8)."""

    rounds: int
    rounds_long: int
    removed_at_setup: int
    removed_long: int
    lots_per_round: dict[int, int]
    star_lot_sets: dict[str, frozenset[int]]
    stalls_per_type: int
    markers: int
    markers_on_track: int
    start_money: dict[int, tuple[int, ...]]
    hand_size: int
    public_customers: int
    hidden_per_round: dict[int, tuple[int, ...]]
    loan_amount: int
    loan_repay: int
    loan_max: int
    income_base: int
    connected_bonus: int
    majority_bonus: int
    bid_cards: int


COMPONENTS = Components(
    rounds=RAW["rounds"],
    rounds_long=RAW["rounds_three_player_long"],
    removed_at_setup=RAW["removed_at_setup"],
    removed_long=RAW["removed_at_setup_three_player_long"],
    lots_per_round={int(k): v for k, v in RAW["lots_per_round"].items()},
    star_lot_sets=STAR_LOT_SETS,
    stalls_per_type=RAW["stalls_per_type"],
    markers=RAW["markers_per_player"],
    markers_on_track=RAW["markers_on_turn_track"],
    start_money={int(k): tuple(v) for k, v in RAW["start_money"].items()},
    hand_size=RAW["hand_size"],
    public_customers=RAW["public_customers"],
    hidden_per_round={int(k): tuple(v) for k, v in RAW["hidden_per_round"].items()},
    loan_amount=RAW["loan"]["amount"],
    loan_repay=RAW["loan"]["repay"],
    loan_max=RAW["loan"]["max"],
    income_base=RAW["income"]["base"],
    connected_bonus=RAW["income"]["connected_bonus"],
    majority_bonus=RAW["majority_bonus"],
    bid_cards=RAW["bid_cards"]["count"],
)
