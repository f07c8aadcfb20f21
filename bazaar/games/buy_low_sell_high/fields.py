"""The fields of a Buy Low Sell High state: what a position holds, how it is set up (§2),
restored and cloned, and the read-only helpers shared by the rules and the views.

Section numbers (§) refer to the rules spec (shared/rules/buy_low_sell_high.md). A price column
is kept as three numbers per kind: ``lo`` and ``hi`` (indices into the price spaces of the
lowest and highest token) and ``n`` (tokens on the board). Tokens above ``lo`` sit one per
space; tokens beyond that are stacked on the floor space (index 0), so ``n - hi`` tokens are
stacked there when ``lo == 0``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from bazaar.core.game import Event, Game, State
from bazaar.core.rng import Rng
from bazaar.games.buy_low_sell_high.components import (
    COMPONENTS,
    DECKS,
    DIVIDEND_TABLES,
    KINDS,
    NEWS,
    NUM_CARDS,
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


class Rules:
    """The option flags of one game, read once (shared by all clones)."""

    __slots__ = (
        "bn_covered",
        "deck",
        "deck_counts",
        "dividend_table",
        "exact_first_lap",
        "may_exceed_zero",
        "next_turn_forced",
        "replaces_trading",
        "row_length",
        "selloff_next",
        "token_count_shift",
    )

    bn_covered: bool
    #: option ``deck``: one card id per physical card, and the copies of each card id
    deck: tuple[int, ...]
    deck_counts: tuple[int, ...]
    #: option ``dividend_table``: $ per share for 0, 1, 2, ... uncovered Dividend cards
    dividend_table: tuple[int, ...]
    exact_first_lap: bool
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
        self.row_length = COMPONENTS.row_length[players]
        self.deck = DECKS[options["deck"]]
        self.deck_counts = DECK_COUNTS[options["deck"]]
        self.dividend_table = DIVIDEND_TABLES[options["dividend_table"]]

    def dividend(self, cards: int) -> int:
        """$ per share for ``cards`` uncovered Dividend cards of one colour (§6 step 3)."""
        return dividend_of(self.dividend_table, cards)


class BlshFields(State):
    """The fields of a game of Buy Low Sell High; the rules and views are subclasses."""

    __slots__ = (
        "cur",
        "discards",
        "forced_in_turn",
        "game",
        "hand_n",
        "hands",
        "held",
        "hi",
        "last_active",
        "lo",
        "money",
        "n",
        "news_on",
        "num_players",
        "options",
        "phase",
        "pile",
        "redrawn",
        "rng",
        "row",
        "row_covered",
        "rules",
        "skip_trading",
        "start",
        "turn",
        "year",
    )

    game: Game
    num_players: int
    options: dict[str, Any]
    rules: Rules
    rng: Rng
    #: Money of each seat (may be negative until a forced sale).
    money: list[int]
    #: ``held[p][k]``: tokens of kind ``k`` that seat ``p`` holds.
    held: list[list[int]]
    #: Per kind: price-space index of the lowest and highest token, tokens on the board.
    lo: list[int]
    hi: list[int]
    n: list[int]
    #: Draw pile of card ids; the last one is drawn next.
    pile: list[int]
    #: ``hands[p][c]``: copies of card ``c`` in seat ``p``'s hand; ``hand_n[p]`` their sum.
    hands: list[list[int]]
    hand_n: list[int]
    #: The market row (card ids in placement order) and which spaces Breaking News covers.
    row: list[int]
    row_covered: list[bool]
    #: Breaking News cards played onto the row, in play order.
    news_on: list[int]
    #: Cards each seat set aside during this year-end redraw, in discard order.
    discards: list[list[int]]
    #: Seats whose next trading phase a forced sale replaced (§4.7 variant).
    skip_trading: list[bool]
    year: int
    turn: int
    start: int
    cur: int
    last_active: int
    #: Seats that finished this year-end redraw.
    redrawn: int
    #: The forced sale under way opened at the start of the seller's turn (§4.7 next_turn).
    forced_in_turn: bool
    phase: int

    # ------------------------------------------------------------------ setup (§2)
    @classmethod
    def setup(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> Self:
        s = cls.blank(game, players, seed, options)
        s.rules = Rules(players, options)
        c = COMPONENTS
        s.money = [c.start_money] * players
        s.held = [[1] * KINDS for _ in range(players)]
        on_board = c.tokens_per_kind - players
        top = SPACES.index(c.start_top)
        s.hi = [top] * KINDS
        s.lo = [top - on_board + 1] * KINDS
        s.n = [on_board] * KINDS
        s.pile = list(s.rules.deck)
        s.rng.shuffle(s.pile)
        s.hands = [[0] * NUM_CARDS for _ in range(players)]
        s.hand_n = [0] * players
        for p in range(players):
            s._draw(p, None)
        s.row = []
        s.row_covered = []
        s.news_on = []
        s.discards = [[] for _ in range(players)]
        s.skip_trading = [False] * players
        s.year = 1
        s.turn = 0
        s.start = 0
        s.cur = 0
        s.last_active = 0
        s.redrawn = 0
        s.forced_in_turn = False
        s.phase = TRADE
        return s

    @classmethod
    def restore(cls, game: Game, data: dict[str, Any]) -> Self:
        """The state whose :meth:`full_view` is ``data`` (BadRecord naming a bad field)."""
        from bazaar.games.buy_low_sell_high.positions import restore

        state = restore(game, data)
        assert isinstance(state, cls)
        return state

    def clone(self) -> Self:
        s = object.__new__(type(self))
        s.game = self.game
        s.num_players = self.num_players
        s.options = self.options
        s.rules = self.rules
        s.rng = Rng(self.rng.state)
        s.money = self.money[:]
        s.held = [h[:] for h in self.held]
        s.lo = self.lo[:]
        s.hi = self.hi[:]
        s.n = self.n[:]
        s.pile = self.pile[:]
        s.hands = [h[:] for h in self.hands]
        s.hand_n = self.hand_n[:]
        s.row = self.row[:]
        s.row_covered = self.row_covered[:]
        s.news_on = self.news_on[:]
        s.discards = [d[:] for d in self.discards]
        s.skip_trading = self.skip_trading[:]
        s.year = self.year
        s.turn = self.turn
        s.start = self.start
        s.cur = self.cur
        s.last_active = self.last_active
        s.redrawn = self.redrawn
        s.forced_in_turn = self.forced_in_turn
        s.phase = self.phase
        return s

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

    if TYPE_CHECKING:  # defined in transitions.py; setup deals the first hands with it

        def _draw(self, p: int, events: list[Event] | None) -> None: ...
