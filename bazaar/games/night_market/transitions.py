"""Taiwan Night Market's rules: :class:`NightMarketTransitions` adds to the fields who moves,
the legal actions, the transitions of every phase (§4 Steps 1-11, §5) and the scores (§6).

A round runs: reveal lots and public customers (automatic), hidden-customer choices (HIDE,
one card per action), bidding (BID chooses a lot or passes, VALUE gives the amount),
payment (automatic; LOAN only with ``voluntary_loans``), building (BUILD, one lot per
action), then hidden customers, movement, income, refill and turn order (automatic).
"""

from __future__ import annotations

from bazaar.core.errors import IllegalAction
from bazaar.core.game import Event
from bazaar.games.night_market import actions as A
from bazaar.games.night_market import refusals
from bazaar.games.night_market.board import Seats, move_customers
from bazaar.games.night_market.components import (
    KIND_NAMES,
    LETTERS,
    NUM_LETTERS,
    NUM_LOTS,
    NUM_TYPES,
    TYPE_NAMES,
)
from bazaar.games.night_market.fields import (
    AUCTION,
    BID,
    BUILD,
    FREE_MARKERS,
    HAND,
    HIDE,
    IN_DECK,
    LOAN,
    LOAN_AMOUNT,
    LOAN_MAX,
    OVER,
    OWNED,
    VALUE,
    VOID,
    C,
    NightMarketFields,
)


class NightMarketTransitions(NightMarketFields):
    """The rules of Taiwan Night Market over its fields."""

    __slots__ = ()

    # ------------------------------------------------------------------ protocol
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.cur

    def is_over(self) -> bool:
        return self.phase == OVER

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
