"""The fields of a Buy Low Sell High state, as data: what a position holds, how each field is
copied and stored, and the read-only helpers shared by the rules and the views.

Section numbers (§) refer to the rules spec (shared/rules/buy_low_sell_high.md). A price column
is kept as three numbers per kind: ``lo`` and ``hi`` (indices into the price spaces of the
lowest and highest token) and ``n`` (tokens on the board). Tokens above ``lo`` sit one per
space; tokens beyond that are stacked on the floor space (index 0), so ``n - hi`` tokens are
stacked there when ``lo == 0``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bazaar.core.game import Game
from bazaar.core.rng import Rng
from bazaar.core.statedata import StateData, kept, state_data
from bazaar.games.buy_low_sell_high.codecs import (
    CARDS,
    FLAG,
    HAND_SIZES,
    HANDS,
    HEADER,
    HOLDINGS,
    MONEY,
    OPTIONS,
    RNG,
    ROW,
    ROW_COVERED,
    SEAT,
    SEAT_CARDS,
    SEAT_COUNT,
    SEAT_FLAGS,
    column_part,
    number,
    one_of,
)
from bazaar.games.buy_low_sell_high.components import (
    COMPONENTS,
    DECKS,
    DIVIDEND_TABLES,
    KINDS,
    NEWS,
    NUM_CARDS,
    SIZES,
    card_colour,
    card_id,
    card_type,
    dividend_of,
)

TRADE, PLAY, REDRAW, FORCED, SELLOFF, OVER = range(6)
PHASE_NAMES = ("trade", "play", "redraw", "forced-sale", "selloff", "over")
SPACES = COMPONENTS.price_spaces
TOP = len(SPACES) - 1
COLOUR_OF = tuple(card_colour(c) for c in range(NUM_CARDS))
TYPE_OF = tuple(card_type(c) for c in range(NUM_CARDS))
NEWS_CARDS = tuple(card_id(k, NEWS) for k in range(KINDS))
#: per deck name (option ``deck``): the copies of each card id
DECK_COUNTS = {name: tuple(deck.count(c) for c in range(NUM_CARDS)) for name, deck in DECKS.items()}
#: Version of the ``full_view()`` position schema (docs/positions/buy-low-sell-high.md).
POSITION_FORMAT = 1


@dataclass(slots=True, init=False, eq=False)
class Rules:
    """The option flags of one game, read once (shared by all clones)."""

    bn_covered: bool
    #: option ``deck``: one card id per physical card, and the copies of each card id
    deck: tuple[int, ...]
    deck_counts: tuple[int, ...]
    #: option ``dividend_table``: $ per share for 0, 1, 2, ... uncovered Dividend cards
    dividend_table: tuple[int, ...]
    exact_first_lap: bool
    #: option ``size``: the years and the hand size (the row length is below)
    years: int
    hand_size: int
    may_exceed_zero: bool
    next_turn_forced: bool
    replaces_trading: bool
    row_length: int
    selloff_next: bool
    token_count_shift: bool

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self.exact_first_lap = options["first_lap_limits"] == "exact"
        self.next_turn_forced = options["negative_money_timing"] == "next_turn"
        self.may_exceed_zero = options["forced_sale_may_exceed_zero"]
        self.replaces_trading = options["forced_sale_replaces_trading"]
        self.bn_covered = options["bn_may_target_covered_space"]
        self.token_count_shift = options["short_column_shift"] == "token_count"
        self.selloff_next = options["selloff_starts_with"] == "next"
        size = SIZES[options["size"]]
        self.years = size.years
        self.hand_size = size.hand_size
        self.row_length = size.row_length[players]
        self.deck = DECKS[options["deck"]]
        self.deck_counts = DECK_COUNTS[options["deck"]]
        self.dividend_table = DIVIDEND_TABLES[options["dividend_table"]]

    def dividend(self, cards: int) -> int:
        """$ per share for ``cards`` uncovered Dividend cards of one colour (§6 step 3)."""
        return dividend_of(self.dividend_table, cards)


@state_data
class BlshFields(StateData):
    """The fields of a game of Buy Low Sell High, each written once: its annotation says how
    it is copied, ``kept`` under which position key and codec it is stored (in this order)."""

    game: Game = kept("game", HEADER, public=True)
    num_players: int = kept("players", HEADER, public=True)
    options: dict[str, Any] = kept("options", OPTIONS)
    rules: Rules
    year: int = kept("year", number(1, COMPONENTS.years), public=True)
    phase: int = kept("phase", one_of(PHASE_NAMES), public=True)
    start: int = kept("start_player", SEAT, public=True)
    turn: int = kept("turn", number(0, 10**6), public=True)
    #: Money of each seat (may be negative until a forced sale).
    money: list[int] = kept("money", MONEY, public=True)
    #: ``held[p][k]``: tokens of kind ``k`` that seat ``p`` holds.
    held: list[list[int]] = kept("holdings", HOLDINGS, public=True)
    #: Per kind: price-space index of the lowest and highest token, tokens on the board.
    lo: list[int] = kept("columns", column_part(0), public=True)
    hi: list[int] = kept("columns", column_part(1), public=True)
    n: list[int] = kept("columns", column_part(2), public=True)
    #: The market row (card ids in placement order) and which spaces Breaking News covers.
    row: list[int] = kept("row", ROW, public=True)
    row_covered: list[bool] = kept("row", ROW_COVERED, public=True)
    #: Breaking News cards played onto the row, in play order.
    news_on: list[int] = kept("news_played", CARDS, public=True)
    #: Seats whose next trading phase a forced sale replaced (§4.7 variant).
    skip_trading: list[bool] = kept("skip_trading", SEAT_FLAGS, public=True)
    #: ``hands[p][c]``: copies of card ``c`` in seat ``p``'s hand; ``hand_n[p]`` their sum.
    hands: list[list[int]] = kept("hands", HANDS)
    hand_n: list[int] = kept("hands", HAND_SIZES)
    #: Cards each seat set aside during this year-end redraw, in discard order.
    discards: list[list[int]] = kept("discards", SEAT_CARDS)
    #: Draw pile of card ids; the last one is drawn next.
    pile: list[int] = kept("pile_order", CARDS)
    cur: int = kept("current_seat", SEAT)
    last_active: int = kept("last_active", SEAT)
    #: Seats that finished this year-end redraw.
    redrawn: int = kept("redrawn", SEAT_COUNT)
    #: The forced sale under way opened at the start of the seller's turn (§4.7 next_turn).
    forced_in_turn: bool = kept("forced_sale_in_turn", FLAG)
    rng: Rng = kept("rng", RNG)

    # ------------------------------------------------------------------ prices (§4.3-4.4)
    def buy_price(self, k: int) -> int:
        """Price of the next token bought of kind ``k`` (its lowest occupied space)."""
        return SPACES[self.lo[k]]

    def sell_price(self, k: int) -> int:
        """Money for selling one token of kind ``k`` (one space below the lowest, floor 2)."""
        lo = self.lo[k]
        return SPACES[lo - 1 if lo else 0]

    def column(self, k: int) -> list[int]:
        """Values of the spaces under the tokens of kind ``k``, lowest first (stack repeated)."""
        lo, hi = self.lo[k], self.hi[k]
        stack = self.n[k] - (hi - lo)
        return [SPACES[lo]] * stack + [SPACES[i] for i in range(lo + 1, hi + 1)]

    def first_lap_seat(self) -> int:
        """1 or 2 if the mover is under the year-1 first-lap limits (§4.6), else 0."""
        if self.year == 1 and self.turn < 2 and self.phase == TRADE:
            return self.turn + 1
        return 0
