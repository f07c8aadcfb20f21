"""Taiwan Night Market's state: the rule options read once (:class:`Rules`), the phase and
lot status constants, and :class:`NightMarketFields`: every field with its type (a dataclass;
clone generated from it), and small read-only helpers the rules and the views share
(rules spec: shared/rules/night_market.md; section numbers (§) refer to it).

Lots are 0-based inside the engine (notation and views use 1-30). Customer cards are ids 0-39;
``kind[card]`` = type * 8 + entrance letter. Customers standing at an entrance are kept as
``card * 8 + entrance``.
"""

from __future__ import annotations

from typing import Any

from bazaar.core.game import Game
from bazaar.core.rng import Rng
from bazaar.core.statedata import StateData, state_data
from bazaar.games.night_market.components import (
    ADJACENCY_SETS,
    COMPONENTS,
    CUSTOMER_DECKS,
    NEXT_ENTRANCE_SETS,
    NUM_LETTERS,
    NUM_LOTS,
    SIZES,
    STAR_LOT_SETS,
)

HIDE, BID, VALUE, LOAN, BUILD, OVER = range(6)
PHASE_NAMES = ("hide", "bid", "bid-amount", "loan", "build", "over")
#: Lot status: still in the land deck, removed at setup, on auction, owned, void (no bids).
IN_DECK, REMOVED, AUCTION, OWNED, VOID = range(5)
STATUS_NAMES = ("deck", "removed", "auction", "owned", "void")

C = COMPONENTS
#: The normal game's numbers (option ``size`` may set others: read them from :class:`Rules`).
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
        "free_markers",
        "hand",
        "hidden",
        "kind",
        "last_round",
        "leavers_discard",
        "loan_amount",
        "loan_max",
        "loan_repay",
        "long",
        "lots_per_round",
        "min_bid",
        "next_entrance",
        "no_bid_pass",
        "order",
        "per_lot",
        "public_customers",
        "removed",
        "stalls_per_type",
        "stars",
        "start_money",
        "unbid_return",
        "voluntary_loans",
    )

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self.long = long = options["three_player_long"] and players == 3
        size = SIZES[options["size"]]
        self.last_round = size.rounds_long if long else size.rounds
        self.removed = C.removed_long if long else C.removed_at_setup
        self.hidden = size.hidden_per_round[self.last_round]
        self.lots_per_round = size.lots_per_round[players]
        self.start_money = size.start_money[players]
        self.hand = size.hand_size
        self.public_customers = size.public_customers
        self.stalls_per_type = size.stalls_per_type
        self.free_markers = size.markers - C.markers_on_track
        self.loan_amount = size.loan_amount
        self.loan_repay = size.loan_repay
        self.loan_max = size.loan_max
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


@state_data
class NightMarketFields(StateData):
    """A game of Taiwan Night Market in progress: its fields, each written once (the clone is
    generated from their types; the rules are in transitions.py, the views in views.py, the
    final class in state.py)."""

    game: Game
    num_players: int
    options: dict[str, Any]
    rng: Rng
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

    def in_compensation(self) -> bool:
        """True during the compensation bids (after both regular bids of everyone)."""
        return self.phase in (BID, VALUE) and self.step >= 2 * self.num_players

    def budget(self, p: int) -> int:
        """What seat ``p`` may spend on bids in all: cash + 5 per loan still available."""
        r = self.rules
        return self.cash[p] + r.loan_amount * (r.loan_max - self.loans[p])

    def free_markers(self, p: int) -> int:
        """Markers not on the turn track, on owned lots or on bid cards (§9.3)."""
        return self.rules.free_markers - self.nlots[p] - self.placed[p]
