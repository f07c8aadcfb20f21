"""Taiwan Night Market's state: the rule options read once (:class:`Rules`), the phase and
lot status constants, and :class:`NightMarketFields`: every slot with its type, ``setup``,
``restore`` and ``clone``, and small read-only helpers the rules and the views share
(rules spec: shared/rules/night_market.md; section numbers (§) refer to it).

Lots are 0-based inside the engine (notation and views use 1-30). Customer cards are ids 0-39;
``kind[card]`` = type * 8 + entrance letter. Customers standing at an entrance are kept as
``card * 8 + entrance``.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, Self

from bazaar.core.game import Event, Game, State
from bazaar.core.rng import Rng
from bazaar.games.night_market.components import (
    ADJACENCY_SETS,
    COMPONENTS,
    CUSTOMER_DECKS,
    NEXT_ENTRANCE_SETS,
    NUM_LETTERS,
    NUM_LOTS,
    NUM_TYPES,
    STAR_LOT_SETS,
)

HIDE, BID, VALUE, LOAN, BUILD, OVER = range(6)
PHASE_NAMES = ("hide", "bid", "bid-amount", "loan", "build", "over")
#: Lot status: still in the land deck, removed at setup, on auction, owned, void (no bids).
IN_DECK, REMOVED, AUCTION, OWNED, VOID = range(5)
STATUS_NAMES = ("deck", "removed", "auction", "owned", "void")

C = COMPONENTS
LOAN_AMOUNT = C.loan_amount
LOAN_MAX = C.loan_max
HAND = C.hand_size
FREE_MARKERS = C.markers - C.markers_on_track


class Rules:
    """The option flags and data of one game, read once (shared by all clones)."""

    __slots__ = (
        "adjacency",
        "ctype",
        "deck",
        "hidden",
        "kind",
        "last_round",
        "leavers_discard",
        "lots_per_round",
        "min_bid",
        "next_entrance",
        "no_bid_pass",
        "order",
        "per_lot",
        "removed",
        "stars",
        "start_money",
        "unbid_return",
        "voluntary_loans",
    )

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        long = options["three_player_long"] and players == 3
        self.last_round = C.rounds_long if long else C.rounds
        self.removed = C.removed_long if long else C.removed_at_setup
        self.hidden = C.hidden_per_round[self.last_round]
        self.lots_per_round = C.lots_per_round[players]
        self.start_money = C.start_money[players]
        self.order = (0, 1, 2) if options["movement_order"] == "chain" else (2, 1, 0)
        self.next_entrance = NEXT_ENTRANCE_SETS[options["next_entrance"]]
        self.per_lot = options["connected_entry"] == "per_lot"
        self.stars = STAR_LOT_SETS[options["star_lots"]]
        yellow = options["yellow_min_bid"] if options["yellow_face"] == "min_bid" else 0
        self.min_bid = tuple(yellow if lot in self.stars else 0 for lot in range(NUM_LOTS))
        self.no_bid_pass = options["no_legal_bid"] == "pass"
        self.leavers_discard = options["leavers"] == "discard"
        self.unbid_return = options["unbid_lots"] == "return"
        self.voluntary_loans = options["voluntary_loans"]
        self.adjacency = ADJACENCY_SETS[options["adjacency"]]
        self.kind = CUSTOMER_DECKS[options["customer_deck"]]
        self.deck = len(self.kind)
        self.ctype = tuple(k // NUM_LETTERS for k in self.kind)


class NightMarketFields(State):
    """A game of Taiwan Night Market in progress: its fields (the rules are in
    transitions.py, the views in views.py, the final class in state.py)."""

    __slots__ = (
        "auction",
        "bidlog",
        "cash",
        "cur",
        "deck",
        "discard",
        "done",
        "game",
        "hands",
        "hidden",
        "land",
        "last_bonus",
        "last_income",
        "lead",
        "loans",
        "need",
        "nlots",
        "num_players",
        "options",
        "order",
        "out",
        "owner",
        "passed",
        "phase",
        "placed",
        "rng",
        "round",
        "rules",
        "slot",
        "stall",
        "status",
        "step",
        "supply",
        "top",
        "waiting",
        "won",
    )
    # The slots' types (annotations without values: the attributes stay slotted).
    rules: Rules
    #: Seats in this round's turn order.
    order: tuple[int, ...]
    cash: list[int]
    loans: list[int]
    #: Lots owned per seat.
    nlots: list[int]
    #: Per lot: owning seat (-1: none), stall type (-1: none), round won (0: never), status.
    owner: list[int]
    stall: list[int]
    won: list[int]
    status: list[int]
    #: Stalls left in the supply per type.
    supply: list[int]
    #: Customer card ids; the deck is drawn from its end.
    deck: list[int]
    hands: list[list[int]]
    #: Hidden customers per seat, in the order they were hidden.
    hidden: list[list[int]]
    discard: list[int]
    #: Cards that left the game from entrance A.
    out: list[int]
    #: Customers at the entrances, ``card * 8 + entrance``, in placement order.
    waiting: list[int]
    #: Land deck (lots, drawn from its end).
    land: list[int]
    #: This round's auction: its lots (sorted), each slot's top bid (-1: none) and leader.
    auction: tuple[int, ...]
    top: list[int]
    lead: list[int]
    #: Every bid of this round as flat (slot, seat, amount) triples, in order.
    bidlog: list[int]
    #: Per seat this round: bids placed, passed (0/1), gave up compensation (0/1).
    placed: list[int]
    passed: list[int]
    done: list[int]
    last_income: tuple[int, ...]
    last_bonus: tuple[int, ...]
    round: int
    phase: int
    #: The seat to move (stale once the game is over).
    cur: int
    #: Progress through the turn order in the current phase (bids: 0 to 2 * players).
    step: int
    #: Hidden customers the seat to move must still choose.
    need: int
    #: The auction slot being bid on (VALUE) or the lot being built (BUILD), else -1.
    slot: int

    # ------------------------------------------------------------------ setup (§3)
    @classmethod
    def setup(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> Self:
        s = cls.blank(game, players, seed, options)
        r = s.rules = Rules(players, options)
        s.order = tuple(range(players))
        s.cash = list(r.start_money)
        s.loans = [0] * players
        s.nlots = [0] * players
        s.owner = [-1] * NUM_LOTS
        s.stall = [-1] * NUM_LOTS
        s.won = [0] * NUM_LOTS
        s.status = [IN_DECK] * NUM_LOTS
        s.supply = [C.stalls_per_type] * NUM_TYPES
        s.deck = list(range(r.deck))
        s.rng.shuffle(s.deck)
        s.hands = [[] for _ in range(players)]
        for p in s.order:  # the start player draws first (§9.3)
            for _ in range(HAND):
                s.hands[p].append(s.deck.pop())
        s.hidden = [[] for _ in range(players)]
        s.discard = []
        s.out = []
        s.waiting = []
        s.land = list(range(NUM_LOTS))
        s.rng.shuffle(s.land)
        for _ in range(r.removed):
            s.status[s.land.pop()] = REMOVED
        s.auction = ()
        s.top = []
        s.lead = []
        s.bidlog = []
        s.placed = [0] * players
        s.passed = [0] * players
        s.done = [0] * players
        s.last_income = (0,) * players
        s.last_bonus = (0,) * players
        s.round = 1
        s.phase = HIDE
        s.cur = 0
        s.step = 0
        s.need = 0
        s.slot = -1
        s._start_round(None)
        return s

    @classmethod
    def restore(cls, game: Game, data: dict[str, Any]) -> Self:
        """The state whose :meth:`full_view` is ``data`` (docs/positions/night-market.md);
        BadRecord naming the field when ``data`` is not such a position."""
        from bazaar.games.night_market.positions import restore

        return restore(cls, game, data)

    def clone(self) -> Self:
        s = object.__new__(type(self))
        s.game = self.game
        s.num_players = self.num_players
        s.options = self.options
        s.rules = self.rules
        rng = s.rng = object.__new__(Rng)
        rng.state = self.rng.state
        s.order = self.order
        s.cash = self.cash[:]
        s.loans = self.loans[:]
        s.nlots = self.nlots[:]
        s.owner = self.owner[:]
        s.stall = self.stall[:]
        s.won = self.won[:]
        s.status = self.status[:]
        s.supply = self.supply[:]
        s.deck = self.deck[:]
        s.hands = [h[:] for h in self.hands]
        s.hidden = [h[:] for h in self.hidden]
        s.discard = self.discard[:]
        s.out = self.out[:]
        s.waiting = self.waiting[:]
        s.land = self.land[:]
        s.auction = self.auction
        s.top = self.top[:]
        s.lead = self.lead[:]
        s.bidlog = self.bidlog[:]
        s.placed = self.placed[:]
        s.passed = self.passed[:]
        s.done = self.done[:]
        s.last_income = self.last_income
        s.last_bonus = self.last_bonus
        s.round = self.round
        s.phase = self.phase
        s.cur = self.cur
        s.step = self.step
        s.need = self.need
        s.slot = self.slot
        return s

    def in_compensation(self) -> bool:
        """True during the compensation bids (after both regular bids of everyone)."""
        return self.phase in (BID, VALUE) and self.step >= 2 * self.num_players

    def budget(self, p: int) -> int:
        """What seat ``p`` may spend on bids in all: cash + 5 per loan still available."""
        return self.cash[p] + LOAN_AMOUNT * (LOAN_MAX - self.loans[p])

    def free_markers(self, p: int) -> int:
        """Markers not on the turn track, on owned lots or on bid cards (§9.3)."""
        return FREE_MARKERS - self.nlots[p] - self.placed[p]

    @abstractmethod
    def _start_round(self, events: list[Event] | None) -> None:
        """Reveal the round's lots and public customers (transitions.py); ``setup`` ends
        with it."""
