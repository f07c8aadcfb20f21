"""The state and rules of Taiwan Night Market (rules spec: shared/rules/night_market.md).

Section numbers (§) refer to that spec. Lots are 0-based inside the engine (notation and
views use 1-30). Customer cards are ids 0-39; ``kind[card]`` = type * 8 + entrance letter.
Customers standing at an entrance are kept as ``card * 8 + entrance``.

A round runs: reveal lots and public customers (automatic), hidden-customer choices (HIDE,
one card per action), bidding (BID chooses a lot or passes, VALUE gives the amount),
payment (automatic; LOAN only with ``voluntary_loans``), building (BUILD, one lot per
action), then hidden customers, movement, income, refill and turn order (automatic).
"""

from __future__ import annotations

from typing import Any

from bazaar.core.errors import IllegalAction
from bazaar.core.game import Event, Game, State
from bazaar.core.rng import Rng
from bazaar.games.night_market import actions as A
from bazaar.games.night_market import refusals
from bazaar.games.night_market.board import Seats, move_customers
from bazaar.games.night_market.components import (
    ADJACENCY_SETS,
    COMPONENTS,
    CUSTOMER_DECKS,
    KIND_NAMES,
    LETTERS,
    NEXT_ENTRANCE_SETS,
    NUM_LETTERS,
    NUM_LOTS,
    NUM_TYPES,
    STAR_LOT_SETS,
    TYPE_NAMES,
)

HIDE, BID, VALUE, LOAN, BUILD, OVER = range(6)
PHASE_NAMES = ("hide", "bid", "bid-amount", "loan", "build", "over")
#: Lot status: still in the land deck, removed at setup, on auction, owned, void (no bids).
IN_DECK, REMOVED, AUCTION, OWNED, VOID = range(5)
STATUS_NAMES = ("deck", "removed", "auction", "owned", "void")
#: Version of the position format of :meth:`NightMarketState.full_view` (docs/positions/).
POSITION_FORMAT = 1

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


class NightMarketState(State):
    """A game of Taiwan Night Market in progress."""

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
    def setup(
        cls, game: Game, players: int, seed: int, options: dict[str, Any]
    ) -> NightMarketState:
        s = object.__new__(cls)
        s.game = game
        s.num_players = players
        s.options = options
        r = s.rules = Rules(players, options)
        s.rng = Rng(seed)
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
    def restore(cls, game: Game, data: dict[str, Any]) -> NightMarketState:
        """The state whose :meth:`full_view` is ``data`` (docs/positions/night-market.md);
        BadRecord naming the field when ``data`` is not such a position."""
        from bazaar.games.night_market.positions import restore

        return restore(cls, game, data)

    def clone(self) -> NightMarketState:
        s = object.__new__(NightMarketState)
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

    # ------------------------------------------------------------------ protocol
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.cur

    def is_over(self) -> bool:
        return self.phase == OVER

    def in_compensation(self) -> bool:
        """True during the compensation bids (after both regular bids of everyone)."""
        return self.phase in (BID, VALUE) and self.step >= 2 * self.num_players

    def budget(self, p: int) -> int:
        """What seat ``p`` may spend on bids in all: cash + 5 per loan still available."""
        return self.cash[p] + LOAN_AMOUNT * (LOAN_MAX - self.loans[p])

    def free_markers(self, p: int) -> int:
        """Markers not on the turn track, on owned lots or on bid cards (§9.3)."""
        return FREE_MARKERS - self.nlots[p] - self.placed[p]

    def bid_range(self, p: int, i: int) -> tuple[int, int]:
        """(lowest, highest) amount seat ``p`` may bid on auction slot ``i`` (empty if lo > hi).

        Rule a/b (§4 Step 4): any amount on an empty lot (``yellow_face = min_bid``: at
        least the minimum on a star lot), else more than the top bid, own bids included.
        Affordability (A-7): all of p's winning bids, this one included, fit the budget.
        """
        top, lead = self.top, self.lead
        spare = self.cash[p] + LOAN_AMOUNT * (LOAN_MAX - self.loans[p])
        for j in range(len(top)):
            if lead[j] == p and j != i:
                spare -= top[j]
        t = top[i]
        lo = self.rules.min_bid[self.auction[i]] if t < 0 else t + 1
        return lo, spare if spare < A.MAX_BID else A.MAX_BID

    def _bid_slots(self, p: int) -> list[int]:
        """Auction slots where seat ``p`` has a legal bid."""
        if FREE_MARKERS - self.nlots[p] - self.placed[p] <= 0:
            return []
        top, lead = self.top, self.lead
        spare = self.cash[p] + LOAN_AMOUNT * (LOAN_MAX - self.loans[p])
        mine = 0
        for j in range(len(top)):
            if lead[j] == p:
                mine += top[j]
        spare -= mine
        min_bid = self.rules.min_bid
        out = []
        for i, lot in enumerate(self.auction):
            t = top[i]
            if t < 0:
                lo, hi = min_bid[lot], spare
            else:
                lo, hi = t + 1, spare + t if lead[i] == p else spare
            if lo <= hi and lo <= A.MAX_BID:
                out.append(i)
        return out

    def _can_bid(self, p: int) -> bool:
        """Whether seat ``p`` has any legal bid (``_bid_slots`` stopping at the first)."""
        if FREE_MARKERS - self.nlots[p] - self.placed[p] <= 0:
            return False
        top, lead = self.top, self.lead
        spare = self.cash[p] + LOAN_AMOUNT * (LOAN_MAX - self.loans[p])
        for j in range(len(top)):
            if lead[j] == p:
                spare -= top[j]
        min_bid = self.rules.min_bid
        for i, lot in enumerate(self.auction):
            t = top[i]
            if t < 0:
                if min_bid[lot] <= spare and min_bid[lot] <= A.MAX_BID:
                    return True
            elif t < (spare + t if lead[i] == p else spare) and t < A.MAX_BID:
                return True
        return False

    def legal_actions(self) -> list[int]:
        phase = self.phase
        p = self.cur
        if phase == BID:
            auction = self.auction
            out = [A.BID_LOT_BASE + auction[i] for i in self._bid_slots(p)]
            out.append(A.GIVE_UP if self.step >= 2 * self.num_players else A.PASS)
            return out
        if phase == VALUE:
            lo, hi = self.bid_range(p, self.slot)
            return list(range(A.VALUE_BASE + lo, A.VALUE_BASE + hi + 1))
        if phase == BUILD:
            lot = self.slot
            supply = self.supply
            base = A.BUILD_BASE + lot * NUM_TYPES
            out = [base + t for t in range(NUM_TYPES) if supply[t]]
            out.append(A.EMPTY_BASE + lot)
            return out
        if phase == HIDE:
            kind = self.rules.kind
            return sorted({kind[c] for c in self.hands[p]})
        if phase == LOAN:
            return [A.LOAN, A.DONE]
        return []

    # ------------------------------------------------------------------ illegal moves
    def public_notation(self, action: int) -> str:
        """A hidden customer (§4 Step 3) is placed face down: others see only ``hide ?``."""
        if A.HIDE_BASE <= action < A.BID_LOT_BASE:
            return "hide ?"
        return self.notation(action)

    def explain_illegal(self, action: int) -> IllegalAction:
        return refusals.explain_illegal(self, action)

    # ------------------------------------------------------------------ transitions
    def _apply(self, action: int, events: list[Event] | None) -> None:
        phase = self.phase
        if phase == BID:
            self._do_bid(action, events)
        elif phase == VALUE:
            self._place_bid(self.cur, self.slot, action - A.VALUE_BASE, events)
        elif phase == BUILD:
            self._do_build(action, events)
        elif phase == HIDE:
            self._do_hide(action, events)
        else:
            self._do_loan(action, events)

    # --- round start: steps 1-3 ---------------------------------------------------
    def _start_round(self, events: list[Event] | None) -> None:
        r = self.rules
        n = min(r.lots_per_round, len(self.land))
        lots = sorted(self.land.pop() for _ in range(n))
        for lot in lots:
            self.status[lot] = AUCTION
        self.auction = tuple(lots)
        self.top = [-1] * n
        self.lead = [-1] * n
        self.bidlog = []
        players = self.num_players
        self.placed = [0] * players
        self.passed = [0] * players
        self.done = [0] * players
        if events is not None:
            events.append(
                Event(
                    "round_start",
                    {
                        "round": self.round,
                        "lots": [x + 1 for x in lots],
                        "yellow": [x + 1 for x in lots if x in r.stars],
                    },
                )
            )
        public = []
        kind = r.kind
        for _ in range(C.public_customers):
            card = self._draw(events)
            if card < 0:
                break
            self.waiting.append(card * NUM_LETTERS + kind[card] % NUM_LETTERS)
            public.append(KIND_NAMES[kind[card]])
        if events is not None:
            events.append(Event("customers", {"customers": public}))
        self.step = 0
        self._next_hider(events)

    def _draw(self, events: list[Event] | None) -> int:
        """Top card of the customer deck (reshuffling the discards if empty), or -1 (§4 Step 10)."""
        if not self.deck:
            if not self.discard:
                return -1
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            if events is not None:
                events.append(Event("reshuffle", {"cards": len(self.deck)}))
        return self.deck.pop()

    def _next_hider(self, events: list[Event] | None) -> None:
        want = self.rules.hidden[self.round - 1]
        order = self.order
        while self.step < self.num_players:
            p = order[self.step]
            hand = self.hands[p]
            k = want if want < len(hand) else len(hand)
            if k == 0:
                self.step += 1
                continue
            if k == len(hand):  # the whole hand: no choice to make (§9.3)
                while hand:
                    self._hide(p, 0, events)
                self.step += 1
                continue
            self.phase = HIDE
            self.cur = p
            self.need = k
            return
        self.step = 0
        self._next_bidder(events)

    def _hide(self, p: int, index: int, events: list[Event] | None) -> None:
        card = self.hands[p].pop(index)
        self.hidden[p].append(card)
        if events is not None:
            events.append(Event("hide", {"seat": p, "count": len(self.hidden[p])}))
            events.append(
                Event("hid", {"seat": p, "customer": KIND_NAMES[self.rules.kind[card]]}, to=p)
            )

    def _do_hide(self, action: int, events: list[Event] | None) -> None:
        p = self.cur
        kind = self.rules.kind
        hand = self.hands[p]
        index = 0
        while kind[hand[index]] != action:
            index += 1
        self._hide(p, index, events)
        self.need -= 1
        if not self.need:
            self.step += 1
            self._next_hider(events)

    # --- bidding: step 4 (§4 Step 4, §7.2) -------------------------------------
    def _next_bidder(self, events: list[Event] | None) -> None:
        players = self.num_players
        order = self.order
        passed = self.passed
        while self.step < 2 * players:
            p = order[self.step % players]
            if passed[p]:
                self.step += 1
                continue
            if not self._can_bid(p):
                if events is not None:
                    events.append(Event("no_legal_bid", {"seat": p, "compensation": False}))
                if self.rules.no_bid_pass:
                    passed[p] = 1
                self.step += 1
                continue
            self.phase = BID
            self.cur = p
            return
        done = self.done
        lead = self.lead
        while True:
            for p in order:
                if not passed[p] and not done[p] and p not in lead:
                    break
            else:
                break
            if not self._can_bid(p):
                done[p] = 1
                if events is not None:
                    events.append(Event("no_legal_bid", {"seat": p, "compensation": True}))
                continue
            if events is not None:
                events.append(Event("compensation", {"seat": p}))
            self.phase = BID
            self.cur = p
            return
        self._payment(events)

    def _do_bid(self, action: int, events: list[Event] | None) -> None:
        p = self.cur
        if action == A.PASS:
            self.passed[p] = 1
            self.step += 1
            if events is not None:
                events.append(Event("pass", {"seat": p}))
            self._next_bidder(events)
            return
        if action == A.GIVE_UP:
            self.done[p] = 1
            if events is not None:
                events.append(Event("give_up", {"seat": p}))
            self._next_bidder(events)
            return
        i = self.auction.index(action - A.BID_LOT_BASE)
        lo, hi = self.bid_range(p, i)
        if lo == hi:  # only one amount is possible: no question to ask (§9.3)
            self._place_bid(p, i, lo, events)
            return
        self.phase = VALUE
        self.slot = i

    def _place_bid(self, p: int, i: int, amount: int, events: list[Event] | None) -> None:
        comp = self.step >= 2 * self.num_players
        self.top[i] = amount
        self.lead[i] = p
        self.bidlog += (i, p, amount)
        self.placed[p] += 1
        self.slot = -1
        if events is not None:
            events.append(
                Event(
                    "bid",
                    {
                        "seat": p,
                        "lot": self.auction[i] + 1,
                        "amount": amount,
                        "compensation": comp,
                    },
                )
            )
        if not comp:
            self.step += 1
        self._next_bidder(events)

    # --- payment: step 5 ------------------------------------------------------------
    def _payment(self, events: list[Event] | None) -> None:
        players = self.num_players
        due = [0] * players
        returned = []
        void = []
        for i, lot in enumerate(self.auction):
            p = self.lead[i]
            if p < 0:
                if self.rules.unbid_return:
                    self.status[lot] = IN_DECK
                    returned.append(lot)
                else:
                    self.status[lot] = VOID
                    void.append(lot)
                continue
            self.status[lot] = OWNED
            self.owner[lot] = p
            self.won[lot] = self.round
            self.nlots[p] += 1
            due[p] += self.top[i]
            if events is not None:
                events.append(Event("pay", {"seat": p, "lot": lot + 1, "amount": self.top[i]}))
        if returned:
            self.land += returned
            self.rng.shuffle(self.land)
        if events is not None and (returned or void):
            lots = sorted(x + 1 for x in returned + void)
            events.append(Event("unbid", {"lots": lots, "returned": bool(returned)}))
        for p in self.order:
            short = due[p] - self.cash[p]
            if short > 0:
                n = -(-short // LOAN_AMOUNT)
                self.loans[p] += n
                self.cash[p] += n * LOAN_AMOUNT
                if events is not None:
                    data = {"seat": p, "count": n, "amount": n * LOAN_AMOUNT, "forced": True}
                    events.append(Event("loan", data))
            self.cash[p] -= due[p]
        self.auction = ()
        self.top = []
        self.lead = []
        self.bidlog = []
        self.step = 0
        if self.rules.voluntary_loans:
            self._next_loaner(events)
        else:
            self._next_builder(events)

    def _next_loaner(self, events: list[Event] | None) -> None:
        while self.step < self.num_players:
            p = self.order[self.step]
            if self.loans[p] < LOAN_MAX:
                self.phase = LOAN
                self.cur = p
                return
            self.step += 1
        self.step = 0
        self._next_builder(events)

    def _do_loan(self, action: int, events: list[Event] | None) -> None:
        p = self.cur
        if action == A.LOAN:
            self.loans[p] += 1
            self.cash[p] += LOAN_AMOUNT
            if events is not None:
                data = {"seat": p, "count": 1, "amount": LOAN_AMOUNT, "forced": False}
                events.append(Event("loan", data))
            if self.loans[p] < LOAN_MAX:
                return
        self.step += 1
        self._next_loaner(events)

    # --- building: step 6 -------------------------------------------------------------
    def _first_unbuilt(self, p: int, after: int) -> int:
        owner, stall = self.owner, self.stall
        for lot in range(after + 1, NUM_LOTS):
            if owner[lot] == p and stall[lot] < 0:
                return lot
        return -1

    def _next_builder(self, events: list[Event] | None) -> None:
        while self.step < self.num_players:
            p = self.order[self.step]
            lot = self._first_unbuilt(p, -1)
            if lot >= 0 and any(self.supply):
                self.phase = BUILD
                self.cur = p
                self.slot = lot
                return
            self.step += 1
        self.slot = -1
        self._end_of_round(events)

    def _do_build(self, action: int, events: list[Event] | None) -> None:
        p = self.cur
        lot = self.slot
        if action < A.EMPTY_BASE:
            t = (action - A.BUILD_BASE) % NUM_TYPES
            self.stall[lot] = t
            self.supply[t] -= 1
            if events is not None:
                events.append(Event("build", {"seat": p, "lot": lot + 1, "type": TYPE_NAMES[t]}))
        elif events is not None:
            events.append(Event("empty", {"seat": p, "lot": lot + 1}))
        nxt = self._first_unbuilt(p, lot)
        if nxt >= 0 and any(self.supply):
            self.slot = nxt
            return
        self.step += 1
        self._next_builder(events)

    # --- steps 7-11 and the final round (§4 Steps 7-11, §5, §6) ---------------------
    def _end_of_round(self, events: list[Event] | None) -> None:
        r = self.rules
        kind = r.kind
        players = self.num_players
        for p in self.order:  # step 7: hidden customers go to their entrances
            hidden = self.hidden[p]
            if not hidden:
                continue
            for card in hidden:
                self.waiting.append(card * NUM_LETTERS + kind[card] % NUM_LETTERS)
            if events is not None:
                names = [KIND_NAMES[kind[c]] for c in hidden]
                events.append(Event("reveal", {"seat": p, "customers": names}))
            self.hidden[p] = []
        final = self.round == r.last_round
        seats = Seats(
            self.owner, self.stall, self.won, self.round if final else 0, r.adjacency, r.per_lot
        )
        trace: list[tuple[int, int, int, int]] | None = [] if events is not None else None
        served, held, left = move_customers(
            self.waiting, seats, r.ctype, r.order, r.next_entrance, final, trace
        )
        if events is not None and trace is not None:
            owner = self.owner
            for card, e, lot, e2 in trace:
                data = {
                    "customer": KIND_NAMES[kind[card]],
                    "from": LETTERS[e],
                    "lot": lot + 1 if lot >= 0 else None,
                    "owner": owner[lot] if lot >= 0 else None,
                    "to": None if lot >= 0 else (LETTERS[e2] if e2 >= 0 else "out"),
                }
                events.append(Event("move", data))
        self.waiting = held
        income = [0] * players
        count = [0] * players
        seat_owner, rate, ctype = seats.owner, seats.rate, r.ctype
        served_by = [[0] * NUM_TYPES for _ in range(players)]
        for card, g in served:
            q = seat_owner[g]
            income[q] += rate[g]
            count[q] += 1
            if final:
                served_by[q][ctype[card]] += 1
        self.discard += [card for card, _ in served]
        if r.leavers_discard:
            self.discard += left
        else:
            self.out += left
        bonus = [0] * players
        if final:  # majority bonus, before income (§5.3)
            winners_by_type = []
            for t in range(NUM_TYPES):
                best = max(served_by[q][t] for q in range(players))
                won = [q for q in range(players) if best and served_by[q][t] == best]
                for q in won:
                    bonus[q] += C.majority_bonus // len(won)
                winners_by_type.append(won)
            for q in range(players):
                self.cash[q] += bonus[q]
            if events is not None:
                events.append(Event("bonus", {"bonus": bonus, "winners": winners_by_type}))
        for q in range(players):
            self.cash[q] += income[q]
        self.last_income = tuple(income)
        self.last_bonus = tuple(bonus)
        if events is not None:
            events.append(
                Event("income", {"round": self.round, "income": income, "customers": count})
            )
        if final:
            self._end_game(events)
            return
        for p in self.order:  # step 10: refill in this round's turn order
            hand = self.hands[p]
            drawn = []
            while len(hand) < HAND:
                card = self._draw(events)
                if card < 0:
                    break
                hand.append(card)
                drawn.append(card)
            if events is not None and drawn:
                events.append(Event("refill", {"seat": p, "count": len(drawn)}))
                names = [KIND_NAMES[kind[c]] for c in drawn]
                events.append(Event("drew", {"seat": p, "customers": names}, to=p))
        nlots, cash = self.nlots, self.cash  # step 11: lots, then cash, then old order
        self.order = tuple(sorted(self.order, key=lambda q: (-nlots[q], -cash[q])))
        if events is not None:
            events.append(Event("turn_order", {"order": list(self.order)}))
        self.round += 1
        self._start_round(events)

    def _end_game(self, events: list[Event] | None) -> None:
        repaid = [C.loan_repay * n for n in self.loans]
        for q in range(self.num_players):
            self.cash[q] -= repaid[q]
        self.phase = OVER
        if events is not None:
            events.append(Event("repay", {"repaid": repaid}))
            events.append(Event("game_over", {"scores": self.scores(), "winners": self.winners()}))

    # ------------------------------------------------------------------ outcome (§6)
    def scores(self) -> list[float]:
        """Cash; before the end, cash minus 7 per unpaid loan (§9.3)."""
        if self.phase == OVER:
            return list(self.cash)
        return [c - C.loan_repay * n for c, n in zip(self.cash, self.loans, strict=True)]

    def winners(self) -> list[int]:
        """Most cash, then most lots; still tied players share the win."""
        if self.phase != OVER:
            return []
        best = max(zip(self.cash, self.nlots, strict=True))
        return [q for q in range(self.num_players) if (self.cash[q], self.nlots[q]) == best]

    # ------------------------------------------------------------------ information
    def _entrances(self) -> dict[str, list[str]]:
        kind = self.rules.kind
        out: dict[str, list[str]] = {x: [] for x in LETTERS}
        for x in self.waiting:
            out[LETTERS[x % NUM_LETTERS]].append(KIND_NAMES[kind[x // NUM_LETTERS]])
        return out

    def _public(self) -> dict[str, Any]:
        r = self.rules
        kind = r.kind
        over = self.phase == OVER
        players = self.num_players
        lots = []
        for lot in range(NUM_LOTS):
            lots.append(
                {
                    "lot": lot + 1,
                    "status": STATUS_NAMES[self.status[lot]],
                    "owner": self.owner[lot] if self.owner[lot] >= 0 else None,
                    "stall": TYPE_NAMES[self.stall[lot]] if self.stall[lot] >= 0 else None,
                    "won_round": self.won[lot] or None,
                    "star": lot in r.stars,
                }
            )
        auction = []
        for i, lot in enumerate(self.auction):
            bids = [
                [self.bidlog[j + 1], self.bidlog[j + 2]]
                for j in range(0, len(self.bidlog), 3)
                if self.bidlog[j] == i
            ]
            auction.append(
                {
                    "lot": lot + 1,
                    "face": "yellow" if lot in r.stars else "white",
                    "top": self.top[i] if self.top[i] >= 0 else None,
                    "leader": self.lead[i] if self.lead[i] >= 0 else None,
                    "bids": bids,
                }
            )
        bidding = self.phase in (BID, VALUE)
        return {
            "game": self.game.id,
            "players": players,
            "round": self.round,
            "rounds": r.last_round,
            "final_round": self.round == r.last_round,
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move(),
            "turn_order": list(self.order),
            "cash": list(self.cash),
            "loans": list(self.loans),
            "lots_owned": list(self.nlots),
            "free_markers": [self.free_markers(q) for q in range(players)],
            "lots": lots,
            "auction": auction,
            "bidding": {
                "compensation": bidding and self.in_compensation(),
                "regular_turns_left": max(0, 2 * players - self.step) if bidding else 0,
                "lot": self.auction[self.slot] + 1 if self.phase == VALUE else None,
                "passed": [q for q in range(players) if self.passed[q]],
                "gave_up": [q for q in range(players) if self.done[q]],
            },
            "building_lot": self.slot + 1 if self.phase == BUILD else None,
            "hidden_to_choose": self.need if self.phase == HIDE else 0,
            "entrances": self._entrances(),
            "hand_sizes": [len(h) for h in self.hands],
            "hidden_counts": [len(h) for h in self.hidden],
            "deck": len(self.deck),
            "discard": [KIND_NAMES[kind[c]] for c in self.discard],
            "left_game": [KIND_NAMES[kind[c]] for c in self.out],
            "land_deck": len(self.land),
            "supply": list(self.supply),
            "last_income": list(self.last_income),
            "last_bonus": list(self.last_bonus),
            "over": over,
            "scores": self.scores(),
            "winners": self.winners(),
        }

    def _names(self, cards: list[int]) -> list[str]:
        kind = self.rules.kind
        return sorted(KIND_NAMES[kind[c]] for c in cards)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        out = self._public()
        out["seat"] = seat
        if seat is not None:
            out["hand"] = self._names(self.hands[seat])
            out["hidden"] = self._names(self.hidden[seat])
        return out

    def full_view(self) -> dict[str, Any]:
        """Everything the state holds, hidden parts included: the position as data
        (schema: docs/positions/night-market.md); :meth:`restore` builds it back."""
        out = self._public()
        kind = self.rules.kind
        out["format"] = POSITION_FORMAT
        out["options"] = dict(self.options)
        out["hands"] = [self._names(h) for h in self.hands]
        out["hidden"] = [self._names(h) for h in self.hidden]
        out["deck_order"] = [KIND_NAMES[kind[c]] for c in self.deck]
        out["land_order"] = [lot + 1 for lot in self.land]
        log = self.bidlog
        out["bid_log"] = [
            [self.auction[log[j]] + 1, log[j + 1], log[j + 2]] for j in range(0, len(log), 3)
        ]
        out["cards"] = {
            "kinds": [KIND_NAMES[k] for k in kind],
            "deck": self.deck[:],
            "hands": [h[:] for h in self.hands],
            "hidden": [h[:] for h in self.hidden],
            "waiting": [[x // NUM_LETTERS, LETTERS[x % NUM_LETTERS]] for x in self.waiting],
            "discard": self.discard[:],
            "left_game": self.out[:],
        }
        out["rng"] = self.rng.state
        return out

    def determinize(self, seat: int, rng: Rng) -> NightMarketState:
        """Resample other hands, others' unrevealed hidden customers, the customer deck
        order and the land deck order; keep sizes and everything ``seat`` has seen."""
        s = self.clone()
        others = [q for q in range(s.num_players) if q != seat]
        pool = s.deck
        for q in others:
            pool += s.hands[q]
            pool += s.hidden[q]
        pool.sort()  # forget where the hidden cards were: only which cards is known
        rng.shuffle(pool)
        pos = 0
        for q in others:
            n = len(s.hands[q])
            s.hands[q] = pool[pos : pos + n]
            pos += n
            n = len(s.hidden[q])
            s.hidden[q] = pool[pos : pos + n]
            pos += n
        s.deck = pool[pos:]
        s.land = sorted(s.land)
        rng.shuffle(s.land)
        s.rng = Rng(rng.next64())
        return s
