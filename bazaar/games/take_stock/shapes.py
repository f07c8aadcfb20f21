"""The shapes of the data Take Stock hands out: a seat's and a spectator's ``view``, the
``full_view`` position (docs/positions/take-stock.md) and the data of each event kind.
JSON Schema of each: docs/schema/ (scripts/schema.py).

Types only: the views build plain dicts; ``tests/test_shapes.py`` validates them strictly
(no missing and no extra keys) against these TypedDicts.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict


class TakeStockOptions(TypedDict):
    """Every rule option by name with its value (``bazaar games``)."""

    shares_table: str
    deal_counts: str
    first_dealer: str
    held_usable: str
    crash: str
    crash_splits: str
    insider_limit: str
    audit: str
    freeze: str
    option_lost: str
    buy_limit: str
    freeze_in_row_length: bool
    manipulate_direction: str
    dealer_tie: str
    tokens_between_rounds: str
    #: the study variant (normal or mini); positions stored before it existed have none
    size: NotRequired[str]


class TakeStockStock(TypedDict):
    """One stock's row: its cards, value, splits, freezes, price and length."""

    stock: str
    letter: str
    cards: list[str]
    value: int
    splits: int
    frozen: int
    price: int
    length: int


class TakeStockSeatSummary(TypedDict):
    """What everybody sees of one seat."""

    hand_size: int
    certificates: list[str]
    shares: list[int]
    tokens: int
    held: int
    held_rounds: list[int]
    frozen: int
    total: int
    round_scores: list[int]
    exercise_decided: bool | None


class TakeStockPublic(TypedDict):
    """What everybody sees: the keys every view and the position share."""

    game: str
    players: int
    round: int
    rounds: int
    phase: str
    to_move: int | None
    turn_of: int | None
    dealer: int
    start_player: int
    stocks: list[TakeStockStock]
    hold_limit: int
    share_symbols: list[int]
    seats: list[TakeStockSeatSummary]
    share_draw: int
    share_discard: list[str]
    event_deck: int
    market_closed_position: int | None
    market_closed_aside: bool
    token_supply: int
    executing: str | None
    upturn_played: list[str]
    audit_limit: int | None
    round_end: str | None
    over: bool
    scores: list[int] | None
    winners: list[int]


class TakeStockHeldEvent(TypedDict):
    """An event card the seat holds, the round it was drawn and whether it may be used."""

    event: str
    round: int
    usable: bool


class TakeStockSeatView(TakeStockPublic):
    """``view(seat)``: the public part and the seat's own cards and choices."""

    seat: int
    #: the event discard pile, ``"?"`` for a card face down the seat did not see
    event_discard: list[str]
    hand: list[str]
    held_events: list[TakeStockHeldEvent]
    drawn_events: list[str]
    exercising: list[str] | None


class TakeStockSpectatorView(TakeStockPublic):
    """``view(None)``: the public part and the event discard pile as spectators see it."""

    seat: None
    event_discard: list[str]


#: what ``view(seat)`` returns
TakeStockView = TakeStockSeatView | TakeStockSpectatorView


class TakeStockHeldCard(TypedDict):
    """An event card a seat holds and the round it was drawn (position)."""

    event: str
    round: int


class TakeStockEventCard(TypedDict):
    """An event card and who knows it: ``"all"``, ``"nobody"`` or a seat."""

    event: str
    known_by: str | int


class TakeStockPosition(TakeStockPublic):
    """``full_view()``: the whole position (docs/positions/take-stock.md)."""

    format: int
    options: TakeStockOptions
    actor: int
    upturn_stocks: list[str]
    enforced_limit: int
    hands: list[list[str]]
    held_events: list[list[TakeStockHeldCard]]
    event_discard: list[TakeStockEventCard]
    event_deck_order: list[TakeStockEventCard]
    event_blocks: list[int]
    share_draw_order: list[str]
    drawn_events: list[str]
    exercise_masks: list[int]
    rng: int


# ---------------------------------------------------------------------- event data
class TakeStockNoData(TypedDict):
    """``no_change``: nothing more."""


class TakeStockSeatData(TypedDict):
    """``draw``, ``hold``, ``event_discard_hidden``, ``market_closed``, ``insider_decline``,
    ``upturn_stop``, ``exercise_decided``: only the seat."""

    seat: int


class TakeStockRoundStartData(TypedDict):
    """``round_start``: the round, its dealer and start player, cards dealt to each."""

    round: int
    dealer: int
    start: int
    cards_each: int


class TakeStockCardsData(TypedDict):
    """``dealt``, ``exercise_chosen`` (the seat only), ``exercise``, ``hand_discard``."""

    seat: int
    cards: list[str]


class TakeStockCardData(TypedDict):
    """``drew`` (the seat only), ``discard``: one share card."""

    seat: int
    card: str


class TakeStockPlayData(TypedDict):
    """``play``, ``upturn_play``: a share card put at the bottom of stock ``stock``'s row."""

    seat: int
    card: str
    stock: int


class TakeStockSharesData(TypedDict):
    """``buy``, ``insider``: a certificate taken and its shares."""

    seat: int
    card: str
    shares: int


class TakeStockModeData(TypedDict):
    """``make_event``: how the event is made (1 hold, 2 choose)."""

    seat: int
    mode: int


class TakeStockEventData(TypedDict):
    """``held``, ``event_discarded`` (the seat only), ``trigger``, ``choose``: an event card."""

    seat: int
    event: str


class TakeStockEventsSeenData(TypedDict):
    """``events_seen``: the event cards drawn to choose from (the seat only)."""

    seat: int
    events: list[str]


class TakeStockReshuffleData(TypedDict):
    """``reshuffle``: the share draw pile rebuilt with ``cards`` cards."""

    cards: int


class TakeStockSplitData(TypedDict):
    """``split``: stock ``stock`` now has ``splits`` splits."""

    stock: int
    splits: int


class TakeStockTokensData(TypedDict):
    """``option_gained``, ``option_lost``: option tokens won or lost."""

    seat: int
    tokens: int


class TakeStockDownturnData(TypedDict):
    """``downturn``: the share cards removed."""

    removed: list[str]


class TakeStockNoEffectData(TypedDict):
    """``no_effect``: an event that changed nothing."""

    event: str


class TakeStockCrashData(TypedDict):
    """``crash``: the cards removed from stock ``stock`` and the splits discarded."""

    stock: int
    removed: list[str]
    splits: int


class TakeStockAuditData(TypedDict):
    """``audit``: the certificate the actor took away from seat ``target``."""

    seat: int
    target: int
    card: str


class TakeStockTargetData(TypedDict):
    """``audit_target``, ``freeze_player``: the seat ``target`` the actor picked."""

    seat: int
    target: int


class TakeStockFreezeData(TypedDict):
    """``freeze``: the stock the seat froze."""

    seat: int
    stock: int


class TakeStockRoundEndData(TypedDict):
    """``round_end``: why the round ended."""

    round: int
    reason: str


class TakeStockScoreData(TypedDict):
    """``score``: the round's values, splits, prices, certificates, scores and totals."""

    round: int
    values: list[int]
    splits: list[int]
    prices: list[int]
    certificates: list[list[str]]
    scores: list[int]
    totals: list[int]


class TakeStockGameOverData(TypedDict):
    """``game_over``: final scores and winners."""

    scores: list[int]
    winners: list[int]


class TakeStockEventDeckData(TypedDict):
    """``event_deck``: the event deck rebuilt (``rebuilt``: from every card) with ``cards``."""

    rebuilt: bool
    cards: int


#: each event kind's ``Event.data`` shape
TAKE_STOCK_EVENT_DATA: dict[str, type] = {
    "round_start": TakeStockRoundStartData,
    "dealt": TakeStockCardsData,
    "reshuffle": TakeStockReshuffleData,
    "draw": TakeStockSeatData,
    "drew": TakeStockCardData,
    "discard": TakeStockCardData,
    "play": TakeStockPlayData,
    "upturn_play": TakeStockPlayData,
    "buy": TakeStockSharesData,
    "make_event": TakeStockModeData,
    "hold": TakeStockSeatData,
    "held": TakeStockEventData,
    "trigger": TakeStockEventData,
    "event_discard_hidden": TakeStockSeatData,
    "event_discarded": TakeStockEventData,
    "events_seen": TakeStockEventsSeenData,
    "market_closed": TakeStockSeatData,
    "choose": TakeStockEventData,
    "split": TakeStockSplitData,
    "option_gained": TakeStockTokensData,
    "no_change": TakeStockNoData,
    "downturn": TakeStockDownturnData,
    "no_effect": TakeStockNoEffectData,
    "crash": TakeStockCrashData,
    "option_lost": TakeStockTokensData,
    "insider_decline": TakeStockSeatData,
    "insider": TakeStockSharesData,
    "audit": TakeStockAuditData,
    "audit_target": TakeStockTargetData,
    "freeze_player": TakeStockTargetData,
    "freeze": TakeStockFreezeData,
    "upturn_stop": TakeStockSeatData,
    "round_end": TakeStockRoundEndData,
    "exercise_decided": TakeStockSeatData,
    "exercise_chosen": TakeStockCardsData,
    "exercise": TakeStockCardsData,
    "hand_discard": TakeStockCardsData,
    "score": TakeStockScoreData,
    "game_over": TakeStockGameOverData,
    "event_deck": TakeStockEventDeckData,
}


# ---------------------------------------------------------------------- move fields
class TakeStockBareMove(TypedDict):
    """``move_fields`` of ``decline``, ``stop``: only the kind."""

    kind: Literal["decline", "stop"]


class TakeStockCardMove(TypedDict):
    """``play``, ``insider``, ``audit``: a share card and its stock letter."""

    kind: Literal["play", "insider", "audit"]
    card: str
    stock: str


class TakeStockBuyMove(TypedDict):
    """A certificate bought, discarding ``discard``."""

    kind: Literal["buy"]
    card: str
    discard: str


class TakeStockDiscardMove(TypedDict):
    """``event1``, ``event2``: making an event, discarding ``discard``."""

    kind: Literal["event1", "event2"]
    discard: str


class TakeStockTriggerMove(TypedDict):
    """A held event triggered, discarding ``discard``."""

    kind: Literal["trigger"]
    event: str
    base: str
    stock: str | None
    discard: str


class TakeStockChooseMove(TypedDict):
    """One of the drawn events chosen."""

    kind: Literal["choose"]
    event: str
    base: str
    stock: str | None


class TakeStockTargetMove(TypedDict):
    """A seat targeted."""

    kind: Literal["target"]
    seat: int


class TakeStockFreezeMove(TypedDict):
    """A stock frozen (its letter)."""

    kind: Literal["freeze"]
    stock: str


class TakeStockExerciseMove(TypedDict):
    """Options exercised: hand positions from 1 (``[]``: none)."""

    kind: Literal["exercise"]
    positions: list[int]


#: ``move_fields(action)`` (docs/web.md, "Move fields")
TakeStockMoveFields = (
    TakeStockBareMove
    | TakeStockCardMove
    | TakeStockBuyMove
    | TakeStockDiscardMove
    | TakeStockTriggerMove
    | TakeStockChooseMove
    | TakeStockTargetMove
    | TakeStockFreezeMove
    | TakeStockExerciseMove
)
