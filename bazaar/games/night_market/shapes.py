"""The shapes of the data Taiwan Night Market hands out: a seat's and a spectator's
``view``, the ``full_view`` position (docs/positions/night-market.md) and the data of each
event kind. JSON Schema of each: docs/schema/ (scripts/schema.py).

Types only: the views build plain dicts; ``tests/test_shapes.py`` validates them strictly
(no missing and no extra keys) against these TypedDicts.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict


class NightMarketOptions(TypedDict):
    """Every rule option by name with its value (``bazaar games``)."""

    movement_order: str
    next_entrance: str
    connected_entry: str
    yellow_face: str
    yellow_min_bid: int
    no_legal_bid: str
    leavers: str
    unbid_lots: str
    voluntary_loans: bool
    three_player_long: bool
    star_lots: str
    adjacency: str
    customer_deck: str
    #: the study variant (normal or mini); positions stored before it existed have none
    size: NotRequired[str]


class NightMarketLot(TypedDict):
    """One lot of the board (``lot`` counts from 1)."""

    lot: int
    status: str
    owner: int | None
    stall: str | None
    won_round: int | None
    star: bool


class NightMarketAuctionLot(TypedDict):
    """A lot up for auction: its face, top bid, leader and ``[seat, amount]`` bids."""

    lot: int
    face: str
    top: int | None
    leader: int | None
    bids: list[list[int]]


class NightMarketBidding(TypedDict):
    """The state of the bidding."""

    compensation: bool
    regular_turns_left: int
    lot: int | None
    passed: list[int]
    gave_up: list[int]


class NightMarketPublic(TypedDict):
    """What everybody sees: the keys every view and the position share."""

    game: str
    players: int
    round: int
    rounds: int
    final_round: bool
    phase: str
    to_move: int | None
    turn_order: list[int]
    cash: list[int]
    loans: list[int]
    lots_owned: list[int]
    free_markers: list[int]
    lots: list[NightMarketLot]
    auction: list[NightMarketAuctionLot]
    bidding: NightMarketBidding
    building_lot: int | None
    hidden_to_choose: int
    #: entrance letter (data.json ``entrances``) -> the customers waiting there
    entrances: dict[str, list[str]]
    hand_sizes: list[int]
    hidden_counts: list[int]
    deck: int
    discard: list[str]
    left_game: list[str]
    land_deck: int
    supply: list[int]
    last_income: list[int]
    last_bonus: list[int]
    over: bool
    scores: list[int]
    winners: list[int]


class NightMarketSeatView(NightMarketPublic):
    """``view(seat)``: the public part, the seat's hand and its hidden customers."""

    seat: int
    hand: list[str]
    hidden: list[str]


class NightMarketSpectatorView(NightMarketPublic):
    """``view(None)``: the public part only."""

    seat: None


#: what ``view(seat)`` returns
NightMarketView = NightMarketSeatView | NightMarketSpectatorView


class NightMarketCards(TypedDict):
    """Every customer card by number: its kind, and where each one is."""

    kinds: list[str]
    deck: list[int]
    hands: list[list[int]]
    hidden: list[list[int]]
    #: ``[card, entrance letter]`` pairs
    waiting: list[list[int | str]]
    discard: list[int]
    left_game: list[int]


class NightMarketPosition(NightMarketPublic):
    """``full_view()``: the whole position (docs/positions/night-market.md)."""

    format: int
    options: NightMarketOptions
    hands: list[list[str]]
    hidden: list[list[str]]
    deck_order: list[str]
    land_order: list[int]
    #: ``[lot, seat, amount]`` per bid of this auction
    bid_log: list[list[int]]
    cards: NightMarketCards
    rng: int


# ---------------------------------------------------------------------- event data
class NightMarketSeatData(TypedDict):
    """``compensation``, ``pass``, ``give_up``: only the seat."""

    seat: int


class NightMarketRoundStartData(TypedDict):
    """``round_start``: the lots up for auction and which of them are yellow."""

    round: int
    lots: list[int]
    yellow: list[int]


class NightMarketCustomersData(TypedDict):
    """``customers``: the public customers who arrived."""

    customers: list[str]


class NightMarketReshuffleData(TypedDict):
    """``reshuffle``: the customer deck rebuilt with ``cards`` cards."""

    cards: int


class NightMarketCountData(TypedDict):
    """``hide``, ``refill``: how many cards (public)."""

    seat: int
    count: int


class NightMarketHidData(TypedDict):
    """``hid``: the customer hidden (the seat only)."""

    seat: int
    customer: str


class NightMarketNoLegalBidData(TypedDict):
    """``no_legal_bid``: the seat could not bid (in compensation or not)."""

    seat: int
    compensation: bool


class NightMarketBidData(TypedDict):
    """``bid``: a bid on a lot."""

    seat: int
    lot: int
    amount: int
    compensation: bool


class NightMarketPayData(TypedDict):
    """``pay``: the winner of a lot pays."""

    seat: int
    lot: int
    amount: int


class NightMarketUnbidData(TypedDict):
    """``unbid``: lots nobody bid on, returned to the land deck or not."""

    lots: list[int]
    returned: bool


class NightMarketLoanData(TypedDict):
    """``loan``: loans taken (``forced`` to pay a bid)."""

    seat: int
    count: int
    amount: int
    forced: bool


class NightMarketBuildData(TypedDict):
    """``build``: a stall of ``type`` built on a lot."""

    seat: int
    lot: int
    type: str


class NightMarketLotData(TypedDict):
    """``empty``: a lot left empty."""

    seat: int
    lot: int


class NightMarketCustomerListData(TypedDict):
    """``reveal``, ``drew`` (the seat only): customers."""

    seat: int
    customers: list[str]


#: ``move``: a customer walking from entrance ``from`` to a lot (and its owner) or to
#: entrance ``to`` (``"out"``: leaving the game); ``to`` is null when served at a lot
NightMarketMoveData = TypedDict(
    "NightMarketMoveData",
    {"customer": str, "from": str, "lot": int | None, "owner": int | None, "to": str | None},
)


class NightMarketBonusData(TypedDict):
    """``bonus``: the bonus per seat and the winners of each stall type's bonus."""

    bonus: list[int]
    winners: list[list[int]]


class NightMarketIncomeData(TypedDict):
    """``income``: income and customers served per seat."""

    round: int
    income: list[int]
    customers: list[int]


class NightMarketTurnOrderData(TypedDict):
    """``turn_order``: the new turn order."""

    order: list[int]


class NightMarketRepayData(TypedDict):
    """``repay``: what each seat repaid at the end."""

    repaid: list[int]


class NightMarketGameOverData(TypedDict):
    """``game_over``: final scores and winners."""

    scores: list[int]
    winners: list[int]


#: each event kind's ``Event.data`` shape
NIGHT_MARKET_EVENT_DATA: dict[str, type] = {
    "round_start": NightMarketRoundStartData,
    "customers": NightMarketCustomersData,
    "reshuffle": NightMarketReshuffleData,
    "hide": NightMarketCountData,
    "hid": NightMarketHidData,
    "no_legal_bid": NightMarketNoLegalBidData,
    "compensation": NightMarketSeatData,
    "pass": NightMarketSeatData,
    "give_up": NightMarketSeatData,
    "bid": NightMarketBidData,
    "pay": NightMarketPayData,
    "unbid": NightMarketUnbidData,
    "loan": NightMarketLoanData,
    "build": NightMarketBuildData,
    "empty": NightMarketLotData,
    "reveal": NightMarketCustomerListData,
    "move": NightMarketMoveData,
    "bonus": NightMarketBonusData,
    "income": NightMarketIncomeData,
    "refill": NightMarketCountData,
    "drew": NightMarketCustomerListData,
    "turn_order": NightMarketTurnOrderData,
    "repay": NightMarketRepayData,
    "game_over": NightMarketGameOverData,
}


# ---------------------------------------------------------------------- move fields
class NightMarketBareMove(TypedDict):
    """``move_fields`` of ``pass``, ``give-up``, ``loan``, ``done``: only the kind."""

    kind: Literal["pass", "give-up", "loan", "done"]


class NightMarketHideMove(TypedDict):
    """A customer hidden."""

    kind: Literal["hide"]
    customer: str


class NightMarketLotMove(TypedDict):
    """``bid``, ``empty``: a lot (from 1)."""

    kind: Literal["bid", "empty"]
    lot: int


class NightMarketAmountMove(TypedDict):
    """A bid's amount."""

    kind: Literal["amount"]
    amount: int


class NightMarketBuildMove(TypedDict):
    """A stall of ``type`` built on ``lot``."""

    kind: Literal["build"]
    lot: int
    type: str


#: ``move_fields(action)`` (docs/web.md, "Move fields")
NightMarketMoveFields = (
    NightMarketBareMove
    | NightMarketHideMove
    | NightMarketLotMove
    | NightMarketAmountMove
    | NightMarketBuildMove
)
