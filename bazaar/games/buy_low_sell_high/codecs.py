"""How each stored field of a Buy Low Sell High state reads from a position and is written there.

A reader checks the value's type and range and raises a BadRecord naming the field
(docs/positions/buy-low-sell-high.md); card ids are written as card names and read back.
The checks that join several fields are in positions.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from bazaar.core.errors import BadRecord
from bazaar.core.rng import Rng
from bazaar.core.statedata import Codec
from bazaar.games.buy_low_sell_high.components import CARD_NAMES, COMPONENTS, KINDS, NUM_CARDS

T = TypeVar("T")
SPACES = COMPONENTS.price_spaces
_CARD_BY_NAME = {name: c for c, name in enumerate(CARD_NAMES)}
_RNG_LIMIT = 1 << 64


def bad(field: str, problem: str) -> BadRecord:
    return BadRecord(f"position field {field!r}: {problem}")


def is_int(value: object) -> bool:
    return type(value) is int


def check_bool(value: object, field: str) -> bool:
    if type(value) is not bool:
        raise bad(field, f"expected true or false, got {value!r}")
    return value


def check_list(value: object, field: str, length: int | None = None) -> list[Any]:
    if type(value) is not list or (length is not None and len(value) != length):
        size = "a list" if length is None else f"a list of {length}"
        raise bad(field, f"expected {size}, got {value!r}")
    return value


def check_ints(value: object, field: str, length: int, low: int | None = None) -> list[int]:
    items = check_list(value, field, length)
    if not all(is_int(x) and (low is None or x >= low) for x in items):
        what = "integers" if low is None else f"integers >= {low}"
        raise bad(field, f"expected a list of {length} {what}, got {value!r}")
    return list(items)


def check_cards(value: object, field: str) -> list[int]:
    items = check_list(value, field)
    try:
        return [_CARD_BY_NAME[name] for name in items]
    except (KeyError, TypeError):
        name = next(n for n in items if type(n) is not str or n not in _CARD_BY_NAME)
        raise bad(field, f"{name!r} is not a card name (such as 'K1+3' or 'K0div')") from None


def card_names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def hand_names(hand: list[int]) -> list[str]:
    """The names of the cards in a hand of per-card counts, in card-id order."""
    return [CARD_NAMES[c] for c in range(NUM_CARDS) for _ in range(hand[c])]


def number(low: int, high: int | Callable[[Any], int]) -> Codec[int]:
    """An integer from ``low`` to ``high`` (or ``high(state)``)."""

    def read(value: object, key: str, state: Any) -> int:
        top = high if isinstance(high, int) else high(state)
        if not is_int(value) or not low <= value <= top:  # type: ignore[operator]
            raise bad(key, f"expected an integer from {low} to {top}, got {value!r}")
        return int(value)  # type: ignore[call-overload]

    return Codec(read)


def one_of(names: tuple[str, ...]) -> Codec[int]:
    """The index of one of ``names`` (the public view writes the name)."""

    def read(value: object, key: str, state: Any) -> int:
        if value not in names:
            raise bad(key, f"expected one of {', '.join(names)}, got {value!r}")
        return names.index(value)

    return Codec(read)


#: a seat, and a count of seats
SEAT = number(0, lambda state: state.num_players - 1)
SEAT_COUNT = number(0, lambda state: state.num_players)
FLAG = Codec(lambda value, key, state: check_bool(value, key))
#: read by restore before the other fields
HEADER: Codec[Any] = Codec(write=None)
OPTIONS: Codec[dict[str, Any]] = Codec(write=dict)


def _read_rng(value: object, key: str, state: Any) -> Rng:
    if not is_int(value) or not 0 <= value < _RNG_LIMIT:  # type: ignore[operator]
        raise bad(key, f"expected an integer from 0 to 2**64 - 1, got {value!r}")
    return Rng(value)  # type: ignore[arg-type]


RNG: Codec[Rng] = Codec(_read_rng, lambda rng: rng.state)
MONEY: Codec[list[int]] = Codec(lambda value, key, state: check_ints(value, key, state.num_players))


def per_seat(
    read_one: Callable[[Any, str], T], write: Callable[[Any], Any] | None = None
) -> Codec[list[T]]:
    """One value per seat, each read with ``read_one(value, field)``."""

    def read(value: object, key: str, state: Any) -> list[T]:
        items = check_list(value, key, state.num_players)
        return [read_one(x, f"{key}[{p}]") for p, x in enumerate(items)]

    return Codec(read, write)


HOLDINGS = per_seat(lambda h, field: check_ints(h, field, KINDS, low=0))
SEAT_FLAGS = per_seat(check_bool)


def _column(value: object, k: int) -> tuple[int, int, int]:
    """(lo, hi, n) of kind ``k`` from its ``tokens`` list (values under the tokens)."""
    field = f"columns[{k}].tokens"
    if type(value) is not dict or "tokens" not in value:
        raise bad(f"columns[{k}]", f"expected an object with 'tokens', got {value!r}")
    tokens = check_list(value["tokens"], field)
    if not tokens or not all(is_int(t) and t in SPACES for t in tokens):
        raise bad(field, f"expected price-space values {SPACES[0]}-{SPACES[-1]}, got {tokens!r}")
    lo, hi, n = SPACES.index(tokens[0]), SPACES.index(tokens[-1]), len(tokens)
    stack = n - (hi - lo)
    shape_ok = stack >= 1 and (stack == 1 or lo == 0)
    if not shape_ok or tokens != [SPACES[lo]] * stack + list(SPACES[lo + 1 : hi + 1]):
        raise bad(
            field,
            "tokens sit one per space upward from the lowest, extra ones stacked on the "
            f"floor space {SPACES[0]}; {tokens!r} is not such a column",
        )
    return lo, hi, n


def column_part(part: int) -> Codec[list[int]]:
    """Per kind, part ``part`` of (lo, hi, n) of the price columns."""

    def read(value: object, key: str, state: Any) -> list[int]:
        columns = check_list(value, key, KINDS)
        return [_column(c, k)[part] for k, c in enumerate(columns)]

    return Codec(read)


def _read_row(value: object, key: str, state: Any) -> list[int]:
    row = check_list(value, key)
    if len(row) > state.rules.row_length:
        raise bad(key, f"{len(row)} cards exceed the {state.rules.row_length} market spaces")
    cards = []
    for j, space in enumerate(row):
        field = f"{key}[{j}]"
        if type(space) is not dict or "card" not in space or "covered" not in space:
            raise bad(field, f"expected an object with 'card' and 'covered', got {space!r}")
        cards.append(check_cards([space["card"]], f"{field}.card")[0])
        check_bool(space["covered"], f"{field}.covered")
    return cards


#: the market row's cards (checked whole) and which of them are covered
ROW = Codec(_read_row)
ROW_COVERED = Codec(lambda value, key, state: [space["covered"] for space in value], None)
CARDS = Codec(lambda value, key, state: check_cards(value, key), card_names)


def _read_hand(names: object, field: str) -> list[int]:
    cards = check_cards(names, field)
    if len(cards) > COMPONENTS.hand_size:
        raise bad(field, f"{len(cards)} cards exceed the hand size")
    hand = [0] * NUM_CARDS
    for c in cards:
        hand[c] += 1
    return hand


#: the hands as per-card counts, written as card names; their sizes
HANDS = per_seat(_read_hand, lambda hands: [hand_names(h) for h in hands])
HAND_SIZES = Codec(lambda value, key, state: [len(names) for names in value], None)
SEAT_CARDS = per_seat(check_cards, lambda lists: [card_names(d) for d in lists])
