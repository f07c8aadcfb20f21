"""The shapes of the data Buy Low Sell High hands out: a seat's and a spectator's
``view``, the ``full_view`` position (docs/positions/buy-low-sell-high.md) and the data
of each event kind. JSON Schema of each: docs/schema/ (scripts/schema.py).

Types only: the views build plain dicts; ``tests/test_shapes.py`` validates them strictly
(no missing and no extra keys) against these TypedDicts.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict


class BlshOptions(TypedDict):
    """Every rule option by name with its value (``bazaar games``)."""

    bn_may_target_covered_space: bool
    deck: str
    dividend_table: str
    first_lap_limits: str
    forced_sale_may_exceed_zero: bool
    forced_sale_replaces_trading: bool
    negative_money_timing: str
    selloff_starts_with: str
    short_column_shift: str
    #: the study variant (normal or mini); positions stored before it existed have none
    size: NotRequired[str]


class BlshColumn(TypedDict):
    """One kind's price column: the space under each token, the buy and sell prices."""

    tokens: list[int]
    buy: int | None
    sell: int


class BlshRowSpace(TypedDict):
    """A card on a market space."""

    card: str
    covered: bool
    dud: bool


class BlshPublic(TypedDict):
    """What everybody sees: the keys every view and the position share."""

    game: str
    players: int
    year: int
    years: int
    phase: str
    to_move: int | None
    start_player: int
    turn: int
    first_lap: int
    money: list[int]
    holdings: list[list[int]]
    columns: list[BlshColumn]
    row: list[BlshRowSpace]
    row_length: int
    news_played: list[str]
    pile: int
    hand_sizes: list[int]
    discarded: list[int]
    skip_trading: list[bool]
    over: bool
    scores: list[int] | None
    winners: list[int]


class BlshSeatView(BlshPublic):
    """``view(seat)``: the public part, the seat's hand and its own set-aside cards."""

    seat: int
    hand: list[str]
    my_discards: list[str]


class BlshSpectatorView(BlshPublic):
    """``view(None)``: the public part only."""

    seat: None


#: what ``view(seat)`` returns
BlshView = BlshSeatView | BlshSpectatorView


class BlshPosition(BlshPublic):
    """``full_view()``: the whole position (docs/positions/buy-low-sell-high.md)."""

    format: int
    options: BlshOptions
    hands: list[list[str]]
    discards: list[list[str]]
    pile_order: list[str]
    current_seat: int
    last_active: int
    redrawn: int
    forced_sale_in_turn: bool
    rng: int


# ---------------------------------------------------------------------- event data
class BlshSeatData(TypedDict):
    """``skip_trading``, ``discard``: only the seat."""

    seat: int


class BlshTradeData(TypedDict):
    """``trade``: tokens bought (+) and sold (-) per kind, money received and paid."""

    seat: int
    trade: list[int]
    received: int
    paid: int


class BlshCardSpaceData(TypedDict):
    """``play``, ``dud``, ``cover``: a card put on (or covering) market space ``space``."""

    seat: int
    card: str
    space: int


class BlshCommissionData(TypedDict):
    """``commission``: what each seat paid on kind ``kind``."""

    kind: int
    paid: list[int]


class BlshDrawData(TypedDict):
    """``draw``: how many cards the seat drew (public)."""

    seat: int
    count: int


class BlshDrewData(TypedDict):
    """``drew``: the cards drawn (the seat only)."""

    seat: int
    cards: list[str]


class BlshCardData(TypedDict):
    """``discarded``: the card set aside (the seat only)."""

    seat: int
    card: str


class BlshYearStartData(TypedDict):
    """``year_start``: the year and its start player."""

    year: int
    start: int


class BlshYearEndData(TypedDict):
    """``year_end``: price moves, dividends and the new buy prices, per kind or seat."""

    year: int
    net: list[int]
    dividend_cards: list[int]
    dividend_per_share: list[int]
    dividends: list[int]
    prices: list[int]


class BlshSellData(TypedDict):
    """``sell``: a forced or sell-off sale of one token of kind ``kind``."""

    seat: int
    kind: int
    price: int
    why: str


class BlshGameOverData(TypedDict):
    """``game_over``: final scores and winners."""

    scores: list[int]
    winners: list[int]


#: each event kind's ``Event.data`` shape
BLSH_EVENT_DATA: dict[str, type] = {
    "trade": BlshTradeData,
    "cover": BlshCardSpaceData,
    "play": BlshCardSpaceData,
    "dud": BlshCardSpaceData,
    "commission": BlshCommissionData,
    "draw": BlshDrawData,
    "drew": BlshDrewData,
    "skip_trading": BlshSeatData,
    "discard": BlshSeatData,
    "discarded": BlshCardData,
    "year_start": BlshYearStartData,
    "year_end": BlshYearEndData,
    "sell": BlshSellData,
    "game_over": BlshGameOverData,
}


# ---------------------------------------------------------------------- move fields
class BlshBareMove(TypedDict):
    """``move_fields`` of ``pass``, ``keep``, ``stop``: only the kind."""

    kind: Literal["pass", "keep", "stop"]


class BlshTradeMove(TypedDict):
    """A trade: tokens bought (+) / sold (-) of each stock and the stocks with a change."""

    kind: Literal["trade"]
    changes: list[int]
    stocks: list[int]


class BlshPlayMove(TypedDict):
    """A card played onto the row; ``stock`` is its colour (0-2)."""

    kind: Literal["play", "dud"]
    card: str
    stock: int


class BlshNewsMove(TypedDict):
    """Breaking News covering market space ``space`` (from 1)."""

    kind: Literal["news"]
    space: int


class BlshDiscardMove(TypedDict):
    """A card set aside in the year-end redraw."""

    kind: Literal["discard"]
    card: str


class BlshSellMove(TypedDict):
    """A forced or sell-off sale of one token of ``stock``."""

    kind: Literal["sell"]
    stock: int


#: ``move_fields(action)`` (docs/web.md, "Move fields")
BlshMoveFields = (
    BlshBareMove | BlshTradeMove | BlshPlayMove | BlshNewsMove | BlshDiscardMove | BlshSellMove
)
